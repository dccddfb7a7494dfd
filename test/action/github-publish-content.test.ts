/**
 * What is committed is judged as committed (node dist/index.js, GitHub stand-in, token-protected
 * git remote): `max_bytes` counts the bytes of every file written, not the size of the compressed
 * `git diff --binary` patch, and a secret of the run inside a binary file — raw after a NUL byte,
 * or base64-encoded at any alignment — stops the delivery, naming the file and never the value.
 */
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { scenePerTest } from '../support/github-scene.js';
import type { ScriptTurn } from '../support/model-server.js';
import { renderedText } from '../support/rendered-markdown.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(data/**)", "Bash(head -c *)"]\npublish:\n  push: branch\n  max_bytes: 100000\n';
/** A secret the workflow gives the step (a secret-looking name): Warden redacts it and must never deliver it. */
const DEPLOY_TOKEN = 'deploy-7f3a9c21e5b04d6e8a1f';

function writes(files: Record<string, string>): ScriptTurn[] {
  return [
    { content: Object.entries(files).map(([path, content], i) => ({ type: 'tool_use' as const, id: `toolu_w${i}`, name: 'Write', input: { file_path: path, content } })) },
    { content: [{ type: 'text', text: 'Wrote the data.' }] },
  ];
}

describe('delivery judges the committed content, not the patch encoding (dist, GitHub stand-in, real git remote)', () => {
  const startScene = scenePerTest();

  it('a 3 MB file whose --binary patch is a few KB is not pushed under max_bytes: 100000; the refusal names the file, its size and the key', async () => {
    // NUL bytes: git treats it as binary, and they compress to almost nothing.
    const script: ScriptTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_b1', name: 'Bash', input: { command: 'head -c 3000000 /dev/zero > data/big.bin' } }] },
      { content: [{ type: 'text', text: 'Wrote the data.' }] },
    ];
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY, 'data/.keep': '' }), pull: { files: { 'README.md': 'x\n' }, branch: 'feature' }, script });
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/feature');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden add the data'));
    expect(r.stderr).not.toContain('internal error');
    expect(r.outputs.verdict).toBe('changes');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(r.outputs.commit_sha).toBe('');
    const final = scene.stickyComment();
    expect(final).toContain('**The changes were not delivered:**');
    expect(renderedText(final)).toContain('`data/big.bin`: 3000000 bytes, more than the policy\'s publish.max_bytes (100000)');
  });

  it('many files each under max_bytes but together over it are not pushed; the total is named', async () => {
    const files = Object.fromEntries([0, 1, 2].map((i) => [`data/part-${i}.bin`, `\u0000${String(i).repeat(40_000)}`]));
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY }), pull: { files: { 'README.md': 'x\n' }, branch: 'feature' }, script: writes(files) });
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/feature');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden add the data'));
    expect(r.outputs.verdict).toBe('changes');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(renderedText(scene.stickyComment())).toContain('the changes commit 120003 bytes of file content, more than the policy\'s publish.max_bytes (100000)');
  });

  it.each<[string, (secret: string) => string]>([
    ['raw after a NUL byte', (s) => `\u0000\u0001\u0002${s}\u0000`],
    // One and two bytes before it: the base64 of the value is not aligned to a 3-byte group.
    ['base64-encoded, off its 3-byte alignment', (s) => `\u0000${Buffer.from(`ab${s}`).toString('base64')}\u0000`],
    // As `base64` prints it: 76 columns a line, the value's encoding cut by a line break.
    ['base64-encoded and line-wrapped', (s) => `\u0000\n${Buffer.from(`${'x'.repeat(40)}${s}`).toString('base64').replace(/.{76}/g, '$&\n')}\n`],
  ])('a binary file holding a run secret %s is not pushed; the file is named, the secret never', async (_name, content) => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY }), pull: { files: { 'README.md': 'x\n' }, branch: 'feature' }, script: writes({ 'data/blob.bin': content(DEPLOY_TOKEN), 'data/ok.txt': 'fine\n' }) });
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/feature');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden add the data'), {}, undefined, scene.workspace, { DEPLOY_TOKEN });
    expect(r.stderr).not.toContain('internal error');
    expect(r.outputs.verdict).toBe('changes');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(r.outputs.commit_sha).toBe('');
    const final = scene.stickyComment();
    expect(final).toContain('**The changes were not delivered:**');
    // Withheld when the run ended (the publisher's own check, checkCommitPush, words it per file: test/deliver/).
    expect(renderedText(final)).toMatch(/changes\.patch was withheld: the changes contain the value of a secret of this run \([^)]*\) in `data\/blob\.bin`, so changes\.patch is left empty/);
    expect(renderedText(final)).not.toContain('`data/ok.txt`, ');
    // Every form of the value stays out of everything Warden wrote (but the runner's own mask command, which hides it in the log).
    const stdout = r.stdout.split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n');
    expect(r.stdout).toContain(`::add-mask::${DEPLOY_TOKEN}`);
    for (const text of [final, stdout, r.stderr, r.summary, JSON.stringify(r.outputs)]) {
      expect(text).not.toContain(DEPLOY_TOKEN);
      expect(text).not.toContain(Buffer.from(DEPLOY_TOKEN).toString('base64').slice(0, 20));
    }
  });
});
