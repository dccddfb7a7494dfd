/**
 * The source of the spawner process (spawner.ts): a few dozen lines of plain CommonJS run with
 * `node -e`, so it travels inside whatever bundle holds this module (dist/, lib/, the tests) and
 * needs no file of its own at run time.
 *
 * Why a separate process: Node's spawn forks the calling process and waits until the child has
 * exec'd, on the event loop's thread. From the runner (hundreds of MB, many mappings) that is
 * 5–20 ms per command during which nothing else happens, so five parallel commands start one
 * after another. This process stays small (it loads nothing but child_process and fs), so its
 * forks are cheap, and the runner's loop never waits for one.
 *
 * What it may do, and nothing more: start the argv it is given with the environment it is given
 * (its own environment is empty, so it holds no secret to leak), report each child's pid, capped
 * output and exit, kill a child's process group on request, and perform a held bwrap start (id
 * maps, pids cgroup) for the runner. It never reads the workspace and is never inside a sandbox.
 * It dies with the runner: when its stdin closes (the runner exited, however it exited) it kills
 * every process group it started and exits; bwrap's --die-with-parent then takes the sandboxes.
 *
 * Protocol: one JSON object per line each way.
 *   runner → spawner: {t:'spawn', id, file, args, cwd, env, maxOutputChars, seccompFile, held}
 *                     {t:'kill', id, signal}   {t:'release', id}
 *   spawner → runner: {t:'pid', id, pid}  {t:'out', id, text}  {t:'held', id, childPid}
 *                     {t:'exit', id, code, signal, dropped, error, heldError}
 * `held` (or null): {cgroupProcs, waitRelease}. bwrap then gets its --info-fd and
 * --userns-block-fd pipes as fd 4 and 5 (held-start.ts explains the held start); the spawner
 * writes the identity id maps and the cgroup entry itself and lets bwrap go, or, with
 * waitRelease, first tells the runner (which starts the network bridge) and waits for `release`.
 */
export const SPAWNER_SOURCE = String.raw`'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const children = new Map();
const HELD_TIMEOUT_MS = 10000;

function send(msg) {
  let buf = Buffer.from(JSON.stringify(msg) + '\n');
  try {
    while (buf.length > 0) buf = buf.subarray(fs.writeSync(1, buf));
  } catch {
    shutdown();
  }
}
function killGroup(pid, signal) {
  try { process.kill(-pid, signal); } catch { /* gone */ }
}
let down = false;
function shutdown() {
  if (down) return;
  down = true;
  for (const c of children.values()) if (c.pid !== undefined) killGroup(c.pid, 'SIGKILL');
  process.exit(0);
}

function writeIdentityMaps(pid) {
  fs.writeFileSync('/proc/' + pid + '/uid_map', process.getuid() + ' ' + process.getuid() + ' 1\n');
  fs.writeFileSync('/proc/' + pid + '/setgroups', 'deny');
  fs.writeFileSync('/proc/' + pid + '/gid_map', process.getgid() + ' ' + process.getgid() + ' 1\n');
}

function holdStart(id, c, held) {
  const info = c.child.stdio[4];
  c.block = c.child.stdio[5];
  c.block.on('error', () => {});
  let text = '';
  let reported = false;
  const fail = (message) => {
    clearTimeout(timer);
    info.removeAllListeners('data');
    if (c.heldDone) return;
    c.heldDone = true;
    c.heldError = message;
    killGroup(c.pid, 'SIGKILL');
  };
  const timer = setTimeout(() => fail('bwrap did not report the sandbox pid in time'), HELD_TIMEOUT_MS);
  info.on('data', (chunk) => {
    text += chunk.toString('utf8');
    let parsed;
    try { parsed = JSON.parse(text); } catch { return; }
    clearTimeout(timer);
    info.removeAllListeners('data');
    reported = true;
    const childPid = parsed !== null && typeof parsed === 'object' ? parsed['child-pid'] : undefined;
    if (!Number.isInteger(childPid) || childPid <= 0) return fail('unexpected bwrap info: ' + text.slice(0, 200));
    try {
      writeIdentityMaps(childPid);
      if (held.cgroupProcs !== null) fs.writeFileSync(held.cgroupProcs, String(childPid));
    } catch (err) {
      return fail('could not prepare the sandbox: ' + err.message);
    }
    if (held.waitRelease) send({ t: 'held', id, childPid });
    else release(c);
  });
  info.once('end', () => { if (!reported) fail('bwrap exited before the sandbox started'); });
}
function release(c) {
  if (c.heldDone) return;
  c.heldDone = true;
  c.block.end('1');
}

// A fork can fail with EAGAIN while the run's pids cgroup is full (a fork bomb still being
// killed): try again for a while rather than fail the next command at once.
const EAGAIN_RETRIES = 40;
const EAGAIN_WAIT_MS = 50;

function start(m) {
  const c = { pid: undefined, child: null, output: '', dropped: 0, heldError: null, heldDone: false, block: null, done: false, stopped: false };
  children.set(m.id, c);
  const finish = (code, signal, error) => {
    if (c.done) return;
    c.done = true;
    children.delete(m.id);
    if (c.pid !== undefined) killGroup(c.pid, 'SIGKILL');
    send({ t: 'exit', id: m.id, code, signal, dropped: c.dropped, error, heldError: c.heldError });
  };
  // stdout and stderr interleaved in arrival order, capped while streaming; the rest is counted.
  const take = (chunk) => {
    const text = chunk.toString('utf8');
    const room = m.maxOutputChars - c.output.length;
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
      // fd 3 is the seccomp program; a held start's pipes are always fd 4 and 5.
      const extra = seccomp === null ? [] : [seccomp];
      if (m.held !== null) extra.splice(0, 1, seccomp ?? 'ignore', 'pipe', 'pipe');
      c.child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, detached: true, stdio: ['ignore', 'pipe', 'pipe', ...extra] });
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
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => finish(127, null, err.message));
    // 'close' waits for the pipes, which a background child may hold: the group goes on 'exit'.
    child.on('exit', () => killGroup(c.pid, 'SIGKILL'));
    child.on('close', (code, signal) => finish(code, signal, null));
    if (m.held !== null) holdStart(m.id, c, m.held);
  };
  launch(0);
}

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const m = JSON.parse(line);
    const c = children.get(m.id);
    if (m.t === 'spawn') start(m);
    else if (m.t === 'kill' && c !== undefined) {
      if (c.pid !== undefined) killGroup(c.pid, m.signal);
      else c.stopped = true;
    }
    else if (m.t === 'release' && c !== undefined && c.block !== null) release(c);
  }
});
process.stdin.on('end', shutdown);
process.stdin.on('error', shutdown);
process.on('SIGINT', () => {});
`;
