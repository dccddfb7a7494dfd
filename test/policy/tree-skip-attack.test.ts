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
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { treeSkipRules } from '../../src/policy/tree-skip.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { filesBeneath, rgFiles } from './rg-listing.js';
import { workspace } from '../tools/tool-harness.js';

const rgPath = await findHostExecutable('rg', process.env.PATH ?? '/usr/bin:/bin', []);

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
  const listed = new Set(rgFiles(rgPath ?? 'rg', dir, skip.globs));
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
    ['a glob at every level', ['/*/*.d/[a-z]y'], ['a/b.d/xy', 'a/b.d/xyz', 'a/c/b.d/xy', 'b.d/xy'], ''],
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
   * Found by this review (a leak, now closed). The rule syntax compiles `?` and `[!…]` to
   * JavaScript regexes, which match one UTF-16 code unit; ripgrep's globs (globset, `(?-u)`) match
   * one BYTE. A name whose character at that place is not ASCII (`keyé.pem`: é is two bytes) was
   * denied by the matcher but not left out by the glob: ripgrep opened and searched it, and what
   * it printed counted towards the output cap (see the Grep test). A range spanning `/` (`[.-0]`)
   * and `[!a]` also matched a `/` in ripgrep. Such rules are no longer translated (null): the tree
   * is judged file by file, as for any rule the globs cannot say exactly.
   */
  it('`?`, a negated class and a range spanning `/` are not translated', async () => {
    for (const rule of ['key?.pem', 'k[!a].pem', 'k[^a].pem', '/x[!a]y', '/k[.-0]y', '??.pem']) {
      const { ws, home } = tree(['a']);
      const policy = await policyWith(ws, home, [rule]);
      expect(treeSkipRules([policy], ws, ws), rule).toBeNull();
    }
  });

  it('why (the test can fail): as ripgrep globs they open what the matcher denies, or leave out what it allows', () => {
    const listed = (rels: readonly string[], globs: readonly string[]): string[] => {
      const { ws } = tree(rels);
      return rgFiles(rgPath ?? 'rg', ws, globs).sort();
    };
    expect(listed(['keyé.pem', 'key1.pem', 'key.pem'], ['!key?.pem'])).toEqual(['key.pem', 'keyé.pem']); // keyé.pem: denied by the matcher
    expect(listed(['kü.pem', 'kx.pem', 'ka.pem'], ['!k[!a].pem'])).toEqual(['ka.pem', 'kü.pem']); // kü.pem: denied by the matcher
    expect(listed(['x/y', 'xay', 'xby'], ['!/x[!a]y'])).toEqual(['xay']); // x/y: allowed by the matcher
    expect(listed(['k/y', 'k.y', 'kzy'], ['!/k[.-0]y'])).toEqual(['kzy']); // k/y: allowed by the matcher
  });
});
