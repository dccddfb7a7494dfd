import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skippedDirs, walkFiles } from '../../src/tools/file-walk.js';
import { workspace } from './tool-harness.js';

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
