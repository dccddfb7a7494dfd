import { confinedExec, confinementFailed, VISIBLE_ROOT } from '../sandbox/index.js';
import { hasMoreEntries, type WalkRoot } from './file-walk.js';

/**
 * Programs run over an opened directory in the confinement (src/sandbox/confined-exec.ts), and
 * their paths read back as paths relative to it. Shared by Glob (glob-tree.ts) and Grep
 * (grep-rg-tree.ts).
 */
export interface Confinement {
  bwrap: string;
  /** Whether a tree is large enough to be worth the confinement. */
  size: TreeSize;
  /** Told when bwrap cannot build the confinement on this host: the caller stops asking. */
  unavailable: () => void;
}

/** A program's output; undefined when it failed (the caller falls back), 'aborted' when the call was. */
export async function confinedOutput(
  confinement: Confinement,
  program: string,
  args: string[],
  root: WalkRoot,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ output: string } | 'aborted' | undefined> {
  if (timeoutMs <= 0) return undefined;
  const result = await confinedExec({ bwrap: confinement.bwrap, dirFd: root.fd, file: program, args, timeoutMs, signal, maxOutputChars: 200_000_000 });
  if (result.aborted || signal.aborted) return 'aborted';
  if (confinementFailed(result)) {
    confinement.unavailable();
    return undefined;
  }
  // Anything else (a timeout, a crash, output cut short) and the caller does it another way.
  if (result.timedOut || result.droppedChars > 0 || (result.exitCode !== 0 && result.exitCode !== 1)) return undefined;
  return { output: result.output };
}

/** A path the program printed, relative to the directory; undefined for anything else. */
export function relativeName(path: string): string | undefined {
  const prefix = `${VISIBLE_ROOT}/`;
  return path.startsWith(prefix) && path.length > prefix.length ? path.slice(prefix.length) : undefined;
}

/** A file's modification time as find printed it: lstat's `mtimeMs`, and the whole milliseconds a search reports. */
export interface FoundFile {
  rel: string;
  mtimeMs: number;
  wholeMs: number;
}

/**
 * Every regular file under the directory with its mtime, from one GNU `find` (pruning `skipDirs`),
 * handed to `each` as it is read; false when find could not give them (the caller does it another way).
 */
async function findEach(
  confinement: Confinement,
  find: string,
  root: WalkRoot,
  skipDirs: ReadonlySet<string>,
  signal: AbortSignal,
  timeoutMs: number,
  each: (rel: string, seconds: string, fraction: string) => void,
): Promise<boolean | 'aborted'> {
  const prune = [...skipDirs].sort().flatMap((dir, i) => (i === 0 ? ['-name', dir] : ['-o', '-name', dir]));
  const pruning = prune.length === 0 ? [] : ['(', '-type', 'd', '(', ...prune, ')', ')', '-prune', '-o'];
  const ran = await confinedOutput(confinement, find, [VISIBLE_ROOT, '-mindepth', '1', ...pruning, '-type', 'f', '-printf', '%T@\\t%p\\0'], root, signal, timeoutMs);
  if (ran === 'aborted') return ran;
  if (ran === undefined) return false;
  const prefix = `\t${VISIBLE_ROOT}/`;
  let read = 0;
  for (const record of ran.output.split('\0')) {
    // seconds.nanoseconds<TAB>path
    const tab = record.indexOf(prefix);
    if (tab <= 0 || record.length === tab + prefix.length) continue;
    const dot = record.lastIndexOf('.', tab);
    const whole = dot < 0 ? record.slice(0, tab) : record.slice(0, dot);
    each(record.slice(tab + prefix.length), whole, dot < 0 ? '' : record.slice(dot + 1, tab));
    read++;
  }
  // Nothing read from some output (a find without -printf, say).
  return read > 0 || ran.output === '';
}

/** Every file's mtime from find, as lstat gives it (Glob). */
export async function findFiles(confinement: Confinement, find: string, root: WalkRoot, skipDirs: ReadonlySet<string>, signal: AbortSignal, timeoutMs: number): Promise<FoundFile[] | 'aborted' | undefined> {
  const files: FoundFile[] = [];
  const ok = await findEach(confinement, find, root, skipDirs, signal, timeoutMs, (rel, seconds, fraction) => {
    const whole = wholeMs(seconds, fraction);
    if (whole !== undefined) files.push({ rel, mtimeMs: Number(fraction === '' ? seconds : `${seconds}.${fraction}`) * 1000, wholeMs: whole });
  });
  return ok === 'aborted' ? ok : ok ? files : undefined;
}

/** Every file's mtime from find in whole milliseconds, by name (Grep). */
export async function findWholeMs(confinement: Confinement, find: string, root: WalkRoot, skipDirs: ReadonlySet<string>, signal: AbortSignal, timeoutMs: number): Promise<Map<string, number> | 'aborted' | undefined> {
  const mtimes = new Map<string, number>();
  const ok = await findEach(confinement, find, root, skipDirs, signal, timeoutMs, (rel, seconds, fraction) => {
    const whole = wholeMs(seconds, fraction);
    if (whole !== undefined) mtimes.set(rel, whole);
  });
  return ok === 'aborted' ? ok : ok ? mtimes : undefined;
}

/** Whole milliseconds read from the digits, as exact as a bigint stat's; undefined for what is not a plain positive time. */
function wholeMs(seconds: string, fraction: string): number | undefined {
  const s = Number(seconds);
  if (!/^\d+$/.test(seconds) || !Number.isSafeInteger(s) || !/^\d*$/.test(fraction)) return undefined;
  return s * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'));
}

/**
 * Whether a tree has more than `above` entries (files and directories), the size from which
 * starting the confinement costs less than the judged walk; 0: every tree. A tree found large is
 * remembered by its identity (dev:ino) for the tool's life: a workspace of 100,000 files does not
 * shrink between two calls, and counting walks `above` entries. One found small is counted again.
 */
export class TreeSize {
  private readonly large = new Set<string>();

  constructor(readonly above: number) {}

  async exceeds(root: WalkRoot, id: string, skipDirs: ReadonlySet<string>, signal: AbortSignal): Promise<boolean> {
    if (this.above <= 0) return true;
    const key = `${id} ${[...skipDirs].sort().join('/')}`;
    if (this.large.has(key)) return true;
    if (!(await hasMoreEntries(root, skipDirs, signal, this.above))) return false;
    if (this.large.size >= 1_000) this.large.clear();
    this.large.add(key);
    return true;
  }
}
