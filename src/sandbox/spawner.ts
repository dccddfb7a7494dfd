/**
 * The runner's end of the spawner process (spawner-program.ts): commands start there, so the
 * runner's event loop never stops for a fork and parallel commands start together; group, cap,
 * timeout and abort behave as spawnGroup's. Started on first use (empty environment, `/`),
 * restarted if it dies (what it ran then fails), and unref'd while no command runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { PidsCgroup } from './process-limit.js';
import { FD_COMMAND } from './bwrap-args.js';
import { FD_INFO, FD_USERNS_BLOCK } from './held-start.js';
import { spawnerProgram, type SpawnerHost } from './spawner-program.js';
import type { FromSpawner, Spawner, SpawnerExit, SpawnRequest, SpawnResult, ToSpawner } from './spawner-protocol.js';
import { KILL_GRACE_MS, killSandbox } from './spawn-group.js';

export type { Spawner, SpawnRequest, SpawnResult } from './spawner-protocol.js';

const CLOSE_WAIT_MS = 2_000;

/** First line of the spawner's source, so `ps` (and the tests) can tell the spawner from any other node. */
export const SPAWNER_MARK = 'warden-spawner';

/**
 * What the spawner runs with `node -e`: spawnerProgram's own text (as compiled and bundled; it
 * refers to nothing outside itself), called with Node's modules and its settings.
 */
const HOST_SOURCE = `{ spawn: require('node:child_process').spawn, fs: require('node:fs'), StringDecoder: require('node:string_decoder').StringDecoder,
  fds: ${JSON.stringify({ info: FD_INFO, usernsBlock: FD_USERNS_BLOCK, command: FD_COMMAND } satisfies SpawnerHost['fds'])} }`;
export const SPAWNER_SOURCE = `// ${SPAWNER_MARK}: starts the commands of a Warden run (src/sandbox/spawner-program.ts)
'use strict';
(${spawnerProgram.toString()})(${HOST_SOURCE});
`;

interface Running {
  request: SpawnRequest;
  started: number;
  pid: number | null;
  /** The sandbox's pid 1, once bwrap has reported it. */
  sandboxPid: number | null;
  output: string;
  timedOut: boolean;
  aborted: boolean;
  heldError: string | null;
  /** The spawner process it was sent to: every message about it goes there, and ends with it. */
  via: ChildProcess;
  /** Called once with the exit. */
  finish: (result: SpawnResult) => void;
}

interface SpawnerProcess {
  child: ChildProcess;
  inCgroup: boolean;
  /** A socket (Node's child pipes are), so it can be unref'd. */
  stdout: Socket;
  stderr: Socket;
  exited: Promise<void>;
}

export interface SpawnerOptions {
  /**
   * The run's pids cgroup (root runners, process-limit.ts): the spawner process joins it as it
   * starts, before it starts anything, so every sandbox it starts counts against the cap from its
   * first instruction, with no held start and no cgroup move per command.
   */
  cgroup?: PidsCgroup | null;
}

