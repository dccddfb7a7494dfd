import { confinedExec, confinementFailed, type Confiner } from '../sandbox/index.js';
import { hasMoreEntries, type WalkRoot } from './file-walk.js';

/**
 * Programs run over an opened directory in the confinement (src/sandbox/confined-exec.ts), and
 * their paths read back as paths relative to it. Shared by Glob (glob-tree.ts) and Grep
 * (grep-rg-tree.ts).
 */
export interface Confinement {
  confiner: Confiner;
  /** Whether a tree is large enough to be worth the confinement. */
  size: TreeSize;
  /** Told when the confiner cannot build the confinement on this host: the caller stops asking it (confiners.ts). */
  unavailable: () => void;
}

/**
 * Runs a program that prints NUL-separated names relative to the directory it runs in (the opened
 * one), handing each to `each` while it still runs: parsing 100,000 names then overlaps ripgrep's
 * walk instead of following it. An absolute or empty name is skipped. 'listed' when it ran to the
 * end, undefined when it failed (the caller falls back, and must drop what it was handed),
 * 'aborted' when the call was.
 */
export async function confinedNames(
  confinement: Confinement,
  program: string,
  args: string[],
  root: WalkRoot,
  signal: AbortSignal,
  timeoutMs: number,
  each: (rel: string) => void,
  /** Shows the root at this path beneath the tree's root in the confinement (confined-exec.ts `at`); the program is told it. */
  at?: { rel: string },
): Promise<'listed' | 'aborted' | undefined> {
  if (timeoutMs <= 0) return undefined;
  let tail = '';
  const onStdout = (text: string): void => {
    const chunk = tail + text;
    const last = chunk.lastIndexOf('\0');
    if (last === -1) {
      tail = chunk;
      return;
    }
    eachListedName(chunk.slice(0, last + 1), each);
    tail = chunk.slice(last + 1);
  };
  const result = await confinedExec({ confiner: confinement.confiner, dirFd: root.fd, ...(at === undefined ? {} : { at }), file: program, args, timeoutMs, signal, maxOutputChars: 200_000_000, onStdout });
  if (result.aborted || signal.aborted) return 'aborted';
  if (confinementFailed(result)) {
    confinement.unavailable();
    return undefined;
  }
  // Anything else (a timeout, a crash, output cut short, a name not ended) and the caller does it another way.
  if (result.timedOut || result.droppedChars > 0 || tail !== '' || (result.exitCode !== 0 && result.exitCode !== 1)) return undefined;
  return 'listed';
}

/**
 * The names in NUL-terminated output, each handed to `each`; an absolute or empty one is skipped.
 * One pass, one string per name kept: a listing of 100,000 names should not cost more to read
 * than to make.
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
