/**
 * What the sandbox must still allow: a project's tests, git commits in the workspace, and a download
 * from an allowed host through the proxy (a local server stands in for the registry).
 */
import http from 'node:http';
import type net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Lookup } from '../../src/sandbox/network-proxy.js';
import { BWRAP, cleanupAll, config, git, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

describe.skipIf(BWRAP === null)(`allowed work (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('npm test runs a node:test suite (child processes, pipes, temp files, npm cache in the private HOME)', async () => {
    const ws = makeWorkspace({
      'package.json': JSON.stringify({ name: 'tiny', version: '1.0.0', private: true, scripts: { test: 'node --test' } }),
      'test/sum.test.js': [
        "const test = require('node:test');",
        "const assert = require('node:assert');",
        "const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');",
        "const { execFileSync } = require('node:child_process');",
        "test('adds', () => { assert.strictEqual(1 + 1, 2); });",
        "test('writes', () => { const f = path.join(os.tmpdir(), 'x'); fs.writeFileSync(f, 'ok'); fs.writeFileSync('out.txt', fs.readFileSync(f)); });",
        "test('spawns', () => { assert.strictEqual(execFileSync('echo', ['hi']).toString().trim(), 'hi'); });",
      ].join('\n'),
    });
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, 'npm test 2>&1', 120_000);
      expect(r.output).toMatch(/# pass 3/);
      expect(r.exitCode).toBe(0);
      expect(r.violations).toEqual([]);
      expect(readFileSync(join(ws, 'out.txt'), 'utf8')).toBe('ok');
    } finally {
      await runner.dispose();
    }
  });

  test('git add and commit in the workspace repository, and git init + commit in /tmp (a new repository inside the workspace is removed)', async () => {
    const ws = makeWorkspace({ 'README.md': 'hello\n' });
    git(ws, 'init', '-q');
    git(ws, 'add', '.');
    git(ws, 'commit', '-q', '-m', 'initial');
    const runner = await openRunner({ workspace: ws });
    try {
      const id = '-c user.name=Agent -c user.email=agent@example.com';
      const r = await run(runner, ws, [
        'echo change >> README.md',
        `git ${id} commit -q -am "from the sandbox"`,
        'git log --oneline | head -3',
        `mkdir /tmp/sub && cd /tmp/sub && git init -q && echo x > x && git add x && git ${id} commit -q -m sub && git log --oneline`,
      ].join(' && '));
      expect(r.exitCode, r.output).toBe(0);
      expect(git(ws, 'log', '--format=%s', '-1').trim()).toBe('from the sandbox');
      expect(r.violations).toEqual([]);
      const nested = await run(runner, ws, 'mkdir sub && cd sub && git init -q');
      expect(existsSync(join(ws, 'sub/.git'))).toBe(false);
      expect(existsSync(join(ws, 'sub'))).toBe(true);
      expect(nested.violations.some((v) => v.includes('sub/.git appeared'))).toBe(true);
    } finally {
      await runner.dispose();
    }
  });

  test('download from an allowed host through the proxy (plain HTTP and CONNECT)', async () => {
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits++;
      res.end(req.url === '/pkg.tgz' ? 'package-bytes\n' : 'other\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    // registry.test stands in for registry.npmjs.org; it lives on the host's loopback, so allowPrivate.
    const lookup: Lookup = (host) => Promise.resolve(host === 'registry.test' ? ['127.0.0.1'] : []);
    const ws = makeWorkspace();
    const runner = await openRunner({ workspace: ws, lookup, config: config({ network: { allow: ['registry.test'], allowPrivate: ['registry.test'] } }) });
    try {
      const r = await run(runner, ws, [
        `curl -sSf http://registry.test:${port}/pkg.tgz -o /tmp/pkg.tgz && cat /tmp/pkg.tgz`,
        `curl -sSf -p http://registry.test:${port}/pkg.tgz`,
        `node -e "require('http').get({host:'127.0.0.1',port:3128,path:'http://registry.test:${port}/pkg.tgz',headers:{host:'registry.test:${port}'}},r=>r.pipe(process.stdout))"`,
      ].join(' && '));
      expect(r.exitCode, r.output).toBe(0);
      expect(r.output.match(/package-bytes/g)).toHaveLength(3);
      expect(hits).toBe(3);
      expect(r.violations).toEqual([]);
    } finally {
      await runner.dispose();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
