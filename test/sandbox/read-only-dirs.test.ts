/**
 * A directory the host filled for the agent outside the workspace (a failed CI run's logs):
 * commands see it read-only at its own path — also under /tmp, which the sandbox replaces with a
 * private one — and cannot change it. bwrap-args.ts binds it; real bubblewrap here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildBwrapArgs, BwrapSpecError } from '../../src/sandbox/bwrap-args.js';
import { createSandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, config, makeWorkspace, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const SPEC = {
  workspace: '/work/repo', privateTmp: '/state/tmp', cwd: '/work/repo', tmpfs: [], workspaceAccess: 'write' as const, mounts: [], masks: [],
  env: {}, seccompFd: 3, bridge: null, hostname: 'warden-sandbox', command: ['true'],
};

describe('read-only directories outside the workspace', () => {
  test('bound read-only at their own path, after /tmp is replaced; a path that is not absolute and normal is refused', () => {
    const args = buildBwrapArgs({ ...SPEC, readOnlyDirs: ['/tmp/warden-ci-logs-x'] });
    const tmp = args.indexOf('/tmp');
    const bound = args.findIndex((a, i) => a === '--ro-bind' && args[i + 1] === '/tmp/warden-ci-logs-x' && args[i + 2] === '/tmp/warden-ci-logs-x');
    expect(bound).toBeGreaterThan(tmp);
    expect(() => buildBwrapArgs({ ...SPEC, readOnlyDirs: ['/tmp/../etc'] })).toThrow(BwrapSpecError);
    expect(buildBwrapArgs(SPEC)).not.toContain('/tmp/warden-ci-logs-x');
  });

  test.skipIf(BWRAP === null)(`a command reads the directory's files and cannot write them ${SKIP_REASON}`, async () => {
    const ws = makeWorkspace();
    const logs = mkdtempSync(join(tmpdir(), 'warden-ci-logs-'));
    writeFileSync(join(logs, 'job-1.log'), 'not ok 2 - several words\n');
    const runner = await createSandboxRunner({ config: config(), workspace: ws, hostEnv: { PATH: SANDBOX_PATH }, readOnlyDirs: [logs] });
    try {
      const read = await run(runner, ws, `cat ${logs}/job-1.log`);
      expect(read.output).toContain('not ok 2 - several words');
      const write = await run(runner, ws, `echo changed > ${logs}/job-1.log; touch ${logs}/new.log; echo "exit=$?"`);
      expect(write.output).toMatch(/Read-only file system/);
      expect(write.output).toContain('exit=1');
      expect(readFileSync(join(logs, 'job-1.log'), 'utf8')).toBe('not ok 2 - several words\n');
      // Without it, a directory under /tmp is not there at all (the sandbox's /tmp is private).
      const other = await createSandboxRunner({ config: config(), workspace: ws, hostEnv: { PATH: SANDBOX_PATH } });
      try {
        expect((await run(other, ws, `cat ${logs}/job-1.log`)).output).toMatch(/No such file/);
      } finally {
        await other.dispose();
      }
    } finally {
      await runner.dispose();
      rmSync(logs, { recursive: true, force: true });
      cleanupAll();
    }
  });
});
