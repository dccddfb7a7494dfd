import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { readActionInputs, UsageError, type GithubEnvironment } from '../../src/config/index.js';
import { prepareRun, type PrepareRequest } from '../../src/github/index.js';
import { createGitRunner } from '../../src/git/index.js';
import { actionDefaults } from '../support/action-runner.js';
import { git, pushMain } from '../support/github-repo.js';
import { NAME, OWNER, PR, Scene, TOKEN } from '../support/github-scene.js';
import { tempDir } from '../support/temp-repo.js';
import { webhook } from '../support/webhook-payloads.js';

const quiet = (): void => {};
const BASE = { 'README.md': '# x\n', '.github/warden.yml': 'version: 1\n' };

async function request(scene: Scene, eventName: string, payload: unknown, inputs: Record<string, string> = {}, workspace = scene.workspace): Promise<PrepareRequest> {
  const env: GithubEnvironment = { eventName, eventPath: '(in memory)', owner: OWNER, repo: NAME, apiUrl: scene.github.url, serverUrl: scene.git.url, workspace, actor: 'Codertocat', runUrl: undefined, workflow: 'test', ref: undefined };
  const defaults = actionDefaults(TOKEN);
  const g = await createGitRunner({ hostPath: process.env.PATH ?? '/usr/bin:/bin', untrustedRoots: [workspace] });
  if (g === undefined) throw new Error('no git');
  return {
    env,
    inputs: readActionInputs((n) => inputs[n] ?? defaults[n] ?? ''),
    payloadText: JSON.stringify(payload),
    git: g,
    octokit: () => new Octokit({ auth: TOKEN, baseUrl: scene.github.url, log: { debug: quiet, info: quiet, warn: quiet, error: quiet } }),
  };
}

describe('prepareRun: from the event to a run, in process', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('an event that does not concern Warden never makes a client', async () => {
    scene = await Scene.start({ base: BASE });
    const req = await request(scene, 'issue_comment', scene.commentPayload('thanks!'));
    const prepared = await prepareRun({ ...req, octokit: () => { throw new Error('no client may be made'); } });
    expect(prepared).toEqual({ kind: 'skip', notice: 'the comment does not mention @warden; nothing to do.' });
  });

  it('a payload for another repository, or one GitHub would not send, is a usage error', async () => {
    scene = await Scene.start({ base: BASE });
    const other = webhook('issue_comment', 'created');
    other.repository = { ...other.repository, full_name: 'mallory/Hello-World' };
    other.comment.body = '@warden x';
    await expect(prepareRun(await request(scene, 'issue_comment', other))).rejects.toThrow(UsageError);
    await expect(prepareRun(await request(scene, 'issue_comment', { action: 'created', comment: { body: '@warden' } }))).rejects.toThrow(/not what GitHub sends/);
  });

  it('the base moved on and the head moved after the event: base config from the base tip, the event’s head commit used, and said so', async () => {
    scene = await Scene.start({ base: BASE, checkout: 'merge', pull: { files: { 'a.txt': 'a\n' } } });
    const payload = scene.pullPayload('opened');
    const eventHead = payload.pull_request.head.sha;
    // A later push to the pull request (refs/pull/2/head moves on)...
    const later = tempDir();
    git(later, 'init', '-q');
    git(later, 'fetch', '-q', scene.remote.bare, `refs/pull/${PR}/head`);
    git(later, 'checkout', '-q', '--detach', 'FETCH_HEAD');
    git(later, 'commit', '-q', '--allow-empty', '-m', 'pushed after the event');
    git(later, 'push', '-q', scene.remote.bare, `HEAD:refs/pull/${PR}/head`);
    // ...and a stricter base policy on main.
    const tip = pushMain(scene.remote, { '.github/warden.yml': 'version: 1\nmode: plan\n' });
    const prepared = await prepareRun(await request(scene, 'pull_request', payload, { prompt: 'Review.' }));
    if (prepared.kind !== 'run') throw new Error('expected a run');
    expect(prepared.trusted?.commit).toBe(tip);
    expect(prepared.trusted?.policy?.text).toBe('version: 1\nmode: plan\n');
    expect(prepared.pull?.headSha).toBe(eventHead);
    expect(prepared.notices.join('\n')).toContain(`The pull request's head moved after the event (${eventHead.slice(0, 12)} then`);
    expect(prepared.writeDelivery).toBe(true);
    expect(prepared.ceiling).toBeUndefined();
  });

  it('a maintainer’s comment on a fork pull request: the fork ceiling and no write delivery', async () => {
    scene = await Scene.start({ base: BASE, pull: { files: { 'a.txt': 'a\n' }, headRepo: 'mallory/Hello-World' } });
    const prepared = await prepareRun(await request(scene, 'issue_comment', scene.commentPayload('@warden review this')));
    if (prepared.kind !== 'run') throw new Error('expected a run');
    expect(prepared.ceiling).toBe('fork-safe-review');
    expect(prepared.writeDelivery).toBe(false);
    expect(prepared.pull?.fork).toBe(true);
    expect(prepared.prompt).toContain('in the fork "mallory/Hello-World"');
  });

  it('a workspace that is not the root of the checkout is refused for a pull request', async () => {
    scene = await Scene.start({ base: BASE, checkout: 'merge', pull: { files: { 'a.txt': 'a\n' } } });
    const sub = join(scene.workspace, 'sub');
    mkdirSync(sub);
    await expect(prepareRun(await request(scene, 'pull_request', scene.pullPayload('opened'), { prompt: 'x' }, sub))).rejects.toThrow(/not the root of the checkout/);
  });
});
