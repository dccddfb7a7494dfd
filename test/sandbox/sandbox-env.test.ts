/** The sandbox environment, as a table: what passes, what never does. */
import { describe, expect, test } from 'vitest';
import { buildSandboxEnv, looksSecret } from '../../src/sandbox/sandbox-env.js';

const hostEnv = {
  PATH: '/usr/bin:/bin', HOME: '/home/runner', LANG: 'C.UTF-8', LC_ALL: 'C', TERM: 'xterm', TZ: 'UTC', CI: 'true', USER: 'runner',
  GITHUB_REPOSITORY: 'o/r', GITHUB_SHA: 'abc', GITHUB_WORKSPACE: '/home/runner/work/r/r', RUNNER_OS: 'Linux',
  GITHUB_TOKEN: 'ghs_x', GH_TOKEN: 'gho_x', ANTHROPIC_API_KEY: 'sk-ant', ACTIONS_RUNTIME_TOKEN: 'rt', ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc', ACTIONS_CACHE_URL: 'https://cache', INPUT_ANTHROPIC_API_KEY: 'sk-ant', GITHUB_ENV: '/tmp/_runner/env',
  GITHUB_OUTPUT: '/x', GITHUB_PATH: '/x', RUNNER_TEMP: '/home/runner/work/_temp', NPM_TOKEN: 'npm', MY_DEPLOY_SECRET: 's', DATABASE_PASSWORD: 'p',
  SAFE_FLAG: '1', NODE_OPTIONS: '--max-old-space-size=4096', LD_PRELOAD: '/evil.so', CDPATH: '/repo/config', BASHOPTS: 'cdable_vars', IFS: '/', AWS_SECRET_ACCESS_KEY: 'aws', SSH_AUTH_SOCK: '/tmp/agent',
};

const build = (envAllow: string[] = [], secrets: string[] = [], proxyUrl: string | null = null) =>
  buildSandboxEnv({ hostEnv, envAllow, secrets, home: '/tmp/home', tmpdir: '/tmp', proxyUrl });

describe('buildSandboxEnv', () => {
  test('the base allow-list, with a private HOME and TMPDIR', () => {
    const { env } = build();
    expect(env).toEqual({
      PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C', TERM: 'xterm', TZ: 'UTC', CI: 'true', USER: 'runner',
      GITHUB_REPOSITORY: 'o/r', GITHUB_SHA: 'abc', GITHUB_WORKSPACE: '/home/runner/work/r/r', RUNNER_OS: 'Linux',
      HOME: '/tmp/home', TMPDIR: '/tmp', SHELL: '/bin/bash', WARDEN_SANDBOX: 'bwrap',
    });
  });

  const never: Array<[string, string]> = [
    ['GITHUB_TOKEN', 'always-denied'], ['GH_TOKEN', 'always-denied'], ['ANTHROPIC_API_KEY', 'always-denied'], ['ACTIONS_RUNTIME_TOKEN', 'always-denied'],
    ['ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'always-denied'], ['ACTIONS_ID_TOKEN_REQUEST_URL', 'always-denied'], ['ACTIONS_CACHE_URL', 'always-denied'],
    ['INPUT_ANTHROPIC_API_KEY', 'always-denied'], ['GITHUB_ENV', 'always-denied'], ['GITHUB_OUTPUT', 'always-denied'], ['RUNNER_TEMP', 'always-denied'],
    ['LD_PRELOAD', 'always-denied'], ['SSH_AUTH_SOCK', 'always-denied'], ['SAFE_FLAG', 'policy-secret'], ['NPM_TOKEN', 'looks-secret'],
    ['MY_DEPLOY_SECRET', 'looks-secret'], ['DATABASE_PASSWORD', 'looks-secret'], ['AWS_SECRET_ACCESS_KEY', 'always-denied'],
    // bash settings that would make the command that runs differ from the one the analyser judged
    ['CDPATH', 'always-denied'], ['BASHOPTS', 'always-denied'], ['SHELLOPTS', 'always-denied'], ['IFS', 'always-denied'], ['GLOBIGNORE', 'always-denied'], ['PS4', 'always-denied'],
  ];
  test.each(never)('%s is never passed, even when the policy allows it (%s)', (name, reason) => {
    const { env, dropped } = build([name], ['SAFE_FLAG']);
    expect(env[name]).toBeUndefined();
    expect(dropped).toContainEqual({ name, reason });
  });

  test('policy envAllow passes plain settings; unset names are reported', () => {
    const { env, dropped } = build(['NODE_OPTIONS', 'NOT_SET']);
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=4096');
    expect(dropped).toEqual([{ name: 'NOT_SET', reason: 'not-set' }]);
  });

  test('proxy variables when the policy allows hosts; the sandbox loopback stays direct', () => {
    const { env } = build([], [], 'http://127.0.0.1:3128');
    for (const n of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) expect(env[n]).toBe('http://127.0.0.1:3128');
    expect(env.NO_PROXY).toBe('localhost,127.0.0.1,::1');
  });

  test.each([
    ['GITHUB_TOKEN', true], ['NPM_AUTH_TOKEN', true], ['MY_API_KEY', true], ['SIGNING_KEY', true], ['PRIVATE_KEY_PEM', true], ['CREDENTIALS_JSON', true],
    ['GIT_AUTHOR_NAME', false], ['KEYBOARD', false], ['NODE_OPTIONS', false], ['MONKEY', false], ['PATH', false],
  ])('looksSecret(%s) = %s', (name, expected) => {
    expect(looksSecret(name)).toBe(expected);
  });
});
