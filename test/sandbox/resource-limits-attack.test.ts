/**
 * The layer that keeps a command in its memory cgroup, switched off: the sandbox sees the host's
 * cgroup file system read-only (`--ro-bind / /`). Shown here with the same held start the runner
 * uses (the sandbox joins the cgroup before anything in it runs): read-only, a command cannot lift
 * its limit; with /sys/fs/cgroup bound writable, the very same command can (it runs as the runner's
 * uid, root here, and a cgroup v1 file checks nothing else). So that mount is what holds, and
 * resource-limits.test.ts checks it holds in the runner's own sandboxes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { buildBwrapArgs, sandboxShellCommand, type WorkspaceMount } from '../../src/sandbox/bwrap-args.js';
import { FD_INFO, FD_USERNS_BLOCK } from '../../src/sandbox/held-start.js';
import { createMemoryCgroup } from '../../src/sandbox/memory-limit.js';
import { writeSeccompFile } from '../../src/sandbox/sandbox-tools.js';
import { seccompArchFor } from '../../src/sandbox/seccomp-filter.js';
import { createSpawner } from '../../src/sandbox/spawner.js';
import { BWRAP, cleanupAll, makeWorkspace, SANDBOX_PATH } from './sandbox-fixture.js';

const LIMIT = 64 * 1024 * 1024;

describe.skipIf(BWRAP === null || process.getuid?.() !== 0)('attack demo: lifting the memory limit from inside (root, cgroup v1)', () => {
  afterAll(() => cleanupAll());

  async function attempt(mounts: WorkspaceMount[]): Promise<{ output: string; limit: string }> {
    const memory = createMemoryCgroup(`warden-limits-demo-${process.pid}-${mounts.length}`, LIMIT, null);
    if (memory === null || memory.procsFile === null) throw new Error('no v1 memory cgroup');
    const ws = makeWorkspace();
    const spawner = createSpawner();
    try {
      const limitFile = `${memory.dir}/memory.limit_in_bytes`;
      // memsw first: the kernel refuses a memory limit above it.
      const command = `echo -1 > ${memory.dir}/memory.memsw.limit_in_bytes; echo -1 > ${limitFile} && echo LIFTED; echo $$ > ${memory.dir}/../cgroup.procs && echo MOVED; true`;
      const args = buildBwrapArgs({
        workspace: ws, privateTmp: ws, cwd: ws, tmpfs: [], workspaceAccess: 'write', mounts, masks: [], env: { PATH: SANDBOX_PATH }, seccompFd: 3,
        bridge: { infoFd: FD_INFO, userNsBlockFd: FD_USERNS_BLOCK }, hostname: 'warden-test', command: sandboxShellCommand(command, 64),
      });
      const r = await spawner.run({
        file: BWRAP ?? 'bwrap', args, cwd: '/', env: {}, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000,
        seccompFile: writeSeccompFile(ws, seccompArchFor(process.arch) ?? 'x64'), held: { cgroupProcs: [memory.procsFile], beforeRelease: null },
      });
      expect(r.heldError).toBeNull();
      return { output: r.output, limit: readFileSync(limitFile, 'utf8').trim() };
    } finally {
      await spawner.close();
      memory.killAll();
      await memory.remove();
    }
  }

  test('read-only (as every sandbox sees it): refused; bound writable: the same command lifts its limit and leaves', async (ctx) => {
    const probe = createMemoryCgroup(`warden-limits-demo-${process.pid}-probe`, LIMIT, null);
    if (probe === null) return ctx.skip(); // no writable v1 memory hierarchy here
    await probe.remove();
    const held = await attempt([]);
    expect(held.output).toContain('Read-only file system');
    expect(held.output).not.toContain('LIFTED');
    expect(held.output).not.toContain('MOVED');
    expect(held.limit).toBe(String(LIMIT));

    const open = await attempt([{ op: 'bind', path: '/sys/fs/cgroup' }]);
    expect(open.output).toContain('LIFTED');
    expect(open.output).toContain('MOVED');
    expect(open.limit).not.toBe(String(LIMIT));
  });
});
