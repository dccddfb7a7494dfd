// The watch that lets a scan skip unchanged directories (tree-watch.ts): on real inotify, every
// scan it shortens must find what a scan without it finds, and it must give up rather than guess.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { TreeScanner } from '../../src/sandbox/tree-scan.js';
import { nodeWatch, watchWorkspace, type TreeWatch, type WatchFn } from '../../src/sandbox/tree-watch.js';
import { freshScan as fresh, full as summary, makeRoot, rulesFor, settledScan, watchFor } from './tree-watch-fixture.js';

/** A workspace of `packages` × 3 directories, a `.env` at the top, and our sentinel directory beside it. */
function makeTree(packages = 6): { ws: string; sentinel: string; dirs: number } {
  const files: Record<string, string> = { '.env': 'TOKEN=x\n' };
  for (let p = 0; p < packages; p++) for (const d of ['a', 'b']) files[`p${p}/src/${d}/f.ts`] = 'export {};\n';
  return { ...makeRoot(files), dirs: 1 + packages * 4 };
}

const scanner = (ws: string, watch: TreeWatch | null = null): TreeScanner => new TreeScanner(ws, rulesFor(ws), Date.now, watch);

describe('TreeWatch with a TreeScanner, on real inotify', () => {
  test('an unchanged tree is not looked at again; one change is looked at where it happened', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel);
    const s = scanner(ws, w);
    expect((await settledScan(s, w)).looked).toBe(dirs); // the first scan builds the watches
    expect(w.mode).toBe('trusted');
    const again = await settledScan(s, w);
    expect(again.looked).toBe(0);
    expect(summary(again)).toEqual(fresh(ws));

    writeFileSync(join(ws, 'p3', 'src', 'b', '.npmrc'), '//registry/:_authToken=x\n');
    const after = await settledScan(s, w);
    expect(summary(after).some((line) => line.startsWith('found p3/src/b/.npmrc file '))).toBe(true);
    expect(summary(after)).toEqual(fresh(ws));
    expect(after.looked).toBeGreaterThan(0);
    expect(after.looked).toBeLessThanOrEqual(2);
  });

  test('a scan that did not wait for the barrier looks at every directory', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel);
    const s = scanner(ws, w);
    await settledScan(s, w);
    writeFileSync(join(ws, 'p1', 'src', 'a', '.env.local'), 'x');
    const unsettled = s.scan(); // the event may still be in the kernel's queue
    expect(unsettled.looked).toBe(dirs);
    expect(summary(unsettled)).toEqual(fresh(ws));
    // Nor may a scan in a later turn of the event loop use an earlier barrier.
    await w.settle();
    await new Promise((r) => setImmediate(r));
    expect(s.scan().looked).toBe(dirs);
  });

  test('a directory replaced, renamed, emptied or locked is seen as it now is', async () => {
    const { ws, sentinel } = makeTree();
    const w = watchFor(sentinel);
    const s = scanner(ws, w);
    await settledScan(s, w);
    const steps: Array<[string, () => void]> = [
      ['replaced by a new directory of the same name holding a protected file', () => {
        rmSync(join(ws, 'p2', 'src'), { recursive: true });
        mkdirSync(join(ws, 'p2', 'src', 'a'), { recursive: true });
        writeFileSync(join(ws, 'p2', 'src', 'a', '.npmrc'), 'x');
      }],
      ['a watched directory moved under another name, then a protected file put in it', () => {
        renameSync(join(ws, 'p4'), join(ws, 'q4'));
        writeFileSync(join(ws, 'q4', 'src', 'a', '.yarnrc.yml'), 'x');
      }],
      ['a directory renamed away whole and a new one made in its place, with a same-named subdirectory holding a protected file', () => {
        renameSync(join(ws, 'p3'), join(ws, 'old3'));
        mkdirSync(join(ws, 'p3', 'src', 'b'), { recursive: true });
        writeFileSync(join(ws, 'p3', 'src', 'b', '.npmrc'), 'x');
      }],
      ['a nested repository made inside an unchanged-looking directory', () => mkdirSync(join(ws, 'p5', 'src', 'b', '.git', 'hooks'), { recursive: true })],
      ['a directory made unlistable', () => chmodSync(join(ws, 'p0', 'src', 'a'), 0o000)],
      ['a same-named child swapped in for a directory of that name', () => {
        mkdirSync(join(ws, 'p1', 'src', 'src'));
        writeFileSync(join(ws, 'p1', 'src', 'src', '.netrc'), 'x');
      }],
    ];
    for (const [what, change] of steps) {
      change();
      const got = summary(await settledScan(s, w));
      expect(got, what).toEqual(fresh(ws));
    }
    chmodSync(join(ws, 'p0', 'src', 'a'), 0o755);
  });

  test('a directory deleted and made again, on the same inode number, is watched again', async (ctx) => {
    const { ws, sentinel } = makeTree();
    const w = watchFor(sentinel);
    const s = scanner(ws, w);
    await settledScan(s, w);
    const dir = join(ws, 'p3', 'src', 'a');
    // ext4 hands a freed inode straight back, unless something else on the machine took it first.
    let reused = false;
    for (let attempt = 0; attempt < 10 && !reused; attempt++) {
      const before = statSync(dir).ino;
      rmSync(dir, { recursive: true });
      mkdirSync(dir);
      reused = statSync(dir).ino === before;
      await settledScan(s, w);
    }
    // The old watch died with the old directory; only a new one reports this.
    writeFileSync(join(dir, '.npmrc'), 'x');
    expect(summary(await settledScan(s, w))).toEqual(fresh(ws));
    expect(fresh(ws).some((line) => line.startsWith('found p3/src/a/.npmrc '))).toBe(true);
    // The case this test is for needs the same dev:ino as the dead watch (tmpfs never reuses one).
    if (!reused) ctx.skip();
  });

  test('a directory made while a command runs is not watched then; the missing watches are added once none runs', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel);
    const s = scanner(ws, w);
    await settledScan(s, w);
    w.commandStarted();
    mkdirSync(join(ws, 'p0', 'new'));
    writeFileSync(join(ws, 'p0', 'new', '.env'), 'x');
    const during = await settledScan(s, w);
    expect(summary(during)).toEqual(fresh(ws));
    expect(w.mode).toBe('refill');
    w.commandEnded();
    const rebuilt = await settledScan(s, w);
    expect(rebuilt.looked).toBe(dirs + 1);
    expect(w.mode).toBe('trusted');
    expect((await settledScan(s, w)).looked).toBe(0);
  });

  test('as many events as could overflow the kernel queue: nothing is reused, the watches are built again', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel, { lossAt: 10 });
    const s = scanner(ws, w);
    await settledScan(s, w);
    for (let i = 0; i < 12; i++) writeFileSync(join(ws, 'p1', 'src', 'a', `g${i}.ts`), '');
    writeFileSync(join(ws, 'p5', 'src', 'b', '.npmrc'), 'x');
    const after = await settledScan(s, w);
    expect(after.looked).toBe(dirs);
    expect(summary(after)).toEqual(fresh(ws));
    expect(w.mode).toBe('trusted');
  });

  test('a barrier that never comes ends watching for the run; scans go on looking at everything', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const deaf: WatchFn = (path, onEvent, onError) => nodeWatch(path, (type, name) => {
      if (path !== sentinel) onEvent(type, name);
    }, onError);
    const w = watchFor(sentinel, { watch: deaf, barrierMs: 50 });
    const s = scanner(ws, w);
    await settledScan(s, w);
    expect(w.mode).toBe('off');
    expect((await settledScan(s, w)).looked).toBe(dirs);
  });

  test('more directories than watches allowed: watching stops, scans stay whole', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel, { maxWatches: 5 });
    const s = scanner(ws, w);
    const first = await settledScan(s, w);
    expect(summary(first)).toEqual(fresh(ws));
    expect(w.mode).toBe('off');
    writeFileSync(join(ws, 'p2', 'src', 'a', '.env.production'), 'x');
    const second = await settledScan(s, w);
    expect(second.looked).toBe(dirs);
    expect(summary(second)).toEqual(fresh(ws));
  });

  test('a watch the system refuses (the watch limit) counts as too many', async () => {
    const { ws, sentinel } = makeTree();
    let made = 0;
    const limited: WatchFn = (path, onEvent, onError) => {
      if (path !== sentinel && ++made > 3) throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
      return nodeWatch(path, onEvent, onError);
    };
    const w = watchFor(sentinel, { watch: limited });
    const s = scanner(ws, w);
    expect(summary(await settledScan(s, w))).toEqual(fresh(ws));
    expect(w.mode).toBe('off');
  });

  test('in a tree too small to be worth a barrier, every scan looks at everything', async () => {
    const { ws, sentinel, dirs } = makeTree();
    const w = watchFor(sentinel, { minDirectories: dirs + 1 });
    const s = scanner(ws, w);
    await settledScan(s, w);
    writeFileSync(join(ws, 'p0', 'src', 'a', '.npmrc'), 'x');
    const second = await settledScan(s, w);
    expect(second.looked).toBe(dirs);
    expect(summary(second)).toEqual(fresh(ws));
  });

  test('a tree with a mount inside it is not watched', async (ctx) => {
    const { ws, sentinel, dirs } = makeTree();
    const mountPoint = join(ws, 'p1', 'src', 'a');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'warden-test', mountPoint], { stdio: 'ignore' });
    } catch {
      return ctx.skip(); // not root, or no mount here
    }
    try {
      const w = watchFor(sentinel);
      const s = scanner(ws, w);
      await settledScan(s, w);
      await settledScan(s, w);
      expect(w.mode).toBe('off');
      writeFileSync(join(mountPoint, '.npmrc'), 'x');
      const after = await settledScan(s, w);
      expect(after.looked).toBe(dirs);
      expect(summary(after)).toEqual(fresh(ws));
    } finally {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    }
  });

  test('only local file systems are watched', () => {
    const { ws, sentinel } = makeTree();
    const local = watchWorkspace(ws, join(sentinel, 'x'));
    expect(local).not.toBeNull();
    local?.close();
    expect(watchWorkspace('/proc/self', join(sentinel, 'y'))).toBeNull();
  });
});
