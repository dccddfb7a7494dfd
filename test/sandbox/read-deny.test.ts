/**
 * Read denies, enforced by the sandbox itself (real bwrap). Every command here runs straight
 * through the sandbox runner: the Bash analyser is switched off, as if it had been fooled into
 * allowing the command. Each case says which layer stops it.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, git, makeHostDir, makeWorkspace, openRunner, policySandbox, run, sleep, SKIP_REASON } from './sandbox-fixture.js';

const SECRET = 'TOKEN=sk-live-0123456789';

describe.skipIf(BWRAP === null)(`read denies hold in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let home: string;
  let outside: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    home = makeHostDir();
    outside = makeHostDir();
    mkdirSync(join(home, '.aws'));
    writeFileSync(join(home, '.aws/credentials'), `[default]\n${SECRET}\n`);
    writeFileSync(join(outside, 'vault.txt'), `${SECRET}\n`);
    writeFileSync(join(outside, 'public.txt'), 'public\n');
    ws = makeWorkspace({
      '.env': `${SECRET}\n`,
      'packages/api/.env.local': `${SECRET}\n`,
      'secrets/prod.json': `{"key":"${SECRET}"}\n`,
      'config/prod/db.json': `{"password":"${SECRET}"}\n`,
      'config/dev.json': '{"password":"dev"}\n',
      'src/app.js': 'module.exports = 1;\n',
      'package.json': JSON.stringify({ name: 'app', private: true, scripts: { test: 'node test.js' } }),
      'test.js': "const fs = require('fs'); for (const f of ['.env', 'packages/api/.env.local', 'secrets/prod.json', 'config/prod/db.json']) { let t; try { t = fs.readFileSync(f, 'utf8'); } catch (e) { t = e.code; } console.log(f + '=' + JSON.stringify(t)); }\n",
      '.gitignore': '.env\n',
    });
    symlinkSync('../.env', join(ws, 'src/env-link'));
    git(ws, 'init', '-q');
    const sandbox = await policySandbox(ws, [
      'version: 1',
      'permissions:',
      '  allow: ["Read", "Bash(npm test)"]',
      `  deny: ["Read(./.env)", "Read(**/.env*)", "Read(./secrets/**)", "Read(config/prod/**)", "Read(~/.aws/**)", "Read(/${''}/${outside.slice(1)}/vault.txt)"]`,
    ].join('\n'), { home });
    runner = await openRunner({ workspace: ws, config: sandbox });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('an allowed npm test whose code reads .env gets nothing (layer: sandbox mounts)', async () => {
    const r = await run(runner, ws, 'npm test 2>&1');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output).not.toContain('sk-live');
    expect(r.output).toContain('.env=""');
    expect(r.output).toContain('packages/api/.env.local=""');
    expect(r.output).toMatch(/secrets\/prod\.json="ENOENT"/); // the directory is an empty tmpfs
    expect(readFileSync(join(ws, '.env'), 'utf8')).toBe(`${SECRET}\n`); // untouched on the host
  });

  test('copying, linking, renaming, symlinking, globbing and searching a hidden file yield no content (layer: sandbox mounts)', async () => {
    const r = await run(runner, ws, [
      'cp .env /tmp/copy; cat /tmp/copy',
      'ln .env hard 2>&1; cat hard 2>/dev/null',
      'mv .env moved 2>&1; mv packages/api/.env.local x 2>&1',
      'ln -s .env soft; cat soft; cat src/env-link; cat src/../.env',
      'cat */prod.json 2>&1; cat config/*/db.json; shopt -s dotglob globstar; cat **/.env* 2>/dev/null',
      'grep -r sk-live . 2>/dev/null; grep -rl sk-live /proc/self/root' + ws + ' 2>/dev/null',
      'tar cf - secrets config .env 2>/dev/null | tar xOf - 2>/dev/null',
      'git diff --no-index /dev/null .env; exit 0',
    ].join('\n'));
    expect(r.output).not.toContain('sk-live');
    expect(r.output).toMatch(/hard.*(Invalid cross-device link|Operation not permitted)/);
    expect(r.output).toMatch(/cannot move.*Device or resource busy/);
    expect(existsSync(join(ws, 'moved'))).toBe(false);
    expect(readFileSync(join(ws, '.env'), 'utf8')).toBe(`${SECRET}\n`);
  });

  test('renaming the parent of an anchored match does not carry it out of its rule (layer: pinned ancestors)', async () => {
    const first = await run(runner, ws, 'mv config/prod config/old 2>&1; mv config cfg 2>&1; ls config; exit 0');
    expect(first.output).toMatch(/Device or resource busy/);
    const next = await run(runner, ws, 'cat config/prod/db.json cfg/prod/db.json config/old/db.json 2>&1; cat config/dev.json');
    expect(next.output).not.toContain('sk-live');
    expect(next.output).toContain('"dev"'); // the rest of config/ is readable
  });

  test('a command running alongside cannot move a hidden file\'s directory away from the next command\'s scan (layer: pinned ancestors)', async () => {
    const mover = run(runner, ws, 'end=$((SECONDS+2)); while [ $SECONDS -lt $end ]; do mv packages/api packages/x 2>&1 && mv packages/x packages/api; done | sort | uniq -c; true');
    const readers = await Promise.all([1, 2, 3, 4].map(async (i) => {
      await sleep(150 * i);
      return run(runner, ws, 'cat packages/*/.env.local; ls packages');
    }));
    const moved = await mover;
    expect(moved.output).toMatch(/Device or resource busy/);
    for (const r of readers) expect(r.output).not.toContain('sk-live');
  });

  test('the masks cannot be unmounted or looked behind (layer: no capabilities, no new user namespaces)', async () => {
    const r = await run(runner, ws, 'umount .env 2>&1; umount -l secrets 2>&1; unshare -Urm sh -c "umount /proc/self/root' + ws + '/.env; cat ' + ws + '/.env" 2>&1; cat .env; ls -A secrets; exit 0');
    expect(r.output).not.toContain('sk-live');
    expect(r.output).toMatch(/umount.*(must be superuser|Operation not permitted|permission denied)/i);
  });

  test('rules anchored outside the workspace: ~/.aws and an absolute path are hidden, their neighbours are not (layer: masks found at start)', async () => {
    const r = await run(runner, ws, `cat ${home}/.aws/credentials ${outside}/vault.txt 2>&1; ls -A ${home}/.aws; cat ${outside}/public.txt`);
    expect(r.output).not.toContain('sk-live');
    expect(r.output).toContain('public');
  });

  test('a symlink whose name is denied hides what it points to (layer: sandbox mounts)', async () => {
    const wsLink = makeWorkspace({ 'real/secret.txt': `${SECRET}\n`, 'other.txt': 'fine\n' });
    symlinkSync('real/secret.txt', join(wsLink, 'prod.env'));
    const sandbox = await policySandbox(wsLink, 'version: 1\npermissions:\n  deny: ["Read(*.env)"]\n');
    const r2 = await openRunner({ workspace: wsLink, config: sandbox });
    try {
      const r = await run(r2, wsLink, 'cat prod.env real/secret.txt; cat other.txt');
      expect(r.output).not.toContain('sk-live');
      expect(r.output).toContain('fine');
    } finally {
      await r2.dispose();
    }
  });

  test('a hidden file with another name (hard link) is refused, not half hidden (layer: mount plan, fail closed)', async () => {
    const wsHard = makeWorkspace({ '.env': `${SECRET}\n` });
    linkSync(join(wsHard, '.env'), join(wsHard, 'backup.txt'));
    const sandbox = await policySandbox(wsHard, 'version: 1\npermissions:\n  deny: ["Read(.env)"]\n');
    const r2 = await openRunner({ workspace: wsHard, config: sandbox });
    try {
      const r = await run(r2, wsHard, 'cat backup.txt');
      expect(r.exitCode).toBe(126);
      expect(r.output).toContain('2 hard links');
      expect(r.output).not.toContain('sk-live');
    } finally {
      await r2.dispose();
    }
  });

  test('a bare Read deny hides the whole workspace (layer: workspace mount)', async () => {
    const wsAll = makeWorkspace({ 'a.txt': `${SECRET}\n` });
    const sandbox = await policySandbox(wsAll, 'version: 1\npermissions:\n  deny: ["Read"]\n');
    const r2 = await openRunner({ workspace: wsAll, config: sandbox });
    try {
      const r = await run(r2, wsAll, 'ls -A; cat a.txt .github/warden.yml 2>&1; echo x > b.txt; exit 0');
      expect(r.output).not.toContain('sk-live');
      expect(r.output).toMatch(/No such file/);
      expect(existsSync(join(wsAll, 'b.txt'))).toBe(false);
    } finally {
      await r2.dispose();
    }
  });
});
