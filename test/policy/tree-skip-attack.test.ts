/**
 * Attack review of the rules-as-globs translation (tree-skip.ts) against the real ripgrep, for
 * rule shapes and names the differential in tree-skip.test.ts does not cover: non-ASCII names
 * under `?` and negated classes, classes whose range spans `/`, every anchor (`/`, `./`, `~/`,
 * `//`, `..`), nested globstars, names with glob and gitignore characters in the middle of a path.
 *
 * A rule whose globs let ripgrep open a file the matcher denies is a leak even though denies()
 * drops what ripgrep reported of it afterwards: what ripgrep printed about it still counts
 * towards the output cap (grep-tree-skip-attack.test.ts shows the answer changing with it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { treeSkipRules } from '../../src/policy/tree-skip.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { workspace } from '../tools/tool-harness.js';

const rgPath = await findHostExecutable('rg', process.env.PATH ?? '/usr/bin:/bin', []);

function filesBeneath(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesBeneath(dir, child));
    else out.push(child);
  }
  return out;
}

/** As the tree search runs it: from the directory, over the directory. */
function rgFiles(dir: string, globs: readonly string[]): string[] {
  const args = ['--files', '--hidden', '--no-ignore', '--no-config', '--null', ...globs.map((g) => `--glob=${g}`), dir];
  const run = spawnSync(rgPath ?? 'rg', args, { cwd: dir, encoding: 'utf8' });
  return run.stdout.split('\0').filter((p) => p !== '').map((p) => p.slice(dir.length + 1));
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function tree(rels: readonly string[]): { ws: string; home: string } {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'warden-tree-skip-attack-')));
  roots.push(ws);
  for (const rel of rels) {
    const abs = join(ws, rel);
    mkdirSync(join(abs, '..'), { recursive: true });
    writeFileSync(abs, 'x\n');
  }
  return { ws, home: join(ws, 'home') };
}

