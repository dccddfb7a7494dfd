/**
 * Publishing through faults the GitHub stand-in injects (node dist/index.js): connections closed
 * without an answer (retried, for calls that can be repeated), the primary rate limit (waited out
 * until `x-ratelimit-reset`), and creates whose answer was lost after GitHub acted — looked for
 * before anything is posted again, so nothing appears twice. (500s and secondary rate limits:
 * github-publish.test.ts.)
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { TOKEN_USER } from '../support/github-server.js';
import { PR, Scene } from '../support/github-scene.js';
import type { ScriptTurn } from '../support/model-server.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR } from '../support/temp-repo.js';
import { schedulePayload } from '../support/webhook-payloads.js';

const FIX_POLICY = (push: string): string => `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: ${push}\n`;
const FIX_SCRIPT = (): ScriptTurn[] => turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl'));

function myComments(scene: Scene): string[] {
  return scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.filter((c) => c.user.login === TOKEN_USER.login).map((c) => c.body) ?? [];
}

describe('publishing through dropped connections, rate limits and lost answers (dist, GitHub stand-in)', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('a dropped GET and PATCH are retried, x-ratelimit-reset is waited for, a comment whose answer was lost is found, not posted again', async () => {
    scene = await Scene.start({ base: exampleRepoFiles({ '.github/warden.yml': FIX_POLICY('branch') }), pull: { files: { 'README.md': 'x\n' }, branch: 'faults' }, script: FIX_SCRIPT() });
    scene.github.injectFault({ fault: { kind: 'drop' }, operation: 'pulls/get' });
    scene.github.injectFault({ fault: { kind: 'drop-after' }, operation: 'issues/create-comment' });
    scene.github.injectFault({ fault: { kind: 'drop' }, operation: 'issues/update-comment' });
    scene.github.injectFault({ fault: { kind: 'rate-limit', resetInSeconds: 1 }, operation: 'issues/update-comment' });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/GitHub API GET \/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\}: the connection dropped; retrying/);
    expect(r.stderr).toMatch(/GitHub API PATCH .*comments.*: the connection dropped; retrying/);
    expect(r.stderr).toMatch(/rate limit reached; retrying in [12]\.\d s/);
    // Every injected fault was met.
    expect(scene.github.requests.filter((q) => q.fault !== undefined).map((q) => q.fault).sort()).toEqual(['drop', 'drop', 'drop-after', 'rate-limit']);
    // The working comment was created once (its answer lost), found again by its marker and carried on.
    expect(scene.github.requestsFor('issues/create-comment')).toHaveLength(1);
    const mine = myComments(scene);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('### Warden: completed · changes (1 file)');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/faults')).toBe(r.outputs.commit_sha);
  });

  it('a review whose answer was lost is found, not posted twice', async () => {
    const base = exampleRepoFiles({ '.github/warden.yml': 'version: 1\nmode: dontAsk\npublish:\n  review: true\n' });
    scene = await Scene.start({
      base,
      checkout: 'merge',
      pull: { files: { 'src/slug.js': `${base['src/slug.js'] ?? ''}// touched\n` }, branch: 'touch' },
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'ReviewComment', input: { path: 'src/slug.js', line: 3, body: 'Only the first space is replaced.' } }] },
        { content: [{ type: 'text', text: 'One comment.' }] },
      ],
    });
    scene.github.injectFault({ fault: { kind: 'drop-after' }, operation: 'pulls/create-review' });
    const r = await scene.run('pull_request', scene.pullPayload('opened'), { prompt: 'Review this pull request.' });
    expect(r.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create-review')).toHaveLength(1);
    expect(scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.pull?.reviews).toHaveLength(1);
    expect(myComments(scene)[0]).toContain('Review: 1 comment(s) posted.');
  });

  it('schedule: a draft pull request whose answer was lost is found, not opened twice', async () => {
    scene = await Scene.start({ base: exampleRepoFiles({ '.github/warden.yml': FIX_POLICY('pull-request') }), script: FIX_SCRIPT() });
    scene.github.injectFault({ fault: { kind: 'drop-after' }, operation: 'pulls/create' });
    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/list').length).toBeGreaterThanOrEqual(2);
    expect(r.outputs.pull_request_url).toMatch(/\/pull\/\d+$/);
    const open = [...(scene.github.state.repo('Codertocat', 'Hello-World')?.issues.values() ?? [])].filter((i) => i.pull !== undefined);
    expect(open).toHaveLength(1);
  });
});
