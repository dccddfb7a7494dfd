export const USAGE = `warden — run a Claude agent on a repository, headless, under a policy

Usage:
  warden run (--prompt TEXT | --prompt-file FILE) [options]
  warden policy check|eval|explain|import-claude-settings …   (warden policy help)
  warden sandbox exec|probe …                                  (warden sandbox help)
  warden publish OUTBOX [options]                              (warden publish --help)
  warden --version | --help

Run options:
  --cwd DIR                 repository to work in (default: current directory)
  --policy FILE             policy file (default: .github/warden.yml in --cwd; without one,
                            only reads inside the workspace are allowed)
  --model M                 model name (default: claude-sonnet-4-6; env WARDEN_MODEL), or
                            replay:FILE to answer from a recorded transcript or scenario
  --max-turns N             stop after N model requests (default 50)
  --max-tokens N            max output tokens per response (default 16000)
  --max-cost-usd X          stop before spending more than X US dollars
  --timeout SECONDS         wall-clock budget of the whole run (default 3600; 0: no limit)
  --request-idle-timeout S  abandon a model request after S seconds without a byte, then
                            retry (default 60)
  --request-timeout S       longest one model request may take (default 600)
  --fallback-model M        model to switch to when the API stays overloaded
  --tool-timeout SECONDS    default timeout of one command (default 120, at most 600)
  --transcript FILE         JSONL transcript (default: a new temp dir)
  --summary FILE            write the Markdown summary here too
  --out DIR                 the outbox: result.json, summary.md, transcript.jsonl, changes.patch,
                            review.json, junit.xml (default: a new temp dir, printed at the end)
  --output-schema FILE      the final answer must be JSON valid against this JSON Schema
                            (checked, one repair round, else outcome invalid_output)
  --dangerously-allow-all   allow every tool call with no policy checks (never in CI)

Environment:
  WARDEN_<OPTION>           any option above, e.g. WARDEN_MAX_TURNS=20 (a flag wins)
  ANTHROPIC_API_KEY         API key (the only place it is read from)
  ANTHROPIC_BASE_URL        API base URL (e.g. a proxy or a local test server)

Exit codes: 0 the run completed, 1 it did not (see the summary), 2 bad usage or configuration.
`;
