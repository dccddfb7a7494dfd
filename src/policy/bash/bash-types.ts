import type { Decision } from '../decision.js';
import type { GlobOptions } from '../glob-match.js';
import type { PermissionRule } from '../rule.js';

/**
 * One shell word after quote removal. Only what can be known without running anything is
 * resolved: quotes, backslashes and ANSI-C `$'…'` strings. Anything else (a parameter, command
 * or arithmetic expansion, brace expansion) makes the word dynamic.
 */
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

export type RedirectKind =
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `>&file`, `n>file`. */
  | 'write'
  /** `<file`. */
  | 'read'
  /** `2>&1`, `>&-`: duplicates or closes a descriptor; no file. */
  | 'dup'
  /** Heredoc or here-string: the data is in the command line; no file. */
  | 'inline'
  /** The target is a process substitution; its command is judged on its own. */
  | 'pipe';

export interface Redirect {
  op: string;
  kind: RedirectKind;
  /** The target word (null for heredocs and here-strings). */
  target: ShellWord | null;
}

/**
 * How a simple command relates to the command line:
 * - `command`: an ordinary command (or the innermost payload of wrappers);
 * - `wrapper`: a command that runs another (`timeout`, `sudo`, `sh -c` …); its payloads follow it;
 * - `redirect`: redirections of a compound statement (`{ a; b; } > f`) or of no command at all;
 * - `hidden`: stands for a command the analysis cannot see (a shell reading stdin, `source`):
 *   its argv is one dynamic word, so it matches every deny and ask rule and no allow rule;
 * - `deny-view`: the probable payload of an environment runner (`docker exec c rm …`,
 *   `ssh host rm …`), checked against deny and ask rules only.
 */
export type CommandRole = 'command' | 'wrapper' | 'redirect' | 'hidden' | 'deny-view';

/**
 * How a wrapper's payload is approved:
 * - `transparent` (`timeout`, `nice`, `xargs`, `sh -c`, `eval` …): the wrapper adds nothing to
 *   approve; its payload must be allowed on its own;
 * - `gate` (`sudo`, `find -exec`, `watch`, `ssh` …): the wrapper itself needs an allow rule, and
 *   the payload too, unless the wrapper's rule is an exact (wildcard-free) full-command rule.
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

/** A command as the unwrapper sees it: its words and any script text fed to its stdin. */
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
  /** Words after quote removal, command name first. */
  argv: string[];
  /** The words joined by single spaces: what `Bash(...)` rules are matched against. */
  text: string;
  /** Wrappers this command was found inside, outermost first (e.g. ["timeout", "bash -c"]). */
  wrappers: string[];
  /** The same words with what is known about each (argv[i] is words[i].value). */
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
 * How the shell's working directory flows between commands, beyond their order: `and-*` bracket an
 * `&&` chain and its operands; `elsewhere-*` bracket payloads run in directories the analysis
 * cannot know (`find -execdir`); `sub-*` bracket a `( … )` subshell, after which the shell is
 * where it was before. `at` is the index of the next command.
 */
export interface FlowMark {
  at: number;
  kind: 'and-open' | 'and-next' | 'and-close' | 'elsewhere-open' | 'elsewhere-close' | 'sub-open' | 'sub-close';
}

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

/**
 * Values a shell variable can hold, from assignments and `for` lists in the same command line,
 * used only to resolve path operands (`for f in src/*.ts; do wc -l "$f"; done`). A variable that
 * is also set in a way the analysis cannot follow (`read`, a dynamic value) is absent.
 */
export type VariableValues = ReadonlyMap<string, { values: ShellWord[]; firstSeq: number }>;

export interface AnalysisLimits {
  /** Longest command line analysed, in characters. */
  maxLength: number;
  /** Deepest syntax tree walked. */
  maxDepth: number;
  /** Most simple commands (after unwrapping) in one command line. */
  maxCommands: number;
  /** Most wrappers around one command (`sudo timeout sh -c "eval …"`). */
  maxUnwrapDepth: number;
}

export type BashMode = 'default' | 'acceptEdits' | 'plan' | 'dontAsk' | 'bypassPermissions';

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
  /**
   * Judges a recursive read of a directory (`grep -r KEY .`, `rg`, `find`): deny when a Read deny
   * could match something beneath it. Without it a recursive read is judged as a read of the
   * directory itself.
   */
  judgeTreeRead?: (absoluteDir: string) => Decision;
  /**
   * Whether the policy has Read deny or ask rules. A command that reads files whose names the
   * analysis cannot see (`xargs cat`, `sort --files0-from=F`) is then refused outright; without
   * them it still needs an allow rule of its own (it is never read-only). Absent means true. Not
   * consulted where the sandbox is the wall for such reads (`sandboxReads`).
   */
  readDenies?: boolean;
  /**
   * Judges a glob (an absolute pattern, `/ws/*\/prod.json`) read, written or read recursively:
   * deny when a deny rule or protected path could match something it expands to. Without it,
   * globs get the conservative fallback in path-checks.ts.
   */
  judgeGlob?: (kind: 'read' | 'write' | 'tree', absolutePattern: string, options: GlobOptions) => Decision;
  /**
   * Where an absolute path really is, every symlink resolved (null when it cannot be resolved): a
   * `cd` through a link that leaves the workspace takes git's repository discovery with it. Without
   * it, directories are taken as written.
   */
  realPath?: (absolute: string) => string | null;
  /**
   * The sandbox hides every file the policy's Read deny and ask rules match (`sandbox.mode:
   * required`), so it is the wall for reads the analysis cannot judge by name: a read-only command
   * reading names it cannot see (`xargs cat`, `wc -l $(git ls-files)`) is read-only, and a
   * recursive read is judged on the directory alone. Writes are judged as ever. Absent means false.
   */
  sandboxReads?: boolean;
  /**
   * Whether an absolute path is a directory the shell can enter now. A `cd` into one, when nothing
   * before it in the line could have changed the files, is taken to succeed (`cd src; cd ..; ls`
   * stays in the workspace). Without it, every `cd` may fail.
   */
  directoryExists?: (absolute: string) => boolean;
  /**
   * What the host found before the run: false when no path reachable in the repository's object
   * store (refs, reflogs, stash, index) is one the Read rules deny, and every ref names a commit
   * (host-git-history.ts). Only false, with `sandboxReads`, lifts the pathspec requirement on git
   * commands that print history (git-history.ts `free`). Absent means true.
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
