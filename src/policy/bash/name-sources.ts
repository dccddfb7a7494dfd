/**
 * Commands whose output is exactly a list of file names beneath known directories, NUL-separated:
 * `find ROOTS … -print0` and `git ls-files -z`. Fed to `xargs -0`, their names are proven to lie
 * under those directories, so the command xargs runs is judged as reading them recursively.
 * Newline- or blank-separated lists prove nothing: a file named `src/x .env` is read by
 * `find src | xargs cat` as `src/x` and `.env`.
 */
import type { ShellWord } from './bash-types.js';
import { findOperands } from './exec-arguments.js';
import { literalWord } from './shell-words.js';

/** find primaries that print or run something else than the names (`-print` is newline-separated). */
const FIND_OTHER_OUTPUT = /^-(exec|execdir|ok|okdir|print|printf|fprint|fprint0|fprintf|ls|fls|delete|files0-from|quit)$/;

/** `dir/**` for each root: everything beneath it. */
const beneath = (roots: readonly ShellWord[]): ShellWord[] => roots.map((r) => ({ ...literalWord(`${r.value.replace(/\/+$/, '')}/**`), glob: true }));

/** The directories every NUL-separated name printed by `words` lies beneath, or null. */
export function nameSource(words: readonly ShellWord[]): ShellWord[] | null {
  const [name, ...args] = words;
  if (name === undefined || name.dynamic || args.some((w) => w.dynamic)) return null;
  if (name.value === 'find') {
    const { roots, index } = findOperands(args);
    if (roots.some((r) => r.glob || r.tilde || r.value.startsWith('-'))) return null;
    const expr = args.slice(index).map((w) => w.value);
    if (!expr.includes('-print0') || expr.some((v) => FIND_OTHER_OUTPUT.test(v))) return null;
    return beneath(roots.length === 0 ? [literalWord('.')] : roots);
  }
  if (name.value === 'git' && args[0]?.value === 'ls-files') {
    const rest = args.slice(1).map((w) => w.value);
    // Names are relative to the current directory and beneath it, unless --full-name.
    if (!rest.includes('-z') || rest.some((v) => v === '--full-name' || v.startsWith('--format'))) return null;
    return beneath([literalWord('.')]);
  }
  return null;
}
