/**
 * GitLab delivery of the run's own changes only (GitLab stand-in, real git remote, the CLI in
 * process): what an earlier job step built or edited in the checkout is never pushed, and a patch
 * withheld for holding a secret is refused both in the run's job and by a later
 * `warden publish --gitlab` job, which never saw the secret and goes by result.json.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/outbox/index.js';
import { checkoutWorkspace, git } from '../support/github-repo.js';
import { GITLAB_TOKEN as TOKEN, gitlabEnv, gitlabWorld, type GitlabWorld } from '../support/gitlab-world.js';
import type { ScriptTurn } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';

const FIX = (): ScriptTurn[] => turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl'));
const SECRET = 'deploy-Token-5c1e9b0a77';
const LEAK = (): ScriptTurn[] => [
  { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'src/config.js', content: `export const token = '${SECRET}';\n` } }] },
  { content: [{ type: 'text', text: 'Configured.' }] },
];

const sticky = (w: GitlabWorld): string => w.gitlab.mergeRequests.get(1)?.notes.find((n) => n.body.startsWith('<!-- warden:sticky'))?.body ?? '';

describe('GitLab: only the run\'s own changes are delivered, and never a secret', () => {
  let w: GitlabWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  it('an earlier step built dist/ and stamped README.md: the run fixes src/slug.js, and only that is committed', async () => {
    w = await gitlabWorld(FIX());
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    mkdirSync(join(ws, 'dist'));
    writeFileSync(join(ws, 'dist', 'bundle.js'), 'built();\n');
    writeFileSync(join(ws, 'README.md'), `${readFileSync(join(ws, 'README.md'), 'utf8')}\nBuilt by pipeline 77.\n`);
    const out = join(tempDir(), 'out');
    const r = await runWarden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', out], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN }), ws);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(git(w.remote.bare, 'show', '--name-only', '--format=', 'refs/heads/feature')).toBe('src/slug.js');
    expect(git(w.remote.bare, 'log', '-1', '--format=%P', 'refs/heads/feature')).toBe(w.head);
    const result = RunResultSchema.parse(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')));
    expect(result.filesChanged).toEqual(['src/slug.js']);
    expect(result.changedBeforeRun).toEqual(['README.md', 'dist/bundle.js']);
    expect(sticky(w)).toContain('changes (1 file)');
  });

  it('a secret written by the run: withheld in the outbox, refused in the run\'s job; nothing pushed', async () => {
    w = await gitlabWorld(LEAK());
    const before = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const out = join(tempDir(), 'out');
    const r = await runWarden(['run', '--prompt', 'Configure.', '--policy', w.policy, '--out', out], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN, DEPLOY_TOKEN: SECRET }), ws);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'changes.patch'))).toHaveLength(0);
    expect(git(w.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    const note = sticky(w);
    expect(note).toContain('changes (1 file) · patch withheld (it holds a secret)');
    expect(note).toContain('**The changes were not delivered:**');
    expect(renderedText(note)).toMatch(/changes\.patch was withheld/);
    expect(note).not.toContain(SECRET);
  });

  it('two jobs: `warden publish --gitlab`, which never saw the secret, refuses the withheld outbox from result.json', async () => {
    w = await gitlabWorld(LEAK());
    const before = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const agent = await runWarden(['run', '--prompt', 'Configure.', '--policy', w.policy, '--out', 'warden-out'], gitlabEnv(w, ws, { DEPLOY_TOKEN: SECRET }), ws);
    expect(agent.code).toBe(0);
    expect(RunResultSchema.parse(JSON.parse(readFileSync(join(ws, 'warden-out', 'result.json'), 'utf8'))).patchWithheld).toBeDefined();
    const fresh = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    cpSync(join(ws, 'warden-out'), join(fresh, 'warden-out'), { recursive: true });
    const publish = await runWarden(['publish', '--gitlab', 'warden-out'], gitlabEnv(w, fresh, { GITLAB_TOKEN: TOKEN }), fresh);
    expect(publish.stderr).not.toContain('internal error');
    expect(publish.stdout).not.toMatch(/commit: /);
    expect(git(w.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(renderedText(sticky(w))).toMatch(/changes\.patch was withheld/);
  });

  // Judged on what is committed, not on the compressed patch (test/action/github-publish-content.test.ts on GitHub).
  it('a 3 MB file whose --binary patch is a few KB, under max_bytes: 100000: refused in the run\'s job, named with its size; nothing pushed', async () => {
    const policy = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(head -c *)"]\npublish:\n  push: branch\n  max_bytes: 100000\n';
    w = await gitlabWorld([{ content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'head -c 3000000 /dev/zero > src/big.bin' } }] }, { content: [{ type: 'text', text: 'Added.' }] }], { policy });
    const before = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const r = await runWarden(['run', '--prompt', 'Add data.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN }), ws);
    expect(r.stderr).not.toContain('internal error');
    expect(git(w.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(renderedText(sticky(w))).toContain('`src/big.bin`: 3000000 bytes, more than the policy\'s publish.max_bytes (100000)');
  });

  it('a secret base64-encoded and line-wrapped in a binary file: withheld, the file named, nothing pushed', async () => {
    const content = `\u0000\n${Buffer.from(`${'x'.repeat(40)}${SECRET}`).toString('base64').replace(/.{76}/g, '$&\n')}\n`;
    w = await gitlabWorld([{ content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'src/blob.bin', content } }] }, { content: [{ type: 'text', text: 'Added.' }] }]);
    const before = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const r = await runWarden(['run', '--prompt', 'Add data.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN, DEPLOY_TOKEN: SECRET }), ws);
    expect(r.code).toBe(0);
    expect(git(w.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    const note = sticky(w);
    expect(renderedText(note)).toMatch(/changes\.patch was withheld: the changes contain the value of a secret of this run \([^)]*\) in `src\/blob\.bin`/);
    expect(note).not.toContain(SECRET);
  });
});
