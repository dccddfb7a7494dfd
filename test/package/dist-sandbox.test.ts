/**
 * Commands from the bundled dist/, copied where no node_modules can be reached: the spawner
 * (src/sandbox/spawner-program.ts) travels inside the bundle, starts the sandboxed command, and
 * dies with the runner, taking the command with it, however the runner dies.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SPAWNER_MARK } from '../../src/sandbox/spawner.js';
import { BWRAP, cleanupAll, hostProcessesWith, makeWorkspace, SANDBOX_PATH, SKIP_REASON } from '../sandbox/sandbox-fixture.js';
import { tempDir } from '../support/temp-repo.js';
import { waitFor } from '../support/wait-for.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist');

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Running (a zombie waiting for its reaper does not count). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}


describe.skipIf(BWRAP === null)(`a command run by the bundled dist/ ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let entry: string;
  // A HOME of its own: the runner's ~/.npmrc would add a notice about the settings it leaves out.
  const env = { PATH: SANDBOX_PATH, HOME: tempDir(), LANG: 'C.UTF-8', ANTHROPIC_API_KEY: 'sk-ant-dist-sandbox-0123456789' };

  beforeAll(() => {
    const copy = join(tempDir(), 'package');
    cpSync(DIST, join(copy, 'dist'), { recursive: true });
    entry = join(copy, 'dist', 'index.js');
    // Nothing above the copy resolves a package.
    for (let dir = copy; dir !== '/'; dir = join(dir, '..')) expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
  });
  afterAll(() => cleanupAll());

  test('runs a command in the sandbox, and on the host with sandbox.mode: off', () => {
    const ws = makeWorkspace({ 'a.txt': 'from the workspace\n' });
    const sandboxed = spawnSync(process.execPath, [entry, 'sandbox', 'exec', '--cwd', ws, '--', 'bash', '-c', 'cat a.txt; echo "sandbox=$WARDEN_SANDBOX key=${ANTHROPIC_API_KEY:-none} pid1=$(cat /proc/1/comm)"'], { env, encoding: 'utf8' });
    expect(sandboxed.stderr).toBe('');
    expect(sandboxed.stdout).toBe('from the workspace\nsandbox=bwrap key=none pid1=bwrap\n');
    expect(sandboxed.status).toBe(0);

    writeFileSync(join(ws, 'off.yml'), 'version: 1\nsandbox:\n  mode: "off"\n');
    const direct = spawnSync(process.execPath, [entry, 'sandbox', 'exec', '--policy', join(ws, 'off.yml'), '--cwd', ws, '--', 'bash', '-c', 'echo "sandbox=$WARDEN_SANDBOX key=${ANTHROPIC_API_KEY:-none}"; exit 3'], { env, encoding: 'utf8' });
    expect(direct.stdout).toBe('sandbox=off key=none\n');
    expect(direct.status).toBe(3);
  });

  test('a linked git worktree (.git a file pointing outside the workspace) runs its command and ends with its exit code', () => {
    const repo = makeWorkspace({ 'a.txt': 'tracked\n' });
    const git = (cwd: string, ...args: string[]): void => {
      const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
      expect(r.status, r.stderr).toBe(0);
    };
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'first');
    const linked = join(tempDir(), 'linked');
    git(repo, 'worktree', 'add', '-q', linked);
    // The commands' sandbox held its mounts outside the workspace against the workspace's own view,
    // refused every command, and the spawner, unref'd while the refused sandbox was discarded, let
    // the process exit with Node's code 13 before anything was printed.
    const r = spawnSync(process.execPath, [entry, 'sandbox', 'exec', '--cwd', linked, '--', 'bash', '-c', 'cat a.txt; exit 4'], { env, encoding: 'utf8' });
    expect(r.stdout).toBe('tracked\n');
    expect(r.status).toBe(4);
  });

  test('a runner killed with SIGKILL leaves no spawner and no command behind', async () => {
    const ws = makeWorkspace();
    const marker = `warden-dist-orphan-${process.pid}-${Date.now()}`;
    const runner = spawn(process.execPath, [entry, 'sandbox', 'exec', '--cwd', ws, '--', 'bash', '-c', `exec -a ${marker} sleep 60`], { env, stdio: 'ignore' });
    const runnerPid = runner.pid ?? 0;
    const command = await waitFor(() => hostProcessesWith(marker).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(`${marker}\0`)) ?? null, 'the command');
    let spawner = command;
    while (spawner > 1 && !readFileSync(`/proc/${spawner}/cmdline`, 'utf8').includes(SPAWNER_MARK)) spawner = parentOf(spawner);
    expect(spawner).toBeGreaterThan(1);
    expect(parentOf(spawner)).toBe(runnerPid);

    runner.kill('SIGKILL');
    await waitFor(() => (hostProcessesWith(marker).length === 0 && !alive(spawner) ? true : null), 'the spawner and the command to go');
  });
});
