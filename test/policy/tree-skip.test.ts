/**
 * The Read deny and ask rules as ripgrep globs (tree-skip.ts): a table of what each rule shape
 * becomes, and a differential against the real ripgrep. For every rule and every directory
 * searched, the files `rg --files` lists with the globs (run as the tree search runs it: from
 * the directory, over the directory) must be exactly the files the policy's own matcher does not
 * deny, over a tree of names chosen to trip a translation (glob characters, gitignore's `!`, `#`
 * and trailing spaces, denied names as directories, nested matches).
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy, matchPathPattern, parsePathPattern, type LoadedPolicy } from '../../src/policy/index.js';
import { pathPatternBeneath } from '../../src/policy/path-rule-match.js';
import { ruleGlobs, treeSkipRules } from '../../src/policy/tree-skip.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { filesBeneath, rgFiles } from './rg-listing.js';
import { workspace, writeEveryPairing } from '../tools/tool-harness.js';

const rgPath = await findHostExecutable('rg', process.env.PATH ?? '/usr/bin:/bin', []);

const BASES = { root: '/repo', cwd: '/repo', home: '/home/u' };

function globsOf(rule: string, dir: string, cwd = BASES.cwd): string[] | null {
  const parsed = parsePathPattern(rule, 'deny');
  if (!parsed.ok) throw new Error(`bad pattern ${rule}`);
  return ruleGlobs(parsed.value, dir, { ...BASES, cwd });
}

describe('a rule as globs anchored at the searched directory', () => {
  it.each([
    ['.env', '/repo', ['!.env']],
    ['*.pem', '/repo/src', ['!*.pem']],
    ['.env.*.local', '/repo', ['!.env.*.local']],
    ['private/**', '/repo/src', ['!private']], // a deny's dir/** : that directory at any depth
    ['/secrets/**', '/repo', ['!/secrets']],
    ['/secrets/**', '/repo/src', []], // cannot match beneath src
    ['/src/gen/*.ts', '/repo/src', ['!/gen/*.ts']],
    ['/src/gen/*.ts', '/repo', ['!/src/gen/*.ts']],
    ['/**/key', '/repo/a/b', ['!**/key']],
    ['/a/**/b/c', '/repo/a/x', ['!**/b/c']],
    ['/a/*/c', '/repo/a/x', ['!/c']],
    ['//etc/**', '/repo', []],
    ['~/.ssh/**', '/home/u', ['!/.ssh']],
    ['/br{a,b}', '/repo', ['!/br\\{a,b\\}']],
    ['/st\\*r', '/repo', ['!/st\\*r']],
    ['!bang', '/repo', ['!\\!bang']],
    ['#hash', '/repo', ['!\\#hash']],
    ['k[0-9].pem', '/repo', ['!k[0-9].pem']],
    ['k[a-z_].pem', '/repo', ['!k[a-z_].pem']],
    ['token.', '/repo', ['!token[.]']],
    ['/vault./a.', '/repo', ['!/vault[.]/a[.]']],
    ['/src/x./**', '/repo/src', ['!/x[.]']],
    ['/a./b/*', '/repo', ['!/a[.]/b/*']],
  ])('%s searched at %s', (rule, dir, globs) => {
    expect(globsOf(rule, dir)).toEqual(globs);
  });

  it.each([
    ['.env', '/repo/.env/sub', 'the directory is under a match'],
    ['/src/**', '/repo/src/a', 'the directory itself is matched'],
    ['/src', '/repo/src', 'the directory itself is matched'],
    ['**', '/repo', 'everything is matched'],
    ['k[a\\]].pem', '/repo', 'a class beyond plain characters'],
    ['k[!a!].pem', '/repo', 'a class beyond plain characters'],
    ['k[!x].pem', '/repo', 'a negated class: one UTF-16 unit to the matcher, one byte to ripgrep'],
    ['k[^x].pem', '/repo', 'a negated class'],
    ['key?.pem', '/repo', '`?`: one UTF-16 unit to the matcher, one byte to ripgrep'],
    ['k[.-0].pem', '/repo', 'a range that spans `/`'],
    ['k[A-z].pem', '/repo', 'a range across letter cases (it holds `[`, `\\`, `]`, `^`, `_` and a backtick)'],
    ['tab\tname', '/repo', 'a control character'],
    ['nbsp\u00a0', '/repo', 'whitespace other than a space'],
  ])('%s searched at %s: null (%s)', (rule, dir) => {
    expect(globsOf(rule, dir)).toBeNull();
  });

  // An any-depth rule counts, for a path beneath the cwd, only the names below the cwd.
  it.each([
    ['private/**', '/w/private/repo', '/w/private/repo', ['!private']], // a name above the cwd is not matched
    ['*.pem', '/w/k.pem/repo/src', '/w/k.pem/repo', ['!*.pem']],
    ['*.pem', '/repo/k.pem', '/repo', null], // beneath the cwd: the name counts
    ['*.', '/repo', '/repo/src/w/vault.', null], // the cwd's own name, between the directory and it
    ['src/**', '/repo', '/repo/src/w', null], // a name on the way to the cwd
    ['.env', '/repo', '/repo/src/w', ['!.env']], // none on the way
    ['*.pem', '/x.pem', '/x.pem/repo', null], // above the cwd, not beneath it: the directory's own name counts
    ['*.pem', '/other/k.pem', '/repo', null], // a directory outside the cwd: every name counts
  ])('%s searched at %s, cwd %s', (rule, dir, cwd, globs) => {
    expect(globsOf(rule, dir, cwd)).toEqual(globs);
  });
});

