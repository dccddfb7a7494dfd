/**
 * What walking a command line's syntax tree yields, in source order: simple commands as written,
 * assignments, and the flow marks of `&&` chains (parse-commands.ts produces them).
 */
import type { EnvAssignment, Redirect, ShellWord } from './bash-types.js';

/** A simple command as written, before wrappers are unwrapped. */
export interface ParsedCommand {
  words: ShellWord[];
  env: EnvAssignment[];
  redirects: Redirect[];
  /** Script text given on stdin by a heredoc or here-string (null: it has expansions); undefined: none. */
  stdin: { text: string | null } | undefined;
  /** `redirect`: redirections of a compound statement, or of no command at all. */
  role: 'command' | 'redirect';
  /** An operand of an `&&` chain of its own (not inside a pipeline, subshell or group). */
  chained?: boolean;
  /** Run by the shell itself, surely and in written order (main-shell.ts). */
  certain?: boolean;
  /** Piped from a command that prints NUL-separated names beneath these directories. */
  pipedNames?: ShellWord[];
}

/**
 * Where an `a && b && c` chain opens, moves to its next operand, and closes: each operand runs only
 * if the one before succeeded, so a `cd` that is an operand of its own moves every later operand
 * (and only the failure paths keep the old directory). A `( … )` subshell opens and closes: a `cd`
 * in it moves nothing after it. See PathChecker.flow.
 */
export type FlowKind = 'and-open' | 'and-next' | 'and-close' | 'sub-open' | 'sub-close';

export type SyntaxEvent =
  | { kind: 'command'; command: ParsedCommand }
  | { kind: 'flow'; flow: FlowKind }
  /** A shell variable set for the rest of the script; values null when not known statically. */
  | { kind: 'assign'; name: string; values: ShellWord[] | null }
  | { kind: 'function'; name: string };

/**
 * `nonLinear`: the line has loops, functions or `select`, whose bodies run in another order (or
 * more often) than they are written, so a `cd` anywhere may precede any command.
 */
export type WalkResult = { ok: true; events: SyntaxEvent[]; nonLinear: boolean } | { ok: false; reason: string };
