import { spawn } from 'node:child_process';
import type { ChildProcess, StdioPipe } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { CommandResult, ProcessStart } from './process-runner.js';

export interface SpawnGroupRequest extends ProcessStart {
  /**
   * File descriptors passed to the child as fd 3, 4, …: an open fd number, or 'pipe' for a pipe the
   * caller reaches through `onSpawn` (the sandbox uses these for bwrap's --seccomp/--info-fd/--userns-block-fd).
   */
  extraFds?: Array<number | StdioPipe>;
  /** Called once the child exists, before any output is read. */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * Stdout handed over as it arrives (decoded), instead of kept in `output`: a caller that parses
   * a long listing does it while the program still writes. It counts towards maxOutputChars.
   */
  onStdout?: (text: string) => void;
}

// Grace between SIGTERM and SIGKILL when a command is stopped.
const KILL_GRACE_MS = 500;

/**
 * Runs a process as the leader of its own process group, so a timeout or abort can kill it
 * together with every child it started. Output is capped while streaming, not after.
 */
export function spawnGroup(req: SpawnGroupRequest, live: Set<number>): Promise<Omit<CommandResult, 'violations'>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(req.file, req.args, {
      cwd: req.cwd,
      env: req.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...(req.extraFds ?? [])],
    });
    const pid = child.pid;
    if (pid !== undefined) live.add(pid);
    let output = '';
    let dropped = 0;
    let timedOut = false;
    let aborted = false;
    let settled = false;

    // A decoder per stream: a character split between two reads is kept until its last byte comes.
    const decoders = [new StringDecoder('utf8'), new StringDecoder('utf8')] as const;
    let streamed = 0;
    const keep = (text: string, stream: 0 | 1): void => {
      const room = req.maxOutputChars - output.length - streamed;
      const taken = room >= text.length ? text : room > 0 ? text.slice(0, room) : '';
      dropped += text.length - taken.length;
      if (taken === '') return;
      if (stream === 0 && req.onStdout !== undefined) {
        streamed += taken.length;
        req.onStdout(taken);
      } else output += taken;
    };
    req.onSpawn?.(child);
    child.stdout?.on('data', (chunk: Buffer) => keep(decoders[0].write(chunk), 0));
    child.stderr?.on('data', (chunk: Buffer) => keep(decoders[1].write(chunk), 1));

    const stop = (): void => {
      if (pid === undefined) return;
      killGroup(pid, 'SIGTERM');
      setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, req.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    if (req.signal.aborted) onAbort();
    else req.signal.addEventListener('abort', onAbort, { once: true });

    const finish = (exitCode: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      keep(decoders[0].end(), 0); // a truncated character reads as U+FFFD, as before
      keep(decoders[1].end(), 1);
      clearTimeout(timer);
      req.signal.removeEventListener('abort', onAbort);
      // The leader is gone; make sure no descendant it left behind outlives the command.
      if (pid !== undefined) {
        killGroup(pid, 'SIGKILL');
        live.delete(pid);
      }
      resolve({ exitCode, signal, output, droppedChars: dropped, timedOut, aborted, durationMs: performance.now() - started });
    };
    child.on('error', (err) => {
      output += `${err.message}\n`;
      finish(127, null);
    });
    // 'close' waits for the pipes; a background child holding them open would hang it,
    // so the group is killed on 'exit' and 'close' then follows.
    child.on('exit', () => {
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
    });
    child.on('close', (code, sig) => finish(code, sig));
  });
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
