/**
 * GitLab: the draft merge request of a pipeline with no MR targets the project's real default
 * branch (dist, GitLab stand-in, real git remote): without CI_DEFAULT_BRANCH, the project is asked
 * (`GET /projects/:id`), and a project whose default is `master` gets its MR into `master`; when
 * the project cannot be read either, delivery fails saying so, before anything is pushed.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutWorkspace, git } from '../support/github-repo.js';
import { GITLAB_TOKEN as TOKEN, gitlabWorld, scheduleEnv, warden, type GitlabWorld } from '../support/gitlab-world.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';

async function masterWorld(): Promise<{ w: GitlabWorld; env: Record<string, string>; ws: string }> {
  const w = await gitlabWorld(turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')));
  const ws = checkoutWorkspace(w.remote, `${w.git.url}/group/project`);
  git(w.remote.bare, 'branch', '-m', 'main', 'master');
  w.gitlab.defaultBranch = 'master';
  const env = scheduleEnv(w, ws, { GITLAB_TOKEN: TOKEN, CI_COMMIT_REF_NAME: 'master' });
  delete env.CI_DEFAULT_BRANCH;
  return { w, env, ws };
}

describe('GitLab: the draft merge request\'s target is the real default branch, never a guess (dist, GitLab stand-in)', () => {
  let w: GitlabWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  it('no CI_DEFAULT_BRANCH: the project says master, the draft MR targets master', async () => {
    const world = await masterWorld();
    w = world.w;
    const r = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', join(tempDir(), 'out')], world.env, world.ws);
    expect(r.code, r.stderr).toBe(0);
    expect(w.gitlab.requestsFor('project.show')).toHaveLength(1);
    const drafts = [...w.gitlab.mergeRequests.values()].filter((m) => m.iid !== 1);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ sourceBranch: 'warden/schedule', targetBranch: 'master' });
  });

  it('the project cannot be read either: delivery fails saying so, nothing pushed', async () => {
    const world = await masterWorld();
    w = world.w;
    w.gitlab.injectFault({ kind: 'status', status: 404 }, 'project.show', 1);
    const r = await warden(['run', '--prompt', 'Fix the failing test.', '--policy', w.policy, '--out', join(tempDir(), 'out')], world.env, world.ws);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/the default branch is unknown: CI_DEFAULT_BRANCH is not set and the project could not be read/);
    expect([...w.gitlab.mergeRequests.values()].filter((m) => m.iid !== 1)).toHaveLength(0);
    expect(git(w.remote.bare, 'for-each-ref', '--format=%(refname)', 'refs/heads/')).toBe('refs/heads/feature\nrefs/heads/master');
  });
});
