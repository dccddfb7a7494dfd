/**
 * Runs one host git command: bytes on stdout, stderr apart, data on stdin; the process group
 * handled as spawnGroup does.
 */
import { spawn } from 'node:child_process';
import type { GitCommand } from './host-git-env.js';
import { watchGroup } from '../sandbox/index.js';

export interface GitRunOptions {
  cwd: string;
  input?: Buffer | string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** stdout beyond this is a failure (a cut patch or path list would be wrong, not short). */
  maxStdoutBytes: number;
}

export interface GitRunResult {
  exitCode: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  overflow: boolean;
}

const MAX_STDERR_CHARS = 64_000;

export function runGit(cmd: GitCommand, opts: GitRunOptions): Promise<GitRunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd.file, cmd.args, {
      cwd: opts.cwd,
      env: cmd.env,
      detached: true,
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const watch = watchGroup(child, opts.timeoutMs, opts.signal);
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    let settled = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (overflow) return;
      size += chunk.length;
      if (size > opts.maxStdoutBytes) {
        overflow = true;
        watch.stop();
        return;
      }
      chunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString('utf8').slice(0, MAX_STDERR_CHARS - stderr.length);
    });
    if (child.stdin !== null && opts.input !== undefined) {
      // git may exit before reading all of it (an error); that is reported by the exit code.
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.input);
    }
    const finish = (exitCode: number | null, sig: string | null): void => {
      if (settled) return;
      settled = true;
      watch.end();
      resolve({ exitCode, signal: sig, stdout: Buffer.concat(chunks), stderr, timedOut: watch.timedOut, aborted: watch.aborted, overflow });
    };
    child.on('error', (err) => {
      stderr += `${err.message}\n`;
      finish(127, null);
    });
    child.on('close', (code, sig) => finish(code, sig));
  });
}
