/** How a failed command's sandbox denials are reported: only from our own records. */
import { describe, expect, test } from 'vitest';
import { explainCommand, pathsOnLine, type ExplainInput } from '../../src/sandbox/denials.js';

const table = { workspace: '/w', writable: ['/w', '/tmp'], protectedPaths: ['/w/.git/hooks', '/w/.claude'], masked: ['/home/u/.ssh'] };
const input = (over: Partial<ExplainInput>): ExplainInput => ({ exitCode: 1, timedOut: false, output: '', cwd: '/w', table, networkAllow: [], proxyLog: [], ...over });
const messages = (over: Partial<ExplainInput>): string[] => explainCommand(input(over)).map((v) => `${v.kind}/${v.source}: ${v.message}`);

describe('explainCommand', () => {
  test.each([
    ['EROFS on a protected path', "touch: cannot touch '.git/hooks/pre-commit': Read-only file system", /filesystem\/mount-table: write to \.git\/hooks\/pre-commit blocked: the sandbox keeps \.git\/hooks read-only/],
    ['EROFS outside the writable area', "mkdir: cannot create directory '/etc/x': Read-only file system", /write to \/etc\/x blocked: outside the sandbox's writable area \(only \/w and \/tmp/],
    ['EROFS, bare path (python)', "OSError: [Errno 30] Read-only file system: '/usr/lib/x'", /write to \/usr\/lib\/x blocked/],
    ['EROFS on a hidden path', "cp: cannot create regular file '/home/u/.ssh/k': Read-only file system", /hides that path/],
    ['network failure with network off', 'curl: (6) Could not resolve host: example.com', /network\/network-config: network access is off/],
  ])('%s', (_name, output, expected) => {
    expect(messages({ output }).join('\n')).toMatch(expected);
  });

  test('a path inside the writable area is not claimed, whatever the text says', () => {
    expect(messages({ output: "touch: cannot touch '/w/src/a.ts': Read-only file system" })).toEqual([]);
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
