/**
 * Whose branch Warden may push to (issue 32, items 4–6), through the action as a runner runs it,
 * against the GitHub stand-in and the token-protected git server: a person's branch named like
 * Warden's keeps its commit and their pull request its title; a pull request whose head is the
 * default branch gets no push to it (nor one whose protection cannot be seen), a draft instead;
 * `push: branch` on a `pull_request` event (whose checkout is GitHub's merge commit) pushes to the
 * pull request's branch.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import type { Scene} from '../support/github-scene.js';
import { NAME, OWNER, PR, scenePerTest } from '../support/github-scene.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';
import { turnsFromJsonl } from '../support/script.js';
import { schedulePayload } from '../support/webhook-payloads.js';
import { renderedText } from '../support/rendered-markdown.js';

const POLICY = (push: string): string => `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: ${push}\n`;
const FIX_SCRIPT = () => turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl'));
const WARDEN = 'warden[bot] <warden[bot]@users.noreply.github.com>';

/** A person's commit on `branch` (on top of main) in the remote; returns its id. */
function humanBranch(scene: Scene, branch: string): string {
  const dir = join(tempDir(), 'w');
  git(tempDir(), 'clone', '-q', scene.remote.bare, dir);
  git(dir, 'checkout', '-q', '-b', branch);
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'my own work, by hand');
  git(dir, 'push', '-q', 'origin', branch);
  return git(scene.remote.bare, 'rev-parse', `refs/heads/${branch}`);
}

