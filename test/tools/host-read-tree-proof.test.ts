/**
 * The read guard's proof that a walk by name reached no denied file under another name
 * (TreeSkip.identityProven, host-read-guard.ts), which spares judging every file ripgrep reports
 * by identity. It holds only when no command ran from the tree verdict to the proof (the stamp
 * run-setup.ts keeps, CommandActivity) and a scan within that time found every denied file on
 * the tree's filesystem with no name but denied ones, and every one denied at the start still
 * there. Each case below is a way a command could have given denied bytes an allowed name; each
 * must leave the proof refused, so every reported file is judged again.
 */
import { linkSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandActivity, type CommandActivity } from '../../src/entry/command-activity.js';
import { createHostReadGuard, createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import type { TreeSkip } from '../../src/tools/index.js';
import { workspace, writeFiles } from './tool-harness.js';

interface Guarded {
  ws: string;
  activity: CommandActivity;
  /** The skip of a Grep of `src` (the walk by name's tree verdict). */
  skip: () => Promise<TreeSkip>;
  /** What a command does to the workspace, run as one (the stamp changes around it). */
  command: (change: () => void) => Promise<void>;
}

async function guarded(deny: readonly string[], files: Record<string, string>, options: { activity?: boolean; scanBudget?: number; beforeStart?: (ws: string) => void } = {}): Promise<Guarded> {
  const ws = workspace();
  // Enough entries that a scan costs more than judging one reported file (SCAN_PER_JUDGED).
  const padding = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`lib/f${i}.ts`, '']));
  writeFiles(ws, { 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', ...padding, ...files });
  options.beforeStart?.(ws);
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(deny)}\n`);
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const activity = createCommandActivity();
  const guard = createHostReadGuard({
    decider: createPolicyDecider(policy), policy, cwd: ws,
    ...(options.activity === false ? {} : { commandActivity: activity.stamp }),
    ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }),
  });
  const src = join(ws, 'src');
  return {
    ws,
    activity,
    skip: async () => {
      const verdict = await guard.forCall('Grep', ws).judgeTree(src, statSync(src, { bigint: true }).dev);
      if (!verdict.allowed || verdict.skip === undefined) throw new Error(`no skip: ${JSON.stringify(verdict)}`);
      return verdict.skip;
    },
    command: async (change) => activity.around(() => Promise.resolve(change())),
  };
}

const MANY = 1_000_000;

describe('the proof that no denied file had another name', () => {
  it('holds when no command ran and every denied file has its one denied name: even for one reported file (the start\'s scan still holds)', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    const skip = await g.skip();
    expect(skip.byIdentity).toBe(true);
    expect(skip.identityProven?.(1)).toBe(true);
  });

  it('is not offered without the command stamp (commands run outside the sandbox may leave a process behind), nor when the start\'s scan was not whole', async () => {
    const plain = await guarded(['Read(.env)'], { '.env': 'S\n' }, { activity: false });
    expect((await plain.skip()).identityProven).toBeUndefined();
    const files = { '.env': 'S\n' };
    const unscanned = await guarded(['Read(.env)'], files, { scanBudget: 5 });
    const skip = await unscanned.skip();
    expect(skip.byIdentity).toBe(true);
    expect(skip.identityProven).toBeUndefined();
  });

  it('is not offered while a command runs', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    let finish = (): void => undefined;
    const running = g.activity.around(async () => new Promise<void>((resolve) => (finish = resolve)));
    const skip = await g.skip();
    finish();
    await running;
    expect(skip.byIdentity).toBe(true);
    expect(skip.identityProven).toBeUndefined();
  });

  it('fails when a command ran between the verdict and the proof (it could have linked and unlinked while ripgrep walked)', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    const skip = await g.skip();
    await g.command(() => {
      linkSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt'));
      unlinkSync(join(g.ws, 'src/notes.txt'));
    });
    expect(skip.identityProven?.(MANY)).toBe(false);
  });

  it('fails after a command hard-linked a denied file: with few files reported, without scanning again; with many, by the scan', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    await g.command(() => linkSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt')));
    expect((await g.skip()).identityProven?.(1)).toBe(false);
    expect((await g.skip()).identityProven?.(MANY)).toBe(false);
    // Another command removes the link: a scan since then shows the denied file alone again.
    await g.command(() => unlinkSync(join(g.ws, 'src/notes.txt')));
    expect((await g.skip()).identityProven?.(1)).toBe(false);
    expect((await g.skip()).identityProven?.(MANY)).toBe(true);
    // That scan holds until the next command: one reported file needs no scan now.
    expect((await g.skip()).identityProven?.(1)).toBe(true);
  });

  it('fails after a command renamed a denied file into the tree (one link, no longer a denied name)', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    await g.command(() => renameSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt')));
    expect((await g.skip()).identityProven?.(MANY)).toBe(false);
    // Even with a new .env in its place: the file denied at the start is not where it was.
    await g.command(() => writeFileSync(join(g.ws, '.env'), 'new\n'));
    expect((await g.skip()).identityProven?.(MANY)).toBe(false);
  });

  it('fails after a command made a denied file and linked it in (found by the scan again, not the start\'s)', async () => {
    const g = await guarded(['Read(*.pem)'], { 'keys/ca.pem': 'C\n' });
    await g.command(() => {
      writeFileSync(join(g.ws, 'keys/server.pem'), 'S\n');
      linkSync(join(g.ws, 'keys/server.pem'), join(g.ws, 'src/cert.txt'));
    });
    expect((await g.skip()).identityProven?.(MANY)).toBe(false);
  });

  it('fails when a denied file had an allowed name from the start', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' }, { beforeStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/copy.txt')) });
    expect((await g.skip()).identityProven?.(1)).toBe(false);
    expect((await g.skip()).identityProven?.(MANY)).toBe(false);
  });
});
