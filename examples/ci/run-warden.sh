#!/usr/bin/env bash
# Any CI, or none: run Warden, keep the outbox, and gate on the result.
# Exit codes: 0 the run completed, 1 it did not (model error, budget, timeout…), 2 bad usage.
set -euo pipefail

out="${WARDEN_OUT:-$PWD/../warden-out}"
status=0
# WARDEN_PACKAGE: where npx takes Warden from (a version, or a tarball built with npm pack).
npx --yes --package "${WARDEN_PACKAGE:-warden-ci@0.1.0}" warden run \
  --prompt "${WARDEN_TASK:-Fix the failing test and explain the change.}" \
  --policy "${WARDEN_POLICY_FILE:-.github/warden.yml}" \
  --out "$out" || status=$?

# The outbox is complete whatever happened: result.json (versioned, schema in the package's
# schema/ folder), summary.md, transcript.jsonl, changes.patch, review.json, junit.xml.
verdict=$(node -p "require('$out/result.json').verdict")
echo "outcome: $(node -p "require('$out/result.json').outcome.reason"), verdict: $verdict"

if [ "$status" -ne 0 ]; then exit "$status"; fi
if [ "$verdict" = blocked ]; then
  echo "Warden was blocked by its policy; see $out/summary.md" >&2
  exit 3
fi
# Apply the agent's patch elsewhere, e.g. on a clean checkout: git apply --index "$out/changes.patch"
