// A second round of attacks on the tree watch (tree-watch.ts), on what the first round
// (tree-watch-attack.test.ts) left out: directories the walk stops reaching for a while, a loss
// seen while a command runs, how much a command can make the watch remember, and a seeded
// differential with more kinds of change (names that are not UTF-8, locked directories, symlinked
// directories, trips through node_modules and hidden names, trees growing past and shrinking under
// minDirectories, two barriers in flight, a barrier with no scan after it). Part one drives a
// TreeScanner with a TreeWatch on real inotify and holds every settled scan to a scan without the
// watch; part two runs the first attack as commands in real bubblewrap.
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { TreeScanner, type ScanResult } from '../../src/sandbox/tree-scan.js';
import type { TreeWatch } from '../../src/sandbox/tree-watch.js';
import { BWRAP, cleanupAll, config, makeWorkspace, run, SKIP_REASON, withRunner } from './sandbox-fixture.js';
import { commandStep, entries, freshScan, full, KERNEL_QUEUE, makeRoot, rulesFor, settledScan, treeOps, watched, watchFor } from './tree-watch-fixture.js';
import { rng } from '../support/seeded-random.js';

afterAll(() => cleanupAll());

/** Deletes a directory and makes it again, until the file system hands the same inode number back (ext4 does; tmpfs never). */
function remakeOnSameInode(dir: string): boolean {
  for (let i = 0; i < 20; i++) {
    const ino = lstatSync(dir).ino;
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    if (lstatSync(dir).ino === ino) return true;
  }
  return false;
}


/** A file renamed back and forth: two events a rename, none merged with the one before. */
function flooder(dir: string): (tag: string, n: number) => void {
  let at = join(dir, 'keep');
  return (tag, n) => {
    for (let i = 0; i < n; i += 2) {
      const next = join(dir, `${tag}${i}`);
      renameSync(at, next);
      at = next;
    }
  };
}

describe('TreeWatch: directories the walk stops reaching for a while (real inotify)', () => {
  // The walk does not enter node_modules, hidden names or unlistable directories. A watched
  // directory moved there is out of sight: what its watches say meanwhile is cleared by the next
  // scan, and a directory below it deleted and made again on the same inode number has a dead
  // watch under a known dev:ino when it comes back.
  test('a directory moved into node_modules, its subdirectory made again on the same inode number there, moved back: a plant in it is found', async (ctx) => {
    const { ws, sentinel } = makeRoot({ 'p/r/f.ts': '', 'q/f.ts': '', 'node_modules/x': '' });
    const { s, w } = await watched(ws, sentinel);
    renameSync(join(ws, 'p'), join(ws, 'node_modules/p'));
    const reused = remakeOnSameInode(join(ws, 'node_modules/p/r'));
    expect(full(await settledScan(s, w))).toEqual(freshScan(ws)); // a command's check after: p is out of sight
    renameSync(join(ws, 'node_modules/p'), join(ws, 'p'));
    expect(full(await settledScan(s, w))).toEqual(freshScan(ws)); // the next command's: p is back, p/r listed anew
    writeFileSync(join(ws, 'p/r/.npmrc'), 'x'); // heard only by a live watch on the new p/r
    const got = full(await settledScan(s, w));
    if (!reused) ctx.skip();
    expect(got.some((l) => l.startsWith('found p/r/.npmrc file '))).toBe(true);
    expect(got).toEqual(freshScan(ws));
  });

  test('the same trip through a hidden name (.env), two levels deep', async (ctx) => {
    const { ws, sentinel } = makeRoot({ 'p/r/s/f.ts': '', 'q/f.ts': '' });
    const { s, w } = await watched(ws, sentinel);
    renameSync(join(ws, 'p'), join(ws, '.env'));
    const reused = remakeOnSameInode(join(ws, '.env/r/s'));
    await settledScan(s, w);
    renameSync(join(ws, '.env'), join(ws, 'p'));
    await settledScan(s, w);
    mkdirSync(join(ws, 'p/r/s/.git'));
    const got = full(await settledScan(s, w));
    if (!reused) ctx.skip();
    expect(got.some((l) => l.startsWith('found p/r/s/.git dir '))).toBe(true);
    expect(got).toEqual(freshScan(ws));
  });

  test.skipIf(process.getuid?.() === 0)('a directory locked (chmod 000) while its subdirectory is made again on the same inode number', async (ctx) => {
    const { ws, sentinel } = makeRoot({ 'p/r/f.ts': '', 'q/f.ts': '' });
    const { s, w } = await watched(ws, sentinel);
    const reused = remakeOnSameInode(join(ws, 'p/r'));
    chmodSync(join(ws, 'p'), 0o000);
    expect((await settledScan(s, w)).unreadable).toEqual(['p']); // the check after: p cannot be listed
    chmodSync(join(ws, 'p'), 0o755); // the guard opens it and looks again (no barrier)
    s.scan();
    await settledScan(s, w);
    writeFileSync(join(ws, 'p/r/.npmrc'), 'x');
    const got = full(await settledScan(s, w));
    if (!reused) ctx.skip();
    expect(got).toEqual(freshScan(ws));
  });
});

