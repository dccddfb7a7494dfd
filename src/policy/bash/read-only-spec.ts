/**
 * The flag-aware check behind the read-only command table: a command is read-only only if every
 * option is on its allow-list (an unknown option is not read-only: allow-lists, not deny-lists),
 * no option is one that writes or runs something, and every operand is known. It also reports the
 * files the command reads, so Read denies apply (`cat .env`).
 */
import type { ShellWord } from './bash-types.js';
import { expandLong } from './option-scan.js';
import { isInputWord, literalWord } from './shell-words.js';

export interface CommandSpec {
  /** Short options without a value. */
  flags?: string;
  /** Short options with a value. */
  valueFlags?: string;
  long?: readonly string[];
  /** Long options with a value (`--max-count=5` or `--max-count 5`). */
  longValue?: readonly string[];
  /** Long options whose value is optional and only given with `=` (`--color[=WHEN]`). */
  longOptional?: readonly string[];
  /** Options that write or run something, with the reason shown. */
  forbidden?: Readonly<Record<string, string>>;
  /** Options whose value names a file the command reads (`grep -f FILE`). */
  fileValues?: readonly string[];
  /** `-20` (head, tail). */
  numeric?: boolean;
  /** What operands are: files read, a pattern then files, anything (not files), or none allowed. */
  operands: 'files' | 'pattern-files' | 'any' | 'none';
  /** Options that supply the pattern, so every operand is a file (`grep -e PAT`). */
  patternOptions?: readonly string[];
  maxOperands?: number;
  /** Options that make the file operands recursive (`-r`); `always`: every operand is a tree. */
  recursive?: readonly string[] | 'always';
  /** With no file operand, the command reads the current directory (`recursive`: only when recursive). */
  defaultsToCwd?: boolean | 'recursive';
  /** No option can write or run anything, so an unresolved or globbed word is harmless. */
  inert?: boolean;
}

export interface ReadOnlyResult {
  readOnly: boolean;
  /** Why not, when it is not. */
  reason: string | null;
  /** Files read (judged with the PathJudge's Read rules), resolved where possible. */
  reads: ShellWord[];
  /** Directories read recursively. */
  treeReads: ShellWord[];
}

/** Values a dynamic word can take, or null when unknown. */
export type Resolve = (word: ShellWord) => ShellWord[] | null;

export const notReadOnly = (reason: string, reads: ShellWord[] = []): ReadOnlyResult => ({ readOnly: false, reason, reads, treeReads: [] });
export const readOnly = (reads: ShellWord[] = [], treeReads: ShellWord[] = []): ReadOnlyResult => ({ readOnly: true, reason: null, reads, treeReads });

/** Checks `args` (words after the command name) against `spec`. */
export function checkSpec(name: string, args: readonly ShellWord[], spec: CommandSpec, resolve: Resolve): ReadOnlyResult {
  const operands: ShellWord[] = [];
  const fileValues: ShellWord[] = [];
  const seen = new Set<string>();
  let problem: string | null = null;
  const knownLong = [...(spec.long ?? []), ...(spec.longValue ?? []), ...(spec.longOptional ?? []), ...Object.keys(spec.forbidden ?? {}).filter((o) => o.startsWith('--'))];
  const flag = (problemText: string): void => {
    problem ??= problemText;
  };
  // Inert commands whose operands are not files (`echo`, `test`, `set`) take any option.
  let endOfOptions = spec.inert === true && spec.operands === 'any';
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (endOfOptions || w.dynamic || !v.startsWith('-') || v === '-') {
      operands.push(w);
      continue;
    }
    if (v === '--') {
      endOfOptions = true;
      continue;
    }
    const takeValue = (opt: string, attached: string | null): void => {
      const value = attached ?? args[++i];
      if (value === undefined) return flag(`\`${name} ${opt}\` is missing its value`);
      const word = typeof value === 'string' ? { ...w, value, glob: false } : value;
      if (typeof value !== 'string' && value.dynamic && spec.inert !== true) flag(`\`${name} ${opt}\` is given a value computed at run time`);
      if (spec.fileValues?.includes(opt) === true) fileValues.push(word);
    };
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const opt = expandLong(eq === -1 ? v : v.slice(0, eq), knownLong);
      seen.add(opt);
      const why = spec.forbidden?.[opt];
      if (why !== undefined) flag(`\`${name} ${opt}\` ${why}`);
      else if (spec.longValue?.includes(opt) === true) takeValue(opt, eq === -1 ? null : v.slice(eq + 1));
      else if (spec.longOptional?.includes(opt) === true || (spec.long?.includes(opt) === true && eq === -1)) continue;
      else flag(`\`${name} ${opt}\` is not an option the read-only list knows`);
      continue;
    }
    if (spec.numeric === true && /^-\d+$/.test(v)) continue;
    for (let k = 1; k < v.length; k++) {
      const opt = `-${v[k] as string}`;
      seen.add(opt);
      const why = spec.forbidden?.[opt];
      if (why !== undefined) {
        flag(`\`${name} ${opt}\` ${why}`);
        break;
      }
      if (spec.valueFlags?.includes(opt.slice(1)) === true) {
        takeValue(opt, k + 1 < v.length ? v.slice(k + 1) : null);
        break;
      }
      if (spec.flags?.includes(opt.slice(1)) !== true) {
        flag(`\`${name} ${opt}\` is not an option the read-only list knows`);
        break;
      }
    }
  }
  let files = operands;
  if (spec.operands === 'pattern-files' && !(spec.patternOptions ?? []).some((o) => seen.has(o))) files = operands.slice(1);
  if (spec.operands === 'any' || spec.operands === 'none') files = [];
  if (spec.operands === 'none' && operands.length > 0) flag(`\`${name}\` with operands is not read-only`);
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) flag(`\`${name}\` with ${operands.length} operands writes to the last one`);

  const reads: ShellWord[] = [...fileValues];
  for (const w of operands) {
    const isFile = files.includes(w);
    if (!w.dynamic) {
      if (w.glob && spec.inert !== true) flag(`\`${name}\` with the unquoted glob \`${w.value}\` (it could expand to an option)`);
      if (isFile) reads.push(w);
      continue;
    }
    if (w.pipe) continue; // <(…) names a pipe; its command is judged on its own
    // The word itself goes to the path check, which resolves it or refuses what it cannot resolve.
    if (isFile) reads.push(w);
    const values = resolve(w);
    if (values === null) {
      // An inert reader may take file names from a pipe (`xargs grep -l x`); the path check
      // refuses every other unresolved file name.
      const harmless = spec.inert === true && (!isFile || isInputWord(w));
      if (!harmless) flag(`\`${name}\` is given \`${w.value}\`, which is only known at run time`);
      continue;
    }
    if (spec.inert !== true && values.some((x) => x.value.startsWith('-'))) flag(`\`${name}\` is given \`${w.value}\`, which could be read as an option`);
  }
  const recursive = spec.recursive === 'always' || (spec.recursive ?? []).some((o) => seen.has(o));
  const cwdDefault = spec.defaultsToCwd === true || (spec.defaultsToCwd === 'recursive' && recursive);
  if (files.length === 0 && cwdDefault) reads.push(literalWord('.'));
  const treeReads = recursive ? reads.filter((r) => !fileValues.includes(r)) : [];
  return { readOnly: problem === null, reason: problem, reads: recursive ? fileValues : reads, treeReads };
}
