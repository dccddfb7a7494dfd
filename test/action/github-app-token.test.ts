/**
 * Warden as a GitHub App (inputs app_id, app_private_key, app_installation_id), run as a runner
 * runs the action (node dist/index.js) against the GitHub stand-in, which verifies the App's JWT
 * with its public key, issues the installation token, and from then on takes only that token — on
 * the API and on the smart-HTTP git remote (Basic auth) — never the workflow's. The token is
 * revoked however the run ends, and neither it nor the key is written anywhere.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { rsaKeyPair } from '../support/github-server.js';
import { scenePerTest, TOKEN, type Scene } from '../support/github-scene.js';
import type { ActionResult } from '../support/action-runner.js';
import { turnsFromJsonl } from '../support/script.js';
import { EXAMPLE_DIR } from '../support/temp-repo.js';
import { waitFor } from '../support/wait-for.js';
import { renderedText } from '../support/rendered-markdown.js';

const FIX_POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: branch\n';
const READ_POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n';
const PULL = { files: { 'README.md': 'x\n' }, branch: 'docs-slugs' };

function appInputs(scene: Scene, extra: Record<string, string> = {}): Record<string, string> {
  const app = scene.app;
  if (app === undefined) throw new Error('this scene has no App');
  return { app_id: String(app.id), app_private_key: app.privateKey, ...extra };
}

/** Every file under a directory, as text. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'));
}

/** Where a secret could leak: the outbox (transcript, summary, result …), GITHUB_OUTPUT, the step summary, the logs (less the runner's own mask commands), the model's requests, what was posted. */
function everythingWritten(scene: Scene, r: ActionResult): string {
  return [
    ...filesUnder(join(r.runnerTemp, 'warden')),
    readFileSync(join(r.runnerTemp, 'github-output'), 'utf8'),
    r.summary,
    r.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n'),
    r.stderr,
    JSON.stringify(scene.model.requests.map((q) => q.body)),
    ...scene.github.requests.filter((q) => q.method !== 'GET').map((q) => q.rawBody),
  ].join('\n');
}

function expectNoSecret(scene: Scene, r: ActionResult): void {
  const written = everythingWritten(scene, r);
  expect(written.length).toBeGreaterThan(1000);
  for (const issued of scene.app?.tokens ?? []) expect(written).not.toContain(issued.token);
  const keyLines = (scene.app?.privateKey ?? '').split('\n').filter((l) => l.length > 20 && !l.includes('-----'));
  expect(keyLines.length).toBeGreaterThan(10);
  for (const line of keyLines) expect(written).not.toContain(line);
}

/** The one token issued, revoked, and the last request the stand-in saw. */
function expectRevokedLast(scene: Scene): void {
  const tokens = scene.app?.tokens ?? [];
  expect(tokens).toHaveLength(1);
  expect(tokens[0]?.revokedAt).toBeDefined();
  const revocations = scene.github.requestsFor('apps/revoke-installation-access-token');
  expect(revocations.map((q) => q.status)).toEqual([204]);
  expect(scene.github.requests.at(-1)?.operation).toBe('apps/revoke-installation-access-token');
}

