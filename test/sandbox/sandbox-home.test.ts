/**
 * The sandbox's HOME as real projects need it: a git identity (tests that make a repository and
 * commit), the runner's npm settings without its credentials, and a refused write to a protected
 * path explained in the command's result (husky's `prepare` writing .git/config).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { filterNpmrc } from '../../src/sandbox/sandbox-home.js';
import { BWRAP, cleanupAll, config, git, makeHostDir, makeWorkspace, openRunner, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const TOKEN = 'npm_SECRETtoken0123456789abcdefghij';

describe('filterNpmrc', () => {
  test('only settings known to be harmless are kept; every credential form goes', () => {
    const text = [
      'registry=https://registry.example.com/',
      '@acme:registry=https://npm.acme.test/',
      'cafile=/etc/ssl/corp-ca.pem',
      'ca[]="-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----"',
      'nodedir = /opt/node-headers',
      `//registry.example.com/:_authToken=${TOKEN}`,
      `_authToken=${TOKEN}`,
      '_auth=dXNlcjpwYXNz',
      '_password=cGFzcw==',
      'username=me',
      'email=me@example.com',
      'always-auth=true',
      'certfile=/home/me/client.crt',
      'keyfile=/home/me/client.key',
      'proxy=http://user:pass@proxy.corp:8080',
      'registry=https://user:pass@registry.example.com/',
      'fetch-retries=${NPM_TOKEN}',
      'my-private-tool-token=abc',
      '; a comment',
      '[section]',
      'registry=https://later.example.com/',
    ].join('\n');
    const out = filterNpmrc(text);
    expect(out.kept).toEqual(['registry', '@acme:registry', 'cafile', 'ca', 'nodedir']);
    expect(out.text).not.toMatch(/SECRET|dXNl|cGFz|user:pass|me@|client\.|NPM_TOKEN|abc|later/);
    expect(out.dropped).toBe(15);
  });
});

describe.skipIf(BWRAP === null)(`the sandbox HOME (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('a test that makes a repository and commits finds a neutral identity, and none of the host git config', async () => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    const home = makeHostDir();
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Host Person\n[url "https://x-access-token:ghs_hostsecret@github.com/"]\n\tinsteadOf = https://github.com/\n');
    const runner = await openRunner({ workspace: ws, hostEnv: { PATH: SANDBOX_PATH, HOME: home, LANG: 'C.UTF-8' } });
    try {
      const r = await run(runner, ws, 'd=$(mktemp -d) && cd "$d" && git init -q && echo x > f && git add f && git commit -qm first && git log --format="%an <%ae> / %cn <%ce>"; git config --list --show-origin | grep -c ghs_ || true');
      expect(r.output).toBe('Warden Sandbox <sandbox@warden.invalid> / Warden Sandbox <sandbox@warden.invalid>\n0\n');
      expect(r.exitCode).toBe(0);
    } finally {
      await runner.dispose();
    }
  });

  test("the host's ~/.npmrc: cafile and registry apply inside, the token appears nowhere", async () => {
    const ws = makeWorkspace({ 'package.json': '{"name":"p","version":"1.0.0"}\n' });
    const home = makeHostDir();
    writeFileSync(join(home, '.npmrc'), `registry=https://registry.example.test/\ncafile=/etc/ssl/certs/ca-certificates.crt\n//registry.example.test/:_authToken=${TOKEN}\n`);
    const warnings: string[] = [];
    const runner = await openRunner({ workspace: ws, hostEnv: { PATH: SANDBOX_PATH, HOME: home, LANG: 'C.UTF-8' }, warn: (m) => warnings.push(m) });
    try {
      const r = await run(runner, ws, `npm config get cafile; npm config get registry; npm config list 2>&1; cat "$HOME/.npmrc" ${home}/.npmrc; grep -rs "${TOKEN.slice(4, 16)}" /tmp ${home} "$PWD" || echo not-found`, 60_000);
      expect(r.output.split('\n').slice(0, 2)).toEqual(['/etc/ssl/certs/ca-certificates.crt', 'https://registry.example.test/']);
      expect(r.output).not.toContain(TOKEN.slice(4, 16));
      expect(r.output).toContain('not-found');
      expect(warnings.join('\n')).toMatch(/without 1 setting/);
      expect(warnings.join('\n')).not.toContain(TOKEN);
    } finally {
      await runner.dispose();
    }
  });

  test("a hook installer writing .git/config (husky's prepare) is told which path is protected and why", async () => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    git(ws, 'init', '-q');
    const runner = await openRunner({ workspace: ws, config: config() });
    try {
      const r = await run(runner, ws, 'git config core.hooksPath .husky/_');
      expect(r.exitCode).not.toBe(0);
      expect(r.violations.join('\n')).toMatch(/\.git\/config is protected \(read-only in the sandbox\): \.git: git internals \(hooks and config run code\); no policy rule opens it/);
    } finally {
      await runner.dispose();
    }
  });
});
