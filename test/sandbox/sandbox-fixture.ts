/** Shared set-up for the sandbox tests that run real bubblewrap. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createSandboxRunner, type SandboxRunner, type SandboxRunnerOptions } from '../../src/sandbox/bwrap-runner.js';
import type { CommandResult } from '../../src/sandbox/process-runner.js';
import { DEFAULT_SANDBOX_CONFIG, type SandboxConfig } from '../../src/config/sandbox-config.js';
import { loadPolicy } from '../../src/policy/index.js';
import { bwrapState } from '../support/bwrap-state.js';

// Null where bwrap is missing or cannot start a sandbox (no user namespaces): the tests skip, saying why.
export const BWRAP = bwrapState().path;
export const SKIP_REASON = bwrapState().problem ?? '';

/** PATH for commands in the sandbox: the system plus wherever this node lives. */
export const SANDBOX_PATH = [...new Set([dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'])].join(':');

const cleanups: Array<() => void> = [];
export function cleanupAll(): void {
  for (const c of cleanups.splice(0)) c();
}

/** A fresh workspace directory (under the OS temp dir). */
export function makeWorkspace(files: Record<string, string> = {}): string {
  const ws = mkdtempSync(join(tmpdir(), 'warden-ws-'));
  cleanups.push(() => rmSync(ws, { recursive: true, force: true }));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), content);
  }
  return ws;
}

/**
 * A host directory *outside* /tmp (which the sandbox replaces with a private one), so a test that
 * checks it stays untouched or unreadable is not passing for the wrong reason.
 */
export function makeHostDir(): string {
  const base = join(homedir(), '.warden-sandbox-tests');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'host-'));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
    try {
      if (readdirSync(base).length === 0) rmSync(base, { recursive: true });
    } catch {
      // Shared by parallel test files.
    }
  });
  return dir;
}

export function config(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return { ...DEFAULT_SANDBOX_CONFIG, ...overrides };
}

/**
 * The sandbox section of a real policy file written at `<ws>/.github/warden.yml` (or `file`),
 * loaded by the real loader: what a run would hand the sandbox.
 */
export async function policySandbox(ws: string, yaml: string, opts: { home?: string; file?: string } = {}): Promise<SandboxConfig> {
  const file = join(ws, opts.file ?? '.github/warden.yml');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, yaml);
  return (await loadPolicy(file, { homeDir: opts.home ?? homedir(), root: ws })).sandbox;
}

export async function openRunner(opts: Partial<SandboxRunnerOptions> & { workspace: string }): Promise<SandboxRunner> {
  const runner = await createSandboxRunner({
    config: config(),
    hostEnv: { PATH: SANDBOX_PATH, HOME: homedir(), LANG: 'C.UTF-8', CI: 'true' },
    ...opts,
  });
  return runner;
}

/** A runner for `ws` under `cfg`, disposed once `fn` is done with it. */
export async function withRunner<T>(ws: string, cfg: SandboxConfig, fn: (r: SandboxRunner) => Promise<T>): Promise<T> {
  const runner = await openRunner({ workspace: ws, config: cfg });
  try {
    return await fn(runner);
  } finally {
    await runner.dispose();
  }
}

export function run(runner: SandboxRunner, cwd: string, command: string, timeoutMs = 20_000): Promise<CommandResult> {
  return runner.run({ command, cwd, timeoutMs, signal: new AbortController().signal, maxOutputChars: 200_000 });
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Host', '-c', 'user.email=host@example.com', ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' } });
}

export { hostProcessesWith } from '../support/host-processes.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Whether `pid` runs: alive and not a zombie waiting to be reaped. */
export function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !'ZX'.includes(stat.charAt(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}