describe('a GitHub App identity (node dist/index.js, GitHub stand-in checking the JWT, token-protected git remote)', () => {
  const startScene = scenePerTest();

  it('the installation token, narrowed to the repository, serves the fetch, the push (Basic auth) and every API call, and is revoked at the end; neither it nor the key is written anywhere', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': FIX_POLICY }), pull: PULL, script: turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')), app: {} });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'), appInputs(scene));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const app = scene.app;
    expect(app?.refusals).toEqual([]);
    // Found from the repository, then asked for this repository and the publisher's permissions only.
    expect(app?.jwtRequests.map((q) => q.operation)).toEqual(['apps/get-repo-installation', 'apps/create-installation-access-token']);
    const issued = app?.tokens[0];
    expect(issued).toMatchObject({ repositories: ['Hello-World'], permissions: { contents: 'write', pull_requests: 'write', issues: 'write' } });
    const token = issued?.token ?? '';

    // Every other API call carried the App's token, never the workflow's.
    const calls = scene.github.requests.filter((q) => !q.operation?.startsWith('apps/'));
    expect(calls.length).toBeGreaterThan(5);
    for (const call of calls) expect(call.headers.authorization, `${call.method} ${call.path}`).toBe(`token ${token}`);
    expect(scene.github.requests.some((q) => q.headers.authorization?.includes(TOKEN) === true)).toBe(false);
    // The fetch of the pull request and the push, over smart HTTP with Basic auth.
    const basic = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    const served = scene.git.requests.filter((q) => q.status === 200);
    expect(served.some((q) => q.path.endsWith('/git-upload-pack'))).toBe(true);
    expect(served.some((q) => q.path.endsWith('/git-receive-pack'))).toBe(true);
    for (const q of served) expect(q.authorization?.toLowerCase()).toBe(basic.toLowerCase());
    expect(r.outputs.commit_sha).toBe(git(scene.remote.bare, 'rev-parse', 'refs/heads/docs-slugs'));
    expect(scene.stickyComment()).toContain('### Warden: completed · changes (1 file)');

    expectRevokedLast(scene);
    expectNoSecret(scene, r);
  });

  it('a failed run (the model answers 400): the step fails, and the token is revoked all the same', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': READ_POLICY }), pull: PULL, script: [{ error: { status: 400, message: 'bad request' } }], app: {} });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden have a look'), appInputs(scene, { app_installation_id: String(scene.app?.installationId) }));
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('model_error');
    // Given, so not looked up.
    expect(scene.app?.jwtRequests.map((q) => q.operation)).toEqual(['apps/create-installation-access-token']);
    expectRevokedLast(scene);
    expectNoSecret(scene, r);
  });

  it('a job cancelled mid-run (SIGTERM): the run stops, reports, and the token is revoked before the process exits', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': READ_POLICY }), pull: PULL, script: [{ content: [{ type: 'text', text: 'Thinking for a long time.' }], delays: { beforeStopMs: 60_000 } }], app: {} });
    let child: ChildProcess | undefined;
    const running = scene.run('issue_comment', scene.commentPayload('@warden fix it'), appInputs(scene), undefined, undefined, undefined, (c) => (child = c));
    await waitFor(() => scene.github.requestsFor('issues/create-comment').length > 0 && scene.model.requests.length > 0, 'the working comment and a model request');
    expect(scene.app?.tokens[0]?.revokedAt).toBeUndefined();
    child?.kill('SIGTERM');
    const r = await running;
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('aborted');
    expect(renderedText(scene.stickyComment())).toContain('Warden: aborted: the job was cancelled (SIGTERM)');
    expectRevokedLast(scene);
    expectNoSecret(scene, r);
  });

  it('a key that is not the App\'s: a config error naming `app_private_key`, exit 2, before any model request; no token', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': READ_POLICY }), pull: PULL, app: {} });
    const wrong = rsaKeyPair().privateKey;
    const r = await scene.run('issue_comment', scene.commentPayload('@warden have a look'), appInputs(scene, { app_private_key: wrong }));
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/::error::warden: action inputs: GitHub refused the GitHub App \d+ \(`app_id`\)'s signed request \(401\): `app_private_key` is not a private key of that App/);
    expect(r.outputs.outcome).toBe('config_error');
    expect(scene.app?.refusals).toEqual(['apps/get-repo-installation: the signature does not verify with the App\'s public key']);
    expect(scene.app?.tokens).toEqual([]);
    expect(scene.model.requests).toHaveLength(0);
    expect(scene.github.requests.every((q) => q.operation?.startsWith('apps/') === true)).toBe(true);
    for (const line of wrong.split('\n').filter((l) => l.length > 20 && !l.includes('-----'))) expect(everythingWritten(scene, r)).not.toContain(line);
  });

  it('an App not installed on the repository, or a half-given App: a config error naming the input, exit 2, no model request', async () => {
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': READ_POLICY }), pull: PULL, app: { installedOn: ['Codertocat/elsewhere'] } });
    const notInstalled = await scene.run('issue_comment', scene.commentPayload('@warden have a look'), appInputs(scene));
    expect(notInstalled.code).toBe(2);
    expect(notInstalled.stdout).toMatch(/::error::warden: action inputs: the GitHub App \d+ \(`app_id`\) is not installed on Codertocat\/Hello-World: install it there, or give `app_installation_id`/);
    const halfGiven = await scene.run('issue_comment', scene.commentPayload('@warden have a look'), { app_id: String(scene.app?.id) });
    expect(halfGiven.code).toBe(2);
    expect(halfGiven.stdout).toContain('`app_id` is set but `app_private_key` is empty');
    expect(halfGiven.outputs.outcome).toBe('config_error');
    expect(scene.model.requests).toHaveLength(0);
    expect(scene.app?.tokens).toEqual([]);
  });
});
