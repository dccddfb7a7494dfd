/**
 * The source of the spawner process (spawner.ts): plain CommonJS run with `node -e`, so it travels
 * inside whatever bundle holds this module (dist/, lib/, the tests) and needs no file of its own.
 *
 * Why a separate process: Node's spawn forks the calling process and waits until the child has
 * exec'd, on the event loop's thread. From the runner (hundreds of MB, many mappings) that is
 * 5–20 ms per command during which nothing else happens, so five parallel commands started one
 * after another. This process stays small (it loads nothing but child_process and fs), so its
 * forks are cheap, and the runner's loop never waits for one.
 *
 * What it may do, and nothing more: start the argv it is given with the environment it is given
 * (its own environment is empty, so it holds no secret to leak), report each child's pid, capped
 * output and exit, kill a child on request, and perform a held bwrap start (id maps, pids cgroup)
 * for the runner. It never reads the workspace and is never inside a sandbox. It dies with the
 * runner: when its stdin closes (the runner exited, however it exited) it kills everything it
 * started and exits.
 *
 * A sandbox is two processes to kill: bwrap, the group leader we started, and the sandbox's pid 1,
 * which bwrap clones into the new namespaces and which leaves bwrap's process group
 * (--new-session). --die-with-parent ties pid 1 to bwrap only once its set-up is done, so a bwrap
 * killed during the set-up would leave the sandbox running. With `info`, bwrap reports pid 1's
 * host pid on fd 4 (--info-fd), and every kill, and bwrap's own exit, kill pid 1 too: killing a
 * pid namespace's pid 1 ends everything in it.
 *
 * Protocol: one JSON object per line each way.
 *   runner → spawner: {t:'spawn', id, file, args, cwd, env, maxOutputChars, seccompFile, info, held, commandText}
 *                     {t:'kill', id, signal}   {t:'release', id}
 *   spawner → runner: {t:'pid', id, pid}  {t:'sandbox', id, pid}  {t:'out', id, text}
 *                     {t:'held', id, childPid}   {t:'exit', id, code, signal, dropped, error, heldError}
 * `commandText` (or null): the child gets a pipe as fd 6 holding this text, then closed (a sandbox's
 * shell reads its command there, bwrap-args.ts: an argv would cap it at 128 KiB).
 * `seccompFile` is opened and passed as fd 3. `held` (or null): {cgroupProcs, waitRelease}; bwrap
 * then also waits on fd 5 (--userns-block-fd; held-start.ts explains the held start) while the
 * spawner writes the identity id maps and the cgroup entry, and lets it go, or, with waitRelease,
 * first tells the runner (which starts the network bridge) and waits for `release`.
 */
/** First line of the source, so `ps` (and the tests) can tell the spawner from any other node. */
export const SPAWNER_MARK = 'warden-spawner';

