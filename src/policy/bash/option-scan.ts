/**
 * Reads a wrapper's own options so the analysis knows where its payload starts. An option it does
 * not know is an error, not a guess: a wrong guess would judge the wrong command.
 */
import type { ShellWord } from './bash-types.js';

export interface OptionSpec {
  /** Short option letters that take a value (`-n 5`, `-n5`). */
  shortValue?: string;
  /** Short option letters without a value. */
  shortFlags?: string;
  /** Long options that take a value (`--signal=KILL`, `--signal KILL`). */
  longValue?: readonly string[];
  /** Long options without a value. */
  longFlags?: readonly string[];
  /** Accept `-NUMBER` (`nice -10`, `head -20`). */
  numeric?: boolean;
}

/**
 * GNU getopt_long (and git's parse-options) accept any unambiguous prefix of a long option:
 * `sort --out=F` is `--output=F`. Returns the option `name` stands for among `options`: itself when
 * listed, else the only option it is a prefix of, else `name` unchanged (unknown or ambiguous).
 */
export function expandLong(name: string, options: readonly string[]): string {
  if (!name.startsWith('--') || name.length < 3 || options.includes(name)) return name;
  const matches = options.filter((o) => o.startsWith(name));
  return matches.length === 1 ? (matches[0] as string) : name;
}

export type Scan =
  /** `index`: first operand; `seen`: each option (as `-x` or `--long`) with its values. */
  | { ok: true; index: number; seen: Map<string, string[]> }
  | { ok: false; reason: string };

export function scanOptions(command: string, args: readonly ShellWord[], spec: OptionSpec): Scan {
  const seen = new Map<string, string[]>();
  const record = (opt: string, value: string | null): void => {
    const list = seen.get(opt) ?? [];
    if (value !== null) list.push(value);
    seen.set(opt, list);
  };
  const unknown = (opt: string): Scan => ({ ok: false, reason: `cannot tell which command \`${command}\` runs: it has an option \`${opt}\` the analysis does not know` });
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic) return { ok: false, reason: `cannot tell which command \`${command}\` runs: \`${w.value}\` is computed at run time` };
    const v = w.value;
    if (v === '--') return { ok: true, index: i + 1, seen };
    if (!v.startsWith('-') || v === '-') break;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = expandLong(eq === -1 ? v : v.slice(0, eq), [...(spec.longValue ?? []), ...(spec.longFlags ?? [])]);
      if (spec.longValue?.includes(name) === true) {
        if (eq !== -1) record(name, v.slice(eq + 1));
        else {
          const next = args[++i];
          if (next === undefined || next.dynamic) return unknown(v);
          record(name, next.value);
        }
      } else if (spec.longFlags?.includes(name) === true && eq === -1) {
        record(name, null);
      } else {
        return unknown(v);
      }
      continue;
    }
    if (spec.numeric === true && /^-\d+$/.test(v)) {
      record('-#', v.slice(1));
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k] as string;
      if (spec.shortValue?.includes(c) === true) {
        const rest = v.slice(k + 1);
        if (rest !== '') record(`-${c}`, rest);
        else {
          const next = args[++i];
          if (next === undefined || next.dynamic) return unknown(`-${c}`);
          record(`-${c}`, next.value);
        }
        break;
      }
      if (spec.shortFlags?.includes(c) !== true) return unknown(`-${c}`);
      record(`-${c}`, null);
    }
  }
  return { ok: true, index: i, seen };
}

/** Was any of these options given? */
export function hasOption(scan: { seen: Map<string, string[]> }, ...options: string[]): boolean {
  return options.some((o) => scan.seen.has(o));
}

/** The last value given to any of these options. */
export function optionValue(scan: { seen: Map<string, string[]> }, ...options: string[]): string | undefined {
  let value: string | undefined;
  for (const o of options) value = scan.seen.get(o)?.at(-1) ?? value;
  return value;
}
