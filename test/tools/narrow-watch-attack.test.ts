/**
 * Attack review of two changes to the host-side search tools over a large tree:
 *  - narrowing (tree-narrow.ts, glob-filter.ts within/offTheWay, confined-exec `at`): ripgrep starts
 *    in the directory the include globs name;
 *  - mtimes by path while the guard's command watch holds (ReadGuardCall.watchCommands,
 *    TreeOpener.mtimeMsByPath): a name ripgrep listed is lstat-ed in one lookup from the root.
 * The claims attacked: no answer of Glob or Grep depends on the bytes of a file the policy denies,
 * and neither reveals anything about files outside the searched tree. Each test is differential:
 * two workspaces that differ only in what an attacker should not learn, or the confined answer
 * against the judged walk's.
 */
import { mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy, narrowDecider, type LoadedPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { createGlobTool } from '../../src/tools/glob.js';
import type { ReadGuard } from '../../src/tools/read-guard.js';
import { grepThroughPipeline, watchingSkips } from './grep-pipeline.js';
import type { Tool } from '../../src/tools/tool.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const ready = rgPath !== undefined && bwrapPath !== undefined;
const ALLOW_READ = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n';

async function loadPolicyText(text: string, ws: string): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), text);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
}

/** The guard a run under bubblewrap builds (run-setup.ts): told when commands ran, none running. */
async function watchedGuard(ws: string, policyText = ALLOW_READ): Promise<ReadGuard> {
  const policy = await loadPolicyText(policyText, ws);
  const activity = createCommandActivity();
  return createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, commandActivity: activity.stamp, seenAtOnePath: () => true });
}

function at(ws: string, ...parts: Array<string | Buffer>): Buffer {
  return Buffer.concat([Buffer.from(`${ws}/`), ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))]);
}

const FF = Buffer.from([0xff]);

describe.runIf(ready)('mtimes by path under the command watch: names ripgrep printed that are not UTF-8', () => {
  /*
   * A directory whose name is not UTF-8 (`\xff`) holds `probe.ts`; beside it, a symlink named what
   * `\xff` decodes to (U+FFFD, bytes EF BF BD) points outside the tree. Both made by an earlier
   * command, which has ended: the watch holds. ripgrep lists `\xff/probe.ts`; spawn-group.ts
   * decodes its output as UTF-8, so the name arrives as `\uFFFD/probe.ts`, and one lstat of that
   * path from the root (TreeOpener.mtimeMsByPath) follows the symlink: the outside file's
   * existence decides whether the name is listed, its mtime where on the page. By descriptor
   * (mtimeMs, no watch) the symlink is refused and the name always drops out.
   */
  async function globWith(outside: 'missing' | 'old' | 'new', options: { listAbove: number; watched: boolean; pattern?: string }): Promise<string> {
    const ws = workspace();
    const elsewhere = workspace();
    writeFiles(ws, { 'a/one.ts': '', 'b/two.ts': '' });
    mkdirSync(at(ws, FF));
    writeFileSync(at(ws, FF, '/probe.ts'), '');
    symlinkSync(elsewhere, join(ws, '\uFFFD'));
    const day = (n: number): Date => new Date(Date.UTC(2026, 0, n));
    // The agent's reference files: one.ts older than two.ts.
    utimesSync(join(ws, 'a/one.ts'), day(10), day(10));
    utimesSync(join(ws, 'b/two.ts'), day(20), day(20));
    utimesSync(at(ws, FF, '/probe.ts'), day(1), day(1));
    if (outside !== 'missing') {
      writeFileSync(join(elsewhere, 'probe.ts'), '');
      const when = outside === 'old' ? day(15) : day(25);
      utimesSync(join(elsewhere, 'probe.ts'), when, when);
    }
    const guard = options.watched ? await watchedGuard(ws) : createHostReadGuard({ decider: createPolicyDecider(await loadPolicyText(ALLOW_READ, ws)), cwd: ws });
    const glob = createGlobTool(guard, { searchPath: HOST_PATH, listAbove: options.listAbove }) as Tool<unknown>;
    const out = await run(glob, { pattern: options.pattern ?? '**/*.ts' }, context(ws));
    return String(out.content).replaceAll(ws, '<ws>');
  }

  /*
   * Found by this review (fixed): under the watch, Glob looked `\uFFFD/probe.ts` up by path and
   * followed the symlink, so a file outside the tree (`/root/.ssh/id_ed25519`, `/etc/shadow`) was
   * listed exactly when it existed, placed newest-first by its own mtime among files the agent
   * dated. Now a name holding U+FFFD is dropped from the listing (glob-tree.ts, as Grep does) and
   * never looked up by path (TreeOpener.mtimeMsByPath); each alone holds this test.
   */
  it('Glob never tells whether a file outside the tree exists, or how new it is', async () => {
    const missing = await globWith('missing', { listAbove: 0, watched: true });
    const old = await globWith('old', { listAbove: 0, watched: true });
    const fresh = await globWith('new', { listAbove: 0, watched: true });
    expect(old).toBe(missing);
    expect(fresh).toBe(missing);
  });

  it('held without the watch (mtimes by descriptor), and by the judged walk', async () => {
    const expected = await globWith('missing', { listAbove: 0, watched: false });
    for (const outside of ['old', 'new'] as const) {
      expect(await globWith(outside, { listAbove: 0, watched: false }), outside).toBe(expected);
      expect(await globWith(outside, { listAbove: Infinity, watched: true }), outside).toBe(expected);
    }
  });

  it('held for Grep: a name holding U+FFFD never counts, so its mtime is never looked up', async () => {
    const answer = async (outsideHas: boolean): Promise<string> => {
      const ws = workspace();
      const elsewhere = workspace();
      writeFiles(ws, { 'a/one.ts': 'needle\n' });
      mkdirSync(at(ws, FF));
      writeFileSync(at(ws, FF, '/probe.ts'), 'needle\n');
      symlinkSync(elsewhere, join(ws, '\uFFFD'));
      if (outsideHas) writeFileSync(join(elsewhere, 'probe.ts'), 'needle\n');
      const activity = createCommandActivity();
      const policy = await loadPolicyText(ALLOW_READ, ws);
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, commandActivity: activity.stamp });
      const outs: string[] = [];
      for (const input of [{ pattern: 'needle' }, { pattern: 'needle', output_mode: 'count' }, { pattern: 'needle', glob: '**/probe.ts' }]) outs.push((await grep(input)).text.replaceAll(ws, '<ws>'));
      return outs.join('\n--\n');
    };
    expect(await answer(true)).toBe(await answer(false));
  });
});

