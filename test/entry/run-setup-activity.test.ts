/**
 * The wiring that lets the read guard prove a walk by name reached no denied file under another
 * name (run-setup.ts → createHostReadGuard's commandActivity): under bubblewrap every command the
 * run's processRunner starts changes the stamp before it starts and after it ends, and the guard
 * offers no proof while one runs; with commands run directly (sandbox off: a process may outlive
 * its command) the guard is told nothing and offers none. The sandbox hides denied files from
 * commands, so the link a fooled sandbox would let a command make is made here by the host while
 * the command runs.
 */
import { existsSync, linkSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSetup, type DeferredSetup } from '../../src/entry/run-setup.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import type { TreeSkip } from '../../src/tools/index.js';
import { BWRAP, cleanupAll, config, makeWorkspace, openRunner, run, sleep, SKIP_REASON } from '../sandbox/sandbox-fixture.js';

afterAll(cleanupAll);

async function setUp(mode: 'bwrap' | 'direct'): Promise<{ ws: string; setup: DeferredSetup; skip: () => Promise<TreeSkip> }> {
  const ws = realpathSync(makeWorkspace({ '.env': 'TOKEN=1\n', 'src/a.ts': 'a\n' }));
  const policyFile = join(makeWorkspace(), 'policy.yml');
  writeFileSync(policyFile, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Bash"]\n  deny: ["Read(.env)"]\n');
  const policy = await loadPolicy(policyFile, { homeDir: ws, root: ws });
  const setup = startSetup({
    decider: createPolicyDecider(policy),
    policy,
    cwd: ws,
    runnerKind: mode,
    // Not a repository: nothing to track (what trackRunChanges gives such a workspace).
    changes: () => Promise.resolve({ snapshot: undefined, unavailable: 'not a repository', files: () => Promise.resolve(undefined), patch: () => Promise.resolve(Buffer.alloc(0)), changes: () => undefined }),
    sandbox: async () => openRunner({ workspace: ws, config: config(mode === 'direct' ? { mode: 'off' } : {}) }),
    onFailure: () => undefined,
  });
  await setup.ready;
  const src = join(ws, 'src');
  const skip = async (): Promise<TreeSkip> => {
    const verdict = await setup.readGuard.forCall('Grep', ws).judgeTree(src, statSync(src, { bigint: true }).dev);
    if (!verdict.allowed || verdict.skip === undefined) throw new Error(`no skip: ${JSON.stringify(verdict)}`);
    return verdict.skip;
  };
  return { ws, setup, skip };
}

describe.skipIf(BWRAP === null)(`the command stamp the read guard is given (${SKIP_REASON})`, () => {
  it('under bubblewrap: a proof before any command, none while one runs, refused for a walk a command ran beside, and after a link', async () => {
    const { ws, setup, skip } = await setUp('bwrap');
    try {
      const before = await skip();
      expect(before.identityProven?.(1)).toBe(true);
      const command = run(setup.processRunner, ws, 'touch started && sleep 0.5');
      while (!existsSync(join(ws, 'started'))) await sleep(10);
      const during = await skip();
      expect(during.identityProven).toBeUndefined();
      linkSync(join(ws, '.env'), join(ws, 'src/notes.txt'));
      expect((await command).exitCode).toBe(0);
      expect(before.identityProven?.(1_000_000)).toBe(false);
      expect((await skip()).identityProven?.(1_000_000)).toBe(false);
      // A second command removes it: a scan since shows .env alone again.
      const removed = run(setup.processRunner, ws, 'true');
      unlinkSync(join(ws, 'src/notes.txt'));
      await removed;
      expect((await skip()).identityProven?.(1_000_000)).toBe(true);
    } finally {
      await setup.processRunner.dispose();
    }
  }, 30_000);

  it('with the sandbox off, no proof: a command run directly may leave a process behind', async () => {
    const { setup, skip } = await setUp('direct');
    try {
      const verdict = await skip();
      expect(verdict.byIdentity).toBe(true);
      expect(verdict.identityProven).toBeUndefined();
    } finally {
      await setup.processRunner.dispose();
    }
  });
});