describe('TreeWatch: a loss seen while a command runs (real inotify)', () => {
  test('the scan after the barrier cannot watch again (a command runs): the watches are not trusted until one that can', async (ctx) => {
    const { ws, sentinel } = makeRoot({ 'flood/keep': '', 'quiet/d/a.ts': '' });
    const { s, w } = await watched(ws, sentinel);
    const flood = flooder(join(ws, 'flood'));
    const dir = join(ws, 'quiet/d');
    const ino = lstatSync(dir).ino;
    w.commandStarted(); // the flooding command; another one's look comes while it runs
    flood('a', Math.ceil(KERNEL_QUEUE * 0.6)); // more than half the queue: a loss is inferred
    const barrier = w.settle();
    flood('b', KERNEL_QUEUE); // the queue is full: what follows is dropped
    rmSync(dir, { recursive: true }); // its watch dies, unheard
    mkdirSync(dir);
    await barrier;
    const reused = lstatSync(dir).ino === ino;
    expect(full(s.scan())).toEqual(freshScan(ws)); // a whole look, but no watch may be added now
    w.commandEnded();
    expect(full(await settledScan(s, w))).toEqual(freshScan(ws)); // its check after
    writeFileSync(join(dir, '.npmrc'), 'x'); // heard only by a live watch on the new directory
    const got = full(await settledScan(s, w));
    if (!reused) ctx.skip();
    expect(got.some((l) => l.startsWith('found quiet/d/.npmrc file '))).toBe(true);
    expect(got).toEqual(freshScan(ws));
  });
});

describe('TreeWatch: what a command can make the watch remember (real inotify)', () => {
  // Names changed are remembered until a scan that keeps the watches, which a tree below
  // minDirectories never has: a command creating and removing millions of names would grow the
  // runner's memory without end (about 90 MB a million). Past half the queue, the watch stops
  // remembering and builds again (it would infer a loss at the next barrier anyway).
  test.each([
    ['a tree too small to be worth a barrier', 10_000],
    ['a watched tree', 0],
  ])('%s: many names changed make the watch give up, not remember them', async (_what, minDirectories) => {
    const { ws, sentinel } = makeRoot({ 'a/f.ts': '', 'b/f.ts': '' });
    const w = watchFor(sentinel, { lossAt: 500, minDirectories });
    const s = new TreeScanner(ws, rulesFor(ws), Date.now, w);
    s.scan(); // the run's first scan builds the watches
    await settledScan(s, w);
    expect(w.mode).toBe('trusted');
    for (let i = 0; i < 400; i++) {
      writeFileSync(join(ws, 'a', `n${i}`), '');
      rmSync(join(ws, 'a', `n${i}`));
    }
    await new Promise((r) => setTimeout(r, 100)); // the events are read (no barrier: none in a small tree)
    expect(w.mode).toBe('rebuild');
    writeFileSync(join(ws, 'b/.npmrc'), 'x');
    expect(full(await settledScan(s, w))).toEqual(freshScan(ws));
  });
});

const NAMES = ['a', 'b', 'src', '.npmrc', '.env', '.git', 'node_modules', '.github', 'f.ts'];
/** Not UTF-8: the scanner reports it, never enters it. */
const BAD = Buffer.from([0x62, 0xff, 0x0a]);

interface World {
  ws: string;
  w: TreeWatch;
  rand: () => number;
  running: { n: number };
  /** Directories locked (chmod 000) by the sequence. */
  locked: Set<string>;
  /** Burst size: enough events to infer a loss. */
  burst: number;
  /** Directories taken out of the walk's sight, to bring back. */
  trips: Array<{ from: string; to: string }>;
}

/** Opens every directory a sequence locked, wherever it went since (not needed as root). */
function unlockAll(dir: string): void {
  try {
    chmodSync(dir, 0o755);
    for (const d of readdirSync(dir, { withFileTypes: true })) if (d.isDirectory()) unlockAll(join(dir, d.name));
  } catch {
    // Gone, or a name that is not UTF-8.
  }
}

