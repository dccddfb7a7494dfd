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

/** Every regular file under the directory with its mtime, from one GNU `find` (pruning `skipDirs`). */
export async function findFiles(
  confinement: Confinement,
  find: string,
  root: WalkRoot,
  skipDirs: ReadonlySet<string>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<FoundFile[] | 'aborted' | undefined> {
  const prune = [...skipDirs].sort().flatMap((dir, i) => (i === 0 ? ['-name', dir] : ['-o', '-name', dir]));
  const pruning = prune.length === 0 ? [] : ['(', '-type', 'd', '(', ...prune, ')', ')', '-prune', '-o'];
  const ran = await confinedOutput(confinement, find, [VISIBLE_ROOT, '-mindepth', '1', ...pruning, '-type', 'f', '-printf', '%T@\\t%p\\0'], root, signal, timeoutMs);
  if (ran === 'aborted' || ran === undefined) return ran;
  const files: FoundFile[] = [];
  for (const record of ran.output.split('\0')) {
    const tab = record.indexOf('\t');
    const rel = tab < 0 ? undefined : relativeName(record.slice(tab + 1));
    const time = record.slice(0, tab);
    // seconds.nanoseconds: whole milliseconds read from the digits, as exact as a bigint stat's.
    const dot = time.indexOf('.');
    const seconds = Number(dot < 0 ? time : time.slice(0, dot));
    if (rel === undefined || !/^\d+(\.\d+)?$/.test(time) || !Number.isSafeInteger(seconds)) continue;
    const millis = dot < 0 ? 0 : Number(time.slice(dot + 1, dot + 4).padEnd(3, '0'));
    files.push({ rel, mtimeMs: Number(time) * 1000, wholeMs: seconds * 1000 + millis });
  }
  // Nothing read from some output (a find without -printf, say): the caller does it another way.
  return files.length === 0 && ran.output !== '' ? undefined : files;
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
