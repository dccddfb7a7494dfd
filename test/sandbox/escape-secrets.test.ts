/**
 * Escape suite, secrets: the environment, /proc/*\/environ, credential files and the checkout
 * token must be out of reach. Every secret below is a unique canary; none may appear in output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, config, git, makeHostDir, makeWorkspace, openRunner, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const CANARY = {
  anthropic: 'sk-ant-canary-0001',
  githubToken: 'ghs_canary0002',
  actionsRuntime: 'canary-actions-runtime-0003',
  oidcToken: 'canary-oidc-0004',
  oidcUrl: 'https://canary-oidc-url-0005.example',
  input: 'canary-input-0006',
  policySecret: 'canary-policy-secret-0007',
  npmToken: 'canary-npm-0008',
  runnerProcess: 'canary-runner-process-env-0009',
  ssh: 'canary-ssh-key-0010',
  gh: 'canary-gh-hosts-0011',
  docker: 'canary-docker-0012',
  npmrc: 'canary-npmrc-0013',
  aws: 'canary-aws-0014',
  runnerTemp: 'canary-runner-temp-0015',
  checkout: 'Y2FuYXJ5LWNoZWNrb3V0LTAwMTY=',
  gcloud: 'canary-gha-creds-0017',
  urlToken: 'canary-url-token-0018',
};

describe.skipIf(BWRAP === null)(`secret escapes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let home: string;
  let runnerTemp: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    home = makeHostDir();
    const files: Record<string, string> = {
      '.ssh/id_ed25519': CANARY.ssh,
      '.config/gh/hosts.yml': `github.com:\n  oauth_token: ${CANARY.gh}\n`,
      '.docker/config.json': `{"auths":{"ghcr.io":{"auth":"${CANARY.docker}"}}}`,
      '.npmrc': `//registry.npmjs.org/:_authToken=${CANARY.npmrc}\n`,
      '.aws/credentials': `[default]\naws_secret_access_key=${CANARY.aws}\n`,
    };
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(join(home, rel, '..'), { recursive: true });
      writeFileSync(join(home, rel), content);
    }
    runnerTemp = makeHostDir();
    writeFileSync(join(runnerTemp, 'git-credentials-1234.config'), `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${CANARY.runnerTemp}\n`);
    mkdirSync(join(runnerTemp, '_runner_file_commands'));
    writeFileSync(join(runnerTemp, '_runner_file_commands/set_env_1'), '');

    ws = makeWorkspace({ 'README.md': 'x\n', [`gha-creds-abc.json`]: `{"private_key":"${CANARY.gcloud}"}` });
    git(ws, 'init', '-q');
    git(ws, 'config', '--local', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${CANARY.checkout}`);
    git(ws, 'config', '--local', 'remote.origin.url', `https://x-access-token:${CANARY.urlToken}@github.com/o/r`);
    git(ws, 'config', '--local', `includeIf.gitdir:${ws}/.git.path`, join(runnerTemp, 'git-credentials-1234.config'));

    process.env.WARDEN_TEST_RUNNER_SECRET = CANARY.runnerProcess; // in the runner process, never passed on
    runner = await openRunner({
      workspace: ws,
      config: config({ envAllow: ['NPM_TOKEN', 'SAFE_SETTING'], secrets: ['MY_POLICY_SECRET'] }),
      hostEnv: {
        PATH: SANDBOX_PATH,
        HOME: home,
        CI: 'true',
        GITHUB_REPOSITORY: 'o/r',
        SAFE_SETTING: 'visible',
        ANTHROPIC_API_KEY: CANARY.anthropic,
        GITHUB_TOKEN: CANARY.githubToken,
        ACTIONS_RUNTIME_TOKEN: CANARY.actionsRuntime,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: CANARY.oidcToken,
        ACTIONS_ID_TOKEN_REQUEST_URL: CANARY.oidcUrl,
        INPUT_ANTHROPIC_API_KEY: CANARY.input,
        MY_POLICY_SECRET: CANARY.policySecret,
        NPM_TOKEN: CANARY.npmToken,
        RUNNER_TEMP: runnerTemp,
        GOOGLE_APPLICATION_CREDENTIALS: join(ws, 'gha-creds-abc.json'),
      },
    });
  });
  afterAll(async () => {
    delete process.env.WARDEN_TEST_RUNNER_SECRET;
    await runner.dispose();
    cleanupAll();
  });

  const leaked = (output: string): string[] => Object.entries(CANARY).filter(([, v]) => output.includes(v)).map(([k]) => k);

  test('secrets are absent from the environment and from every /proc/*/environ and cmdline', async () => {
    const r = await run(runner, ws, 'env; for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do cat "$f" 2>/dev/null | tr "\\0" "\\n"; done; ls /proc | grep -c "^[0-9]"');
    expect(r.exitCode).toBe(0);
    expect(leaked(r.output)).toEqual([]);
    expect(r.output).toContain('SAFE_SETTING=visible');
    expect(r.output).toContain('GITHUB_REPOSITORY=o/r');
    expect(r.output).not.toMatch(/^(GITHUB_TOKEN|ANTHROPIC_API_KEY|ACTIONS_\w+|INPUT_\w+|NPM_TOKEN|RUNNER_TEMP)=/m);
    // Only the sandbox's own processes are visible (bwrap's init, the shell, cat/ls …).
    const count = Number(r.output.trim().split('\n').pop());
    expect(count).toBeLessThan(10);
  });

  test('credential files under HOME, RUNNER_TEMP and env-named credential files read as empty', async () => {
    const r = await run(runner, ws, [
      `cat ${home}/.ssh/id_ed25519 ${home}/.config/gh/hosts.yml ${home}/.docker/config.json ${home}/.npmrc ${home}/.aws/credentials`,
      `echo "home: $(ls -A ${home} | tr '\\n' ' ')"; echo "ssh: $(ls -A ${home}/.ssh)"; ls -la ${runnerTemp}; cat ${runnerTemp}/git-credentials-1234.config`,
      'cat gha-creds-abc.json; echo x > gha-creds-abc.json',
      `grep -r canary ${home} ${runnerTemp} 2>&1`,
      'true',
    ].join('; '));
    expect(leaked(r.output)).toEqual([]);
    // The home directory itself is visible (it is not under /tmp), only its credential entries are empty.
    expect(r.output).toMatch(/home: .*\.ssh/);
    expect(r.output).toMatch(/^ssh: $/m);
  });

  test('the checkout token is not in .git/config, nor reachable through git', async () => {
    const r = await run(runner, ws, 'cat .git/config; git config --list --show-origin; git remote -v; cat .git/config.lock 2>/dev/null; true');
    expect(leaked(r.output)).toEqual([]);
    expect(r.output).toContain('https://github.com/o/r'); // the URL is still there, without the token
    // Untouched on the host: the runner's own git still has it.
    expect(git(ws, 'config', '--get-all', 'http.https://github.com/.extraheader')).toContain(CANARY.checkout);
  });
});
