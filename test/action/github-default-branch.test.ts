/**
 * The draft pull request's base is the repository's real default branch, never a guess (dist,
 * GitHub stand-in, real git remote): a scheduled run's payload that carries only its cron line, on
 * a repository whose default branch is `master`, opens its pull request into `master` — learned
 * from GITHUB_REF when the runner says, else from `GET /repos/{owner}/{repo}`; when neither can
 * tell, delivery fails saying so, before anything is pushed.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { notFound } from '../support/github-server.js';
import { NAME, OWNER, Scene } from '../support/github-scene.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR } from '../support/temp-repo.js';
import { schedulePayload } from '../support/webhook-payloads.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: pull-request\n';

/** A repository whose default branch is `master` (and has no `main`), on the git remote and the API alike. */
async function masterScene(): Promise<Scene> {
  const scene = await Scene.start({ base: exampleRepoFiles({ '.github/warden.yml': POLICY }), script: turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')) });
  git(scene.remote.bare, 'branch', '-m', 'main', 'master');
  const repo = scene.github.state.repo(OWNER, NAME);
  if (repo === undefined) throw new Error('no repo');
  repo.defaultBranch = 'master';
  return scene;
}

function pulls(scene: Scene): { base: string; head: string }[] {
  return [...(scene.github.state.repo(OWNER, NAME)?.issues.values() ?? [])].flatMap((i) => (i.pull === undefined ? [] : [{ base: i.pull.base.ref, head: i.pull.head.ref }]));
}

describe('the draft pull request\'s base: the real default branch, never a guess (dist, GitHub stand-in)', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('schedule payload without default_branch, no GITHUB_REF: asked of the API, the pull request goes into master', async () => {
    scene = await masterScene();
    expect(schedulePayload()).not.toHaveProperty('repository');
    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(r.code, r.stderr).toBe(0);
    expect(scene.github.requestsFor('repos/get')).toHaveLength(1);
    expect(pulls(scene)).toEqual([{ base: 'master', head: 'warden/warden-schedule' }]);
    expect(JSON.parse(scene.github.requestsFor('pulls/create')[0]?.rawBody ?? '{}')).toMatchObject({ base: 'master', draft: true });
  });

  it('schedule with GITHUB_REF=refs/heads/master: the run\'s ref is the default branch, no API call needed', async () => {
    scene = await masterScene();
    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' }, undefined, undefined, { GITHUB_REF: 'refs/heads/master' });
    expect(r.code, r.stderr).toBe(0);
    expect(scene.github.requestsFor('repos/get')).toHaveLength(0);
    expect(pulls(scene)).toEqual([{ base: 'master', head: 'warden/warden-schedule' }]);
  });

  it('nothing can tell (no GITHUB_REF, the repository cannot be read): delivery fails saying so, nothing pushed, no pull request', async () => {
    scene = await masterScene();
    scene.github.route('repos/get', () => notFound());
    const r = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::warden: publishing failed: deliver changes: the default branch is unknown: .*GET \/repos\/Codertocat\/Hello-World failed/);
    expect(pulls(scene)).toEqual([]);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(0);
    expect(git(scene.remote.bare, 'for-each-ref', '--format=%(refname)', 'refs/heads/')).toBe('refs/heads/master');
  });
});
