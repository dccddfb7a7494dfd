/**
 * The scan for the files the Read deny and ask rules name, by identity (denied-files.ts): what a
 * hard link or a rename is caught against. A file it cannot look at might be one, so the scan
 * then says it is not whole, and the guard fails closed on what it missed (host-read-guard.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { scanDeniedFiles } from '../../src/policy/denied-files.js';
import { judgeTreeRead } from '../../src/policy/tree-read.js';
import { mountsToScanBeneath } from '../../src/sandbox/index.js';
import { workspace, writeFiles } from '../tools/tool-harness.js';

async function policyDenying(ws: string, rules: readonly string[]): Promise<LoadedPolicy> {
  const dir = workspace();
  writeFileSync(join(dir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  deny: ${JSON.stringify(rules)}\n`);
  return loadPolicy(join(dir, 'policy.yml'), { homeDir: dir, root: ws });
}

const idOf = (p: string | Buffer): string => {
  const info = statSync(p, { bigint: true });
  return `${info.dev}:${info.ino}`;
};

describe('the scan for denied files', () => {
  it('a rule\'s directory on procfs is not walked (its files have no other name), so the scan stays whole under its budget', async () => {
    const ws = workspace();
    writeFiles(ws, { '.env': 'S\n', 'src/a.ts': 'a\n' });
    const policy = await policyDenying(ws, ['Read(//proc/**)', 'Read(.env)']);
    // /proc holds tens of thousands of entries: walked, they run out a budget a workspace would not.
    expect(scanDeniedFiles(policy, ws, 5_000).complete).toBe(false);
    const scan = scanDeniedFiles(policy, ws, 5_000, mountsToScanBeneath);
    expect(scan.complete).toBe(true);
    expect(scan.ids.has(idOf(join(ws, '.env')))).toBe(true);
  });

  it('beneath such a directory, walks what another filesystem mounts there, and nothing else', async () => {
    const ws = workspace();
    writeFiles(ws, { 'cfg/top.key': 'T\n', 'cfg/mnt/deep.key': 'D\n' });
    const policy = await policyDenying(ws, ['Read(/cfg/**)']);
    // As mountsToScanBeneath answers for procfs with one mount beneath (the table: mount-paths.test.ts).
    const scan = scanDeniedFiles(policy, ws, undefined, (dir) => (dir === join(ws, 'cfg') ? [join(ws, 'cfg/mnt')] : undefined));
    expect(scan.complete).toBe(true);
    expect(scan.ids.has(idOf(join(ws, 'cfg/mnt/deep.key')))).toBe(true);
    expect(scan.ids.has(idOf(join(ws, 'cfg/top.key')))).toBe(false);
  });

  it('beneath such a directory, a mount point it cannot look at (gone, or named with U+FFFD) leaves the scan not whole', async () => {
    const ws = workspace();
    writeFiles(ws, { 'cfg/top.key': 'T\n', 'cfg/mnt/deep.key': 'D\n' });
    const policy = await policyDenying(ws, ['Read(/cfg/**)']);
    const beneath = (mountPoints: string[]) => (dir: string) => (dir === join(ws, 'cfg') ? mountPoints : undefined);
    expect(scanDeniedFiles(policy, ws, undefined, beneath([join(ws, 'cfg/mnt')])).complete).toBe(true);
    expect(scanDeniedFiles(policy, ws, undefined, beneath([join(ws, 'cfg/gone')])).complete).toBe(false);
    // Even where a directory of that (decoded) name exists: it is not the mount point.
    mkdirSync(join(ws, 'cfg/m\ufffdn'));
    expect(scanDeniedFiles(policy, ws, undefined, beneath([join(ws, 'cfg/m\ufffdn')])).complete).toBe(false);
  });

  it('finds a denied file whose name is not UTF-8 (by its bytes: the decoded name leads nowhere)', async () => {
    const ws = workspace();
    writeFiles(ws, { 'secrets/.keep': '', 'src/a.ts': 'a\n' });
    const raw = Buffer.concat([Buffer.from(`${ws}/secrets/`), Buffer.from([0xff, 0x2e, 0x6b])]);
    writeFileSync(raw, 'TOKEN\n');
    const scan = scanDeniedFiles(await policyDenying(ws, ['Read(secrets/**)']), ws);
    expect(scan.complete).toBe(true);
    expect(scan.ids.has(idOf(raw))).toBe(true);
    expect(scan.ids.has(idOf(join(ws, 'src/a.ts')))).toBe(false);
  });

  it('is not whole when a directory\'s path is too long to name: a denied file there could be missed', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n', '.env': 'S\n' });
    const policy = await policyDenying(ws, ['Read(.env)']);
    expect(scanDeniedFiles(policy, ws).complete).toBe(true); // the test can fail
    // Past PATH_MAX (4,096 bytes), built a directory at a time from inside, as a command could.
    const name = 'd'.repeat(200);
    execFileSync('bash', ['-c', `cd "$1" && for i in $(seq 24); do mkdir "$2" && cd "$2"; done && echo S > .env`, 'bash', ws, name]);
    try {
      expect(scanDeniedFiles(policy, ws).complete).toBe(false);
    } finally {
      // Removed from inside too: a path that long cannot be named to remove it.
      execFileSync('bash', ['-c', 'cd "$1" && rm -rf "$2"', 'bash', ws, name]);
    }
  });
});

describe('a recursive read of a tree (grep -r), judged beneath', () => {
  it('is denied when a directory beneath cannot be looked at: a name that is not UTF-8, a path too long to name', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.ts': 'a\n' });
    const policy = await policyDenying(ws, ['Read(.env)']);
    expect(judgeTreeRead(policy, ws, ws)).toBeNull(); // the test can fail
    const odd = Buffer.concat([Buffer.from(`${ws}/src/`), Buffer.from([0xff])]);
    mkdirSync(odd);
    writeFileSync(Buffer.concat([odd, Buffer.from('/.env')]), 'S\n');
    expect(judgeTreeRead(policy, ws, ws)).toMatchObject({ behavior: 'deny', reason: expect.stringContaining('cannot be looked at') as unknown });
    rmSync(odd, { recursive: true });
    expect(judgeTreeRead(policy, ws, ws)).toBeNull();
    const name = 'd'.repeat(200);
    execFileSync('bash', ['-c', `cd "$1" && for i in $(seq 24); do mkdir "$2" && cd "$2"; done && echo S > .env`, 'bash', ws, name]);
    try {
      expect(judgeTreeRead(policy, ws, ws)).toMatchObject({ behavior: 'deny', reason: expect.stringContaining('cannot be looked at') as unknown });
    } finally {
      execFileSync('bash', ['-c', 'cd "$1" && rm -rf "$2"', 'bash', ws, name]);
    }
  });
});