describe('the matcher for paths beneath one directory', () => {
  const patterns = ['.env', '*.pem', 'private/**', '/secrets/**', '/src/gen/*.ts', '/**/key', '/a/**/b/c', '//etc/**', '~/.ssh/**', './src/x', '../up/**', 'k[0-9].pem'];
  const dirs = ['/', '/repo', '/repo/src', '/repo/a/x', '/home/u', '/etc', '/elsewhere', '/repo/src/gen'];
  const rels = ['.env', 'x/.env', 'k.pem', 'private/k', 'q/private', 'secrets/s', 'gen/a.ts', 'src/gen/a.ts', 'b/c', 'y/b/c/d', 'key', 'z/key', '.ssh/id', 'passwd', 'x', 'up/f', 'k1.pem', 'kx.pem'];
  it('answers exactly as matchPathPattern does on the joined path', () => {
    let denied = 0;
    for (const spec of patterns) {
      const parsed = parsePathPattern(spec, 'deny');
      if (!parsed.ok) throw new Error(spec);
      for (const dir of dirs) {
        const beneath = pathPatternBeneath(parsed.value, dir, BASES);
        for (const rel of rels) {
          const expected = matchPathPattern(parsed.value, dir === '/' ? `/${rel}` : `${dir}/${rel}`, BASES);
          if (expected) denied++;
          expect(beneath(rel, rel.split('/')), `${spec} at ${dir}: ${rel}`).toBe(expected);
        }
      }
    }
    expect(denied).toBeGreaterThan(20);
  });
});

// Names chosen to trip a translation, in several directories.
// Names ending in `.`: ripgrep's globset gives such a path no file name (tree-skip.ts finalDotAsClass).
const NAMES = ['.env', '.env.local', '.env.prod.local', 'key.pem', 'a.ts', '!bang', '#hash', 'sp ace ', 'br{a,b}', 'bra', 'st*r', 'star', 'k1.pem', 'kx.pem', 'notes.md', 'ünï.txt', 'token.', 'x..', 'k.'];
const DIRS = ['', 'src', 'src/gen', 'src/private', 'private', 'deep/er/private/x', 'secrets', 'a/x/b', 'cfg.pem', 'src/.env.d', 'vault.', 'src/vault.'];

const RULES = [
  'Read(.env)', 'Read(.env.*.local)', 'Read(*.pem)', 'Read(private/**)', 'Read(/secrets/**)', 'Read(/src/gen/*.ts)', 'Read(/**/notes.md)',
  'Read(/a/**/b/c)', 'Read(!bang)', 'Read(#hash)', 'Read(sp ace )', 'Read(/src/br{a,b})', 'Read(/src/st\\*r)', 'Read(k[0-9].pem)', 'Read(/deep/er/**)',
  'Read(./src/ünï.txt)', 'Read(k[a-z].pem)',
  'Read(token.)', 'Read(**/x..)', 'Read(*.)', 'Read(vault./**)', 'Read(/src/*.)', 'Read(/vault./token.)', 'Read(k[a.])', 'Read(/src/vault.)',
];

describe.skipIf(rgPath === undefined)('the globs leave out exactly what the matcher denies (real ripgrep)', () => {
  async function policyWith(ws: string, rules: readonly string[]): Promise<LoadedPolicy> {
    const policyDir = workspace();
    writeFileSync(join(policyDir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(rules.slice(0, Math.ceil(rules.length / 2)))}\n  ask: ${JSON.stringify(rules.slice(Math.ceil(rules.length / 2)))}\n`);
    return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  }

  // One tree for every case (each test's own workspaces are removed after it).
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'warden-tree-skip-')));
  afterAll(() => rmSync(ws, { recursive: true, force: true }));
  writeEveryPairing(ws, DIRS, NAMES);

  // The cwd the rules are read from: the workspace, or a directory beneath the searched one (the
  // names between them count to the matcher only for the files outside the cwd).
  const CWDS = ['', 'src', 'src/vault.', 'deep/er/private/x', 'src/.env.d'];
  for (const rule of RULES) {
    it(rule, async () => {
      const policy = await policyWith(ws, [rule]);
      for (const cwdRel of CWDS) {
        const cwd = cwdRel === '' ? ws : join(ws, cwdRel);
        for (const sub of ['', 'src', 'deep', 'a/x']) {
          const dir = sub === '' ? ws : join(ws, sub);
          const skip = treeSkipRules([policy], cwd, dir);
          if (cwdRel === '') expect(skip, `${rule} at ${sub}`).not.toBeNull();
          if (skip === null) continue;
          const allowed = filesBeneath(dir).filter((rel) => !skip.denies(rel)).sort();
          expect(rgFiles(rgPath ?? 'rg', dir, skip.globs).sort(), `${rule} at ${sub || '.'}, cwd ${cwdRel || '.'}: ${skip.globs.join(' ')}`).toEqual(allowed);
        }
      }
    });
  }

  it('all of them at once, and the test can fail: without the globs ripgrep lists denied files', async () => {
    const policy = await policyWith(ws, RULES);
    const skip = treeSkipRules([policy], ws, ws);
    expect(skip).not.toBeNull();
    if (skip === null) return;
    const all = filesBeneath(ws);
    const allowed = all.filter((rel) => !skip.denies(rel)).sort();
    expect(allowed.length).toBeLessThan(all.length / 2);
    expect(rgFiles(rgPath ?? 'rg', ws, skip.globs).sort()).toEqual(allowed);
    expect(rgFiles(rgPath ?? 'rg', ws, []).sort()).not.toEqual(allowed);
  });
});
