import { confinedExec, confinementFailed } from '../sandbox/index.js';
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

/**
 * The names a program printed NUL-separated, relative to the directory it ran in (the opened
 * one), each handed to `each`; an absolute or empty one is skipped. One pass over the output, one
 * string per name kept: a listing of 100,000 names should not cost more to read than to make.
 */
export function eachListedName(output: string, each: (rel: string) => void): void {
  for (let start = 0, end = output.indexOf('\0'); end !== -1; start = end + 1, end = output.indexOf('\0', start)) {
    if (end > start && output.charCodeAt(start) !== SLASH) each(output.slice(start, end));
  }
}

const SLASH = 0x2f;

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