async function policyWith(ws: string, home: string, deny: readonly string[], ask: readonly string[] = []): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(deny.map((r) => `Read(${r})`))}\n  ask: ${JSON.stringify(ask.map((r) => `Read(${r})`))}\n`);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: home, root: ws });
}

interface Gap {
  /** Files ripgrep lists (so opens) that the matcher denies: a leak. */
  read: string[];
  /** Files the matcher allows that ripgrep leaves out: allowed files silently unsearched. */
  missed: string[];
}

async function gap(rels: readonly string[], deny: readonly string[], sub = '', cwdSub = ''): Promise<Gap> {
  const { ws, home } = tree(rels);
  const policy = await policyWith(ws, home, deny.map((r) => r.replace('ROOT', ws.slice(1))));
  const dir = sub === '' ? ws : join(ws, sub);
  const cwd = cwdSub === '' ? ws : join(ws, cwdSub);
  const skip = treeSkipRules([policy], cwd, dir);
  expect(skip, `${deny.join(' ')} at ${sub || '.'}: translatable`).not.toBeNull();
  if (skip === null) return { read: [], missed: [] };
  const allowed = new Set(filesBeneath(dir).filter((rel) => !skip.denies(rel)));
  const listed = new Set(rgFiles(dir, skip.globs));
  // The test can fail: something must be denied, or the rule matched nothing.
  expect(filesBeneath(dir).length, `${deny.join(' ')}: something denied`).toBeGreaterThan(allowed.size);
  return { read: [...listed].filter((r) => !allowed.has(r)).sort(), missed: [...allowed].filter((r) => !listed.has(r)).sort() };
}

describe.skipIf(rgPath === undefined)('rule shapes the differential did not cover (real ripgrep 13)', () => {
  // What held: each of these lists exactly the files the matcher allows.
  it.each([
    ['~/ anchored, searched above the home', ['~/.ssh/**'], ['home/.ssh/id', 'home/.ssh/x/y', 'home/other', '.ssh/id'], ''],
    ['~/ anchored, searched at the home', ['~/.ssh/**'], ['home/.ssh/id', 'home/other', 'home/a/.ssh/id'], 'home'],
    ['// absolute, into the workspace', ['//ROOT/sec/**'], ['sec/a', 'sec/b/c', 'secx', 'a/sec/b'], ''],
    ['./ anchored', ['./sub/k'], ['sub/k/x', 'sub/k/y/z', 'a/sub/k', 'sub/kk'], ''],
    ['.. anchored from a cwd beneath', ['../up/**'], ['up/a', 'up/b/c', 'w/up/a', 'upx'], ''],
    ['nested globstars', ['/**/a/**/b/**'], ['a/b', 'x/a/y/b/z', 'a/x/b', 'b/a', 'a/bb', 'ab/b'], ''],
    ['nested globstars, searched beneath a partial match', ['/**/a/**/b/**'], ['a/b', 'a/x/b', 'a/x/y/b/z', 'a/x/c', 'a/a/b'], 'a'],
    ['special characters mid-path', ['/d ir/!x/#y/[z]/{w}/k'], ['d ir/!x/#y/[z]/{w}/k', 'd ir/!x/#y/[z]/{w}/kk', 'd ir/!x/#y/z/{w}/k'], ''],
    ['a glob at every level', ['/*/*.d/?y'], ['a/b.d/xy', 'a/b.d/xyz', 'a/c/b.d/xy', 'b.d/xy'], ''],
    ['a class range of letters', ['k[a-c][0-9].pem'], ['ka1.pem', 'kd1.pem', 'kA1.pem', 'd/kc9.pem'], ''],
    ['leading and trailing spaces, a dot name', ['/ lead', 'trail  ', '..dots'], [' lead', 'lead', 'trail  ', 'trail', 'trail ', '..dots', 'x/..dots'], ''],
    ['a backslash in a name', ['/a\\\\b'], ['a\\b', 'ab', 'a/b'], ''],
    ['ask and deny rules on one name', ['*.key'], ['a.key', 'b/c.key', 'key'], ''],
    ['a dir/** any-depth rule whose name is a glob', ['*.d/**'], ['x.d/a', 'y/x.d/b', 'x.dd/c', 'z/x.d'], ''],
  ])('%s', async (_what, rules, rels, sub) => {
    const cwdSub = rules.some((r) => r.startsWith('../')) ? 'w' : '';
    const res = await gap([...rels, ...(cwdSub === '' ? [] : ['w/f'])], rules, sub, cwdSub);
    expect(res).toEqual({ read: [], missed: [] });
  });

  /*
   * LEAK (translation). The rule syntax compiles `?` and `[!…]` to JavaScript regexes, which match
   * one UTF-16 code unit; ripgrep's globs (globset, `(?-u)`) match one BYTE. A name whose character
   * at that place is not ASCII (`keyé.pem`: é is two bytes) is denied by the matcher but not left
   * out by the glob: ripgrep opens and searches it. denies() drops its hits afterwards, but what
   * ripgrep printed of it still counts against RG_MAX_OUTPUT_CHARS (see the Grep test). A denied
   * file can be given such a name by a rename (it stays denied, and Read of it stays refused).
   * Fix: refuse to translate (null) a rule with `?` or a negated class, or translate `?` to a
   * glob that matches one UTF-8 character.
   */
  it.fails('`?` over a non-ASCII character: ripgrep opens a file the matcher denies', async () => {
    const res = await gap(['keyé.pem', 'key1.pem', 'key😀.pem', 'key.pem', 'keyab.pem'], ['key?.pem']);
    expect(res.read).toEqual([]);
  });

  it.fails('a negated class over a non-ASCII character: ripgrep opens a file the matcher denies', async () => {
    const res = await gap(['kü.pem', 'kx.pem', 'ka.pem'], ['k[!a].pem']);
    expect(res.read).toEqual([]);
  });

  /*
   * Not a leak (which files are left out depends on names only), but an allowed file silently
   * unsearched: ripgrep's `[!a]` (and a range spanning `/`, such as `[.-0]`) matches a `/` in an
   * anchored glob, so `/x[!a]y` leaves out `x/y`; the matcher stays within one component. The
   * converse of the leak above: `??.pem` leaves out `é.pem`, which the matcher allows.
   */
  it.fails('a negated class or a range spanning `/`, and `??` over a two-byte character: ripgrep leaves out files the matcher allows', async () => {
    const a = await gap(['x/y', 'xay', 'xby'], ['/x[!a]y']);
    const b = await gap(['k/y', 'k.y', 'kzy'], ['/k[.-0]y']);
    const c = await gap(['é.pem', 'ab.pem'], ['??.pem']);
    expect([a.missed, b.missed, c.missed]).toEqual([[], [], []]);
  });

  it('the gaps above are what the test measures (it can fail): what ripgrep opens that is denied, and leaves out that is allowed', async () => {
    expect((await gap(['keyé.pem', 'key1.pem', 'key😀.pem', 'key.pem', 'keyab.pem'], ['key?.pem'])).read).toEqual(['keyé.pem']);
    expect((await gap(['kü.pem', 'kx.pem', 'ka.pem'], ['k[!a].pem'])).read).toEqual(['kü.pem']);
    expect((await gap(['x/y', 'xay', 'xby'], ['/x[!a]y'])).missed).toEqual(['x/y']);
    expect((await gap(['k/y', 'k.y', 'kzy'], ['/k[.-0]y'])).missed).toEqual(['k/y']);
    expect((await gap(['é.pem', 'ab.pem'], ['??.pem'])).missed).toEqual(['é.pem']);
  });
});
