import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_FILE } from '../../src/sandbox/owned-dirs.js';
import { distEntry } from '../support/action-runner.js';
import { ModelServer, type ScriptTurn } from '../support/model-server.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// A sandboxed command can lock what it writes into its private /tmp (chmod 000, a read-only file in
// a read-only directory). As a non-root user (GitHub's runners) that made `rm -rf` of the sandbox's
// state fail, at the run's end and in every later sweep: it stayed in TMPDIR forever. Root ignores
// permissions, so these runs are real `node dist/index.js` processes with real bubblewrap as
// nobody (65534); a symlink planted there must not make the host chmod or delete anything outside.

const NOBODY = 65534;
const POLICY = 'version: 1\npermissions:\n  allow: ["Bash", "Edit(/started)", "Edit(/locked)"]\n';
/** Locks the sandbox's /tmp the ways that stop a non-root `rm -rf` (a script: the policy keeps direct writes to the workspace). */
const LOCK = 'sh lock.sh';
const LOCK_SCRIPT = 'set -e; mkdir -p /tmp/locked/deep /tmp/ro && echo x > /tmp/locked/deep/f && echo y > /tmp/ro/f && chmod 444 /tmp/ro/f && chmod 555 /tmp/ro && chmod 000 /tmp/locked/deep /tmp/locked; touch locked\n';

interface Started {
  child: ChildProcess;
  server: ModelServer;
  exit: Promise<number | null>;
  stderr: () => string;
}

const entries = (dir: string): string[] => readdirSync(dir).sort();

/** A directory nobody owns (and everything under it). */
function nobodyDir(prefix: string): string {
  const dir = tempDir(prefix);
  // The test run's temp root (test/support/global-temp.ts) is root's and 0700: nobody may pass through it, not list it.
  chmodSync(dirname(dir), 0o711);
  chownTree(dir);
  return dir;
}

function chownTree(path: string): void {
  spawnSync('chown', ['-R', '--no-dereference', `${NOBODY}:${NOBODY}`, path]);
}

