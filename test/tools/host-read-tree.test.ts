/**
 * The read guard's tree verdict (ReadGuardCall.judgeTree): when may ripgrep walk a directory by
 * name instead of every file being opened and judged, and what must it leave out? Plainly when
 * nothing it can reach there is something the guard would refuse: no Read deny or ask rule could
 * match beneath it, and no file a rule matched when the run started lives on that filesystem (a
 * hard link or rename could bring it in). With a skip when rules could match beneath: their globs
 * for ripgrep and their matcher for what it reports. Where a denied file could be there under
 * another name, only with a proof that none has one (host-read-tree-proof.test.ts): these guards
 * have no watch on commands (commands unsandboxed), so none can be had and every file is judged.
 * Rules the globs cannot say exactly keep the old verdict: refused when anything is refusable.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import type { TreeVerdict } from '../../src/tools/index.js';
import { workspace, writeFiles } from './tool-harness.js';

const UNWATCHED = { allowed: false, reason: expect.stringContaining('outside the sandbox') as unknown };

async function treeVerdict(ws: string, deny: readonly string[], dir: string, scanBudget?: number): Promise<TreeVerdict> {
  const policyDir = workspace();
  const policyFile = join(policyDir, 'policy.yml');
  writeFileSync(policyFile, `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(deny)}\n`);
  const policy = await loadPolicy(policyFile, { homeDir: policyDir, root: ws });
  const guard = createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, ...(scanBudget === undefined ? {} : { scanBudget }) });
  return guard.forCall('Grep', ws).judgeTree(dir, statSync(dir, { bigint: true }).dev);
}

/** The skip of a verdict, its matcher asked about `rels`: what a test can compare. */
function skipOf(verdict: TreeVerdict, rels: readonly string[] = []): { globs: readonly string[]; byIdentity: boolean; denied: string[] } | undefined {
  if (!verdict.allowed || verdict.skip === undefined) return undefined;
  const { skip } = verdict;
  return { globs: skip.globs, byIdentity: skip.byIdentity, denied: rels.filter((rel) => skip.denies(rel)) };
}

describe('the tree verdict', () => {
  it('vouches plainly for a directory no rule could match beneath, when no denied file exists', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'README.md': 'r\n' });
    expect(await treeVerdict(ws, [], ws)).toEqual({ allowed: true });
    // Anchored at the repository's private/: nothing beneath src could match.
    expect(await treeVerdict(ws, ['Read(/private/**)'], join(ws, 'src'))).toEqual({ allowed: true });
  });

  it('with rules that could match beneath, leaves out what they match (nothing denied exists: no judging by identity)', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n' });
    const verdict = await treeVerdict(ws, ['Read(.env)', 'Read(private/**)'], join(ws, 'src'));
    expect(skipOf(verdict, ['a.ts', '.env', 'deep/.env', 'private/k', 'x/private/k', 'private'])).toEqual({
      globs: ['!.env', '!private', '!*\n*'],
      byIdentity: false,
      denied: ['.env', 'deep/.env', 'private/k', 'x/private/k', 'private'],
    });
  });

  it('refuses a directory outside the workspace', async () => {
    const ws = workspace();
    const outside = workspace();
    expect((await treeVerdict(ws, [], outside)).allowed).toBe(false);
  });

  it('refuses .git and anything in it', async () => {
    const ws = workspace();
    writeFiles(ws, { '.git/config': '[core]\n', '.git/refs/x': 'x\n' });
    for (const dir of ['.git', '.git/refs']) expect((await treeVerdict(ws, [], join(ws, dir))).allowed, dir).toBe(false);
  });

  it('a directory holding a file a deny rule matches, commands unsandboxed: every file judged (one could be linked in and out while ripgrep reads)', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'src/private/key.pem': 'k\n' });
    expect(await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src'))).toMatchObject(UNWATCHED);
  });

  it('a denied file that appeared after the run started is left out by its path (and an ask rule\'s), though the decider lets a Grep of it through', async () => {
    for (const rules of [{ deny: ['Read(**/*.pem)'], ask: [] }, { deny: [], ask: ['Read(**/*.pem)'] }]) {
      const ws = workspace();
      writeFiles(ws, { 'src/a.ts': 'a\n' });
      const policyDir = workspace();
      writeFileSync(join(policyDir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(rules.deny)}\n  ask: ${JSON.stringify(rules.ask)}\n`);
      const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
      const decider = createPolicyDecider(policy);
      const guard = createHostReadGuard({ decider, policy, cwd: ws }); // nothing denied exists yet
      writeFiles(ws, { 'src/private/key.pem': 'k\n' });
      const src = join(ws, 'src');
      const grep = await decider.decide({ toolName: 'Grep', input: { pattern: 'k', path: src }, access: { kind: 'read', paths: [src] }, isReadOnly: true }, { cwd: ws });
      expect(grep.behavior).toBe('allow'); // the search itself skips key.pem
      const verdict = await guard.forCall('Grep', ws).judgeTree(src, statSync(src, { bigint: true }).dev);
      expect(skipOf(verdict, ['private/key.pem', 'a.ts'])).toEqual({ globs: ['!**/*.pem', '!*\n*'], byIdentity: false, denied: ['private/key.pem'] });
    }
  });

  it('a clean directory when a denied file lives on the same filesystem, commands unsandboxed: every file judged (it could be linked in)', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'secret.env': 'S\n' });
    expect(await treeVerdict(ws, ['Read(/secret.env)'], join(ws, 'src'))).toMatchObject(UNWATCHED);
  });

  it('every file judged when the workspace was too large to find every denied file', async () => {
    const ws = workspace();
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`src/f${i}.ts`] = '';
    writeFiles(ws, files);
    expect(skipOf(await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src')))).toMatchObject({ byIdentity: false });
    expect((await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src'), 10)).allowed).toBe(false);
  });

  it('a rule the globs cannot say exactly keeps the old verdict: refused when a file it matches is beneath, or one it matched could be linked in', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'lib/b.ts': 'b\n', 'lib/k.!m': 'k\n' });
    const rule = 'Read(**/*.[p!]m)'; // `!` inside a class: not one of the plain characters both matchers agree on
    expect(await treeVerdict(ws, [rule], join(ws, 'src'))).toMatchObject({ allowed: false, reason: expect.stringContaining('same filesystem') as unknown });
    const clean = workspace();
    writeFiles(clean, { 'src/a.ts': 'a\n' });
    expect(await treeVerdict(clean, [rule], join(clean, 'src'))).toEqual({ allowed: true });
    writeFiles(clean, { 'src/k.!m': 'k\n' });
    expect((await treeVerdict(clean, [rule], join(clean, 'src'))).allowed).toBe(false);
  });

  it.skipIf(!existsSync('/dev/shm'))('vouches plainly when the denied file lives on another filesystem: no link or rename can cross', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n' });
    const elsewhere = mkdtempSync('/dev/shm/warden-tree-');
    onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }));
    writeFileSync(join(elsewhere, 'key'), 'K\n');
    if (statSync(elsewhere).dev === statSync(ws).dev) return; // one filesystem here: nothing to show
    expect(await treeVerdict(ws, [`Read(/${join(elsewhere, 'key')})`], join(ws, 'src'))).toEqual({ allowed: true });
    writeFileSync(join(ws, 'local.key'), 'L\n');
    expect(await treeVerdict(ws, [`Read(/${join(elsewhere, 'key')})`, 'Read(/local.key)'], join(ws, 'src'))).toMatchObject(UNWATCHED);
  });
});