/** One random change to the tree; returns what it did (for the failure message). */
function randomOp(world: World): string {
  const { ws, rand, w, running } = world;
  const ops = treeOps(ws, rand, NAMES);
  const { pick, all, dirs, at } = ops;
  const kind = rand();
  try {
    if (kind < 0.1 && dirs.length < 90) return ops.mkdir();
    if (kind < 0.18) return ops.write();
    if (kind < 0.24) return ops.rm();
    if (kind < 0.32) return ops.mv();
    if (kind < 0.4) {
      // Out of the walk's sight (node_modules, a hidden name) and, maybe, back later.
      const e = pick(all.filter((x) => x.dir && !x.rel.includes('node_modules') && !x.rel.split('/').includes('.env')));
      if (e === undefined) return 'noop';
      const away = `${pick(['node_modules', '.env']) ?? '.env'}`;
      mkdirSync(join(ws, 'node_modules'), { recursive: true });
      const dest = away === '.env' ? '.env' : `node_modules/trip${Math.floor(rand() * 100)}`;
      if (existsSync(join(ws, dest))) rmSync(join(ws, dest), { recursive: true, force: true });
      renameSync(join(ws, e.rel), join(ws, dest));
      // While away: a directory inside made again, likely on the same inode number (ext4).
      const inner = entries(ws, dest).filter((x) => x.dir);
      const d = pick(inner);
      if (d !== undefined) {
        rmSync(join(ws, d.rel), { recursive: true });
        mkdirSync(join(ws, d.rel));
      }
      world.trips.push({ from: dest, to: e.rel });
      return `trip ${e.rel} -> ${dest}${d === undefined ? '' : `, remade ${d.rel}`}`;
    }
    if (kind < 0.46) {
      const t = world.trips.pop();
      if (t === undefined || !existsSync(join(ws, t.from)) || existsSync(join(ws, t.to))) return 'noop';
      mkdirSync(join(ws, t.to, '..'), { recursive: true });
      renameSync(join(ws, t.from), join(ws, t.to));
      return `back ${t.from} -> ${t.to}`;
    }
    if (kind < 0.52) {
      // Deleted and made again at once: ext4 likely hands the same inode number back.
      const e = pick(all.filter((x) => x.dir));
      if (e === undefined) return 'noop';
      rmSync(join(ws, e.rel), { recursive: true });
      mkdirSync(join(ws, e.rel));
      return `remade ${e.rel}`;
    }
    if (kind < 0.57) {
      const d = pick(dirs) ?? '';
      const raw = Buffer.concat([Buffer.from(`${join(ws, d)}/`), BAD]);
      if (rand() < 0.5) mkdirSync(raw, { recursive: true });
      else writeFileSync(raw, 'x');
      return `bad name in ${d || '.'}`;
    }
    if (kind < 0.62) {
      const d = pick(dirs.filter((x) => x !== ''));
      if (d === undefined) return 'noop';
      if (world.locked.has(d)) {
        chmodSync(join(ws, d), 0o755);
        world.locked.delete(d);
        return `unlock ${d}`;
      }
      chmodSync(join(ws, d), 0o000);
      world.locked.add(d);
      return `lock ${d}`;
    }
    if (kind < 0.67) {
      // A symlink to a directory, at a plain or a ruled name.
      const l = at(pick(dirs) ?? '', pick(NAMES) ?? 'x');
      const target = pick(dirs) ?? '';
      symlinkSync(join(ws, target), join(ws, l));
      return `dir symlink ${l} -> ${target || '.'}`;
    }
    if (kind < 0.7) {
      const f = pick(all.filter((x) => lstatSync(join(ws, x.rel), { throwIfNoEntry: false })?.isFile() === true));
      const l = at(pick(dirs) ?? '', pick(NAMES) ?? 'x');
      if (f === undefined) return 'noop';
      linkSync(join(ws, f.rel), join(ws, l));
      return `link ${l} = ${f.rel}`;
    }
    if (kind < 0.76) {
      // A deep chain: the tree grows past minDirectories (or shrinks back under it).
      if (existsSync(join(ws, 'deep'))) {
        rmSync(join(ws, 'deep'), { recursive: true });
        return 'rm deep';
      }
      mkdirSync(join(ws, 'deep', ...Array.from({ length: 70 }, (_, i) => `d${i}`)), { recursive: true });
      return 'mkdir deep (70 levels)';
    }
    if (kind < 0.8) {
      // Enough events for a loss to be inferred.
      mkdirSync(join(ws, 'flood'), { recursive: true });
      writeFileSync(join(ws, 'flood/keep'), '');
      flooder(join(ws, 'flood'))(`r${Math.floor(rand() * 1e6)}-`, world.burst);
      rmSync(join(ws, 'flood'), { recursive: true });
      return `burst of ${world.burst} events`;
    }
    return commandStep(w, running, rand);
  } catch (err) {
    return `failed (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}

describe('TreeWatch: seeded random changes, every settled scan equal to a scan without the watch', () => {
  // Seeds alternate the watch's settings: a small inferred-loss threshold (losses, relooks), and
  // the sandbox's minDirectories (the tree grows past it and shrinks under it). 1001, 1003 and
  // 1143 failed before the fix for directories the walk stops reaching (150 seeds swept).
  const SEEDS = process.env.WATCH_SEEDS === undefined ? [1001, 1003, 1143, 4, 6, 7, 9, 10, 11, 12, 14, 15] : Array.from({ length: Number(process.env.WATCH_SEEDS) }, (_, i) => 1000 + i);
  let seedsReusing = 0;
  test.each(SEEDS)('seed %i', async (seed) => {
    const { ws, sentinel } = makeRoot({ 'p/src/a/f.ts': '', 'p/src/b/f.ts': '', 'q/x/f.ts': '', 'node_modules/m/i.js': '', '.env': 'SECRET=1\n' });
    const lossAt = seed % 3 === 0 ? 60 : Math.floor(KERNEL_QUEUE / 2);
    const minDirectories = seed % 2 === 0 ? 64 : 0;
    if (minDirectories > 0) mkdirSync(join(ws, 'deep', ...Array.from({ length: 70 }, (_, i) => `d${i}`)), { recursive: true }); // past it, until the chain goes
    const w = watchFor(sentinel, { lossAt, minDirectories });
    const s = new TreeScanner(ws, rulesFor(ws), Date.now, w);
    const world: World = { ws, w, rand: rng(seed), running: { n: 0 }, locked: new Set(), burst: lossAt + 10, trips: [] };
    const { rand } = world;
    const log: string[] = [];
    let reused = 0;
    const check = (r: ScanResult, step: number, how: string): void => {
      const whole = new TreeScanner(ws, rulesFor(ws)).scan();
      if (r.looked < whole.looked) reused++;
      log.push(`-- scan ${how} (mode ${w.mode}, looked ${r.looked} of ${whole.looked})`);
      expect(full(r), `seed ${seed}, step ${step}:\n${log.slice(-30).join('\n')}`).toEqual(full(whole));
    };
    const ops = (): void => {
      const n = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < n; i++) log.push(randomOp(world));
    };
    try {
      if (rand() < 0.5) s.scan(); // the prepared sandbox's planning scan: the first, unsettled
      for (let step = 0; step < 45; step++) {
        ops();
        const how = rand();
        if (how < 0.55) {
          await w.settle();
          check(s.scan(), step, 'settled');
        } else if (how < 0.75) {
          // Two commands' barriers in flight, with changes between them (a command running).
          const first = w.settle();
          ops();
          const second = w.settle();
          await first;
          s.scan(); // need not see what came after the first barrier
          await second;
          check(s.scan(), step, 'settled (second of two)');
        } else if (how < 0.85) {
          // A barrier with no scan after it (a command refused before planning), then a later look.
          await w.settle();
          await new Promise((r) => setImmediate(r));
          check(s.scan(), step, 'after an unused barrier');
        } else {
          check(s.scan(), step, 'unsettled');
        }
      }
      if (reused > 0) seedsReusing++;
    } finally {
      for (; world.running.n > 0; world.running.n--) w.commandEnded();
      unlockAll(ws);
    }
  });

  // The sequences must exercise the shortcut, or the comparison proves nothing (a sequence whose
  // tree stays under minDirectories, or keeps losing events, may never reuse a listing).
  test('most seeds reused listings', () => {
    expect(seedsReusing).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });
});

describe.skipIf(BWRAP === null)(`the check after a command, with the tree watched (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  test('a directory taken into node_modules, its subdirectory made again there on the same inode number, brought back: a later plant in it is removed', async (ctx) => {
    const filler = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`lib/m${i}/index.ts`, '']));
    const ws = makeWorkspace({ ...filler, 'pkg/src/index.ts': '', 'node_modules/.keep': '' });
    await withRunner(ws, config(), async (runner) => {
      await run(runner, ws, 'true'); // the watches are built
      const away = await run(runner, ws, 'mv pkg node_modules/pkg && for i in $(seq 20); do ino=$(stat -c %i node_modules/pkg/src); rm -rf node_modules/pkg/src; mkdir node_modules/pkg/src; [ "$(stat -c %i node_modules/pkg/src)" = "$ino" ] && { echo reused; break; }; done; true');
      await run(runner, ws, 'mv node_modules/pkg pkg');
      const plant = await run(runner, ws, 'echo "//registry/:_authToken=x" > pkg/src/.npmrc && echo ok');
      expect(plant.output).toContain('ok');
      if (!away.output.includes('reused')) ctx.skip();
      expect(existsSync(join(ws, 'pkg/src/.npmrc'))).toBe(false);
      expect(plant.violations.some((v) => v.startsWith('filesystem: pkg/src/.npmrc appeared'))).toBe(true);
    });
  });
});
