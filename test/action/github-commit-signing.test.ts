/**
 * commit_signing end to end, as a runner runs the action (node dist/index.js, the OpenAPI-checked
 * GitHub stand-in whose Git Data routes write into the real bare remote): the fix is delivered as
 * a commit GitHub made and signed, not pushed with git, and a failure of the API fails the step.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { errorBody } from '../support/github/objects.js';
import { git } from '../support/github-repo.js';
import { scenePerTest, type Scene } from '../support/github-scene.js';
import { renderedText } from '../support/rendered-markdown.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';
import { schedulePayload } from '../support/webhook-payloads.js';

const POLICY = (push: string, signing = ''): string =>
  `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: ${push}\n${signing}`;
const FIX_SCRIPT = () => turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl'));

function testsPassOn(scene: Scene, branch: string): boolean {
  const dir = tempDir();
  git(dir, 'clone', '-q', '--branch', branch, scene.remote.bare, 'checkout');
  try {
    execFileSync('node', ['--test'], { cwd: join(dir, 'checkout'), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const receivePacks = (scene: Scene): number => scene.git.requests.filter((r) => r.path.endsWith('/git-receive-pack')).length;

describe('commit_signing: the action delivers a commit GitHub made and signed (node dist/index.js)', () => {
  const startScene = scenePerTest();

  it('input commit_signing: true on a same-repo PR: the commit is the API\'s, signed, the tests pass on it, commit_sha is it; no git push', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('branch') }), pull: { files: { 'README.md': '# slugs\n' }, branch: 'docs-slugs' }, script: FIX_SCRIPT() });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'), { commit_signing: 'true' });
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const tip = git(scene.remote.bare, 'rev-parse', 'refs/heads/docs-slugs');
    expect(r.outputs.commit_sha).toBe(tip);
    expect(r.outputs.branch).toBe('docs-slugs');
    expect(scene.github.state.signedCommits.has(tip)).toBe(true);
    expect(git(scene.remote.bare, 'log', '-1', '--format=%cn <%ce>|%P', tip)).toBe(`GitHub <noreply@github.com>|${scene.pull?.head ?? ''}`);
    expect(git(scene.remote.bare, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
    expect(testsPassOn(scene, 'docs-slugs')).toBe(true);
    expect(receivePacks(scene)).toBe(0);
    expect(scene.github.requestsFor('git/create-commit')).toHaveLength(1);
    expect(renderedText(scene.stickyComment())).toMatch(new RegExp(`Pushed ${tip.slice(0, 12)} to docs-slugs\\.`));
  });

  it('the policy\'s publish.commit_signing: true on a schedule: Warden\'s branch created through the API and a draft pull request; a second run knows its signed branch again and replaces it, the same pull request updated', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('pull-request', '  commit_signing: true\n') }), script: FIX_SCRIPT() });
    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(r.code).toBe(0);
    const branch = r.outputs.branch ?? '';
    expect(branch).toMatch(/^warden\//);
    expect(scene.github.requestsFor('git/create-ref')).toHaveLength(1);
    expect(git(scene.remote.bare, 'rev-parse', `refs/heads/${branch}`)).toBe(r.outputs.commit_sha);
    expect(scene.github.state.signedCommits.has(r.outputs.commit_sha ?? '')).toBe(true);
    expect(r.outputs.pull_request_url).toMatch(/\/pull\/\d+$/);
    expect(testsPassOn(scene, branch)).toBe(true);
    expect(receivePacks(scene)).toBe(0);

    git(scene.workspace, 'reset', '-q', '--hard');
    git(scene.workspace, 'clean', '-qfdx');
    scene.model.push(...FIX_SCRIPT());
    const second = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(second.code).toBe(0);
    expect(second.outputs.branch).toBe(branch);
    expect(second.outputs.pull_request_url).toBe(r.outputs.pull_request_url);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/update')).toHaveLength(1);
    // Replaced from the tip it was judged at: a forced update, not a fast forward.
    expect(JSON.parse(scene.github.requestsFor('git/update-ref')[0]?.rawBody ?? '{}')).toEqual({ sha: second.outputs.commit_sha, force: true });
    expect(git(scene.remote.bare, 'rev-parse', `refs/heads/${branch}`)).toBe(second.outputs.commit_sha);
    expect(scene.github.state.signedCommits.has(second.outputs.commit_sha ?? '')).toBe(true);
  });

  it('GitHub refuses the tree (422): the step fails with the call and the reason, the comment says so, the branch is unchanged and nothing is pushed', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('branch') }), pull: { files: { 'README.md': '# slugs\n' }, branch: 'docs-slugs' }, script: FIX_SCRIPT() });
    scene.github.route('git/create-tree', () => ({ status: 422, body: errorBody('Invalid tree info (injected)') }));
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/docs-slugs');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'), { commit_signing: 'true' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('POST /repos/{owner}/{repo}/git/trees: 422: Invalid tree info (injected)');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/docs-slugs')).toBe(before);
    expect(receivePacks(scene)).toBe(0);
    expect(scene.github.requestsFor('git/create-commit')).toHaveLength(0);
    expect(renderedText(scene.stickyComment())).toContain('Invalid tree info (injected)');
  });
});
