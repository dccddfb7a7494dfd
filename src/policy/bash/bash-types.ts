import type { Decision } from '../decision.js';
import type { GlobOptions } from '../glob-match.js';
import type { PermissionMode } from '../permission-mode.js';
import type { PermissionRule } from '../rule.js';

/** One shell word after quote removal (quotes, backslashes, `$'…'`); any expansion makes it dynamic. */
export interface ShellWord {
  /** The value after quote removal; for a dynamic word, its source text. */
  value: string;
  /** Contains an expansion or substitution whose value is not known statically. */
  dynamic: boolean;
  /** Unquoted glob characters remain (`*`, `?`, `[`): the shell may expand it to other words. */
  glob: boolean;
  /** Begins with an unquoted `~` (home-relative; the home directory is not known here). */
  tilde: boolean;
  /** A `<(…)`/`>(…)` process substitution: names a pipe, not a file. */
  pipe: boolean;
  /** Set when the whole word is one parameter expansion such as `$f`, `"$f"` or `${f}`. */
  variable: { name: string; quoted: boolean } | null;
}

/** `NAME=value` before a command (or given to `env`). */
export interface EnvAssignment {
  name: string;
  value: ShellWord;
}

/** `dup`: `2>&1`, `>&-`; `inline`: heredoc or here-string; `pipe`: a process substitution (judged on its own). */
export type RedirectKind = 'write' | 'read' | 'dup' | 'inline' | 'pipe';

export interface Redirect {
  op: string;
  kind: RedirectKind;
  /** The target word (null for heredocs and here-strings). */
  target: ShellWord | null;
}

/**
 * `redirect`: redirections of a compound statement (`{ a; } > f`); `hidden`: a command the analysis
 * cannot see (a shell reading stdin, `source`), matching every deny rule and no allow rule;
 * `deny-view`: an environment runner's probable payload (`docker exec c rm …`), for deny and ask rules only.
 */
export type CommandRole = 'command' | 'wrapper' | 'redirect' | 'hidden' | 'deny-view';

/**
 * `transparent` (`timeout`, `xargs`, `sh -c` …): only the payload needs approval; `gate` (`sudo`,
 * `find -exec` …): the wrapper too, and the payload unless the wrapper's rule is exact (wildcard-free).
 */
export type WrapperKind = 'transparent' | 'gate';

/** What a wrapper runs: a command as words, a script to parse, or something the analysis cannot see. */
export type Payload =
  | { kind: 'command'; words: ShellWord[]; env: EnvAssignment[]; stdin: { text: string | null } | undefined }
  | { kind: 'script'; text: string }
  | { kind: 'hidden'; why: string };

/** What unwrapping a command found: the reason it cannot be followed, or its payloads. */
export type Unwrapped =
  | { ok: false; reason: string }
  | {
    ok: true;
    /** How the wrapper reads in `wrappers` lists: `timeout`, `bash -c`, `find -exec`. */
    label: string;
    /** `runner`: the payloads are only a probable reading, checked against deny and ask rules. */
    kind: WrapperKind | 'runner';
    payloads: Payload[];
    /** Files the wrapper itself reads through options (`xargs -a f`, `parallel -a f`). */
    files: Redirect[];
    /** Values of placeholders in the payloads (`find`'s `{}`), for resolving their paths. */
    bindings: Array<{ name: string; values: ShellWord[] | null }>;
  };

/** A command as the unwrapper sees it. */
export interface WrappedCommand {
  words: readonly ShellWord[];
  stdin: { text: string | null } | undefined;
  /** Its stdin is a pipe from a command printing NUL-separated names beneath these (name-sources.ts). */
  pipedNames?: readonly ShellWord[] | undefined;
  /** A number unique in the analysis, for naming the bindings this command's payloads get. */
  id?: number;
}

/** One simple command found anywhere in a Bash command line, wrappers already unwrapped. */
export interface SimpleCommand {
  argv: string[];
  /** The words joined by single spaces: what `Bash(...)` rules are matched against. */
  text: string;
  /** Wrappers this command was found inside, outermost first (e.g. ["timeout", "bash -c"]). */
  wrappers: string[];
  words: ShellWord[];
  /** Assignments before the command name (and those given to an `env` wrapper). */
  env: EnvAssignment[];
  /** Redirections, and files a wrapper reads through its options (`xargs -a f`). */
  redirects: Redirect[];
  role: CommandRole;
  /** For a wrapper: how its payload is approved. */
  wrapperKind: WrapperKind | null;
  /** Index (in the analysis) of the wrapper this command is the payload of. */
  parent: number | null;
  /** An operand of an `&&` chain of its own: the operands after it run only if it succeeded. */
  chained?: boolean;
  /** Run by the line's own shell, surely and in written order (main-shell.ts): not a payload. */
  certain?: boolean;
}

