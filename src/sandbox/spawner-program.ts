/**
 * The spawner process (spawner.ts starts it, docs/sandbox.md says why it exists): `spawnerProgram`'s
 * own text, run with `node -e`, so it travels inside whatever bundle holds this module. Hence this
 * file's one rule: the function uses nothing but Node's globals and what `host` hands it
 * (spawner-program.test.ts holds the file to type imports and this function).
 *
 * It only starts the argv it is given with the environment it is given (its own is empty),
 * reports pids, capped output and exits, kills on request, and performs held bwrap starts. It
 * never reads the workspace and is never inside a sandbox; when its stdin closes (the runner
 * exited, however) it kills everything it started and exits.
 *
 * A sandbox is two processes to kill: bwrap, the group leader, and the sandbox's pid 1, which left
 * bwrap's group (--new-session) and is tied to bwrap by --die-with-parent only once set up. With
 * `info`, bwrap reports pid 1 on --info-fd and every kill takes pid 1 too, and with it its namespace.
 */
import type * as ChildProcesses from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type * as Fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type * as StringDecoders from 'node:string_decoder';
import type { FromSpawner, ToSpawner } from './spawner-protocol.js';

/** What the program is handed: Node's modules (a `require` here would be rewritten by the bundler) and settings. */
export interface SpawnerHost {
  spawn: typeof ChildProcesses.spawn;
  fs: typeof Fs;
  StringDecoder: typeof StringDecoders.StringDecoder;
  /** The child's fds: bwrap's --info-fd and --userns-block-fd (held-start.ts), the command text's pipe (bwrap-args.ts). */
  fds: { info: number; usernsBlock: number; command: number };
}

type Spawn = Extract<ToSpawner, { t: 'spawn' }>;
type StdioSlot = 'ignore' | 'pipe' | number;

/** One command started, until its exit is reported. */
interface Started {
  /** Its process group (the child leads it). */
  pid: number | undefined;
  /** The sandbox's pid 1, once bwrap reported it. */
  sandboxPid: number | null;
  child: ChildProcess | null;
  output: string;
  dropped: number;
  heldError: string | null;
  heldDone: boolean;
  /** Its exit reported. */
  done: boolean;
  /** Asked to be killed. */
  stopped: boolean;
  /** The child itself has exited (its pipes may still be open). */
  exited: boolean;
  max: number;
}

