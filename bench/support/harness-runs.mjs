// Starting each harness as its own process against a scripted server, the same way for both, so
// wall times include what a CI job pays: process start-up, reading the repo, the whole loop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './model-server.mjs';
import { tempDir } from './temp-dirs.mjs';

export const CLAUDE_CODE_VERSION = '2.1.332';
const CC_PREFIX = join(ROOT, 'bench', '.cache', 'claude-code');
const CC_BIN = join(CC_PREFIX, 'node_modules', '.bin', 'claude');

/**
 * Installs the pinned Claude Code into bench/.cache (a plain install resolves an older version,
 * build-notes §5). Returns { bin } or { error } saying why it is not usable.
 */
export function ensureClaudeCode() {
  const version = () => spawnSync(CC_BIN, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (existsSync(CC_BIN) && version().stdout?.startsWith(CLAUDE_CODE_VERSION)) return { bin: CC_BIN };
  mkdirSync(CC_PREFIX, { recursive: true });
  console.log(`installing @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} into bench/.cache/claude-code …`);
  const npm = spawnSync('npm', ['install', '--prefix', CC_PREFIX, '--no-save', '--no-audit', '--no-fund', `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`], { encoding: 'utf8', timeout: 600_000 });
  if (npm.status !== 0) return { error: `npm install failed (exit ${npm.status}): ${(npm.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}` };
  const v = version();
  if (!v.stdout?.startsWith(CLAUDE_CODE_VERSION)) return { error: `installed binary reports ${JSON.stringify(v.stdout ?? v.error?.message)}, not ${CLAUDE_CODE_VERSION}` };
  return { bin: CC_BIN };
}

/** Runs a command to completion, capturing output; wall time is measured around the process. */
function runProcess(file, args, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Epoch ms as well, to line the process up with the server's request timestamps.
    const startedAt = Date.now();
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, startedAt, endedAt: Date.now(), wallMs: performance.now() - started });
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, stdout, stderr: `${stderr}${err.message}`, startedAt, endedAt: Date.now(), wallMs: performance.now() - started });
    });
  });
}

/** The bundled CLI when it was built, else the tsc output (slower to start; the table says which). */
export function wardenEntry() {
  const dist = join(ROOT, 'dist', 'index.js');
  return existsSync(dist) ? dist : join(ROOT, 'lib', 'index.js');
}

/** `warden run` on the repo against the scripted server, every call allowed (no policy under test). */
export function runWarden({ repo, url, task }) {
  const out = tempDir('warden-bench-out-');
  const args = [wardenEntry(), 'run', '--cwd', repo, '--prompt', task, '--dangerously-allow-all', '--max-turns', '100', '--transcript', join(out, 'transcript.jsonl')];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-ant-bench' };
  return runProcess(process.execPath, args, { cwd: repo, env, timeoutMs: 300_000 });
}

/** Flags that let the scripted tool calls run; as root --dangerously-skip-permissions is refused. */
export const CLAUDE_CODE_FLAGS = ['--output-format', 'stream-json', '--verbose', '--allowedTools', 'Read', 'Edit', 'Write', 'Bash'];

/**
 * `claude -p` on the repo with a scratch HOME (it writes ~/.claude*) and every non-essential
 * connection off, so the scripted server is the only host it talks to (build-notes §5).
 */
export async function runClaudeCode({ bin, repo, url, task }) {
  const home = tempDir('warden-bench-cc-home-');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  const run = await runProcess(bin, ['-p', task, ...CLAUDE_CODE_FLAGS], { cwd: repo, env, timeoutMs: 300_000 });
  const events = run.stdout.split('\n').filter((l) => l.trim().startsWith('{')).flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
  return { ...run, events, result: events.find((e) => e.type === 'result') };
}
