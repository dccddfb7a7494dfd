/**
 * Reading command-line options the way GNU getopt does: short clusters (`-no FILE`, `-oFILE`),
 * long options with `=` or a separate value, unambiguous long prefixes (`--out` for `--output`),
 * `--` ending the options. One tokenizer serves the wrappers (where does the payload start?), the
 * read-only table (is every option allowed?) and the writers (which values name files?).
 */
import type { ShellWord } from './bash-types.js';

export interface OptionSpec {
  /** Short option letters that take a value (`-n 5`, `-n5`). */
  shortValue?: string | undefined;
  /** Short option letters without a value. */
  shortFlags?: string | undefined;
  /** Long options that take a value (`--signal=KILL`, `--signal KILL`). */
  longValue?: readonly string[] | undefined;
  /** Long options without a value. */
  longFlags?: readonly string[] | undefined;
  /** Long options whose value is optional and only given with `=` (`--color[=WHEN]`). */
  longOptional?: readonly string[] | undefined;
  /** Accept `-NUMBER` (`nice -10`, `head -20`), reported as option `-#`. */
  numeric?: boolean | undefined;
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

export type OptionToken =
  /** `name` is `-x`, `--long` (expanded) or `-#`; `value` is undefined when the option takes none. */
  | { kind: 'option'; name: string; value: ShellWord | undefined; known: boolean; word: ShellWord }
  | { kind: 'operand'; word: ShellWord };

export interface Tokenized {
  tokens: OptionToken[];
  /** With `stopAtOperand`: the index of the first word not read (the payload). */
  rest: number;
  /** An option that takes a value was given none. */
  missingValue: string | null;
}

/**
 * Splits `args` into options and operands. Operands may be interleaved with options (GNU
 * permutation) unless `stopAtOperand`; a dynamic word is always an operand.
 */
export function tokenizeOptions(args: readonly ShellWord[], spec: OptionSpec, stopAtOperand = false): Tokenized {
  const tokens: OptionToken[] = [];
  const longs = [...(spec.longValue ?? []), ...(spec.longFlags ?? []), ...(spec.longOptional ?? [])];
  let missingValue: string | null = null;
  let i = 0;
  const next = (opt: string): ShellWord | undefined => {
    const w = args[++i];
    if (w === undefined) missingValue ??= opt;
    return w;
  };
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (v === '--' && !w.dynamic) {
      if (stopAtOperand) return { tokens, rest: i + 1, missingValue };
      for (const rest of args.slice(i + 1)) tokens.push({ kind: 'operand', word: rest });
      break;
    }
    if (w.dynamic || !v.startsWith('-') || v === '-') {
      if (stopAtOperand) return { tokens, rest: i, missingValue };
      tokens.push({ kind: 'operand', word: w });
    } else if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = expandLong(eq === -1 ? v : v.slice(0, eq), longs);
      const takes = spec.longValue?.includes(name) === true;
      const value = eq !== -1 ? { ...w, value: v.slice(eq + 1) } : takes ? next(name) : undefined;
      const known = takes || spec.longOptional?.includes(name) === true || (spec.longFlags?.includes(name) === true && eq === -1);
      tokens.push({ kind: 'option', name, value, known, word: w });
    } else if (spec.numeric === true && /^-\d+$/.test(v)) {
      tokens.push({ kind: 'option', name: '-#', value: { ...w, value: v.slice(1) }, known: true, word: w });
    } else {
      for (let k = 1; k < v.length; k++) {
        const c = v[k] as string;
        const name = `-${c}`;
        if (spec.shortValue?.includes(c) === true) {
          const value = k + 1 < v.length ? { ...w, value: v.slice(k + 1) } : next(name);
          tokens.push({ kind: 'option', name, value, known: true, word: w });
          break;
        }
        tokens.push({ kind: 'option', name, value: undefined, known: spec.shortFlags?.includes(c) === true, word: w });
      }
    }
  }
  return { tokens, rest: args.length, missingValue };
}

export type Scan =
  /** `index`: first operand; `seen`: each option (as `-x` or `--long`) with its values. */
  | { ok: true; index: number; seen: Map<string, string[]> }
  | { ok: false; reason: string };

/**
 * A wrapper's own options, up to its payload. An option it does not know is an error, not a
 * guess: a wrong guess would judge the wrong command.
 */
export function scanOptions(command: string, args: readonly ShellWord[], spec: OptionSpec): Scan {
  const { tokens, rest, missingValue } = tokenizeOptions(args, spec, true);
  const seen = new Map<string, string[]>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (!t.known) return { ok: false, reason: `cannot tell which command \`${command}\` runs: it has an option \`${t.name}\` the analysis does not know` };
    if (t.value?.dynamic === true) return { ok: false, reason: `cannot tell which command \`${command}\` runs: \`${t.value.value}\` is computed at run time` };
    seen.set(t.name, [...(seen.get(t.name) ?? []), ...(t.value === undefined ? [] : [t.value.value])]);
  }
  if (missingValue !== null) return { ok: false, reason: `\`${command} ${missingValue}\` is missing its value` };
  return { ok: true, index: rest, seen };
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