describe('whose branch Warden pushes to (node dist/index.js, GitHub stand-in, token-protected git remote)', () => {
  const startScene = scenePerTest();

  it("a person's `warden/<workflow>-<event>` branch keeps its commit and their pull request its title: Warden takes a fresh branch and opens its own draft; a re-run updates that one", async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('pull-request') }), script: FIX_SCRIPT() });
    const theirs = humanBranch(scene, 'warden/warden-schedule');
    const repo = scene.github.state.repo(OWNER, NAME);
    if (repo === undefined) throw new Error('no repository');
    scene.github.state.addIssue(repo, { number: 7, title: 'My hand-made branch', body: 'Please keep this.', user: { login: 'Codertocat' }, pull: { head: { repo: repo.fullName, ref: 'warden/warden-schedule', sha: theirs }, base: { ref: 'main', sha: scene.remote.main } } });

    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/warden/warden-schedule')).toBe(theirs);
    expect(repo.issues.get(7)).toMatchObject({ title: 'My hand-made branch', body: 'Please keep this.' });
    expect(scene.github.requestsFor('pulls/update')).toHaveLength(0);

    expect(r.outputs.branch).toBe('warden/warden-schedule-2');
    const created = scene.github.requestsFor('pulls/create').map((q) => JSON.parse(q.rawBody) as { head: string; base: string; draft: boolean });
    expect(created).toEqual([expect.objectContaining({ head: 'warden/warden-schedule-2', base: 'main', draft: true })]);
    const tip = git(scene.remote.bare, 'rev-parse', 'refs/heads/warden/warden-schedule-2');
    expect(r.outputs.commit_sha).toBe(tip);
    expect(git(scene.remote.bare, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%(trailers:key=Warden-Run,valueonly)', tip)).toMatch(new RegExp(`^${WARDEN.replace(/[[\]]/g, '\\$&')}\\|${WARDEN.replace(/[[\]]/g, '\\$&')}\\|.+`));

    // A re-run: the person's branch is passed over again, Warden's own is replaced (leased) and its PR updated.
    git(scene.workspace, 'reset', '-q', '--hard');
    git(scene.workspace, 'clean', '-qfdx');
    scene.model.push(...FIX_SCRIPT());
    const again = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(again.code).toBe(0);
    expect(again.outputs.branch).toBe('warden/warden-schedule-2');
    expect(again.outputs.pull_request_url).toBe(r.outputs.pull_request_url);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/update').map((q) => (JSON.parse(q.rawBody) as { title?: string }).title)).toHaveLength(1);
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/warden/warden-schedule')).toBe(theirs);
    expect(repo.issues.get(7)?.title).toBe('My hand-made branch');
  });

  it("a person's commit on top of Warden's own branch is kept: the next run does not overwrite it", async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('pull-request') }), script: FIX_SCRIPT() });
    const first = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(first.outputs.branch).toBe('warden/warden-schedule');
    // Someone builds on Warden's branch.
    const dir = join(tempDir(), 'w');
    git(tempDir(), 'clone', '-q', '--branch', 'warden/warden-schedule', scene.remote.bare, dir);
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'a follow-up by hand');
    git(dir, 'push', '-q', 'origin', 'warden/warden-schedule');
    const theirs = git(scene.remote.bare, 'rev-parse', 'refs/heads/warden/warden-schedule');

    git(scene.workspace, 'reset', '-q', '--hard');
    git(scene.workspace, 'clean', '-qfdx');
    scene.model.push(...FIX_SCRIPT());
    const second = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(second.code).toBe(0);
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/warden/warden-schedule')).toBe(theirs);
    expect(second.outputs.branch).toBe('warden/warden-schedule-2');
  });

  it('a pull request whose head is the default branch (`main` into `release`): nothing is pushed to `main`; a draft pull request into it says why', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('branch') }), pull: { files: { 'README.md': '# slugs\n' }, branch: 'main' }, script: FIX_SCRIPT() });
    git(scene.remote.bare, 'update-ref', 'refs/heads/release', scene.pull?.base ?? '');
    const pull = scene.github.state.repo(OWNER, NAME)?.issues.get(PR)?.pull;
    if (pull === undefined) throw new Error('no pull request');
    pull.base.ref = 'release';
    const mainBefore = git(scene.remote.bare, 'rev-parse', 'refs/heads/main');
    const payload = scene.commentPayload('@warden fix the failing test');
    payload.repository.default_branch = 'main';

    const r = await scene.run('issue_comment', payload);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/main')).toBe(mainBefore);
    expect(r.outputs.branch).toBe(`warden/pr-${PR}`);
    const created = scene.github.requestsFor('pulls/create').map((q) => JSON.parse(q.rawBody) as { head: string; base: string; draft: boolean });
    expect(created).toEqual([expect.objectContaining({ head: `warden/pr-${PR}`, base: 'main', draft: true })]);
    expect(git(scene.remote.bare, 'log', '-1', '--format=%P', `refs/heads/warden/pr-${PR}`)).toBe(mainBefore);
    expect(renderedText(scene.stickyComment())).toContain("not pushed to `main`: `main` is the repository's default branch; Warden never pushes to it");
  });

  it.each<[string, 'readable' | 'unreadable', boolean]>([
    ['a protected branch whose rules the token cannot read (403): a draft instead', 'unreadable', false],
    ['a protected branch whose rules the token reads: pushed', 'readable', true],
  ])('%s', async (_name, rules, pushed) => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('branch') }), pull: { files: { 'README.md': '# slugs\n' }, branch: 'guarded' }, script: FIX_SCRIPT() });
    scene.github.state.repo(OWNER, NAME)?.protection.set('guarded', rules);
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/guarded');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
    expect(r.code).toBe(0);
    const after = git(scene.remote.bare, 'rev-parse', 'refs/heads/guarded');
    if (pushed) {
      expect(r.outputs.branch).toBe('guarded');
      expect(git(scene.remote.bare, 'log', '-1', '--format=%P', after)).toBe(before);
    } else {
      expect(after).toBe(before);
      expect(r.outputs.branch).toBe(`warden/pr-${PR}`);
      expect(renderedText(scene.stickyComment())).toMatch(/not pushed to `guarded`: `guarded` is protected and its rules cannot be seen with this token \(GET branches\/guarded\/protection: 403\)/);
    }
  });

  it('`push: branch` on a `pull_request` event (the checkout is the merge commit): the commit goes on the pull request\'s head, its tests pass there', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY('branch') }), checkout: 'merge', pull: { files: { 'README.md': '# slugs\n' }, branch: 'feature' }, script: FIX_SCRIPT() });
    const r = await scene.run('pull_request', scene.pullPayload('opened'), { prompt: 'Fix the failing test.' });
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const tip = git(scene.remote.bare, 'rev-parse', 'refs/heads/feature');
    expect(r.outputs).toMatchObject({ branch: 'feature', commit_sha: tip });
    expect(git(scene.remote.bare, 'log', '-1', '--format=%an <%ae>|%P', tip)).toBe(`${WARDEN}|${scene.pull?.head ?? ''}`);
    expect(git(scene.remote.bare, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
  });
});
