/**
 * Shell options set in the line that change what a word means: glob options (which names a
 * pattern reaches) are followed; options that make `cd NAME` go somewhere the text does not say
 * are refused. Both come from `shopt -s NAME` anywhere in the line, or `bash -O NAME` (also inside
 * an option cluster, `bash -xO NAME`) for the shell it starts; line-wide, since where in the line
 * they take effect is not tracked.
 */
import type { GlobOptions } from '../glob-match.js';
import type { ShellWord, SimpleCommand } from './bash-types.js';
import { SHELLS } from './unwrap-shell.js';

/**
 * `cdable_vars`: `cd x` goes to `$x` when `./x` is not a directory; `autocd`: a directory name run
 * as a command is a `cd`. Either moves the shell where the path checks do not follow.
 */
const CD_OPTIONS: Readonly<Record<string, string>> = {
  cdable_vars: 'makes `cd NAME` change to the directory held in the variable NAME',
  autocd: 'makes a directory name run as a command change into it',
};

/** The option names a command turns on (`shopt -s a b`, `bash -O a -xO b`), null if it sets none. */
function optionsTurnedOn(cmd: SimpleCommand): ShellWord[] | null {
  const name = cmd.words[0]?.value ?? '';
  if (SHELLS.has(name.slice(name.lastIndexOf('/') + 1))) {
    const out: ShellWord[] = [];
    const args = cmd.words.slice(1);
    for (let i = 0; i < args.length; i++) {
      const v = (args[i] as ShellWord).value;
      if (v === '--' || v === '-' || !/^[-+][A-Za-z]+$/.test(v)) break;
      // Each `o`/`O` in a cluster takes the next word; only `O` names a shopt option.
      for (const c of v.slice(1)) {
        if (c !== 'o' && c !== 'O') continue;
        const value = args[++i];
        if (c === 'O' && value !== undefined) out.push(value);
      }
    }
    return out;
  }
  if (name !== 'shopt') return null;
  const args = cmd.words.slice(1);
  return args.some((w) => w.dynamic || /^-[a-z]*s/.test(w.value)) ? args : null;
}

/** Glob options any command of the line turns on (a computed option name turns on all). */
export function globOptions(commands: readonly SimpleCommand[]): GlobOptions {
  const on = { dot: false, nocase: false, globstar: false, extglob: false };
  for (const cmd of commands) {
    for (const w of optionsTurnedOn(cmd) ?? []) {
      if (w.dynamic) return { dot: true, nocase: true, globstar: true, extglob: true };
      if (w.value === 'dotglob') on.dot = true;
      if (w.value === 'nocaseglob') on.nocase = true;
      if (w.value === 'globstar') on.globstar = true;
      if (w.value === 'extglob') on.extglob = true;
    }
  }
  return on;
}

/** Why the line is refused for an option that changes where `cd` goes, or null. */
export function refusedShellOption(commands: readonly SimpleCommand[]): string | null {
  for (const cmd of commands) {
    for (const w of optionsTurnedOn(cmd) ?? []) {
      if (w.dynamic) return `\`${cmd.text}\` turns on a shell option computed at run time, which could change where \`cd\` goes (cdable_vars)`;
      const why = CD_OPTIONS[w.value];
      if (why !== undefined) return `\`${cmd.text}\` turns on the shell option ${w.value}, which ${why}, so the directories later paths resolve against are not known`;
    }
  }
  return null;
}
