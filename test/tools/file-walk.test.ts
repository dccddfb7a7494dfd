import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { listFiles, skippedDirs, walkTree, type WalkOptions, type WalkProgress } from '../../src/tools/file-walk.js';
import { workspace } from './tool-harness.js';

/** listFiles from a path: opens the root (following symlinks in it) and walks from the descriptor. */
async function walkFiles(root: string, options: WalkOptions): ReturnType<typeof listFiles> {
  const fd = openPathFd(root, true);
  try {
    return await listFiles({ fd, abs: root, real: inspectFd(fd).real }, options);
  } finally {
    closeFd(fd);
  }
}

/** A signal that is aborted right after the walk first looks at it: the walk has started by then. */
function abortedOnceLookedAt(): AbortSignal {
  const controller = new AbortController();
  const signal = controller.signal;
  let looked = false;
  Object.defineProperty(signal, 'aborted', {
    get(): boolean {
      // The real getter, on the real signal.
      const now = Boolean(Reflect.get(AbortSignal.prototype, 'aborted', signal));
      if (!looked) {
        looked = true;
        controller.abort();
      }
      return now;
    },
  });
  return signal;
}

describe('walkFiles', () => {
  // Issue 9: an abort was only looked at between directories, so one huge directory ran to the end.
  it('stops within one entry of an abort, even inside one huge directory', async () => {
    const dir = workspace();
    for (let i = 0; i < 20_000; i++) writeFileSync(join(dir, `f${i}.txt`), '');
    const walk = await walkFiles(dir, { skipDirs: skippedDirs(false), signal: abortedOnceLookedAt(), maxEntries: 1_000_000 });
    // Entries visited after the abort: at most the one being looked at when it came.
    expect(walk.files.length).toBeLessThanOrEqual(1);
    expect(walk.truncated).toBe(true);
    // Without the abort the same walk lists everything, so the bound above can fail.
    const full = await walkFiles(dir, { skipDirs: skippedDirs(false), signal: new AbortController().signal, maxEntries: 1_000_000 });
    expect(full.files).toHaveLength(20_000);
  });

  it('stops at the entry budget and says so, but not when the tree fits exactly', async () => {
    const dir = workspace();
    for (let i = 0; i < 10; i++) writeFileSync(join(dir, `f${i}`), '');
    const signal = new AbortController().signal;
    expect(await walkFiles(dir, { skipDirs: new Set(), signal, maxEntries: 10 })).toMatchObject({ truncated: false, visited: 10 });
    const cut = await walkFiles(dir, { skipDirs: new Set(), signal, maxEntries: 4 });
    expect(cut.truncated).toBe(true);
    expect(cut.files.map((f) => f.rel)).toEqual(['f0', 'f1', 'f2', 'f3']);
  });

  it('lists in rg --sort=path order and never follows a symlink, to a file, a directory or a loop', async () => {
    const dir = workspace();
    const outside = workspace();
    writeFileSync(join(outside, 'secret'), 'x');
    mkdirSync(join(dir, 'b/c'), { recursive: true });
    writeFileSync(join(dir, 'b/c/z'), '');
    writeFileSync(join(dir, 'a'), '');
    writeFileSync(join(dir, 'b/y'), '');
    symlinkSync(outside, join(dir, 'out'));
    symlinkSync(join(outside, 'secret'), join(dir, 'b/s'));
    symlinkSync('loop2', join(dir, 'loop1'));
    symlinkSync('loop1', join(dir, 'loop2'));
    symlinkSync('/proc/self', join(dir, 'proc'));
    const walk = await walkFiles(dir, { skipDirs: new Set(), signal: new AbortController().signal, maxEntries: 1000 });
    expect(walk.files.map((f) => f.rel)).toEqual(['a', 'b/c/z', 'b/y']);
  });
});

describe('walkTree', () => {
  it('does not enter a directory swapped for a symlink after it was listed', async () => {
    const dir = workspace();
    const outside = workspace();
    writeFileSync(join(outside, 'secret.txt'), 'x');
    writeFileSync(join(dir, 'a.txt'), '');
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'inner.txt'), '');
    const fd = openPathFd(dir, true);
    try {
      const progress: WalkProgress = { visited: 0, truncated: false };
      const seen: string[] = [];
      for await (const entry of walkTree({ fd, abs: dir, real: inspectFd(fd).real }, { skipDirs: new Set(), signal: new AbortController().signal, maxEntries: 100 }, progress)) {
        seen.push(entry.rel);
        if (entry.rel === 'a.txt') {
          // The root was listed (b is a directory in that listing); now b becomes a symlink out.
          renameSync(join(dir, 'b'), join(dir, 'b-moved'));
          symlinkSync(outside, join(dir, 'b'));
        }
      }
      expect(seen).toEqual(['a.txt']);
    } finally {
      closeFd(fd);
    }
  });

  it('does not follow a directory moved out from under the root while it is walked', async () => {
    const dir = workspace();
    const elsewhere = workspace();
    mkdirSync(join(dir, 'root', 'sub'), { recursive: true });
    writeFileSync(join(dir, 'root', 'sub', 'a.txt'), '');
    mkdirSync(join(dir, 'root', 'sub', 'deeper'));
    writeFileSync(join(dir, 'root', 'sub', 'deeper', 'z.txt'), '');
    const root = join(dir, 'root');
    const fd = openPathFd(root, true);
    try {
      const seen: string[] = [];
      const progress: WalkProgress = { visited: 0, truncated: false };
      for await (const entry of walkTree({ fd, abs: root, real: root }, { skipDirs: new Set(), signal: new AbortController().signal, maxEntries: 100 }, progress)) {
        seen.push(entry.rel);
        // sub is being walked; move it out of the root: its subdirectory now lies elsewhere.
        if (entry.rel === 'sub/a.txt') renameSync(join(root, 'sub'), join(elsewhere, 'sub'));
      }
      expect(seen).toEqual(['sub/a.txt']);
    } finally {
      closeFd(fd);
    }
  });
});
