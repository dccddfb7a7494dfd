/**
 * The words of git command lines that decide what git-history.ts lets through: the options that
 * make a log or diff print patches (or show hunks), revisions that can only name a commit, and the
 * forms a path takes in some repository's history. Pure.
 */
import { posix } from 'node:path';
import type { ShellWord } from './bash-types.js';
import { literalWord } from './shell-words.js';


/** Long options that make a diff or log print patches (any value). */
export const PATCH_NAMES = ['patch', 'patch-with-stat', 'patch-with-raw', 'unified', 'word-diff', 'color-words', 'function-context', 'cc', 'dd', 'remerge-diff', 'binary', 'check', 'diff-merges', 'output', 'ext-diff', 'textconv', 'notes', 'show-notes', 'full-diff', 'word-diff-regex'];
export const PATCH_LONG = new RegExp(`^--(${PATCH_NAMES.join('|')})(=|$)`);
/** Short options of log and diff with an attached or separate value (`-n5`, `-S x`, `-M50` …). */
const SHORT_VALUE = new Set(['n', 'S', 'G', 'O', 'M', 'C', 'B', 'l', 'X']);
/** Long diff options that print no contents instead of the patch. */
const SUPPRESS = /^--(stat|numstat|shortstat|name-only|name-status|raw|dirstat|dirstat-by-file|cumulative|compact-summary|summary|no-patch|quiet)(=|$)/;

/** Does this log or diff option make the command print patches (or something not taken apart)? */
export function patchOption(v: string): boolean {
  if (v.startsWith('--')) {
    // A git that takes unambiguous abbreviations (`--pat`) would read a prefix as the option.
    const given = (v.split('=')[0] ?? '').slice(2);
    return PATCH_LONG.test(v) || (given.length >= 2 && given !== 'color' && PATCH_NAMES.some((n) => n.startsWith(given)));
  }
  if (/^-\d+$/.test(v)) return false; // -5: a count
  const letter = v[1] ?? '';
  if (letter === 'U' || letter === 'L') return true; // -U3 is -p with context; -L prints the range's history
  if (SHORT_VALUE.has(letter)) return false;
  if (v.length > 2) return true; // a bundle of short options: not taken apart, so not trusted
  return ['p', 'u', 'W', 'c', 'm'].includes(letter);
}

/** Short options that take a value, for the commands whose `-p`/`-v`/`-i`/`-e` show diffs. */
const INTERACTIVE_VALUES = 'mFCcStubBs';
const INTERACTIVE_LONG = /^--(patch|interactive|edit|verbose)(=|$)/;

/** `git add -p`, `commit -v`, `status -v`, `checkout -p` …: hunks or the staged diff are printed. */
export function interactiveOption(v: string): boolean {
  if (v.startsWith('--')) return INTERACTIVE_LONG.test(v);
  for (const letter of v.slice(1)) {
    if ('pvie'.includes(letter)) return true;
    if (INTERACTIVE_VALUES.includes(letter)) return false; // the rest of the word is its value
  }
  return false;
}

export const suppressed = (opts: readonly string[]): boolean => opts.some((v) => SUPPRESS.test(v) || v === '-s' || v === '-X' || /^-X/.test(v));

/** A revision that can only name a commit: `HEAD`, `@`, `HEAD~2`, `main^{commit}`, `v1~0`, `A..B` of those. */
export function commitOnly(rev: string): boolean {
  const sides = rev.split(/\.\.\.?/);
  if (sides.length > 2) return false;
  return sides.every((side, k) => {
    const s = side.startsWith('^') && k === 0 ? side.slice(1) : side;
    if (s === '' && sides.length === 2) return true; // `A..` is `A..HEAD`
    const m = /^([A-Za-z0-9_][A-Za-z0-9._/-]*|@)((?:[~^]\d*|\^\{commit\})*)$/.exec(s);
    if (m === null || m[1]?.includes('..') === true) return false;
    return m[1] === 'HEAD' || m[1] === '@' || (m[2] ?? '') !== '';
  });
}

/** `A...B`: git takes the merge base of two commits, so both names must be commits (peeled). */
export const mergeBaseRange = (rev: string): boolean => /^[A-Za-z0-9_@][A-Za-z0-9._/@-]*\.\.\.[A-Za-z0-9_@][A-Za-z0-9._/@-]*$/.test(rev) && rev.split('...').every((s) => !s.includes('..') && !s.includes('@{'));

/** A pathspec git matches literally: no wildcards, no magic, no escapes. */
export const literalPath = (v: string): boolean => v !== '' && !/[*?[\\]/.test(v) && !v.startsWith(':');

/** `git [global options] SUB …`: the `-C` directories (each relative to the one before) and SUB's index. */
export function gitGlobals(args: readonly ShellWord[]): { dirs: string[]; sub: number } {
  const dirs: string[] = [];
  let i = 0;
  for (; i < args.length && (args[i] as ShellWord).value.startsWith('-'); i++) {
    const v = (args[i] as ShellWord).value;
    const dir = args[i + 1]?.value;
    if (v === '-C' && dir !== undefined) dirs.push(dir.startsWith('/') || dirs.length === 0 ? dir : `${dirs.at(-1) ?? ''}/${dir}`);
    if (['-C', '-c', '--git-dir', '--work-tree', '--namespace'].includes(v)) i++;
  }
  return { dirs, sub: i };
}

/**
 * The arguments of a git command line, from `git …`, `/usr/bin/git …` or a subcommand's own
 * program (`/usr/lib/git-core/git-show …`, taken as `git show …`); null for anything else.
 */
export function gitArguments(words: readonly ShellWord[]): ShellWord[] | null {
  const [first, ...args] = words;
  if (first === undefined || first.dynamic) return null;
  const base = first.value.slice(first.value.lastIndexOf('/') + 1);
  if (base === 'git') return args;
  return base.startsWith('git-') && base.length > 4 ? [literalWord(base.slice(4)), ...args] : null;
}

/**
 * Where a path git is given may lie in the history it prints, as workspace paths: the repository
 * root may be the workspace or any directory above the path (a nested repository that fetched
 * ours, `cd /tmp/copy`), so every tail of the path counts (`sub/secrets/x` is also `secrets/x`).
 * Null when the shell's directory is not known.
 */
export function repositoryForms(path: string, directories: readonly string[] | null, workspace: string): string[] | null {
  if (directories === null) return null;
  const out = new Set<string>();
  for (const dir of directories) {
    const abs = posix.resolve(dir, path);
    out.add(abs);
    const rel = abs === workspace ? '' : abs.startsWith(`${workspace}/`) ? abs.slice(workspace.length + 1) : abs.slice(1);
    const parts = rel.split('/').filter((p) => p !== '');
    for (let k = 0; k < parts.length; k++) out.add(posix.join(workspace, ...parts.slice(k)));
  }
  return [...out];
}

/**
 * The files `REV:PATH` may name: the path may follow any colon (`HEAD:a`, `:0:a`, `HEAD^{/x:y}:a`),
 * relative to each repository root given, or to the current directory when written `./PATH`.
 */
export function colonPaths(word: ShellWord, roots: readonly string[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (let c = word.value.indexOf(':'); c !== -1; c = word.value.indexOf(':', c + 1)) {
    const path = word.value.slice(c + 1);
    if (path === '') continue;
    if (/^\.\.?\//.test(path)) out.push({ ...word, value: path });
    else for (const root of roots) out.push({ ...word, value: `${root}/${path}` });
  }
  return out;
}
