/**
 * Alias definitions are refused outright: dash expands aliases even under `-c` (bash in POSIX mode),
 * so `alias cat='eval '` turns a later `cat 'rm -rf src'` into `eval 'rm -rf src'`. A one-off line
 * never needs one (each command starts a fresh shell). Listing and `unalias` stay allowed;
 * `BASH_ALIASES` and zsh's `aliases` are unsafe variables (env-vars.ts).
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