/*
 * Narrowing past a directory the guard's rules leave out: ripgrep started beneath it never meets
 * it, so it would read the denied files there, and what it printed of them counts towards the
 * output cap (RG_MAX_OUTPUT_CHARS): "cut short" exactly when a large denied file matches. The
 * oracle: two workspaces differing only in what the denied file holds; every answer the same.
 */
const SECRET = 'sk-live-7e1d04b2';
const HALF = SECRET.slice(0, 8);
const FIXED = new Date('2026-01-01T00:00:00Z');

interface NarrowCase {
  /** Deny (and ask) rules; `@WS@` is the workspace's path, `@PARENT@` its parent's. */
  deny?: string[];
  ask?: string[];
  /** Rules of a second policy narrowing the run (a fork's ceiling). */
  ceiling?: string[];
  /** The policy's home directory, relative to the workspace ('' for it, '..' for its parent). */
  home?: string;
  /** Where the large denied file is (relative), and an allowed neighbour in the same directory. */
  denied: string;
  globs: Array<{ glob?: string; type?: string }>;
  /** The oracle's own check: the guard's globs withheld from ripgrep, so it reads the denied file. */
  stripGlobs?: boolean;
}

function policyText(allow: string[], deny: string[], ask: string[], ws: string): string {
  const q = (rules: string[]): string => `[${rules.map((r) => JSON.stringify(r.replaceAll('@WS@', ws).replaceAll('@PARENT@', dirname(ws)))).join(', ')}]`;
  return `version: 1\nmode: dontAsk\npermissions:\n  allow: ${q(allow)}\n  deny: ${q(deny)}\n  ask: ${q(ask)}\n`;
}

