/**
 * The flag-aware check behind the read-only command table: a command is read-only only if every
 * option is on its allow-list (an unknown option is not read-only: allow-lists, not deny-lists),
 * no option is one that writes or runs something, and every operand is known. It also reports the
 * files the command reads, so Read denies apply (`cat .env`).
 */
import type { ShellWord } from './bash-types.js';
import { tokenizeOptions, type Tokenized } from './option-scan.js';
import { literalWord } from './shell-words.js';

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
  /** `-20` (head, tail). */
  numeric?: boolean;
  /** What operands are: files read, a pattern then files, anything (not files), or none allowed. */
  operands: 'files' | 'pattern-files' | 'any' | 'none';
  /** Options that supply the pattern, so every operand is a file (`grep -e PAT`). */
  patternOptions?: readonly string[];
  maxOperands?: number;
  /** Options that make the file operands recursive (`-r`); `always`: every operand is a tree. */
  recursive?: readonly string[] | 'always';
  /** Options whose value can make the operands recursive (`grep -d recurse`); a computed value does too. */
  recursiveValues?: Readonly<Record<string, readonly string[]>>;
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
  const seen = new Set<string>();
  let problem: string | null = null;
  const flag = (problemText: string): void => {
    problem ??= problemText;
  };
  // Inert commands whose operands are not files (`echo`, `test`, `set`) take any option.
  const tokenized: Tokenized = spec.inert === true && spec.operands === 'any'
    ? { tokens: args.map((word) => ({ kind: 'operand', word })), rest: args.length, missingValue: null }
    : tokenizeOptions(args, {
      shortValue: spec.valueFlags,
      shortFlags: spec.flags,
      longValue: spec.longValue,
      longFlags: [...(spec.long ?? []), ...Object.keys(spec.forbidden ?? {}).filter((o) => o.startsWith('--'))],
      longOptional: spec.longOptional,
      numeric: spec.numeric,
    });
  for (const t of tokenized.tokens) {
    if (t.kind === 'operand') {
      operands.push(t.word);
      continue;
    }
    seen.add(t.name);
    const why = spec.forbidden?.[t.name];
    if (why !== undefined) flag(`\`${name} ${t.name}\` ${why}`);
    else if (!t.known) flag(`\`${name} ${t.name}\` is not an option the read-only list knows`);
    if (t.value === undefined) continue;
    const recursing = spec.recursiveValues?.[t.name];
    if (recursing !== undefined && (t.value.dynamic || recursing.includes(t.value.value))) seen.add('<recursive>');
    if (t.value.dynamic && spec.inert !== true) flag(`\`${name} ${t.name}\` is given a value computed at run time`);
  }
  if (tokenized.missingValue !== null) flag(`\`${name} ${tokenized.missingValue}\` is missing its value`);
  let files = operands;
  if (spec.operands === 'pattern-files' && !(spec.patternOptions ?? []).some((o) => seen.has(o))) files = operands.slice(1);
  if (spec.operands === 'any' || spec.operands === 'none') files = [];
  if (spec.operands === 'none' && operands.length > 0) flag(`\`${name}\` with operands is not read-only`);
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) flag(`\`${name}\` with ${operands.length} operands writes to the last one`);

  const reads: ShellWord[] = [];
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
      // An inert reader may take file names it cannot see (`xargs grep -l x`, `wc -l $(git
      // ls-files)`): the path check refuses them, unless the sandbox is the wall for reads.
      const harmless = spec.inert === true;
      if (!harmless) flag(`\`${name}\` is given \`${w.value}\`, which is only known at run time`);
      continue;
    }
    if (spec.inert !== true && values.some((x) => x.value.startsWith('-'))) flag(`\`${name}\` is given \`${w.value}\`, which could be read as an option`);
  }
  const recursive = spec.recursive === 'always' || seen.has('<recursive>') || (spec.recursive ?? []).some((o) => seen.has(o));
  const cwdDefault = spec.defaultsToCwd === true || (spec.defaultsToCwd === 'recursive' && recursive);
  if (files.length === 0 && cwdDefault) reads.push(literalWord('.'));
  // Files named by options (`grep -f FILE`) are judged for every command (option-files.ts).
  return { readOnly: problem === null, reason: problem, reads: recursive ? [] : reads, treeReads: recursive ? reads : [] };
}
