/**
 * Shared set-up for the tree watch tests (tree-watch*.test.ts): a workspace with the watch's own
 * directory beside it, a TreeScanner driven by a TreeWatch on real inotify, and what a scan
 * without the watch reports, to hold every shortened scan to.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { DEFAULT_SANDBOX_CONFIG, NO_FILE_RULES, type SandboxConfig } from '../../src/config/index.js';
import { PathRules } from '../../src/sandbox/path-rules.js';
import { TreeScanner, type ScanResult } from '../../src/sandbox/tree-scan.js';
import { nodeWatch, TreeWatch, type TreeWatchOptions } from '../../src/sandbox/tree-watch.js';
import { tempDir } from '../support/temp-repo.js';

export const KERNEL_QUEUE = Number.parseInt(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'), 10);

const opened: TreeWatch[] = [];
afterEach(() => {
  for (const w of opened.splice(0)) w.close();
});

export function rulesFor(ws: string): PathRules {
  const cfg: SandboxConfig = { ...DEFAULT_SANDBOX_CONFIG, fileRules: { ...NO_FILE_RULES, readDeny: [{ rule: 'Read(**/.env)', pattern: '**/.env' }] } };
  return new PathRules(ws, cfg);
}

/** A workspace holding `files` (a name ending in `/` is a directory) and, beside it (outside), the watch's own directory. */
export function makeRoot(files: Record<string, string> = {}, prefix = 'warden-watch-'): { ws: string; sentinel: string } {
  const root = tempDir(prefix);
  const ws = join(root, 'ws');
  mkdirSync(ws);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(ws, rel, '..'), { recursive: true });
    if (rel.endsWith('/')) mkdirSync(join(ws, rel), { recursive: true });
    else writeFileSync(join(ws, rel), content);
  }
  const sentinel = join(root, 'state', 'watch');
  mkdirSync(sentinel, { recursive: true });
  return { ws, sentinel };
}

/** The watch as the sandbox makes it (watchWorkspace), with the kernel's real queue size unless told otherwise; closed after each test. */
export function watchFor(sentinel: string, over: Partial<TreeWatchOptions> = {}): TreeWatch {
  const w = new TreeWatch({
    sentinelDir: sentinel, watch: nodeWatch, lossAt: Math.floor(KERNEL_QUEUE / 2), barrierMs: 5_000, maxWatches: 4_000, minDirectories: 0,
    createFile: (p) => writeFileSync(p, '', { flag: 'wx' }), removeFile: (p) => rmSync(p), ...over,
  });
  opened.push(w);
  return w;
}

/** Everything a scan reports, in an order that does not depend on how it walked. */
export function full(r: ScanResult): string[] {
  return [
    ...r.found.map((f) => `found ${f.rel} ${f.kind} hide=${f.hide ?? '-'} protect=${f.protect ?? '-'} ${f.id} n${f.nlink} ${f.target === null ? '-' : `${f.target.kind}:${f.target.path}`}`),
    ...r.unreadable.map((u) => `unreadable ${u}`),
    ...r.badNames.map((b) => `bad ${b}`),
    `rootGit ${r.rootGit}`, `changed ${r.changed}`, `overBudget ${r.overBudget}`, `entries ${r.entries}`,
  ].sort();
}

/** What a scanner with no watch and no cache reports now. */
export const freshScan = (ws: string): string[] => full(new TreeScanner(ws, rulesFor(ws)).scan());

export async function settledScan(s: TreeScanner, w: TreeWatch): Promise<ScanResult> {
  await w.settle();
  return s.scan();
}

/** A watched scanner whose watches are built and trusted. */
export async function watched(ws: string, sentinel: string, over: Partial<TreeWatchOptions> = {}): Promise<{ s: TreeScanner; w: TreeWatch }> {
  const w = watchFor(sentinel, over);
  const s = new TreeScanner(ws, rulesFor(ws), Date.now, w);
  await settledScan(s, w);
  await settledScan(s, w);
  expect(w.mode).toBe('trusted');
  return { s, w };
}


/** Every path under `ws` (relative), never through a symlink nor into a name that is not UTF-8. */
export function entries(ws: string, rel = ''): Array<{ rel: string; dir: boolean }> {
  const out: Array<{ rel: string; dir: boolean }> = [];
  let names: string[];
  try {
    names = readdirSync(join(ws, rel));
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.includes('\uFFFD')) continue;
    const child = rel === '' ? name : `${rel}/${name}`;
    const dir = lstatSync(join(ws, child), { throwIfNoEntry: false })?.isDirectory() === true;
    out.push({ rel: child, dir });
    if (dir) out.push(...entries(ws, child));
  }
  return out;
}

/**
 * The tree as a random change sees it, and the plain changes both seeded differentials make. Each
 * change draws from `rand` in a fixed order, so a seed replays the same sequence; it returns what
 * it did (for the failure message), or 'noop'.
 */
export function treeOps(ws: string, rand: () => number, names: readonly string[]) {
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(rand() * xs.length)];
  const all = entries(ws);
  const dirs = ['', ...all.filter((e) => e.dir).map((e) => e.rel)];
  const at = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const inside = (parent: string, child: string): boolean => child === parent || child.startsWith(`${parent}/`);
  return {
    pick, all, dirs, at, inside,
    mkdir: (): string => {
      const d = at(pick(dirs) ?? '', pick(names) ?? 'a');
      mkdirSync(join(ws, d), { recursive: true });
      return `mkdir ${d}`;
    },
    write: (): string => {
      const f = at(pick(dirs) ?? '', pick(names) ?? 'f.ts');
      writeFileSync(join(ws, f), 'x');
      return `write ${f}`;
    },
    rm: (): string => {
      const e = pick(all);
      if (e === undefined) return 'noop';
      rmSync(join(ws, e.rel), { recursive: true, force: true });
      return `rm ${e.rel}`;
    },
    mv: (): string => {
      const e = pick(all);
      const to = pick(dirs);
      if (e === undefined || to === undefined || inside(e.rel, to)) return 'noop';
      const dest = at(to, pick(names) ?? 'a');
      renameSync(join(ws, e.rel), join(ws, dest));
      return `mv ${e.rel} ${dest}`;
    },
  };
}

/**
 * A command starts or ends (watches are not added while one runs): ends one of those running with
 * odds 0.6, else starts one. Draws from `rand` as the seeded differentials always have.
 */
export function commandStep(w: TreeWatch, running: { n: number }, rand: () => number): string {
  if (running.n > 0 && rand() < 0.6) {
    running.n--;
    w.commandEnded();
    return 'command ended';
  }
  running.n++;
  w.commandStarted();
  return 'command started';
}