async function narrowRun(c: NarrowCase, holds: string): Promise<{ ws: string; call: (input: Record<string, unknown>) => Promise<string>; skipped: () => number }> {
  const ws = workspace();
  const neighbour = join(dirname(c.denied), 'z.ts');
  const files: Record<string, string> = { 'pkg/a.ts': `${HALF} public\n`, [neighbour]: `${HALF} public\n`, [c.denied]: `${holds}\n`.repeat(120_000) };
  writeFiles(ws, files);
  for (const rel of Object.keys(files)) utimesSync(join(ws, rel), FIXED, FIXED);
  const policyDir = workspace();
  const home = c.home === undefined ? policyDir : join(ws, c.home);
  writeFileSync(join(policyDir, 'policy.yml'), policyText(['Read'], c.deny ?? [], c.ask ?? [], ws));
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: home, root: ws });
  const narrowedBy: LoadedPolicy[] = [];
  let decider = createPolicyDecider(policy);
  if (c.ceiling !== undefined) {
    writeFileSync(join(policyDir, 'ceiling.yml'), policyText(['Read'], c.ceiling, [], ws));
    const ceiling = await loadPolicy(join(policyDir, 'ceiling.yml'), { homeDir: home, root: ws });
    narrowedBy.push(ceiling);
    // As a fork's run is narrowed (the ceiling's rules count as the policy's own: narrowedBy).
    decider = narrowDecider(decider, createPolicyDecider(ceiling), 'the ceiling');
  }
  const { wrapGuard, seen } = watchingSkips((skip) => (c.stripGlobs === true ? { ...skip, globs: [] } : skip));
  const activity = createCommandActivity();
  const grep = grepThroughPipeline({ ws, decider, policy, narrowedBy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
  return { ws, call: async (input) => (await grep(input)).text.replaceAll(ws, '<ws>'), skipped: () => seen.length };
}

async function narrowAnswers(c: NarrowCase): Promise<Array<{ what: string; a: string; b: string; walked: number }>> {
  const hit = await narrowRun(c, SECRET);
  const miss = await narrowRun(c, 'x'.repeat(SECRET.length));
  const out: Array<{ what: string; a: string; b: string; walked: number }> = [];
  for (const g of c.globs) {
    const input = { pattern: HALF, output_mode: 'content', ...g };
    const before = hit.skipped();
    const a = await hit.call(input);
    const b = await miss.call(input);
    out.push({ what: `${JSON.stringify(c.deny ?? c.ask ?? c.ceiling)} ${JSON.stringify(g)}`, a, b, walked: hit.skipped() - before });
  }
  return out;
}

async function expectNarrowingHolds(c: NarrowCase): Promise<void> {
  for (const { what, a, b, walked } of await narrowAnswers(c)) {
    expect(a, what).toBe(b);
    expect(a, what).not.toContain(SECRET);
    // The walk by name answered (with the skip): the case could tell.
    expect(walked, `walked by name with a skip: ${what}`).toBe(1);
  }
}

const PROBE_GLOBS = (dir: string): Array<{ glob?: string; type?: string }> => [
  { glob: `${dir}/**` },
  { glob: `/${dir}/*` },
  { glob: `${dir}/**`, type: 'ts' },
  { glob: `${dir}/z.ts` },
  { glob: `{${dir}/**,${dir}/*}` },
  // picomatch reads a top-level `|` as a regex alternation (within is still `${dir}`).
  { glob: `${dir}/**|pkg/a.ts` },
];

describe.runIf(ready)('narrowing never starts ripgrep beneath a directory the rules leave out: rule shapes that held', () => {
  const cases: NarrowCase[] = [
    { deny: ['Read(/@WS@/pkg/secret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(/@WS@/pkg/secret)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(~/secret/**)'], home: 'pkg', denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(~/pkg/secret)'], home: '', denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { ask: ['Read(pkg/secret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { ceiling: ['Read(pkg/secret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { ceiling: ['Read(secret)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret/sub').concat(PROBE_GLOBS('pkg/secret')) },
    { deny: ['Read(pkg/s*t)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(pkg/[r-t]ecret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(**/secret/**)'], denied: 'pkg/secret/deep/key', globs: PROBE_GLOBS('pkg/secret/deep') },
    { deny: ['Read(/**/secret)'], denied: 'pkg/secret/deep/key', globs: PROBE_GLOBS('pkg/secret/deep') },
    { deny: ['Read(pkg/*/deep)'], denied: 'pkg/secret/deep/key', globs: PROBE_GLOBS('pkg/secret/deep') },
    { deny: ['Read(*.d)'], denied: 'pkg/conf.d/key', globs: PROBE_GLOBS('pkg/conf.d') },
    { deny: ['Read(.secret)'], denied: 'pkg/.secret/key', globs: PROBE_GLOBS('pkg/.secret') },
    { deny: ['Read(pkg/.s*/**)'], denied: 'pkg/.secret/key', globs: PROBE_GLOBS('pkg/.secret') },
    { deny: ['Read(pkg/secret/)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(./pkg/secret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    // A rule naming the files only: ripgrep applies it beneath where it starts.
    { deny: ['Read(pkg/secret/k*)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    { deny: ['Read(key)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
    // The denied directory above the workspace's pkg named through the parent.
    { deny: ['Read(/@PARENT@/**/pkg/secret/**)'], denied: 'pkg/secret/key', globs: PROBE_GLOBS('pkg/secret') },
  ];
  it('the oracle can tell: with the guard\'s globs withheld from ripgrep, the cut says the denied file matched', async () => {
    const answers = await narrowAnswers({ deny: ['Read(pkg/secret/**)'], denied: 'pkg/secret/key', globs: [{ glob: 'pkg/secret/**' }, { glob: 'pkg/**' }], stripGlobs: true });
    for (const { what, a, b, walked } of answers) {
      expect(walked, what).toBe(1);
      expect(a, what).toContain('cut short');
      expect(a, what).not.toBe(b);
    }
  });

  for (const c of cases) {
    it(`${JSON.stringify(c.deny ?? c.ask ?? c.ceiling)}${c.ask ? ' (ask)' : ''}${c.ceiling ? ' (ceiling)' : ''}${c.home !== undefined ? ` home=${c.home}` : ''}`, async () => {
      await expectNarrowingHolds(c);
    });
  }
});

describe.runIf(ready)('mtimes by path under the watch: the tree changed by a command before the call', () => {
  /*
   * A command (run as one: the stamp changes around it) swaps the directory a glob names, or one on
   * the way, for a symlink to a directory outside the tree whose files carry chosen mtimes. The
   * watch starts at the call, after the command ended: ripgrep (never following a link) and
   * openBeneath (refusing one) meet the symlink, so nothing is listed through it, and whether the
   * outside files exist changes nothing.
   */
  async function globAfterSwap(outsideHas: boolean, pattern: string): Promise<string> {
    const ws = workspace();
    const elsewhere = workspace();
    writeFiles(ws, { 'pkg/sub/a.ts': '', 'pkg/sub/b.ts': '', 'top.ts': '' });
    if (outsideHas) writeFiles(elsewhere, { 'sub/a.ts': '', 'sub/b.ts': '', 'a.ts': '', 'b.ts': '' });
    for (const rel of ['pkg/sub/a.ts', 'pkg/sub/b.ts', 'top.ts']) utimesSync(join(ws, rel), FIXED, FIXED);
    const policy = await loadPolicyText(ALLOW_READ, ws);
    const activity = createCommandActivity();
    const guard = createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, commandActivity: activity.stamp, seenAtOnePath: () => true });
    const glob = createGlobTool(guard, { searchPath: HOST_PATH, listAbove: 0 }) as Tool<unknown>;
    const ctx = context(ws);
    const first = String((await run(glob, { pattern }, ctx)).content);
    await activity.around(() => {
      renameSync(join(ws, 'pkg'), join(ws, 'pkg-moved'));
      symlinkSync(elsewhere, join(ws, 'pkg'));
      return Promise.resolve();
    });
    const second = String((await run(glob, { pattern }, ctx)).content);
    return `${first}\n--\n${second}`.replaceAll(ws, '<ws>');
  }

  it('Glob naming the swapped directory, or listing all: nothing through the symlink', async () => {
    for (const pattern of ['pkg/sub/**', 'pkg/**', '**/*.ts', 'pkg/sub/a.ts']) {
      const without = await globAfterSwap(false, pattern);
      expect(await globAfterSwap(true, pattern), pattern).toBe(without);
      expect(without.split('--')[1], pattern).not.toContain('<ws>/pkg/');
    }
  });
});
