/** `warden sandbox exec`: the same sandbox as Bash, argv preserved, exit code and blocks reported. */
import { afterAll, describe, expect, test } from 'vitest';
import { sandboxExec, shellQuote } from '../../src/sandbox/sandbox-exec.js';
import { BWRAP, cleanupAll, config, makeWorkspace, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

describe('shellQuote', () => {
  test.each([
    [['echo', 'hi'], 'echo hi'],
    [['printf', '%s\\n', "it's", 'a b'], `printf '%s\\n' 'it'\\''s' 'a b'`],
    [['sh', '-c', 'echo $HOME; rm -rf /'], `sh -c 'echo $HOME; rm -rf /'`],
  ])('%j', (argv, expected) => {
    expect(shellQuote(argv)).toBe(expected);
  });
});

describe.skipIf(BWRAP === null)(`sandboxExec (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());
  test('runs argv unchanged in the sandbox, returns its exit code, lists what was blocked', async () => {
    const ws = makeWorkspace();
    let out = '';
    let err = '';
    const code = await sandboxExec({
      policySandbox: config(),
      cwd: ws,
      argv: ['bash', '-c', 'printf "[%s]\\n" "$@"; echo $WARDEN_SANDBOX; touch /etc/nope; exit 7', 'x', 'a b', "it's"],
      hostEnv: { PATH: SANDBOX_PATH, GITHUB_TOKEN: 'ghs_exec' },
      out: { write: (t: string) => (out += t) },
      err: { write: (t: string) => (err += t) },
    });
    expect(code).toBe(7);
    expect(out).toContain("[a b]\n[it's]\nbwrap\n");
    expect(err).toMatch(/sandbox blocked: filesystem: write to \/etc\/nope blocked/);
  });
  test('no command: usage error', async () => {
    let err = '';
    const code = await sandboxExec({ policySandbox: config(), cwd: '/', argv: [], hostEnv: {}, out: { write: () => 0 }, err: { write: (t: string) => (err += t) } });
    expect(code).toBe(2);
    expect(err).toMatch(/usage/);
  });
});
