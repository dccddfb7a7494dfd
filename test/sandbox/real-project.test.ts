/**
 * A real project's own suite through `warden sandbox exec` (the library entry the CLI calls), with
 * the same counts as outside it: test/sandbox/fixtures/unix-socket-project serves HTTP on Unix
 * sockets (a tsx-style pipe under the temp dir, one in the project), makes a git repository and
 * commits, and forks a child over IPC — what four real repositories needed on the way in.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sandboxExec } from '../../src/sandbox/sandbox-exec.js';
import { BWRAP, cleanupAll, config, makeHostDir, makeWorkspace, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/unix-socket-project');

/** `# pass N` / `# fail N` of node's test runner. */
function counts(output: string): { pass: number; fail: number } {
  const n = (what: string): number => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);
  return { pass: n('pass'), fail: n('fail') };
}

describe.skipIf(BWRAP === null)(`a real project's suite in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('npm test passes inside with the same counts as outside', async () => {
    // Outside: a developer's machine, with a git identity of its own.
    const outsideWs = makeWorkspace();
    cpSync(FIXTURE, outsideWs, { recursive: true });
    const devHome = makeHostDir();
    writeFileSync(join(devHome, '.gitconfig'), '[user]\n\tname = Dev\n\temail = dev@example.com\n');
    const outside = counts(execFileSync('npm', ['test'], { cwd: outsideWs, encoding: 'utf8', env: { PATH: SANDBOX_PATH, HOME: devHome }, stdio: ['ignore', 'pipe', 'pipe'] }));
    expect(outside).toEqual({ pass: 5, fail: 0 });

    // Inside, through the entry `warden sandbox exec` uses, with the same host HOME.
    const ws = makeWorkspace();
    cpSync(FIXTURE, ws, { recursive: true });
    let out = '';
    let err = '';
    const code = await sandboxExec({
      policySandbox: config(),
      cwd: ws,
      argv: ['npm', 'test'],
      hostEnv: { PATH: SANDBOX_PATH, HOME: devHome, LANG: 'C.UTF-8' },
      out: { write: (t: string) => (out += t) },
      err: { write: (t: string) => (err += t) },
      timeoutMs: 120_000,
    });
    expect({ code, err: err.split('\n').filter((l) => l.startsWith('sandbox blocked')) }).toEqual({ code: 0, err: [] });
    expect(counts(out)).toEqual(outside);
  });
});