export function createSpawner(options: SpawnerOptions = {}): Spawner {
  let proc: SpawnerProcess | null = null;
  const running = new Map<number, Running>();
  let nextId = 0;

  /** To the spawner the child was sent to (one that died is replaced; its children died with it). */
  const send = (message: ToSpawner): void => {
    running.get(message.id)?.via.stdin?.write(`${JSON.stringify(message)}\n`);
  };
  const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

  /** Keeps the runner alive only while a command runs. */
  const setRef = (): void => {
    if (proc === null) return;
    const busy = running.size > 0;
    for (const h of [proc.child, proc.stdout, proc.stderr]) {
      if (busy) h.ref();
      else h.unref();
    }
  };

  function start(): SpawnerProcess {
    const child = spawn(process.execPath, ['-e', SPAWNER_SOURCE], { cwd: '/', env: {}, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    // Joined before the first request is written, so before it can start anything.
    let inCgroup = false;
    if (options.cgroup !== null && options.cgroup !== undefined && child.pid !== undefined) {
      try {
        options.cgroup.join(child.pid);
        inCgroup = true;
      } catch {
        // Each sandbox then gets a held start and joins the cgroup itself.
      }
    }
    const stdout = child.stdout as Socket;
    const stderrPipe = child.stderr as Socket;
    let stderr = '';
    stderrPipe.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
    });
    child.stdin?.on('error', () => undefined);
    let pending = '';
    // Lines carry the commands' output as JSON strings, non-ASCII as is: a character can straddle two reads.
    const decoder = new StringDecoder('utf8');
    stdout.on('data', (chunk: Buffer) => {
      pending += decoder.write(chunk);
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        receive(JSON.parse(line) as FromSpawner);
      }
    });
    const exited = new Promise<void>((resolve) => {
      child.on('close', (code, signal) => {
        if (proc?.child === child) proc = null;
        // Whatever it was running is gone with it (or is killed here): those commands fail.
        const why = `the process spawner exited (${signal ?? `code ${String(code)}`})${stderr === '' ? '' : `: ${stderr.trim()}`}`;
        for (const [id, r] of running) {
          if (r.via !== child) continue; // sent to the spawner that replaced this one
          killSandbox(r.pid, r.sandboxPid); // from the runner itself: the spawner died, or may be slow (end of run)
          end(id, { code: 127, signal: null, dropped: 0, error: why, heldError: null });
        }
        resolve();
      });
    });
    child.on('error', () => undefined); // 'close' follows
    return { child, inCgroup, stdout, stderr: stderrPipe, exited };
  }

  /** The spawner process, started if need be; unref'd while no command runs. */
  function ensure(): SpawnerProcess {
    // Exited, but its 'close' (after its pipes) not yet seen: a command sent now would only fail.
    if (proc !== null && hasExited(proc.child)) proc = null;
    if (proc === null) {
      proc = start();
      setRef();
    }
    return proc;
  }

  function receive(m: FromSpawner): void {
    const r = running.get(m.id);
    if (r === undefined) return;
    switch (m.t) {
      case 'pid':
        r.pid = m.pid;
        return;
      case 'sandbox':
        r.sandboxPid = m.pid;
        return;
      case 'out':
        r.output += m.text;
        return;
      case 'held': {
        const before = r.request.held?.beforeRelease;
        if (before === null || before === undefined) {
          send({ t: 'release', id: m.id });
          return;
        }
        before(m.childPid).then(
          () => send({ t: 'release', id: m.id }),
          (err: unknown) => {
            r.heldError = err instanceof Error ? err.message : String(err);
            send({ t: 'kill', id: m.id, signal: 'SIGKILL' });
          },
        );
        return;
      }
      case 'exit':
        end(m.id, m);
        return;
      default:
        m satisfies never;
    }
  }

  function end(id: number, m: SpawnerExit): void {
    const r = running.get(id);
    if (r === undefined) return;
    running.delete(id);
    setRef();
    const output = m.error === null ? r.output : `${r.output}${m.error}\n`;
    r.finish({
      exitCode: m.code, signal: m.signal, output, droppedChars: m.dropped, timedOut: r.timedOut, aborted: r.aborted,
      durationMs: performance.now() - r.started, heldError: r.heldError ?? m.heldError,
    });
  }

  /**
   * The command's timeout and abort, from now: SIGTERM to everything it started, SIGKILL after the
   * grace. Returns what to undo once it has ended.
   */
  function watch(id: number, timeoutMs: number, signal: AbortSignal): () => void {
    const stop = (): void => {
      send({ t: 'kill', id, signal: 'SIGTERM' });
      setTimeout(() => send({ t: 'kill', id, signal: 'SIGKILL' }), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      const r = running.get(id);
      if (r !== undefined) r.timedOut = true;
      stop();
    }, timeoutMs);
    const onAbort = (): void => {
      const r = running.get(id);
      if (r !== undefined) r.aborted = true;
      stop();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
  }

  return {
    start(): { inCgroup: boolean } {
      return { inCgroup: ensure().inCgroup };
    },
    run(request: SpawnRequest): Promise<SpawnResult> {
      const id = ++nextId;
      const via = ensure().child;
      return new Promise<SpawnResult>((resolve) => {
        let unwatch = (): void => undefined;
        running.set(id, {
          request, started: performance.now(), pid: null, sandboxPid: null, output: '', timedOut: false, aborted: false, heldError: null, via,
          finish: (result) => {
            unwatch();
            resolve(result);
          },
        });
        setRef();
        const held = request.held === undefined ? null : { cgroupProcs: request.held.cgroupProcs, waitRelease: request.held.beforeRelease !== null };
        send({
          t: 'spawn', id, file: request.file, args: request.args, cwd: request.cwd, env: request.env, maxOutputChars: request.maxOutputChars,
          seccompFile: request.seccompFile ?? null, info: request.info === true, held, commandText: request.commandText ?? null,
        });
        unwatch = watch(id, request.timeoutMs, request.signal);
      });
    },
    killAll(): void {
      for (const [id, r] of running) {
        killSandbox(r.pid, r.sandboxPid);
        send({ t: 'kill', id, signal: 'SIGKILL' });
      }
    },
    async close(): Promise<void> {
      const p = proc;
      if (p === null) return;
      p.child.stdin?.end();
      const timer = setTimeout(() => p.child.kill('SIGKILL'), CLOSE_WAIT_MS);
      await p.exited;
      clearTimeout(timer);
    },
  };
}
