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
# Only when Warden could not start at all (npx failed, the outbox directory cannot be written)
# is there none: its message is above, and its exit code is kept.
if [ ! -f "$out/result.json" ]; then
  echo "Warden wrote no outbox in $out (exit code $status); see its message above" >&2
  exit "$(( status == 0 ? 1 : status ))"
fi
verdict=$(node -p "require('$out/result.json').verdict")
echo "outcome: $(node -p "require('$out/result.json').outcome.reason"), verdict: $verdict"

if [ "$status" -ne 0 ]; then exit "$status"; fi
if [ "$verdict" = blocked ]; then
  echo "Warden was blocked by its policy; see $out/summary.md" >&2
  exit 3
fi
# Apply the agent's patch elsewhere, e.g. on a clean checkout: git apply --index "$out/changes.patch"
