/**
 * Judging the files a command line touches through the policy's PathJudge. Relative paths resolve
 * against every directory an earlier `cd` may have moved to (CVE-2026-25722: `cd .claude && echo x >
 * settings.json`); a path the analysis cannot resolve (a variable, `~`, after `cd $X`) is denied.
 * A path with `..` is judged lexically and as written (the judge resolves it as the kernel does:
 * `lnk/../x` is beside the link's target), and a `cd` moves the shell to both (`cd -P`, `set -P`).
 */
import { isAbsolute, relative, resolve as resolvePath } from 'node:path';
import type { Decision } from '../decision.js';
import type { PathJudge } from '../rule.js';
import type { GlobOptions } from '../glob-match.js';
import type { BashDecideOptions, FlowMark, ShellWord, VariableValues } from './bash-types.js';
import type { Resolve } from './read-only-spec.js';
import { isInputWord } from './shell-words.js';

export type AccessKind = 'read' | 'write' | 'tree';

const MAX_DIRECTORIES = 16;
const NO_FILE = /^\/dev\/(null|stdin|stdout|stderr|fd\/\d+|zero|tty)$/;
const NETWORK = /^\/dev\/(tcp|udp)\//;
const WILDCARD = /[*?[]|[@!+]\(/;

const deny = (reason: string, rule: string | null = null): Decision => ({ behavior: 'deny', rule, reason });

/** What a `cd`/`pushd`/`popd` moves to: a directory word, or somewhere the analysis cannot follow. */
export type CdTarget = { kind: 'dir'; word: ShellWord } | { kind: 'unknown' } | { kind: 'none' };

/** The directory of `cd [-L|-P [-e]] [-@] [--] DIR` (`pushd DIR`); anything else is unknown. */
export function cdTarget(words: readonly ShellWord[]): CdTarget {
  const name = words[0]?.value;
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') return { kind: 'none' };
  if (name === 'popd') return { kind: 'unknown' };
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i] as ShellWord;
    if (w.dynamic || !w.value.startsWith('-') || w.value === '-') break;
    if (w.value === '--') {
      i++;
      break;
    }
    if (name === 'pushd' || !/^-[LPe@]+$/.test(w.value)) return { kind: 'unknown' };
  }
  const operands = words.slice(i);
  const target = operands[0];
  if (target === undefined || operands.length > 1 || target.value === '-' || target.tilde || /^[+-]\d+$/.test(target.value)) return { kind: 'unknown' };
  return { kind: 'dir', word: target };
}

export class PathChecker {
  /** Directories the shell may be in; null once a `cd` went somewhere unknown. */
  private directories: string[] | null;
  /** Saved directory sets: per open `&&` chain, the union of its exits; per `elsewhere`, the set to restore. */
  private readonly frames: Array<string[] | null> = [];
  /** Set by `fixpoint`: every command may run in any of these directories, whatever its place. */
  private fixed = false;
  /** The workspace's real path, looked up once. */
  private realWorkspace: string | undefined;

  constructor(
    private readonly judge: PathJudge,
    private readonly workspace: string,
    private readonly variables: VariableValues,
    private readonly judgeTree: ((dir: string) => Decision) | undefined,
    private readonly judgeGlob: BashDecideOptions['judgeGlob'],
    /** How globs match in this line (`shopt -s dotglob` anywhere in it counts everywhere). */
    private readonly globs: GlobOptions,
    /** Where a path really is (BashDecideOptions.realPath); without it, paths are taken as written. */
    private readonly realPath?: (absolute: string) => string | null,
    /** Whether a directory exists now (BashDecideOptions.directoryExists). */
    private readonly directoryExists?: (absolute: string) => boolean,
  ) {
    this.directories = [workspace];
  }