describe('temp directories a sandboxed command locked (as a non-root user)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const entry = (): string => {
    const file = distEntry();
    chmodSync(dirname(file), 0o755);
    return file;
  };

  async function startRun(tmp: string, script: ScriptTurn[]): Promise<Started & { repo: string }> {
    const repo = makeTempRepo();
    mkdirSync(join(repo, '.github'));
    writeFileSync(join(repo, '.github', 'warden.yml'), POLICY);
    writeFileSync(join(repo, 'lock.sh'), LOCK_SCRIPT);
    chownTree(repo);
    const home = nobodyDir('warden-home-');
    const out = join(nobodyDir('warden-out-'), 'out');
    const server = await ModelServer.start({ script });
    cleanups.push(() => server.close());
    const child = spawn(process.execPath, [entry(), 'run', '--cwd', repo, '--prompt', 'work', '--out', out], {
      cwd: repo,
      uid: NOBODY,
      gid: NOBODY,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmp, ANTHROPIC_API_KEY: 'sk-ant-test-locked-0000', ANTHROPIC_BASE_URL: server.url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, server, repo, exit, stderr: () => stderr };
  }

  const bash = (id: string, command: string): ScriptTurn => ({ content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] });
  const done: ScriptTurn = { content: [{ type: 'text', text: 'done' }] };

  /** A dead run's state directory, as nobody's: an owner file naming a process that is gone. */
  function deadRunDir(tmp: string, name: string): string {
    const dir = join(tmp, name);
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const here = { boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), pidns: readlinkSync('/proc/self/ns/pid'), host: hostname() };
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ pid: Number(r.stdout), start: '1', ...here }));
    return dir;
  }

  it('the run removes its own locked sandbox state, and sweeps a dead run\'s locked state without touching what its symlinks point to; what cannot go keeps its owner file for the next sweep', async () => {
    const tmp = nobodyDir('warden-tmp-');
    // Outside TMPDIR, nobody's, locked: a chmod or delete through the links below would change it.
    const outside = nobodyDir('warden-outside-');
    writeFileSync(join(outside, 'precious'), 'keep');
    chownTree(outside);
    chmodSync(outside, 0o500);
    const outsideFile = join(nobodyDir('warden-outside-file-'), 'file');
    writeFileSync(outsideFile, 'keep');
    chownTree(dirname(outsideFile));
    chmodSync(outsideFile, 0o400);

    const dead = deadRunDir(tmp, 'warden-sandbox-dead01');
    mkdirSync(join(dead, 'tmp', 'locked', 'deep'), { recursive: true });
    writeFileSync(join(dead, 'tmp', 'locked', 'deep', 'f'), 'x');
    // A name that is not valid UTF-8 (Node would spell it with U+FFFD and miss it).
    writeFileSync(Buffer.concat([Buffer.from(`${join(dead, 'tmp', 'locked')}/`), Buffer.from([0x62, 0xff])]), 'x');
    symlinkSync(outside, join(dead, 'tmp', 'locked', 'dir-link'));
    symlinkSync(outsideFile, join(dead, 'tmp', 'locked', 'file-link'));
    // A directory of another user inside (root's, not writable by nobody): this one cannot go.
    const stuck = deadRunDir(tmp, 'warden-sandbox-stuck1');
    writeFileSync(join(stuck, 'tmp', 'removable'), 'x');
    chownTree(tmp);
    chmodSync(join(dead, 'tmp', 'locked', 'deep'), 0o000);
    chmodSync(join(dead, 'tmp', 'locked'), 0o000);
    mkdirSync(join(stuck, 'tmp', 'roots'));
    writeFileSync(join(stuck, 'tmp', 'roots', 'f'), 'x');

    const run = await startRun(tmp, [bash('toolu_lock', LOCK), done]);
    expect(await run.exit, run.stderr()).toBe(0);
    expect(existsSync(join(run.repo, 'locked')), run.stderr()).toBe(true);

    // The run's own sandbox state went (its command locked it); the dead one's went; the stuck one stays, owner file and all.
    expect(entries(tmp)).toEqual(['warden-sandbox-stuck1']);
    expect(existsSync(join(stuck, OWNER_FILE))).toBe(true);
    // What could go went.
    expect(existsSync(join(stuck, 'tmp', 'removable'))).toBe(false);
    // What the links pointed to: there, unchanged, modes and all.
    expect(statSync(outside).mode & 0o7777).toBe(0o500);
    expect(lstatSync(outsideFile).mode & 0o7777).toBe(0o400);
    chmodSync(outside, 0o700);
    expect(readFileSync(join(outside, 'precious'), 'utf8')).toBe('keep');
    expect(readFileSync(outsideFile, 'utf8')).toBe('keep');

    // Once what held it is gone, a later run's sweep removes it.
    chownTree(stuck);
    const next = await startRun(tmp, [done]);
    expect(await next.exit, next.stderr()).toBe(0);
    expect(entries(tmp)).toEqual([]);
  });

  it('a SIGKILLed run whose command locked its /tmp: the next run removes its state', async () => {
    const tmp = nobodyDir('warden-tmp-');
    const killed = await startRun(tmp, [bash('toolu_wait', `${LOCK} && touch started; while [ ! -e release ]; do sleep 0.1; done`), done]);
    for (let i = 0; i < 600 && !existsSync(join(killed.repo, 'started')); i++) await sleep(50);
    expect(existsSync(join(killed.repo, 'started')), killed.stderr()).toBe(true);
    killed.child.kill('SIGKILL');
    await killed.exit;
    expect(entries(tmp).some((n) => n.startsWith('warden-sandbox-'))).toBe(true);

    const next = await startRun(tmp, [done]);
    expect(await next.exit, next.stderr()).toBe(0);
    expect(entries(tmp)).toEqual([]);
  });
});