export const SPAWNER_SOURCE = String.raw`// ${SPAWNER_MARK}: starts the commands of a Warden run (src/sandbox/spawner-program.ts)
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const { StringDecoder } = require('node:string_decoder');
const children = new Map();
const INFO_TIMEOUT_MS = 10000;
// A fork can fail with EAGAIN while the run's pids cgroup is full (a fork bomb still being
// killed): try again for a while rather than fail the next command at once.
const EAGAIN_RETRIES = 40;
const EAGAIN_WAIT_MS = 50;
const FD_COMMAND = 6;
// Longest wait for a killed sandbox's processes to be gone before its exit is reported anyway.
const GONE_WAIT_MS = 5000;
// How long after a direct command's shell exited, with nothing more arriving, its output pipes are
// let go though a process outside its group still holds them; at most this many graces in all.
const PIPE_GRACE_MS = 1000;
const PIPE_GRACE_ROUNDS = 10;

const pause = new Int32Array(new SharedArrayBuffer(4));
function send(msg) {
  let buf = Buffer.from(JSON.stringify(msg) + '\n');
  while (buf.length > 0) {
    try {
      buf = buf.subarray(fs.writeSync(1, buf));
    } catch (err) {
      // The runner is gone (EPIPE): so are we. A full pipe (EAGAIN) just waits for the runner to read.
      if (err.code !== 'EAGAIN') return shutdown();
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
function signal(pid, sig) {
  // 0 and -0 are this process's own group, -1 everything it may signal.
  if (!Number.isSafeInteger(pid) || Math.abs(pid) <= 1) return;
  try { process.kill(pid, sig); } catch { /* gone */ }
}
/** Everything a child started: bwrap's group, and the sandbox's pid 1 (and so its namespace). */
function killAll(c, sig) {
  if (c.pid !== undefined) signal(-c.pid, sig);
  if (c.sandboxPid !== null) signal(c.sandboxPid, 'SIGKILL');
}
let down = false;
function shutdown() {
  if (down) return;
  down = true;
  for (const c of children.values()) killAll(c, 'SIGKILL');
  process.exit(0);
}

function writeIdentityMaps(pid) {
  fs.writeFileSync('/proc/' + pid + '/uid_map', process.getuid() + ' ' + process.getuid() + ' 1\n');
  fs.writeFileSync('/proc/' + pid + '/setgroups', 'deny');
  fs.writeFileSync('/proc/' + pid + '/gid_map', process.getgid() + ' ' + process.getgid() + ' 1\n');
}

/** Reads bwrap's --info-fd JSON for the sandbox's pid 1; then holds or lets go a held start. */
function readInfo(m, c) {
  const info = c.child.stdio[4];
  let text = '';
  let reported = false;
  const fail = (message) => {
    clearTimeout(timer);
    info.removeAllListeners('data');
    if (m.held === null || c.heldDone) return;
    c.heldDone = true;
    c.heldError = message;
    killAll(c, 'SIGKILL');
  };
  const timer = setTimeout(() => fail('bwrap did not report the sandbox pid in time'), INFO_TIMEOUT_MS);
  info.on('error', () => {});
  info.on('data', (chunk) => {
    text += chunk.toString('utf8');
    let parsed;
    try { parsed = JSON.parse(text); } catch { return; }
    clearTimeout(timer);
    info.removeAllListeners('data');
    reported = true;
    const childPid = parsed !== null && typeof parsed === 'object' ? parsed['child-pid'] : undefined;
    if (!Number.isInteger(childPid) || childPid <= 0) return fail('unexpected bwrap info: ' + text.slice(0, 200));
    c.sandboxPid = childPid;
    send({ t: 'sandbox', id: m.id, pid: childPid });
    // Killed, or bwrap already gone, before we knew pid 1: end it now.
    if (c.stopped || c.exited) return signal(childPid, 'SIGKILL');
    if (m.held === null) return;
    try {
      writeIdentityMaps(childPid);
      // Every cgroup it must be in (pids, a v1 memory hierarchy), before anything in it runs.
      for (const procs of [].concat(m.held.cgroupProcs ?? [])) fs.writeFileSync(procs, String(childPid));
    } catch (err) {
      return fail('could not prepare the sandbox: ' + err.message);
    }
    if (m.held.waitRelease) send({ t: 'held', id: m.id, childPid });
    else release(c);
  });
  info.once('end', () => { if (!reported) fail('bwrap exited before the sandbox started'); });
}
function release(c) {
  if (c.heldDone) return;
  c.heldDone = true;
  c.child.stdio[5].end('1');
}

/**
 * Calls \`then\` once the sandbox's pid 1 is gone or a zombie. Pid 1 of a PID namespace ends every
 * other process in it, and waits until they are reaped, before it becomes a zombie: from then on
 * nothing the command started runs. The exit is reported only then, so the check after the command
 * never runs beside a straggler.
 * Usually at once: bwrap has reaped pid 1 before it exits itself.
 */
function whenGone(pid, deadline, then) {
  let state = null;
  try {
    const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    state = stat.charAt(stat.lastIndexOf(')') + 2);
  } catch { /* gone */ }
  if (state === null || state === 'Z' || state === 'X' || Date.now() > deadline) return then();
  setTimeout(() => whenGone(pid, deadline, then), 2);
}

function start(m) {
  const c = {
    pid: undefined, sandboxPid: null, child: null, output: '', dropped: 0, heldError: null, heldDone: false, done: false, stopped: false, exited: false,
    max: m.maxOutputChars,
  };
  children.set(m.id, c);
  const finish = (code, sig, error) => {
    if (c.done) return;
    c.done = true;
    for (const d of decoders) take(d.end()); // a truncated character reads as U+FFFD
    children.delete(m.id);
    killAll(c, 'SIGKILL');
    const report = () => send({ t: 'exit', id: m.id, code, signal: sig, dropped: c.dropped, error, heldError: c.heldError });
    if (c.sandboxPid === null) report();
    else whenGone(c.sandboxPid, Date.now() + GONE_WAIT_MS, report);
  };
  // stdout and stderr interleaved in arrival order, capped while streaming; the rest is counted.
  // Each stream has its decoder: a character split between two reads (64 KiB each) waits for its end.
  const decoders = [new StringDecoder('utf8'), new StringDecoder('utf8')];
  const take = (text) => {
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
  const launch = (attempt) => {
    if (c.stopped) return finish(null, 'SIGKILL', 'stopped before it started');
    let seccomp = null;
    try {
      if (m.seccompFile !== null) seccomp = fs.openSync(m.seccompFile, 'r');
      // fd 3 the seccomp program, fd 4 bwrap's --info-fd, fd 5 its --userns-block-fd, fd 6 the command.
      const stdio = ['ignore', 'pipe', 'pipe'];
      if (seccomp !== null) stdio[3] = seccomp;
      if (m.info || m.held !== null) stdio[4] = 'pipe';
      if (m.held !== null) stdio[5] = 'pipe';
      if (m.commandText !== null) stdio[FD_COMMAND] = 'pipe';
      for (let i = 3; i < stdio.length; i++) stdio[i] ??= 'ignore';
      c.child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, detached: true, stdio });
    } catch (err) {
      return finish(127, null, err.message);
    } finally {
      if (seccomp !== null) fs.closeSync(seccomp);
    }
    const child = c.child;
    if (child.pid === undefined) {
      child.on('error', (err) => {
        if (err.code === 'EAGAIN' && attempt < EAGAIN_RETRIES) setTimeout(() => launch(attempt + 1), EAGAIN_WAIT_MS);
        else finish(127, null, err.message);
      });
      return;
    }
    c.pid = child.pid;
    send({ t: 'pid', id: m.id, pid: c.pid });
    // When output last arrived: a direct command's pipes are let go only once it stops (letPipesGo).
    let lastData = Date.now();
    child.stdout.on('data', (chunk) => {
      lastData = Date.now();
      take(decoders[0].write(chunk));
    });
    child.stderr.on('data', (chunk) => {
      lastData = Date.now();
      take(decoders[1].write(chunk));
    });
    const letPipesGo = (code, sig) => {
      let rounds = 0;
      const check = () => setImmediate(() => {
        if (c.done) return;
        if (Date.now() - lastData < PIPE_GRACE_MS && ++rounds < PIPE_GRACE_ROUNDS) return void setTimeout(check, PIPE_GRACE_MS).unref();
        for (const stream of [child.stdout, child.stderr]) stream.destroy();
        finish(code, sig, null);
      });
      setTimeout(check, PIPE_GRACE_MS).unref();
    };
    child.on('error', (err) => finish(127, null, err.message));
    // 'close' waits for the pipes, which a background child may hold: everything goes on 'exit'.
    child.on('exit', (code, sig) => {
      c.exited = true;
      killAll(c, 'SIGKILL');
      // Run directly, a process that left the group (setsid) may still hold the output pipes: its output is not the command's, and the command is over. Once nothing
      // has arrived for a grace (checked after pending reads, setImmediate: a busy loop must not cut
      // output still in the pipe), the pipes are let go and the exit reported. A sandbox's pipes
      // close with its pid namespace.
      if (c.sandboxPid === null && !m.info) letPipesGo(code, sig);
    });
    child.on('close', (code, sig) => finish(code, sig, null));
    if (m.held !== null) child.stdio[5].on('error', () => {});
    if (m.info || m.held !== null) readInfo(m, c);
    if (m.commandText !== null) {
      const pipe = child.stdio[FD_COMMAND];
      pipe.on('error', () => {}); // the sandbox is gone: its exit says so
      pipe.end(m.commandText);
    }
  };
  launch(0);
}

let pending = '';
const input = new StringDecoder('utf8'); // command texts and environments are not all ASCII
process.stdin.on('data', (chunk) => {
  pending += input.write(chunk);
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const m = JSON.parse(line);
    const c = children.get(m.id);
    if (m.t === 'spawn') start(m);
    else if (m.t === 'kill' && c !== undefined) {
      c.stopped = true;
      killAll(c, m.signal);
    } else if (m.t === 'release' && c !== undefined) release(c);
  }
});
// The runner exited (however: its end of stdin closes with it), or asks us to stop.
process.stdin.on('end', shutdown);
process.stdin.on('error', shutdown);
process.on('SIGTERM', shutdown);
process.on('SIGHUP', shutdown);
// A terminal's Ctrl-C is the runner's to handle (it cancels the commands itself).
process.on('SIGINT', () => {});
`;