  /** The values a dynamic word can take at the command with index `seq` (null: unknown). */
  resolverAt(seq: number): Resolve {
    return (w) => {
      if (w.variable === null) return null;
      const entry = this.variables.get(w.variable.name);
      if (entry === undefined || entry.firstSeq > seq) return null;
      const quoted = w.variable.quoted;
      if (!quoted && entry.values.some((v) => /\s/.test(v.value))) return null;
      return entry.values.map((v) => (quoted ? v : { ...v, glob: v.glob || /[*?[]/.test(v.value) }));
    };
  }

  /** The directories the shell may be in now; null when a `cd` went somewhere unknown. */
  shellDirectories(): readonly string[] | null {
    return this.directories;
  }

  /** Is the shell (or `sub` beneath it) surely inside the workspace (for git, whose hooks and config live per repo)? */
  insideWorkspace(sub = '.'): boolean {
    if (this.directories === null) return false;
    return this.directories.every((dir) =>
      pathForms(dir, sub).every((d) => {
        if (!within(this.workspace, d)) return false;
        if (this.realPath === undefined) return true;
        // `cd lnk` (or `git -C lnk`) where lnk points outside: git finds the repository (hooks, config) there.
        const real = this.realPath(d);
        this.realWorkspace ??= this.realPath(this.workspace) ?? this.workspace;
        return real !== null && within(this.realWorkspace, real);
      }),
    );
  }

  /**
   * Follows `cd DIR`; `popd`, `cd -`, `cd ~` or a computed directory lose track. A `cd` may fail, so
   * the old directories stay possible, unless later `&&` operands depend on it (`chained`) or the
   * shell surely runs it into an existing directory with the files unchanged so far (`certain`).
   */
  changeDirectory(target: CdTarget, resolve: Resolve, chained: boolean, certain: boolean): void {
    if (this.fixed || target.kind === 'none') return;
    const sure = certain && this.entersSurely(target);
    const inChain = chained && this.frames.length > 0;
    this.directories = this.moved(this.directories, target, resolve, !(inChain || sure));
    // The first operand of its chain, and it cannot fail: the chain's failure exits start after it.
    if (sure && inChain) this.frames[this.frames.length - 1] = this.directories;
  }

  /** Is every directory `cd` may go to (from every place the shell may be) one that exists and can be entered? */
  private entersSurely(target: CdTarget): boolean {
    const exists = this.directoryExists;
    if (exists === undefined || this.directories === null || target.kind !== 'dir' || target.word.dynamic || target.word.glob || target.word.tilde) return false;
    const value = target.word.value;
    return this.directories.every((dir) => pathForms(dir, value).every((d) => exists(d)));
  }

  private moved(from: string[] | null, target: CdTarget, resolve: Resolve, keep: boolean): string[] | null {
    if (from === null || target.kind !== 'dir') return null;
    const w = target.word;
    const values = w.dynamic ? resolve(w) : [w];
    if (values === null || values.some((v) => v.tilde || v.glob || v.value === '-' || v.dynamic)) return null;
    const next = new Set(keep ? from : []);
    for (const dir of from) for (const v of values) for (const form of pathForms(dir, v.value)) next.add(form);
    return next.size > MAX_DIRECTORIES ? null : [...next];
  }

  /** An `&&` chain opens, moves on, closes (see FlowMark); `elsewhere` payloads run in unknown directories. */
  flow(kind: FlowMark['kind']): void {
    if (this.fixed) return;
    const union = (a: string[] | null, b: string[] | null): string[] | null => {
      if (a === null || b === null) return null;
      const all = new Set([...a, ...b]);
      return all.size > MAX_DIRECTORIES ? null : [...all];
    };
    switch (kind) {
      case 'and-open':
        this.frames.push(this.directories);
        break;
      case 'and-next':
        this.frames.push(union(this.frames.pop() ?? null, this.directories));
        break;
      case 'and-close':
        this.directories = union(this.frames.pop() ?? null, this.directories);
        break;
      case 'elsewhere-open':
        this.frames.push(this.directories);
        this.directories = null;
        break;
      case 'elsewhere-close':
      case 'sub-close':
        this.directories = this.frames.pop() ?? null;
        break;
      case 'sub-open':
        this.frames.push(this.directories);
        break;
    }
  }

  /** Loops, functions, traps: every directory any `cd` in the line can reach, to a fixpoint. */
  fixpoint(cds: ReadonlyArray<{ target: CdTarget; resolve: Resolve }>): void {
    let dirs: string[] | null = [this.workspace];
    for (let round = 0; dirs !== null && round <= MAX_DIRECTORIES; round++) {
      const before: number = dirs.length;
      for (const cd of cds) dirs = this.moved(dirs, cd.target, cd.resolve, true);
      if (dirs === null || dirs.length === before) break;
    }
    this.directories = dirs;
    this.fixed = true;
  }

  /** `/`, a top-level directory, home, the workspace or a parent, or `"$DIR"/*` (DIR may be empty)? */
  isCriticalRemoval(word: ShellWord): boolean {
    const v = word.value;
    if (word.dynamic) return /^["']?\$\{?\w+\}?["']?\/(\*|\.?\*)?$/.test(v);
    if (word.tilde) return /^~[^/]*\/?(\*)?$/.test(v);
    const bases = isAbsolute(v) ? ['/'] : (this.directories ?? [this.workspace]);
    return bases.some((base) => {
      const abs = resolvePath(base, v.replace(/(^|\/)\*$/, '$1.'));
      return abs === '/' || resolvePath(abs, '..') === '/' || within(abs, this.workspace);
    });
  }

  /** Told of reads of file names the analysis cannot see (`xargs cat`): see decide-bash.ts. */
  onUnseen: ((what: string) => void) | null = null;

  /** The sandbox is the wall for this command's reads (BashDecideOptions.sandboxReads; never for git). */
  sandboxWall = false;

  /** The first denial among the accesses of `word`, or null when every one is allowed. */
  check(kind: AccessKind, word: ShellWord, resolve: Resolve): Decision | null {
    if (word.pipe) return null;
    const verb = kind === 'write' ? 'write to' : 'read';
    let values: ShellWord[];
    if (word.dynamic) {
      const resolved = resolve(word);
      if (resolved === null && isInputWord(word)) {
        if (kind === 'write') return deny(`it would write to files named by ${word.value.slice(1, -1)}, which the analysis cannot see, so protected paths and Edit rules cannot be checked`);
        this.onUnseen?.(word.value.slice(1, -1));
        return null;
      }
      if (resolved === null && kind !== 'write' && this.sandboxWall) {
        // The sandbox hides what Read rules deny; the workspace boundary is its view too.
        this.onUnseen?.(`\`${word.value}\``);
        return null;
      }
      if (resolved === null) return deny(`it would ${verb} \`${word.value}\`, which is only known at run time, so Read and Edit rules cannot be checked`);
      values = resolved;
    } else {
      values = [word];
    }
    for (const v of values) {
      const d = this.checkValue(kind, v, verb);
      if (d !== null) return d;
    }
    return null;
  }

  private checkValue(kind: AccessKind, word: ShellWord, verb: string): Decision | null {
    const value = word.value;
    if (word.tilde) return deny(`it would ${verb} \`${value}\` under the home directory (\`~\`), which this check cannot resolve; use an absolute path`);
    if (NETWORK.test(value)) return deny(`it would open a network connection through \`${value}\``);
    if (NO_FILE.test(value)) return null;
    if (value === '') return deny(`it would ${verb} an empty path`);
    const bases = isAbsolute(value) ? ['/'] : this.directories;
    if (bases === null) return deny(`it would ${verb} \`${value}\` relative to a directory a \`cd\` chose at run time`);
    for (const base of bases) {
      for (const abs of pathForms(base, value)) {
        const d = word.glob ? this.checkGlob(kind, abs, verb) : this.judgeOne(kind, abs);
        if (d !== null) return d;
      }
    }
    return null;
  }

  /**
   * A glob names whatever it matches when it runs: denied when a deny rule or protected path meets
   * the pattern (the glob judge), and otherwise judged as written (an allow rule or the workspace
   * must cover the pattern's text).
   */
  private checkGlob(kind: AccessKind, abs: string, verb: string): Decision | null {
    // `l*/../prod.json`: which link the wildcard picks decides where `..` lands; no judge can see it.
    const parts = abs.split('/');
    const wild = parts.findIndex((s) => WILDCARD.test(s));
    if (wild !== -1 && parts.slice(wild + 1).includes('..')) return deny(`it would ${verb} \`${abs}\`, a pattern with \`..\` after a wildcard (it depends on which symlinks the wildcard matches), which this check cannot resolve`);
    // `dir/**` (what find's `{}` and `find -print0 | xargs -0` stand for) is everything beneath dir: a tree.
    if (abs.endsWith('/**') && !/[*?[]/.test(abs.slice(0, -3))) return this.judgeOne(kind === 'write' ? 'write' : 'tree', abs.slice(0, -3) || '/');
    const d = this.judgeGlob?.(kind, abs, this.globs);
    return d?.behavior === 'deny' ? d : this.judgeOne(kind, abs);
  }

  private judgeOne(kind: AccessKind, abs: string): Decision | null {
    // Under the sandbox, what a recursive read meets beneath the directory is the sandbox's to hide.
    const tree = kind === 'tree' && !this.sandboxWall;
    const d = tree ? (this.judgeTree?.(abs) ?? this.judge('read', abs)) : this.judge(kind === 'tree' ? 'read' : kind, abs);
    return d.behavior === 'deny' ? d : null;
  }
}

/** The paths `value` names from `base`: lexical, and with a `..`, as written (for the judge to resolve). */
export function pathForms(base: string, value: string): string[] {
  const lexical = resolvePath(base, value);
  if (!value.split('/').includes('..') && !base.split('/').includes('..')) return [lexical];
  const joined = isAbsolute(value) ? value : `${base}/${value}`;
  const written = `/${joined.split('/').filter((c) => c !== '' && c !== '.').join('/')}`;
  return written === lexical ? [lexical] : [lexical, written];
}

export function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
