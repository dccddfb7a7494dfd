/**
 * Alias definitions are refused outright. An alias replaces a command's name with its text when a
 * later command is parsed: dash (`/bin/sh`) expands aliases even under `-c`, and bash does in POSIX
 * mode or with `expand_aliases`; both parse a later line, an `eval` string, a trap action or (bash)
 * a command substitution after an earlier command defined the alias. `alias cat='eval '` then turns
 * `cat 'rm -rf src'` (which the analysis judges as a read) into `eval 'rm -rf src'`, and a value
 * ending in a space makes the next word an alias too. Following every place a later parse can
 * happen is fragile; defining an alias in a one-off command line is never needed (each command
 * runs in a fresh shell, which starts with none), so any definition is a structural refusal.
 * Listing (`alias`, `alias -p`, `alias NAME`) and `unalias` stay allowed: they change nothing that
 * runs. `BASH_ALIASES` and zsh's `aliases` arrays are unsafe variables (env-vars.ts).
 */
import type { ShellWord } from './bash-types.js';

/** Why the command defines (or may define) an alias, or null: `alias NAME=VALUE`, or a computed operand. */
export function aliasDefinition(words: readonly ShellWord[]): string | null {
  const name = words[0]?.value ?? '';
  if (name.slice(name.lastIndexOf('/') + 1) !== 'alias') return null;
  const defining = words.slice(1).find((w) => w.dynamic || w.glob || w.value.includes('='));
  if (defining === undefined) return null;
  const what = defining.value.includes('=') && !defining.dynamic && !defining.glob ? 'defines an alias' : `may define an alias (\`${defining.value}\` is only known at run time)`;
  return `\`${words.map((w) => w.value).join(' ')}\` ${what}; dash (/bin/sh) and bash in POSIX mode or with expand_aliases replace a later command's name with an alias's text, so the commands that run would not be the ones judged. Define no aliases in a command; write the commands out`;
}
