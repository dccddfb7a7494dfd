/**
 * The read guard's finding, before a walk by name, that no denied file on the tree's filesystem
 * has another name (host-read-guard.ts): told when commands ran (the stamp run-setup.ts keeps,
 * CommandActivity), it lets ripgrep walk by name only when a scan taken at the current stamp (the
 * start's, or one made then) found every denied file there with no name but denied ones, every
 * one denied at the start still there, and no mount point beneath; ripgrep then reads no denied
 * byte. After the walk, TreeSkip.identityProven says whether a command ran meanwhile. Each case
 * below is a way a command could have given denied bytes an allowed name: each must send the
 * search to judging every file (the verdict refuses the walk by name).
 */
import { execFileSync } from 'node:child_process';
import { linkSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandActivity, type CommandActivity } from '../../src/entry/command-activity.js';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { seenAtOnePath } from '../../src/sandbox/index.js';
import type { TreeSkip, TreeVerdict } from '../../src/tools/index.js';
import { canBindMount, workspace, writeFiles } from './tool-harness.js';

interface Guarded {
  ws: string;
  activity: CommandActivity;
  /** The tree verdict for a Grep of `src`. */
  verdict: () => Promise<TreeVerdict>;
  /** The skip of that verdict (it must let ripgrep walk by name). */
  skip: () => Promise<TreeSkip>;
  /** What a command does to the workspace, run as one (the stamp changes around it). */
  command: (change: () => void) => Promise<void>;
}

async function guarded(deny: readonly string[], files: Record<string, string>, options: { activity?: boolean; scanBudget?: number; beforeStart?: (ws: string) => void } = {}): Promise<Guarded> {
  const ws = workspace();
  writeFiles(ws, { 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', ...files });
  options.beforeStart?.(ws);
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ${JSON.stringify(deny)}\n`);
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const activity = createCommandActivity();
  const guard = createHostReadGuard({
    decider: createPolicyDecider(policy), policy, cwd: ws,
    ...(options.activity === false ? {} : { commandActivity: activity.stamp, seenAtOnePath }),
    ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }),
  });
  const src = join(ws, 'src');
  const verdict = async (): Promise<TreeVerdict> => guard.forCall('Grep', ws).judgeTree(src, statSync(src, { bigint: true }).dev);
  return {
    ws,
    activity,
    verdict,
    skip: async () => {
      const v = await verdict();
      if (!v.allowed || v.skip === undefined) throw new Error(`no skip: ${JSON.stringify(v)}`);
      return v.skip;
    },
    command: async (change) => activity.around(() => Promise.resolve(change())),
  };
}

/** The verdict sends the search to judging every file: ripgrep does not walk by name. */
async function judgesEveryFile(g: Guarded): Promise<void> {
  expect(await g.verdict()).toMatchObject({ allowed: false, reason: expect.stringContaining('another name') as unknown });
}

describe('the finding that no denied file has another name', () => {
  it('holds when no command ran and every denied file has its one denied name (the start\'s scan still holds)', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    const skip = await g.skip();
    expect(skip.byIdentity).toBe(true);
    expect(skip.identityProven?.()).toBe(true);
  });

  it('is not made without the command stamp (commands run outside the sandbox may leave a process behind), nor when the start\'s scan was not whole: every file is judged', async () => {
    const plain = await guarded(['Read(.env)'], { '.env': 'S\n' }, { activity: false });
    const padding = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`lib/f${i}.ts`, '']));
    const unscanned = await guarded(['Read(.env)'], { '.env': 'S\n', ...padding }, { scanBudget: 5 });
    expect(await plain.verdict()).toMatchObject({ allowed: false, reason: expect.stringContaining('outside the sandbox') as unknown });
    expect(await unscanned.verdict()).toMatchObject({ allowed: false, reason: expect.stringContaining('too many files') as unknown });
  });

  it('refuses the walk by name while a command runs', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    let finish = (): void => undefined;
    const running = g.activity.around(async () => new Promise<void>((resolve) => (finish = resolve)));
    await judgesEveryFile(g);
    finish();
    await running;
    expect((await g.skip()).identityProven?.()).toBe(true);
  });

  it('is withdrawn when a command ran between the verdict and the end of the walk (it could have linked and unlinked while ripgrep walked)', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    const skip = await g.skip();
    await g.command(() => {
      linkSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt'));
      unlinkSync(join(g.ws, 'src/notes.txt'));
    });
    expect(skip.identityProven?.()).toBe(false);
  });

  it('refuses the walk after a command hard-linked a denied file; a scan after the command that removed it finds it alone again', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    await g.command(() => linkSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt')));
    await judgesEveryFile(g);
    await g.command(() => unlinkSync(join(g.ws, 'src/notes.txt')));
    expect((await g.skip()).identityProven?.()).toBe(true);
  });

  it('refuses the walk after a command renamed a denied file into the tree, even with a new one in its place', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' });
    await g.command(() => renameSync(join(g.ws, '.env'), join(g.ws, 'src/notes.txt')));
    await judgesEveryFile(g);
    await g.command(() => writeFileSync(join(g.ws, '.env'), 'new\n'));
    await judgesEveryFile(g);
  });

  it('refuses the walk after a command made a denied file and linked it in (found by the scan made then, not the start\'s)', async () => {
    const g = await guarded(['Read(*.pem)'], { 'keys/ca.pem': 'C\n' });
    await g.command(() => {
      writeFileSync(join(g.ws, 'keys/server.pem'), 'S\n');
      linkSync(join(g.ws, 'keys/server.pem'), join(g.ws, 'src/cert.txt'));
    });
    await judgesEveryFile(g);
  });

  it('refuses the walk when a denied file had an allowed name from the start', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n' }, { beforeStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/copy.txt')) });
    await judgesEveryFile(g);
  });
});

const canMount = canBindMount();

describe.runIf(canMount)('mounts (names nlink does not count)', () => {
  /*
   * Found by the attack review: a directory bind-mounted at a second path is walked twice by the
   * scan, and its denied name was counted twice, making up for an allowed hard link (nlink 2).
   * Names are now counted by their directory's identity and their bytes.
   */
  it('one directory at two paths counts its denied name once: an allowed hard link still refuses the walk', async () => {
    const g = await guarded(['Read(**/.env)'], { 'a/.env': 'S\n', 'b/.keep': '' }, {
      beforeStart: (ws) => {
        linkSync(join(ws, 'a/.env'), join(ws, 'src/notes.txt'));
        execFileSync('mount', ['--bind', join(ws, 'a'), join(ws, 'b')]);
      },
    });
    try {
      await judgesEveryFile(g);
    } finally {
      execFileSync('umount', [join(g.ws, 'b')]);
    }
  });

  it('a file bind-mounted into the tree (another name, one link): refuses the walk', async () => {
    const g = await guarded(['Read(.env)'], { '.env': 'S\n', 'src/notes.txt': '' }, {
      beforeStart: (ws) => execFileSync('mount', ['--bind', join(ws, '.env'), join(ws, 'src/notes.txt')]),
    });
    try {
      await judgesEveryFile(g);
    } finally {
      execFileSync('umount', [join(g.ws, 'src/notes.txt')]);
    }
  });
});
