import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { CommandResult, ProcessStart } from './process-runner.js';

export interface SpawnGroupRequest extends ProcessStart {
  /** Open descriptors passed to the child as fd 3, 4, … */
  extraFds?: number[];
}

// Grace between SIGTERM and SIGKILL when a command is stopped.
export const KILL_GRACE_MS = 500;

/**
 * Runs a process as the leader of its own process group, so a timeout or abort can kill it
 * together with every child it started. Output is capped while streaming, not after.
 */
export function spawnGroup(req: SpawnGroupRequest): Promise<Omit<CommandResult, 'violations'>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(req.file, req.args, {
      cwd: req.cwd,
      env: req.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...(req.extraFds ?? [])],
    });
    let output = '';
    let dropped = 0;
    let settled = false;

    // A decoder per stream: a character split between two reads is kept until its last byte comes.
    const decoders = [new StringDecoder('utf8'), new StringDecoder('utf8')] as const;
    const keep = (text: string): void => {
      const room = req.maxOutputChars - output.length;
      const taken = room >= text.length ? text : room > 0 ? text.slice(0, room) : '';
      dropped += text.length - taken.length;
      output += taken;
    };
    child.stdout?.on('data', (chunk: Buffer) => keep(decoders[0].write(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => keep(decoders[1].write(chunk)));

    const watch = watchGroup(child, req.timeoutMs, req.signal);
    const finish = (exitCode: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      keep(decoders[0].end()); // a truncated character reads as U+FFFD
      keep(decoders[1].end());
      watch.end();
      resolve({ exitCode, signal, output, droppedChars: dropped, timedOut: watch.timedOut, aborted: watch.aborted, durationMs: performance.now() - started });
    };
    child.on('error', (err) => {
      output += `${err.message}\n`;
      finish(127, null);
    });
    child.on('close', (code, sig) => finish(code, sig));
  });
}

export interface GroupWatch {
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** SIGTERM to the group, SIGKILL after a grace. */
  stop(): void;
  /** The leader is done: no descendant it left behind outlives it. */
  end(): void;
}

/** Stops a process group at its timeout or abort, and kills what is left of it once its leader exits. */
export function watchGroup(child: ChildProcess, timeoutMs: number, signal: AbortSignal | undefined): GroupWatch {
  const pid = child.pid;
  const state = { timedOut: false, aborted: false };
  const stop = (): void => {
    if (pid === undefined) return;
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => {
    state.timedOut = true;
    stop();
  }, timeoutMs);
  const onAbort = (): void => {
    state.aborted = true;
    stop();
  };
  if (signal?.aborted === true) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  // 'close' waits for the pipes; a background child holding them open would hang it, so the group is killed on 'exit'.
  child.on('exit', () => {
    if (pid !== undefined) killGroup(pid, 'SIGKILL');
  });
  return {
    get timedOut() {
      return state.timedOut;
    },
    get aborted() {
      return state.aborted;
    },
    stop,
    end(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
    },
  };
}

export function killGroup(pid: number, signal: NodeJS.Signals): void {
  // -0 is this process's own group, -1 every process it may signal: only a real group leader's pid.
  if (!Number.isSafeInteger(pid) || pid <= 1) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** A sandbox is two processes to kill: bwrap's group, and the sandbox's pid 1 once known (it left the group). */
export function killSandbox(groupPid: number | null | undefined, sandboxPid: number | null): void {
  if (groupPid !== null && groupPid !== undefined) killGroup(groupPid, 'SIGKILL');
  if (sandboxPid === null || sandboxPid <= 1) return;
  try {
    process.kill(sandboxPid, 'SIGKILL');
  } catch {
    // Gone.
  }
}