/**
 * How the shell's directory flows between commands (`at`: the next command's index): `and-*` bracket
 * an `&&` chain; `elsewhere-*` payloads run in unknown directories (`find -execdir`); `sub-*` a `( … )`.
 */
export interface FlowMark {
  at: number;
  kind: 'and-open' | 'and-next' | 'and-close' | 'elsewhere-open' | 'elsewhere-close' | 'sub-open' | 'sub-close';
}

/** A simple command as the syntax walk (parse-commands.ts) finds it, before wrappers are unwrapped. */
export type ParsedCommand = Pick<SimpleCommand, 'words' | 'env' | 'redirects' | 'chained' | 'certain'> & Pick<WrappedCommand, 'stdin' | 'pipedNames'> & {
  /** `redirect`: redirections of a compound statement, or of no command at all. */
  role: 'command' | 'redirect';
};

/** What the syntax walk yields, in source order; `assign` values are null when not known statically. */
export type SyntaxEvent =
  | { kind: 'command'; command: ParsedCommand }
  | { kind: 'flow'; flow: Exclude<FlowMark['kind'], 'elsewhere-open' | 'elsewhere-close'> }
  | { kind: 'assign'; name: string; values: ShellWord[] | null }
  | { kind: 'function'; name: string };

/** `nonLinear`: loops, functions or `select`, whose bodies may run in another order than written. */
export type WalkResult = { ok: true; events: SyntaxEvent[]; nonLinear: boolean } | { ok: false; reason: string };

/** What `analyseBash` found: every simple command, or the structural reason it could not. */
export type BashAnalysis =
  | {
    ok: true;
    commands: SimpleCommand[];
    variables: VariableValues;
    flow: FlowMark[];
    /** Loops, functions, `select` or `trap` actions: commands may run in another order than written. */
    nonLinear: boolean;
  }
  | { ok: false; reason: string; commands: SimpleCommand[] };

/** Values a variable can hold, from the line's own assignments and `for` lists; absent when also set otherwise. */
export type VariableValues = ReadonlyMap<string, { values: ShellWord[]; firstSeq: number }>;

/** Characters, syntax-tree depth, simple commands (after unwrapping), wrappers around one command. */
export interface AnalysisLimits {
  maxLength: number;
  maxDepth: number;
  maxCommands: number;
  maxUnwrapDepth: number;
}

export type BashMode = PermissionMode;

/** The Bash rules of a policy, already parsed; `specifier: null` is the bare `Bash` rule. */
export interface BashRules {
  allow: readonly PermissionRule[];
  deny: readonly PermissionRule[];
  ask: readonly PermissionRule[];
}

export interface BashDecideOptions {
  /** Absolute, symlink-resolved workspace root; relative paths resolve against it. */
  cwd: string;
  mode: BashMode;
  /** Judges a recursive read (`grep -r KEY .`); without it, a read of the directory itself. */
  judgeTreeRead?: (absoluteDir: string) => Decision;
  /**
   * The policy has Read deny or ask rules (absent: true): a read of names the analysis cannot see
   * (`xargs cat`) is then refused unless the sandbox is the wall (`sandboxReads`).
   */
  readDenies?: boolean;
  /**
   * Judges a glob (an absolute pattern, `/ws/*\/prod.json`) read, written or read recursively:
   * deny when a deny rule or protected path could match something it expands to. Without it (the
   * read-only probe, rule examples: every path allowed) a glob is judged by its text alone.
   */
  judgeGlob?: (kind: 'read' | 'write' | 'tree', absolutePattern: string, options: GlobOptions) => Decision;
  /** Symlinks resolved (null: cannot be): a `cd` through a link out of the workspace takes git with it. */
  realPath?: (absolute: string) => string | null;
  /**
   * The sandbox hides what the Read deny and ask rules match (`sandbox.mode: required`), so it is the
   * wall for unseen names (`xargs cat` is read-only) and recursive reads (judged on the directory).
   */
  sandboxReads?: boolean;
  /** A directory the shell can enter now: a `cd` the shell surely runs into one succeeds (else any `cd` may fail). */
  directoryExists?: (absolute: string) => boolean;
  /**
   * False when the host found no denied path in git's object store and every ref names a commit:
   * with `sandboxReads`, it lifts the pathspec requirement on history (git-history.ts `free`).
   */
  historyMayHoldDenied?: boolean;
  limits?: Partial<AnalysisLimits>;
}

/** The verdict on one simple command, for `policy eval` output and denial messages. */
export interface SubcommandVerdict {
  text: string;
  decision: Decision;
}

export type BashDecision = Decision & { subcommands: SubcommandVerdict[] };
