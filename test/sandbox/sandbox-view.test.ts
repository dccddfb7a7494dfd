/**
 * The kernel's view of a prepared sandbox (src/sandbox/sandbox-view.ts): the last check before one
 * is handed its command. The parser and the expected mounts are table-tested; the check itself
 * runs against real sandboxes, started by the real spawner from the real argv, whose workspace the
 * test then changes on the host the way a command running alongside (or another process) could.
 * The layer before it — the plan and the device and inode of every path it mounts, compared on
 * the host — sees none of the changes that must fail here: the inodes stay the same.
 */
import { linkSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildBwrapArgs, sandboxWaitingShell, type WorkspaceMount } from '../../src/sandbox/bwrap-args.js';
import { writeSeccompFile } from '../../src/sandbox/sandbox-tools.js';
import { seccompArchFor } from '../../src/sandbox/seccomp-filter.js';
import { createSpawner, type HandOver, type PrepareRequest, type PreparedSpawn, type Spawner } from '../../src/sandbox/spawner.js';
import { expectedView, startVerified } from '../../src/sandbox/verified-start.js';
import { expectedWorkspaceMounts, hostHasMountsInside, parseMountInfo, realViewIo, viewMismatch, type ExpectedView } from '../../src/sandbox/sandbox-view.js';
import { BWRAP, cleanupAll, makeHostDir, makeWorkspace, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';
import { rng } from '../support/seeded-random.js';

describe('mountinfo as the kernel prints it', () => {
  test('mount points with escaped names, optional fields and the read-only flag', () => {
    const text = [
      '22 1 254:0 / / ro,relatime shared:1 - ext4 /dev/vda rw',
      '99 22 254:0 /w\\040s /w\\040s rw,nosuid - ext4 /dev/vda rw',
      '100 99 0:55 / /w\\040s/a\\012b\\134c ro,nosuid master:3 unbindable - tmpfs tmpfs rw',
      '101 99 254:0 /w\\040s/\\303\\251 /w\\040s/\\303\\251 rw - ext4 /dev/vda rw',
      '',
    ].join('\n');
    expect(parseMountInfo(text)).toEqual([
      { id: 22, parentId: 1, device: '254:0', root: '/', mountPoint: '/', readOnly: true, fsType: 'ext4' },
      { id: 99, parentId: 22, device: '254:0', root: '/w s', mountPoint: '/w s', readOnly: false, fsType: 'ext4' },
      { id: 100, parentId: 99, device: '0:55', root: '/', mountPoint: '/w s/a\nb\\c', readOnly: true, fsType: 'tmpfs' },
      { id: 101, parentId: 99, device: '254:0', root: '/w s/\u00e9', mountPoint: '/w s/\u00e9', readOnly: false, fsType: 'ext4' },
    ]);
  });

  test.each([['no separator', '22 1 254:0 / / rw shared:1 ext4 /dev/vda rw'], ['too short', '22 1 254:0 /'], ['no mount id', 'x 1 254:0 / / rw - ext4 /dev/vda rw']])('a line it cannot read throws: %s', (_what, line) => {
    expect(() => parseMountInfo(`${line}\n`)).toThrow(/unreadable mountinfo/);
  });
});

describe('the mounts bwrap makes in the workspace for a plan', () => {
  const plan: WorkspaceMount[] = [
    { op: 'hide-file', source: '/state/empty', path: '/ws/a/.env' },
    { op: 'bind', path: '/ws/a' },
    { op: 'ro-bind', source: '/state/gitconfig-1', target: '/ws/.git/config' },
    { op: 'hide-dir', path: '/ws/secrets' },
  ];

  test('writable: the workspace, then the plan parent first', () => {
    expect(expectedWorkspaceMounts('/ws', 'write', plan)).toEqual([
      { path: '/ws', shows: { same: '/ws' }, readOnly: false },
      { path: '/ws/a', shows: { same: '/ws/a' }, readOnly: false },
      { path: '/ws/secrets', shows: 'tmpfs', readOnly: false },
      { path: '/ws/a/.env', shows: { same: '/state/empty' }, readOnly: true },
      { path: '/ws/.git/config', shows: { same: '/state/gitconfig-1' }, readOnly: true },
    ]);
  });

  // The view's idea of bwrap's mounts is a second reading of bwrap-args.ts: if the two drift apart,
  // every prepared sandbox is refused (safe, but the saving is gone without a word).
  test('the same mount points, in the same order, as the argv bwrap is given, for every access and seeded plans', () => {
    const random = rng(20261202);
    const ops = ['bind', 'ro-bind', 'hide-dir', 'hide-file'] as const;
    for (let round = 0; round < 200; round++) {
      const mounts: WorkspaceMount[] = [];
      for (let i = 0, n = Math.floor(random() * 8); i < n; i++) {
        const depth = 1 + Math.floor(random() * 3);
        const path = `/ws/${Array.from({ length: depth }, () => 'abc'[Math.floor(random() * 3)] ?? 'a').join('/')}`;
        const op = ops[Math.floor(random() * ops.length)] ?? 'bind';
        mounts.push(op === 'bind' || op === 'hide-dir' ? { op, path } : op === 'ro-bind' ? { op, source: random() < 0.5 ? path : '/state/copy', target: path } : { op, source: '/state/empty', path });
      }
      for (const access of ['write', 'read', 'hidden'] as const) {
        const args = buildBwrapArgs({
          workspace: '/ws', privateTmp: '/state/tmp', cwd: '/ws', tmpfs: [], workspaceAccess: access, mounts, masks: [], env: {}, seccompFd: 3, bridge: null, hostname: 'h', command: ['true'],
        });
        // The mount point of every mount option in the argv, in order: the last operand of each.
        const points: string[] = [];
        for (let i = 0; i < args.length && args[i] !== '--'; i++) {
          const a = args[i];
          if (a === '--bind' || a === '--ro-bind') points.push(args[i + 2] ?? '');
          if (a === '--tmpfs') points.push(args[i + 1] ?? '');
        }
        const inWorkspace = points.filter((p) => p === '/ws' || p.startsWith('/ws/'));
        expect(expectedWorkspaceMounts('/ws', access, mounts).map((m) => m.path), `${access} ${JSON.stringify(mounts)}`).toEqual(inWorkspace);
      }
    }
  });

  test('read-only: no writable binds; hidden: the tmpfs alone', () => {
    expect(expectedWorkspaceMounts('/ws', 'read', plan).map((m) => [m.path, m.readOnly])).toEqual([
      ['/ws', true], ['/ws/secrets', false], ['/ws/a/.env', true], ['/ws/.git/config', true],
    ]);
    expect(expectedWorkspaceMounts('/ws', 'hidden', plan)).toEqual([{ path: '/ws', shows: 'tmpfs', readOnly: false }]);
  });
});

/**
 * The describe block's own spawner and seccomp program, made before its tests and closed after;
 * the getters read them once made.
 */
function realSpawner(): { spawner: () => Spawner; state: () => string; seccompFile: () => string } {
  let spawner: Spawner | null = null;
  let state = '';
  let seccompFile = '';
  beforeAll(() => {
    spawner = createSpawner();
    state = makeHostDir();
    const arch = seccompArchFor(process.arch);
    if (arch === null) throw new Error(`no seccomp table for ${process.arch}`);
    seccompFile = writeSeccompFile(state, arch);
  });
  afterAll(async () => {
    spawner?.killAll();
    await spawner?.close();
    cleanupAll();
  });
  const made = (): Spawner => {
    if (spawner === null) throw new Error('the spawner is made before the tests');
    return spawner;
  };
  return { spawner: made, state: () => state, seccompFile: () => seccompFile };
}

describe.skipIf(BWRAP === null)(`a prepared sandbox against the plan, after changes on the host (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  const SECRET = 'TOKEN=sk-live-view-0123456789';
  const { spawner, state, seccompFile } = realSpawner();
  const started: PreparedSpawn[] = [];

  beforeAll(() => {
    writeFileSync(join(state(), 'empty'), '', { mode: 0o444 });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.discard()));
  });

  /** A workspace with a pinned directory holding a hidden file, a hidden directory, a protected one and a working directory. */
  function workspace(): { ws: string; mounts: WorkspaceMount[]; cwd: string; token: string } {
    const ws = makeWorkspace({ 'pkg/.env': `${SECRET}\n`, 'pkg/index.js': 'x\n', 'secrets/prod.json': `${SECRET}\n`, '.github/workflows/ci.yml': 'on: push\n', 'work/a.txt': 'a\n' });
    const token = join(makeHostDir(), 'token');
    writeFileSync(token, `${SECRET}\n`);
    const mounts: WorkspaceMount[] = [
      { op: 'bind', path: join(ws, 'pkg') },
      { op: 'hide-file', source: join(state(), 'empty'), path: join(ws, 'pkg/.env') },
      { op: 'hide-dir', path: join(ws, 'secrets') },
      { op: 'ro-bind', source: join(ws, '.github'), target: join(ws, '.github') },
    ];
    return { ws, mounts, cwd: join(ws, 'work'), token };
  }

  /** Starts the sandbox a runner would prepare for this plan, and waits until its shell waits for its command. */
  async function prepare(ws: string, mounts: WorkspaceMount[], cwd: string, token: string): Promise<number> {
    const args = buildBwrapArgs({
      workspace: ws, privateTmp: makeHostDir(), cwd, tmpfs: [], workspaceAccess: 'write', mounts, masks: [{ path: token, kind: 'file' }],
      env: { PATH: SANDBOX_PATH }, seccompFd: 3, bridge: null, infoFd: 4, hostname: 'warden-sandbox', command: sandboxWaitingShell(64),
    });
    const spawn = spawner().prepare({ file: BWRAP ?? 'bwrap', args, cwd: '/', env: {}, seccompFile: seccompFile(), info: true });
    started.push(spawn);
    const pid = await spawn.whenReady(10_000);
    if (pid === null) throw new Error('the sandbox did not get ready');
    return pid;
  }

  const expected = (ws: string, mounts: WorkspaceMount[], cwd: string, token: string): ExpectedView => ({
    workspace: ws, mounts: expectedWorkspaceMounts(ws, 'write', mounts), masks: [{ path: token, kind: 'file' }], cwd,
  });
  const inode = (p: string): string => `${lstatSync(p).dev}:${lstatSync(p).ino}`;

  test('untouched, and with a pinned directory renamed away and back (its mounts went along and came back): it is the plan', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toBe(null);
    renameSync(join(ws, 'pkg'), join(ws, 'pkg-away'));
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toMatch(/missing .*pkg/);
    renameSync(join(ws, 'pkg-away'), join(ws, 'pkg'));
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toBe(null);
    expect(readFileSync(`/proc/${pid}/root${ws}/pkg/.env`, 'utf8')).toBe('');
  });

  test('a hidden file unlinked and linked back under its name: same inode, but the mask went with the old name', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    const env = join(ws, 'pkg/.env');
    const before = inode(env);
    linkSync(env, join(ws, 'pkg/copy'));
    rmSync(env);
    renameSync(join(ws, 'pkg/copy'), env);
    expect(inode(env)).toBe(before); // what the host-side identities see: nothing
    // What that sandbox would now show the command: the secret.
    expect(readFileSync(`/proc/${pid}/root${env}`, 'utf8')).toBe(`${SECRET}\n`);
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toMatch(/missing .*pkg\/\.env/);
  });

  test('a pinned directory moved away and one made anew at its name: the plan at that path is not what the sandbox mounted', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    renameSync(join(ws, 'pkg'), join(ws, 'pkg-away'));
    mkdirSync(join(ws, 'pkg'));
    writeFileSync(join(ws, 'pkg/.env'), `${SECRET}\n`);
    const now: WorkspaceMount[] = mounts.map((m) => m); // the same paths, planned again
    expect(viewMismatch(pid, expected(ws, now, cwd, token), realViewIo)).toMatch(/missing .*pkg|extra .*pkg-away/);
  });

  test('a working directory renamed away and made anew', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    renameSync(cwd, `${cwd}-old`);
    mkdirSync(cwd);
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toMatch(/working directory/);
  });

  test('a credential file outside the workspace renamed over (a token refresh): the mask is on the old one', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    writeFileSync(`${token}.new`, `${SECRET}-new\n`);
    renameSync(`${token}.new`, token);
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).toMatch(/credential mask at .*token/);
  });

  test('a plan with a mount more, or one fewer, or a read-only path writable, is not this sandbox', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    const more: WorkspaceMount[] = [...mounts, { op: 'hide-file', source: join(state(), 'empty'), path: join(ws, 'work/a.txt') }];
    expect(viewMismatch(pid, expected(ws, more, cwd, token), realViewIo)).toMatch(/missing .*work\/a\.txt/);
    expect(viewMismatch(pid, expected(ws, mounts.slice(1), cwd, token), realViewIo)).toMatch(/extra .*pkg\/\.env|extra .*pkg/);
    const writable = expected(ws, mounts, cwd, token);
    const flipped = { ...writable, mounts: writable.mounts.map((m) => (m.path.endsWith('.github') ? { ...m, readOnly: false } : m)) };
    expect(viewMismatch(pid, flipped, realViewIo)).toMatch(/\.github is read-only/);
    // And what the hidden paths show must be what the plan hides them with.
    const wrongSource = { ...writable, mounts: writable.mounts.map((m) => (m.path.endsWith('pkg/.env') ? { ...m, shows: { same: join(ws, 'pkg/index.js') } } : m)) };
    expect(viewMismatch(pid, wrongSource, realViewIo)).toMatch(/pkg\/\.env in it is not/);
  });

  test('a sandbox that has ended cannot be looked at: not taken', async () => {
    const { ws, mounts, cwd, token } = workspace();
    const pid = await prepare(ws, mounts, cwd, token);
    await started.splice(0).map((s) => s.discard())[0];
    expect(viewMismatch(pid, expected(ws, mounts, cwd, token), realViewIo)).not.toBe(null);
  });
});

describe('mounts the host has inside the workspace', () => {
  const table = (...points: string[]): (() => string) => () => points.map((p, i) => `${i + 20} 1 254:0 / ${p} rw - ext4 /dev/vda rw`).join('\n');
  test.each([
    [['/', '/ws'], false],
    [['/', '/ws-other/x', '/w'], false],
    [['/', '/ws', '/ws/node_modules'], true],
    [['/', '/ws/a\\040b/c'], true],
  ])('%j: %s', (points, inside) => {
    expect(hostHasMountsInside('/ws', table(...points))).toBe(inside);
  });
  test('a table it cannot read counts as one with mounts inside', () => {
    expect(hostHasMountsInside('/ws', () => 'garbage')).toBe(true);
    expect(hostHasMountsInside('/ws', () => {
      throw new Error('EACCES');
    })).toBe(true);
  });
});

describe.skipIf(BWRAP === null)(`a sandbox started for its command is handed it only when the kernel shows the plan (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  const { spawner, seccompFile } = realSpawner();

  const command = (text: string): HandOver => ({ commandText: text, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
  const request = (ws: string, mounts: WorkspaceMount[]): PrepareRequest => ({
    file: BWRAP ?? 'bwrap', cwd: '/', env: {}, seccompFile: seccompFile(), info: true,
    args: buildBwrapArgs({ workspace: ws, privateTmp: makeHostDir(), cwd: ws, tmpfs: [], workspaceAccess: 'write', mounts, masks: [], env: { PATH: SANDBOX_PATH }, seccompFd: 3, bridge: null, infoFd: 4, hostname: 'h', command: sandboxWaitingShell(64) }),
  });

  test('the plan it shows: the command runs; another plan (as if the workspace changed while it was set up): two tries, then it is refused and nothing ran', async () => {
    const ws = makeWorkspace({ 'secrets/key': 'sk-live-fresh\n', 'a.txt': 'a\n' });
    const mounts: WorkspaceMount[] = [{ op: 'hide-dir', path: join(ws, 'secrets') }];
    const ok = await startVerified(spawner(), request(ws, mounts), command('cat a.txt; ls secrets; echo ran > ran.txt'), () => expectedView({ workspace: ws, workspaceAccess: 'write', masks: [] }, ws, mounts));
    expect([ok.exitCode, ok.output]).toEqual([0, 'a\n']);
    expect(readFileSync(join(ws, 'ran.txt'), 'utf8')).toBe('ran\n');
    rmSync(join(ws, 'ran.txt'));
    // The plan says secrets/ is hidden; the sandbox started without that mask.
    const refused = await startVerified(spawner(), request(ws, []), command('echo ran > ran.txt; cat secrets/key'), () => expectedView({ workspace: ws, workspaceAccess: 'write', masks: [] }, ws, mounts));
    expect(refused.exitCode).toBe(126);
    expect(refused.output).toMatch(/workspace changed while its sandbox was set up \(.*secrets/);
    expect(refused.output).not.toContain('sk-live');
    expect(() => readFileSync(join(ws, 'ran.txt'))).toThrow();
  });

  test('a sandbox that fails to set up gives bwrap\'s own error, as a start without the check did', async () => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    const mounts: WorkspaceMount[] = [{ op: 'ro-bind', source: join(ws, 'missing-source'), target: join(ws, 'a.txt') }];
    const r = await startVerified(spawner(), request(ws, mounts), command('echo ran'), () => expectedView({ workspace: ws, workspaceAccess: 'write', masks: [] }, ws, mounts));
    expect(r.exitCode).not.toBe(0);
    expect(r.output).toMatch(/bwrap: .*missing-source/);
    expect(r.output).not.toContain('ran');
  });
});
