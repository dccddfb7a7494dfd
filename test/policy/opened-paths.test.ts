/**
 * What the host-side tools ask about a file they hold open is its kernel name (the link of its
 * descriptor), and that name is judged as it is, not resolved again (Access `opened`): resolving
 * it could only reach some other file put at that name since. Here the end state of such a swap,
 * between the tool's look at the descriptor and the decision, is set up directly.
 */
import { linkSync, mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';
import { admitOpened } from '../../src/tools/read-guard.js';
import { workspace, writeFiles } from '../tools/tool-harness.js';

async function setUp(): Promise<{ ws: string; decide: (path: string, opened: boolean) => Promise<string>; guard: ReturnType<ReturnType<typeof createHostReadGuard>['forCall']> }> {
  const ws = workspace();
  writeFiles(ws, { 'secrets/key.txt': 'SECRET\n', 'public/key.txt': 'public\n' });
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secrets/**)"]\n');
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const decider = createPolicyDecider(policy);
  const decide = async (path: string, opened: boolean): Promise<string> =>
    (await decider.decide({ toolName: 'Read', input: {}, access: opened ? { kind: 'read', paths: [path], opened: true } : { kind: 'read', paths: [path] }, isReadOnly: true }, { cwd: ws })).behavior;
  return { ws, decide, guard: createHostReadGuard({ decider, policy, cwd: ws }).forCall('Read', ws) };
}

/** The end state of the swap: `dir` moved aside, and a symlink to `target` left at its name. */
function swapForSymlink(ws: string, dir: string, target: string): void {
  mkdirSync(join(ws, 'moved'));
  renameSync(join(ws, dir), join(ws, 'moved', dir));
  symlinkSync(target, join(ws, dir));
}

describe('an opened file is judged by the name the kernel gave it', () => {
  it('a file opened in public/ is allowed, though its name now leads into secrets/ (a path the model names is resolved: denied)', async () => {
    const { ws, decide, guard } = await setUp();
    const kernelName = join(ws, 'public/key.txt');
    swapForSymlink(ws, 'public', 'secrets');
    expect(await guard.judgePath(kernelName, 'file')).toEqual({ allowed: true });
    expect(await decide(kernelName, true)).toBe('allow');
    expect(await decide(kernelName, false)).toBe('deny');
  });

  it('a file opened in secrets/ is denied, whatever its name leads to now', async () => {
    const { ws, decide, guard } = await setUp();
    const kernelName = join(ws, 'secrets/key.txt');
    swapForSymlink(ws, 'secrets', 'public');
    expect(await guard.judgePath(kernelName, 'file')).toMatchObject({ allowed: false, reason: expect.stringContaining('secrets/**') as unknown });
    expect(await decide(kernelName, true)).toBe('deny');
  });
});

describe('a path marked opened that is no kernel name', () => {
  it('is resolved like any other: `..` and doubled slashes are not judged as they are written', async () => {
    const { ws, decide } = await setUp();
    for (const odd of [`${ws}/public/../secrets/key.txt`, `${ws}//secrets/key.txt`, `${ws}/./secrets/key.txt`]) expect(await decide(odd, true), odd).toBe('deny');
  });
});

describe('a file unlinked after it was opened', () => {
  it('is refused as gone, even with another link left: the kernel names it "<path> (deleted)", a name no rule is written for', async () => {
    const { ws, guard } = await setUp();
    writeFiles(ws, { '.env': 'TOKEN=x\n' });
    linkSync(join(ws, '.env'), join(ws, 'public/other-name.txt'));
    const fd = openPathFd(join(ws, '.env'), false);
    try {
      unlinkSync(join(ws, '.env'));
      const admitted = await admitOpened(fd, '.env', guard, 'Read');
      expect(admitted).toMatchObject({ ok: false, cause: 'gone' });
    } finally {
      closeFd(fd);
    }
  });
});
