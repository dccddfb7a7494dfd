/**
 * The read guard's tree verdict (ReadGuardCall.judgeTree): when may ripgrep walk a directory by
 * name instead of every file being opened and judged? Only when nothing it can reach there is
 * something the guard would refuse: no deny rule matches beneath it now, and no file a deny rule
 * matched when the run started lives on that filesystem (a hard link or rename could bring it in).
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHostReadGuard, createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { workspace, writeFiles } from './tool-harness.js';

async function treeVerdict(ws: string, deny: readonly string[], dir: string, scanBudget?: number): Promise<{ allowed: boolean; reason?: string }> {
  const policyDir = workspace();
  const policyFile = join(policyDir, 'policy.yml');
  writeFileSync(policyFile, `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(deny)}\n`);
  const policy = await loadPolicy(policyFile, { homeDir: policyDir, root: ws });
  const guard = createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, ...(scanBudget === undefined ? {} : { scanBudget }) });
  return guard.forCall('Grep', ws).judgeTree(dir, statSync(dir, { bigint: true }).dev);
}

describe('the tree verdict', () => {
  it('vouches for a workspace directory when the policy denies no file that exists', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'README.md': 'r\n' });
    expect(await treeVerdict(ws, [], ws)).toEqual({ allowed: true });
    // A deny rule that matches nothing on disk leaves nothing to link in.
    expect(await treeVerdict(ws, ['Read(.env)', 'Read(private/**)'], join(ws, 'src'))).toEqual({ allowed: true });
  });

  it('refuses a directory outside the workspace', async () => {
    const ws = workspace();
    const outside = workspace();
    expect((await treeVerdict(ws, [], outside)).allowed).toBe(false);
  });

  it('refuses a directory holding a file a deny rule matches', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'src/private/key.pem': 'k\n' });
    const verdict = await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src'));
    expect(verdict.allowed).toBe(false);
  });

  it('refuses a directory where a denied file appeared after the run started, by its path (and an ask rule\'s), though the decider lets a Grep of it through', async () => {
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
      expect(verdict).toMatchObject({ allowed: false, reason: expect.stringContaining('key.pem') as unknown });
    }
  });

  it('refuses even a clean directory when a denied file lives on the same filesystem: it could be linked in', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', 'secret.env': 'S\n' });
    const verdict = await treeVerdict(ws, ['Read(secret.env)'], join(ws, 'src'));
    expect(verdict).toMatchObject({ allowed: false, reason: expect.stringContaining('same filesystem') as unknown });
  });

  it('refuses when the workspace was too large to find every denied file', async () => {
    const ws = workspace();
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`src/f${i}.ts`] = '';
    writeFiles(ws, files);
    expect(await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src'))).toEqual({ allowed: true });
    expect((await treeVerdict(ws, ['Read(**/*.pem)'], join(ws, 'src'), 10)).allowed).toBe(false);
  });

  it.skipIf(!existsSync('/dev/shm'))('vouches when the denied file lives on another filesystem: no link or rename can cross', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n' });
    const elsewhere = mkdtempSync('/dev/shm/warden-tree-');
    onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }));
    writeFileSync(join(elsewhere, 'key'), 'K\n');
    if (statSync(elsewhere).dev === statSync(ws).dev) return; // one filesystem here: nothing to show
    expect(await treeVerdict(ws, [`Read(/${join(elsewhere, 'key')})`], join(ws, 'src'))).toEqual({ allowed: true });
    writeFileSync(join(ws, 'local.key'), 'L\n');
    expect((await treeVerdict(ws, [`Read(/${join(elsewhere, 'key')})`, 'Read(local.key)'], join(ws, 'src'))).allowed).toBe(false);
  });
});
