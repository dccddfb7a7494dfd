/**
 * Every number a user gives Warden — a flag, a WARDEN_* variable, an action input, a policy
 * field — is read by one parser against the range it can really have. A number past its range is
 * not clamped: `--request-timeout 2592000` (30 days) once overflowed Node's timer (2^31-1 ms) and
 * every request "timed out" at once, blamed on the API. Refused with the name the user wrote, exit 2.
 */
import { UsageError } from './usage-error.js';

export interface NumberRange {
  min: number;
  max: number;
  /** Whole numbers only (turns, tokens, files, bytes). */
  integer: boolean;
  /** For the message: "seconds", "turns"… */
  unit: string;
}

/**
 * The ranges. A request, a tool call or a sandboxed command is one Node timer (at most 2^31-1 ms,
 * about 24.8 days), so their limits stop well inside it, at a day; the run's own deadline is a
 * chained timer and may be as long as the longest GitHub workflow run (35 days).
 */
export const NUMBER_RANGES = {
  turns: { min: 1, max: 10_000, integer: true, unit: 'turns' },
  tokens: { min: 1, max: 1_000_000, integer: true, unit: 'tokens' },
  usd: { min: 0.000001, max: 100_000, integer: false, unit: 'US dollars' },
  runSeconds: { min: 0.001, max: 35 * 24 * 3600, integer: false, unit: 'seconds' },
  waitSeconds: { min: 0.001, max: 24 * 3600, integer: false, unit: 'seconds' },
  /** A tool call's default timeout: Bash caps every command at 10 minutes (BASH_MAX_TIMEOUT_MS), so more would be a silent lie. */
  toolSeconds: { min: 1, max: 600, integer: true, unit: 'seconds' },
  files: { min: 1, max: 100_000, integer: true, unit: 'files' },
  /** A patch is read into memory whole; 2 GiB is also where GitHub refuses a push. */
  bytes: { min: 1, max: 2 ** 31 - 1, integer: true, unit: 'bytes' },
} as const satisfies Record<string, NumberRange>;

// Plain decimal only: no sign, exponent, hex, `Infinity` or `NaN`, which Number() would all take.
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * `raw` as a number within `range`, or a UsageError naming `name` as the user wrote it
 * (`--max-turns`, `WARDEN_MAX_TURNS (--max-turns)`, "action input `max_turns`"). Surrounding
 * blanks are forgiven, as `core.getInput` forgives them; nothing else is.
 */
export function parseNumber(raw: string, name: string, range: NumberRange): number {
  const text = raw.trim();
  const grammar = range.integer ? WHOLE : DECIMAL;
  const value = Number(text);
  if (!grammar.test(text) || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw new UsageError(`${name} ${JSON.stringify(raw)}: ${expected(range)}`);
  }
  return value;
}

/** `0`, `00`, `0.0`: "no limit" where a flag allows that (`--timeout 0`). */
export function isZero(raw: string): boolean {
  return /^0+(\.0+)?$/.test(raw.trim());
}

export function expected(range: NumberRange): string {
  const kind = range.integer ? 'a whole number' : 'a number';
  return `expected ${kind} of ${range.unit} from ${format(range.min)} to ${format(range.max)}`;
}

function format(n: number): string {
  return String(n);
}
