import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutWorkspace, git } from '../support/github-repo.js';
import { GITLAB_TOKEN as TOKEN, gitlabEnv, gitlabWorld as world, warden, type GitlabWorld } from '../support/gitlab-world.js';
import type { ScriptTurn } from '../support/model-server.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';
import { BOT } from '../support/gitlab-server.js';
import { stickyMarker } from '../../src/report/index.js';

const OFF_DIFF = { type: 'tool_use' as const, id: 'toolu_off', name: 'ReviewComment', input: { path: 'src/slug.js', line: 1, body: 'Name the function for what it returns.' } };
const REVIEW_AND_FIX = (): ScriptTurn[] => [
  { content: [{ type: 'tool_use', id: 'toolu_rv', name: 'ReviewComment', input: { path: 'README.md', line: 1, body: 'Say what a slug is.' } }, OFF_DIFF] },
  ...turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')),
];

describe('GitLab merge requests: warden run in a merge-request pipeline (dist, GitLab stand-in, real git remote)', () => {
  let w: GitlabWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  it('the note appears and is updated in place, the discussion lands on the diff line, the commit reaches the source branch', async () => {
    w = await world(REVIEW_AND_FIX());
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const out = join(tempDir(), 'out');
    const first = await warden(['run', '--prompt', 'Review and fix.', '--policy', w.policy, '--out', out], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN }), ws);
    expect(first.stderr).not.toContain('internal error');
    expect(first.code).toBe(0);

    const mr = w.gitlab.mergeRequests.get(1);
    // The discussion: on README.md line 1 of the MR's head, positioned with the MR's diff refs.
    expect(mr?.discussions).toHaveLength(1);
    expect(mr?.discussions[0]?.notes[0]).toMatchObject({ body: 'Say what a slug is.', position: { base_sha: w.base, start_sha: w.base, head_sha: w.head, position_type: 'text', new_path: 'README.md', old_path: 'README.md', new_line: '1' } });
    // The commit: on the source branch, and its tests pass there.
    const tip = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    expect(git(w.remote.bare, 'log', '-1', '--format=%P', tip)).toBe(w.head);
    const check = tempDir();
    git(check, 'clone', '-q', '--branch', 'feature', w.remote.bare, 'c');
    execFileSync('node', ['--test'], { cwd: join(check, 'c'), stdio: 'ignore' });
    // The sticky note, and one note with the item outside the diff.
    const sticky = (): { body: string }[] => mr?.notes.filter((n) => n.body.startsWith('<!-- warden:sticky')) ?? [];
    const reviewNotes = (): { body: string }[] => mr?.notes.filter((n) => n.body.startsWith('<!-- warden:review')) ?? [];
    expect(mr?.notes).toHaveLength(2);
    expect(sticky()[0]?.body).toContain('### Warden: completed · changes (1 file)');
    expect(renderedText(sticky()[0]?.body ?? '')).toMatch(/Pushed [0-9a-f]{12} to feature/);
    expect(renderedText(reviewNotes()[0]?.body ?? '')).toContain('Name the function for what it returns.');
    // The job token never reached the notes API: the access token did.
    expect(w.gitlab.requests.every((r) => r.headers['private-token'] === TOKEN)).toBe(true);

    // A second pipeline on the same MR updates the note, and repeats neither the discussion nor the off-diff item.
    w.model.push({ content: [{ type: 'tool_use', id: 'toolu_rv2', name: 'ReviewComment', input: { path: 'README.md', line: 1, body: 'Say what a slug is.' } }, OFF_DIFF] }, { content: [{ type: 'text', text: 'Looked again.' }] });
    const ws2 = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const second = await warden(['run', '--prompt', 'Review again.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws2, { GITLAB_TOKEN: TOKEN, CI_COMMIT_SHA: tip }), ws2);
    expect(second.code).toBe(0);
    expect(mr?.notes).toHaveLength(2);
    expect(renderedText(sticky()[0]?.body ?? '')).toContain('Looked again.');
    expect(reviewNotes()).toHaveLength(1);
    expect(mr?.discussions).toHaveLength(1);
    expect(w.gitlab.requestsFor('notes.edit')).toHaveLength(1);
  });

  it('survives a 500 and a 429 with retry-after from GitLab', async () => {
    w = await world(turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')));
    w.gitlab.injectFault({ kind: 'status', status: 500 }, 'mr.show');
    w.gitlab.injectFault({ kind: 'too-many-requests', retryAfterSeconds: 1 }, 'notes.list');
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const r = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN }), ws);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/GitLab API GET .*merge_requests\/1: server error 500; retrying/);
    expect(r.stderr).toMatch(/too many requests; retrying in 1\.0 s/);
    expect(w.gitlab.mergeRequests.get(1)?.notes[0]?.body).toContain('### Warden: completed');
  });

  it('two jobs: the run without a token leaves the outbox in the checkout (warden-out/, as the example); `warden publish --gitlab` restores it there in a fresh checkout and delivers only the patch', async () => {
    w = await world(turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')));
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    // examples/ci/gitlab-ci.yml: `--out warden-out`, a relative path in $CI_PROJECT_DIR (GitLab artifacts must live there).
    const agent = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', 'warden-out'], gitlabEnv(w, ws), ws);
    expect(agent.code).toBe(0);
    expect(w.gitlab.requests).toHaveLength(0);
    // The artifact is restored at the same place in the publish job's fresh checkout.
    const fresh = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    cpSync(join(ws, 'warden-out'), join(fresh, 'warden-out'), { recursive: true });
    const publish = await warden(['publish', '--gitlab', 'warden-out'], gitlabEnv(w, fresh, { GITLAB_TOKEN: TOKEN }), fresh);
    expect(publish.stderr).not.toContain('internal error');
    expect(publish.code).toBe(0);
    expect(publish.stdout).toMatch(/commit: [0-9a-f]{40} on feature/);
    expect(git(w.remote.bare, 'log', '-1', '--format=%P', 'refs/heads/feature')).toBe(w.head);
    // Only the patch's file is committed: none of Warden's own files in warden-out/.
    expect(git(w.remote.bare, 'show', '--name-only', '--format=', 'refs/heads/feature')).toBe('src/slug.js');
    expect(w.gitlab.mergeRequests.get(1)?.notes[0]?.body).toContain('changes (1 file)');
  });
  it('a merge request whose source is the default branch: nothing is pushed to it; a draft MR into it from Warden\'s branch says why', async () => {
    w = await world(turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')));
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const before = git(w.remote.bare, 'rev-parse', 'refs/heads/feature');
    // The project's default branch is the MR's source (an MR from `main` into `release`, named here `feature` into `main`).
    const r = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN, CI_DEFAULT_BRANCH: 'feature' }), ws);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(git(w.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(git(w.remote.bare, 'log', '-1', '--format=%P', 'refs/heads/warden/mr-1')).toBe(before);
    const draft = [...w.gitlab.mergeRequests.values()].find((m) => m.sourceBranch === 'warden/mr-1');
    expect(draft).toMatchObject({ targetBranch: 'feature' });
    expect(renderedText(w.gitlab.mergeRequests.get(1)?.notes.find((n) => n.body.startsWith('<!-- warden:sticky'))?.body ?? '')).toContain("not pushed to `feature`: `feature` is the project's default branch; Warden never pushes to it");
  });

  it('a note that copies Warden\'s marker and an open merge request from Warden\'s branch name, both by a person, are left alone', async () => {
    w = await world(turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')));
    const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`, 'refs/heads/feature');
    const mr = w.gitlab.mergeRequests.get(1);
    const forged = `${stickyMarker('gitlab/merge_request_event!1')}\nforged by alice`;
    mr?.notes.push({ id: 9001, body: forged, author: 'alice', system: false });
    // Alice's merge request from the branch name Warden would take (its branch since deleted: nothing on it to judge).
    w.gitlab.addMergeRequest({ iid: 2, title: 'Alice\'s work', description: 'Hers.', sourceBranch: 'warden/mr-1', targetBranch: 'feature', sourceProjectId: 42, diffRefs: null, author: 'alice' });
    // The MR's source is the default branch, so Warden delivers on a branch of its own with a draft MR.
    const r = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', join(tempDir(), 'out')], gitlabEnv(w, ws, { GITLAB_TOKEN: TOKEN, CI_DEFAULT_BRANCH: 'feature' }), ws);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(w.gitlab.requestsFor('notes.edit')).toEqual([]);
    expect(mr?.notes.find((n) => n.id === 9001)?.body).toBe(forged);
    const own = mr?.notes.filter((n) => n.author === BOT && n.body.startsWith('<!-- warden:sticky')) ?? [];
    expect(own).toHaveLength(1);
    expect(w.gitlab.mergeRequests.get(2)).toMatchObject({ title: 'Alice\'s work', description: 'Hers.' });
    const draft = [...w.gitlab.mergeRequests.values()].find((m) => m.sourceBranch === 'warden/mr-1-2');
    expect(draft).toMatchObject({ author: BOT, targetBranch: 'feature' });
    expect(renderedText(own[0]?.body ?? '')).toContain('`warden/mr-1` has an open pull request by @alice');
  });
});
