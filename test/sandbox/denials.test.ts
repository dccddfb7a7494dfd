/** How a failed command's sandbox denials are reported: only from our own records. */
import { describe, expect, test } from 'vitest';
import { explainCommand, pathsOnLine, type ExplainInput } from '../../src/sandbox/denials.js';

const table = { workspace: '/w', writable: ['/w', '/tmp'], protectedPaths: ['/w/.git/hooks', '/w/.git/config', '/w/.claude'], masked: ['/home/u/.ssh'] };
const input = (over: Partial<ExplainInput>): ExplainInput => ({ exitCode: 1, timedOut: false, output: '', cwd: '/w', table, networkAllow: [], proxyLog: [], ...over });
const messages = (over: Partial<ExplainInput>): string[] => explainCommand(input(over)).map((v) => `${v.kind}/${v.source}: ${v.message}`);

describe('explainCommand', () => {
  test.each([
    ['EROFS on a protected path', "touch: cannot touch '.git/hooks/pre-commit': Read-only file system", /filesystem\/mount-table: write to \.git\/hooks\/pre-commit blocked: \.git\/hooks is protected \(read-only in the sandbox\)/],
    // husky's `prepare`: git cannot rename its lock file over a mount point.
    ['EBUSY on .git/config (husky)', 'error: could not write config file .git/config: Device or resource busy', /write to \.git\/config blocked: \.git\/config is protected \(read-only in the sandbox\): .*git -c name=value/],
    ['EPERM on a protected directory', "rm: cannot remove '.claude': Operation not permitted", /\.claude is protected \(read-only in the sandbox\): a protected path; a policy allow rule naming it makes it writable in the policy: permissions: \{ allow: \[Edit\(\/\.claude\)\] \}/],
    ['EROFS outside the writable area', "mkdir: cannot create directory '/etc/x': Read-only file system", /write to \/etc\/x blocked: outside the sandbox's writable area \(only \/w and \/tmp/],
    ['EROFS, bare path (python)', "OSError: [Errno 30] Read-only file system: '/usr/lib/x'", /write to \/usr\/lib\/x blocked/],
    ['EROFS on a hidden path', "cp: cannot create regular file '/home/u/.ssh/k': Read-only file system", /hides that path/],
    ['network failure with network off', 'curl: (6) Could not resolve host: example.com', /network\/network-config: network access is off/],
  ])('%s', (_name, output, expected) => {
    expect(messages({ output }).join('\n')).toMatch(expected);
  });

  test('a path inside the writable area is not claimed, whatever the text says', () => {
    expect(messages({ output: "touch: cannot touch '/w/src/a.ts': Read-only file system" })).toEqual([]);
    expect(messages({ output: "rm: cannot remove '/w/src/a.ts': Device or resource busy" })).toEqual([]);
  });
  test('EBUSY, EPERM and EACCES are claimed only for what the plan mounted, never as "outside the writable area"', () => {
    expect(messages({ output: "bash: /usr/bin/x: Permission denied\nmv: cannot move '/etc/a': Device or resource busy" })).toEqual([]);
  });
  test('the reason and kind come from the path rules (describe)', () => {
    const described = { ...table, protectedPaths: ['/w/.husky', '/w/x.sock'], describe: (abs: string) => (abs === '/w/x.sock' ? { reason: 'a Unix socket', hidden: true, isDir: false } : { reason: '.husky: git hook runners run code', hidden: false, isDir: true }) };
    const out = explainCommand(input({ table: described, output: "cp: cannot create regular file '.husky/pre-commit': Read-only file system\nrm: cannot remove 'x.sock': Device or resource busy" })).map((v) => v.message);
    expect(out[0]).toBe('write to .husky/pre-commit blocked: .husky is protected (read-only in the sandbox): .husky: git hook runners run code; a policy allow rule naming it makes it writable in the policy: permissions: { allow: [Edit(/.husky/**)] }');
    expect(out[1]).toBe('write to x.sock blocked: x.sock is hidden in the sandbox (it reads as empty and cannot be moved or removed): a Unix socket');
  });
  test('nothing is claimed for a command that succeeded or timed out', () => {
    expect(messages({ exitCode: 0, output: "touch: cannot touch '/etc/x': Read-only file system" })).toEqual([]);
    expect(messages({ exitCode: null, timedOut: true, output: "'/etc/x': Read-only file system" })).toEqual([]);
  });
  test('the proxy log is reported as is, and then no network guess is added', () => {
    const proxyLog = [{ kind: 'network' as const, source: 'proxy' as const, message: 'CONNECT a.test:443 blocked: a.test is not in sandbox.network.allow' }];
    expect(messages({ exitCode: 0, proxyLog })).toEqual(['network/proxy: CONNECT a.test:443 blocked: a.test is not in sandbox.network.allow']);
    expect(messages({ proxyLog, networkAllow: ['b.test'], output: 'Could not resolve host: a.test' })).toHaveLength(1);
  });
  test('with an allow-list, a direct connection failure explains the proxy', () => {
    expect(messages({ networkAllow: ['registry.npmjs.org'], output: 'connect ENETUNREACH 1.2.3.4:443' }).join()).toMatch(/only HTTP\(S\) through its proxy .* to registry\.npmjs\.org/);
  });
});

describe('pathsOnLine', () => {
  test.each([
    ["touch: cannot touch '/etc/x': Read-only file system", ['/etc/x']],
    ['rm: cannot remove "a b/c": Read-only file system', ['a b/c']],
    ['error: could not lock config file .git/config: Read-only file system', ['.git/config']],
    ["sed: couldn't open temporary file ./sedX: Read-only file system", ['./sedX']],
  ])('%s', (line, paths) => {
    expect(pathsOnLine(line)).toEqual(paths);
  });
});
