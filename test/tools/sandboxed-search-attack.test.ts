/**
 * Grep and Glob where the wall already is: under bubblewrap, ripgrep runs in a sandbox built as a
 * command's (bwrap-runner.ts `search`), so what the policy's Read rules deny is hidden by the same
 * mounts. Through the pipeline as a run wires it (decision, then the tool with the run's read
 * guard and the runner's search), real bwrap, real ripgrep. A counter proves the sandboxed engine
 * answered, so no case passes because the host walk did the work instead.
 */
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { createToolRegistry } from '../../src/tools/registry.js';
import { BWRAP, cleanupAll, makeHostDir, makeWorkspace, openRunner, SKIP_REASON } from '../sandbox/sandbox-fixture.js';
import { callThroughPipeline, countedSearch, type ToolCall } from './grep-pipeline.js';

const SECRET = 'sk-live-0123456789';
const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);
const POLICY = ['version: 1', 'mode: dontAsk', 'permissions:', '  allow: ["Read", "Grep", "Glob"]', '  deny: ["Read(./.env)", "Read(secrets/**)", "Read(**/*.pem)"]'].join('\n');

describe.skipIf(BWRAP === null || rg === null)(`Grep and Glob in the command sandbox ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let outside: string;
  let runner: SandboxRunner;
  let call: ToolCall;
  let sandboxed: () => number;

  beforeAll(async () => {
    outside = makeHostDir();
    writeFileSync(join(outside, 'vault.txt'), `${SECRET}\n`);
    ws = makeWorkspace({
      '.env': `TOKEN=${SECRET}\n`,
      'secrets/prod.json': `{"key":"${SECRET}"}\n`,
      'keys/server.pem': `${SECRET}\n`,
      'src/app.js': 'const token = process.env.TOKEN;\n',
      'src/notes.md': 'sk-live is the prefix of a live key\n',
    });
    symlinkSync('../.env', join(ws, 'src/env-link'));
    symlinkSync(outside, join(ws, 'src/out'));
    mkdirSync(join(ws, 'deep/er'), { recursive: true });
    symlinkSync(join(outside, 'vault.txt'), join(ws, 'deep/er/vault-link.txt'));
    const policyDir = makeHostDir();
    writeFileSync(join(policyDir, 'policy.yml'), POLICY);
    const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
    runner = await openRunner({ workspace: ws, config: policy.sandbox });
    const decider = createPolicyDecider(policy);
    const readGuard = createHostReadGuard({ decider, policy, cwd: ws });
    const counted = countedSearch(runner);
    sandboxed = counted.ran;
    const tools = createToolRegistry({ grep: { searchPath: HOST_PATH, engine: 'rg' }, glob: { searchPath: HOST_PATH }, readGuard, sandboxed: counted.search });
    call = callThroughPipeline(tools, decider, ws);
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('Grep finds what the model may read, through the sandbox', async () => {
    const before = sandboxed();
    const r = await call('Grep', { pattern: 'sk-live', output_mode: 'content' });
    expect(r.error, r.text).toBe(false);
    expect(r.text).toContain('src/notes.md');
    expect(r.text).not.toContain(SECRET);
    expect(sandboxed()).toBe(before + 1);
  });

  test.each([['content'], ['files_with_matches'], ['count']])('Grep (%s) never finds a denied file, a link to one, or a file outside through a symlink', async (mode) => {
    const before = sandboxed();
    const r = await call('Grep', { pattern: '0123456789', output_mode: mode });
    expect(r.error, r.text).toBe(false);
    for (const name of ['.env', 'secrets', 'server.pem', 'env-link', 'vault', SECRET]) expect(r.text).not.toContain(name);
    expect(sandboxed()).toBe(before + 1);
  });

  test('Glob never lists a denied file (by name), and lists what is allowed', async () => {
    const before = sandboxed();
    const r = await call('Glob', { pattern: '**/*' });
    expect(r.error, r.text).toBe(false);
    expect(r.text).toContain('src/app.js');
    for (const name of ['/.env', 'secrets/prod.json', 'server.pem', 'vault.txt']) expect(r.text).not.toContain(name);
    expect(sandboxed()).toBe(before + 1);
    const pem = await call('Glob', { pattern: '**/*.pem' });
    expect(pem.text).toBe('No files found');
  });

  test('a denied file with another name: the sandbox refuses, as for a command, and the host walk refuses the link', async () => {
    linkSync(join(ws, '.env'), join(ws, 'src/innocent.txt'));
    try {
      const before = sandboxed();
      const r = await call('Grep', { pattern: '0123456789', output_mode: 'content' });
      expect(r.text).not.toContain(SECRET);
      expect(r.text).not.toContain('innocent');
      expect(sandboxed()).toBe(before); // the plan refused: the host walk judged every file
    } finally {
      (await import('node:fs')).unlinkSync(join(ws, 'src/innocent.txt'));
    }
  });
});