export function spawnerProgram(host: SpawnerHost): void {
  const { spawn, fs, StringDecoder, fds } = host;
  const children = new Map<number, Started>();
  const INFO_TIMEOUT_MS = 10_000;
  // A fork can fail with EAGAIN while the run's pids cgroup is full (a fork bomb still being
  // killed): try again for a while rather than fail the next command at once.
  const EAGAIN_RETRIES = 40;
  const EAGAIN_WAIT_MS = 50;
  // fd 3 of the child: the seccomp program bwrap loads (--seccomp 3, bwrap-runner.ts).
  const FD_SECCOMP = 3;
  // Longest wait for a killed sandbox's processes to be gone before its exit is reported anyway.
  const GONE_WAIT_MS = 5_000;
  // How long after a direct command's shell exited, with nothing more arriving, its output pipes are
  // let go though a process outside its group still holds them; at most this many graces in all.
  const PIPE_GRACE_MS = 1_000;
  const PIPE_GRACE_ROUNDS = 10;

  const pause = new Int32Array(new SharedArrayBuffer(4));
  const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

  /** The state letter of /proc/<pid>/stat, or null when it is gone. */
  function stateOf(pid: number): string | null {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.charAt(stat.lastIndexOf(')') + 2);
    } catch {
      return null;
    }
  }

  function send(msg: FromSpawner): void {
    let buf = Buffer.from(`${JSON.stringify(msg)}\n`);
    while (buf.length > 0) {
      try {
        buf = buf.subarray(fs.writeSync(1, buf));
      } catch (err) {
        // The runner is gone (EPIPE): so are we. A full pipe (EAGAIN) just waits for the runner to read.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return shutdown();
        Atomics.wait(pause, 0, 0, 1);
      }
    }
  }

  function signal(pid: number | undefined, sig: NodeJS.Signals): void {
    // 0 and -0 are this process's own group, -1 everything it may signal.
    if (pid === undefined || !Number.isSafeInteger(pid) || Math.abs(pid) <= 1) return;
    try {
      process.kill(pid, sig);
    } catch {
      // Gone.
    }
  }

  /** Everything a child started: bwrap's group, and the sandbox's pid 1 (and so its namespace). */
  function killAll(c: Started, sig: NodeJS.Signals): void {
    if (c.pid !== undefined) signal(-c.pid, sig);
    if (c.sandboxPid !== null) signal(c.sandboxPid, 'SIGKILL');
  }

  let down = false;
  function shutdown(): void {
    if (down) return;
    down = true;
    for (const c of children.values()) killAll(c, 'SIGKILL');
    process.exit(0);
  }

  function writeIdentityMaps(pid: number): void {
    const uid = process.getuid?.();
    const gid = process.getgid?.();
    if (uid === undefined || gid === undefined) throw new Error('this system has no user ids to map');
    fs.writeFileSync(`/proc/${pid}/uid_map`, `${uid} ${uid} 1\n`);
    fs.writeFileSync(`/proc/${pid}/setgroups`, 'deny');
    fs.writeFileSync(`/proc/${pid}/gid_map`, `${gid} ${gid} 1\n`);
  }

  /** Reads bwrap's --info-fd JSON for the sandbox's pid 1; then holds or lets go a held start. */
  function readInfo(m: Spawn, c: Started, child: ChildProcess): void {
    const info = child.stdio[fds.info] as Readable;
    let text = '';
    let reported = false;
    const fail = (message: string): void => {
      clearTimeout(timer);
      info.removeAllListeners('data');
      if (m.held === null || c.heldDone) return;
      c.heldDone = true;
      c.heldError = message;
      killAll(c, 'SIGKILL');
    };
    const timer = setTimeout(() => fail('bwrap did not report the sandbox pid in time'), INFO_TIMEOUT_MS);
    info.on('error', () => undefined);
    info.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return; // incomplete so far
      }
      clearTimeout(timer);
      info.removeAllListeners('data');
      reported = true;
      const childPid = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['child-pid'] : undefined;
      if (typeof childPid !== 'number' || !Number.isInteger(childPid) || childPid <= 0) return fail(`unexpected bwrap info: ${text.slice(0, 200)}`);
      c.sandboxPid = childPid;
      send({ t: 'sandbox', id: m.id, pid: childPid });
      // Killed, or bwrap already gone, before we knew pid 1: end it now.
      if (c.stopped || c.exited) return signal(childPid, 'SIGKILL');
      if (m.held === null) return;
      try {
        writeIdentityMaps(childPid);
        // Every cgroup it must be in (pids, a v1 memory hierarchy), before anything in it runs.
        for (const file of m.held.cgroupProcs) fs.writeFileSync(file, String(childPid));
      } catch (err) {
        return fail(`could not prepare the sandbox: ${messageOf(err)}`);
      }
      if (m.held.waitRelease) send({ t: 'held', id: m.id, childPid });
      else release(c);
    });
    info.once('end', () => {
      if (!reported) fail('bwrap exited before the sandbox started');
    });
  }

  function release(c: Started): void {
    if (c.heldDone || c.child === null) return;
    c.heldDone = true;
    (c.child.stdio[fds.usernsBlock] as Writable).end('1');
  }

  /**
   * Calls `then` once the sandbox's pid 1 is gone or a zombie. Pid 1 of a PID namespace ends every
   * other process in it, and waits until they are reaped, before it becomes a zombie: from then on
   * nothing the command started runs. The exit is reported only then, so the check after the command
   * never runs beside a straggler.
   * Usually at once: bwrap has reaped pid 1 before it exits itself.
   */
  function whenGone(pid: number, deadline: number, then: () => void): void {
    const state = stateOf(pid);
    if (state === null || state === 'Z' || state === 'X' || Date.now() > deadline) return then();
    setTimeout(() => whenGone(pid, deadline, then), 2);
  }

  function start(m: Spawn): void {
    const c: Started = {
      pid: undefined, sandboxPid: null, child: null, output: '', dropped: 0, heldError: null, heldDone: false, done: false, stopped: false, exited: false,
      max: m.maxOutputChars,
    };
    children.set(m.id, c);
    // stdout and stderr interleaved in arrival order, capped while streaming; the rest is counted.
    // Each stream has its decoder: a character split between two reads (64 KiB each) waits for its end.
    const decoders = [new StringDecoder('utf8'), new StringDecoder('utf8')] as const;
    const take = (text: string): void => {
      if (text === '') return;
      const room = c.max - c.output.length;
      let kept = text;
      if (room < text.length) {
        kept = room > 0 ? text.slice(0, room) : '';
        c.dropped += text.length - Math.max(room, 0);
      }
      if (kept === '') return;
      c.output += kept;
      send({ t: 'out', id: m.id, text: kept });
    };
    const finish = (code: number | null, sig: NodeJS.Signals | null, error: string | null): void => {
      if (c.done) return;
      c.done = true;
      for (const d of decoders) take(d.end()); // a truncated character reads as U+FFFD
      children.delete(m.id);
      killAll(c, 'SIGKILL');
      const report = (): void => send({ t: 'exit', id: m.id, code, signal: sig, dropped: c.dropped, error, heldError: c.heldError });
      if (c.sandboxPid === null) report();
      else whenGone(c.sandboxPid, Date.now() + GONE_WAIT_MS, report);
    };
    const launch = (attempt: number): void => {
      if (c.stopped) return finish(null, 'SIGKILL', 'stopped before it started');
      let seccomp: number | null = null;
      let child: ChildProcess;
      try {
        if (m.seccompFile !== null) seccomp = fs.openSync(m.seccompFile, 'r');
        // Each fd above 2 the child needs; those between stay closed.
        const stdio: StdioSlot[] = ['ignore', 'pipe', 'pipe'];
        const give = (fd: number, what: StdioSlot): void => {
          while (stdio.length < fd) stdio.push('ignore');
          stdio[fd] = what;
        };
        if (seccomp !== null) give(FD_SECCOMP, seccomp);
        if (m.info || m.held !== null) give(fds.info, 'pipe');
        if (m.held !== null) give(fds.usernsBlock, 'pipe');
        if (m.commandText !== null) give(fds.command, 'pipe');
        child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, detached: true, stdio });
        c.child = child;
      } catch (err) {
        return finish(127, null, messageOf(err));
      } finally {
        if (seccomp !== null) fs.closeSync(seccomp);
      }
      const pid = child.pid;
      if (pid === undefined) {
        child.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'EAGAIN' && attempt < EAGAIN_RETRIES) setTimeout(() => launch(attempt + 1), EAGAIN_WAIT_MS);
          else finish(127, null, err.message);
        });
        return;
      }
      c.pid = pid;
      send({ t: 'pid', id: m.id, pid });
      const [stdout, stderr] = [child.stdout as Readable, child.stderr as Readable];
      // When output last arrived: a direct command's pipes are let go only once it stops (letPipesGo).
      let lastData = Date.now();
      stdout.on('data', (chunk: Buffer) => {
        lastData = Date.now();
        take(decoders[0].write(chunk));
      });
      stderr.on('data', (chunk: Buffer) => {
        lastData = Date.now();
        take(decoders[1].write(chunk));
      });
      const letPipesGo = (code: number | null, sig: NodeJS.Signals | null): void => {
        let rounds = 0;
        const check = (): void => void setImmediate(() => {
          if (c.done) return;
          if (Date.now() - lastData < PIPE_GRACE_MS && ++rounds < PIPE_GRACE_ROUNDS) return void setTimeout(check, PIPE_GRACE_MS).unref();
          for (const stream of [stdout, stderr]) stream.destroy();
          finish(code, sig, null);
        });
        setTimeout(check, PIPE_GRACE_MS).unref();
      };
      child.on('error', (err) => finish(127, null, err.message));
      // 'close' waits for the pipes, which a background child may hold: everything goes on 'exit'.
      child.on('exit', (code, sig) => {
        c.exited = true;
        killAll(c, 'SIGKILL');
        // Run directly, a process that left the group (setsid) may still hold the output pipes: its
        // output is not the command's, and the command is over. Once nothing
        // has arrived for a grace (checked after pending reads, setImmediate: a busy loop must not cut
        // output still in the pipe), the pipes are let go and the exit reported. A sandbox's pipes
        // close with its pid namespace.
        if (c.sandboxPid === null && !m.info) letPipesGo(code, sig);
      });
      child.on('close', (code, sig) => finish(code, sig, null));
      if (m.held !== null) (child.stdio[fds.usernsBlock] as Writable).on('error', () => undefined);
      if (m.info || m.held !== null) readInfo(m, c, child);
      if (m.commandText !== null) {
        const pipe = child.stdio[fds.command] as Writable;
        pipe.on('error', () => undefined); // the sandbox is gone: its exit says so
        pipe.end(m.commandText);
      }
    };
    launch(0);
  }

  function receive(m: ToSpawner): void {
    if (m.t === 'spawn') return start(m);
    const c = children.get(m.id);
    if (c === undefined) return;
    switch (m.t) {
      case 'kill':
        c.stopped = true;
        return killAll(c, m.signal);
      case 'release':
        return release(c);
      default:
        m satisfies never;
    }
  }

  let pending = '';
  const input = new StringDecoder('utf8'); // command texts and environments are not all ASCII
  process.stdin.on('data', (chunk: Buffer) => {
    pending += input.write(chunk);
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      receive(JSON.parse(line) as ToSpawner);
    }
  });
  // The runner exited (however: its end of stdin closes with it), or asks us to stop.
  process.stdin.on('end', shutdown);
  process.stdin.on('error', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
  // A terminal's Ctrl-C is the runner's to handle (it cancels the commands itself).
  process.on('SIGINT', () => undefined);
}
