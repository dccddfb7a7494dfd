/** Parsers of git's -z output, the push argument rules and object hashing, as tables. */
import { describe, expect, test } from 'vitest';
import { checkIdentity, commitMessage } from '../../src/git/host-git-commit.js';
import { HostGitUsageError } from '../../src/git/host-git-env.js';
import { objectId, parseCatFileBatch } from '../../src/git/host-git-objects.js';
import { parseNumstat, parsePushPorcelain, parseRawDiff } from '../../src/git/host-git-parse.js';
import { buildPushInvocation, checkBranchRef, checkRemoteUrl, scrub } from '../../src/git/host-git-push-args.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const Z = '0'.repeat(40);

describe('parseRawDiff', () => {
  test('plain records and renames, paths with tabs and newlines intact', () => {
    const out = Buffer.from(`:100644 100644 ${A} ${B} M\0src/a\tb.js\0:000000 100644 ${Z} ${B} A\0new\nline\0:100644 100644 ${A} ${A} R100\0old\0new\0`, 'latin1');
    expect(parseRawDiff(out)).toEqual([
      { status: 'M', oldMode: '100644', newMode: '100644', oldId: A, newId: B, path: 'src/a\tb.js' },
      { status: 'A', oldMode: '000000', newMode: '100644', oldId: Z, newId: B, path: 'new\nline' },
      { status: 'R', oldMode: '100644', newMode: '100644', oldId: A, newId: A, path: 'new', oldPath: 'old', score: 100 },
    ]);
  });
  test('anything unexpected throws rather than being skipped', () => {
    expect(() => parseRawDiff(Buffer.from('garbage\0'))).toThrow();
    expect(() => parseRawDiff(Buffer.from(`:100644 100644 ${A} ${B} M\0`))).toThrow();
  });
});

test('parseNumstat: counts, binary as null, renames', () => {
  expect(parseNumstat(Buffer.from('1\t2\ta.txt\0-\t-\tb.bin\x000\t0\t\0old\0new\0'))).toEqual([
    { path: 'a.txt', added: 1, deleted: 2 },
    { path: 'b.bin', added: null, deleted: null },
    { path: 'new', oldPath: 'old', added: 0, deleted: 0 },
  ]);
});

test('parsePushPorcelain: one status per ref', () => {
  const out = `To https://example.invalid/r.git\n*\t${A}:refs/heads/new\t[new branch]\n!\t${A}:refs/heads/main\t[rejected] (fetch first)\n+\t${A}:refs/heads/f\t${A.slice(0, 7)}...${B.slice(0, 7)} (forced update)\nDone\n`;
  expect(parsePushPorcelain(out)).toEqual([
    { status: 'created', from: A, to: 'refs/heads/new', summary: '[new branch]' },
    { status: 'rejected', from: A, to: 'refs/heads/main', summary: '[rejected] (fetch first)' },
    { status: 'forced', from: A, to: 'refs/heads/f', summary: `${A.slice(0, 7)}...${B.slice(0, 7)} (forced update)` },
  ]);
});

describe('cat-file --batch and object ids', () => {
  test('content is hashed as git does: "blob <len>\\0" + content', () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(objectId('sha1', 'blob', Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(objectId('sha1', 'tree', Buffer.alloc(0))).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    expect(objectId('sha256', 'blob', Buffer.from('hello\n'))).toBe('2cf8d83d9ee29543b34a87727421fdecb7e3f3a183d337639025de576db9ebb4');
  });
  test('batch output with binary content, missing objects; a truncated stream throws', () => {
    const content = Buffer.from([0, 10, 255, 10]);
    const out = Buffer.concat([Buffer.from(`${A} blob 4\n`), content, Buffer.from(`\n${B} missing\n`)]);
    expect(parseCatFileBatch(out)).toEqual([
      { id: A, missing: false, type: 'blob', content },
      { id: B, missing: true },
    ]);
    expect(() => parseCatFileBatch(Buffer.from(`${A} blob 10\nshort\n`))).toThrow();
  });
});

describe('push arguments', () => {
  test('the token is a Basic header for x-access-token in config, never in argv', () => {
    const inv = buildPushInvocation({ commit: A, remoteUrl: 'https://github.com/o/r.git', ref: 'refs/heads/warden/fix', token: 'ghs_secret123' });
    expect(inv.args).toEqual(['push', '--porcelain', '--no-verify', '--no-recurse-submodules', '--no-follow-tags', '--no-signed', 'https://github.com/o/r.git', `${A}:refs/heads/warden/fix`]);
    expect(inv.args.join(' ')).not.toContain('ghs_secret123');
    const basic = Buffer.from('x-access-token:ghs_secret123').toString('base64');
    expect(inv.config).toEqual([
      ['protocol.https.allow', 'always'],
      ['http.extraHeader', ''],
      ['http.extraHeader', `Authorization: Basic ${basic}`],
    ]);
    expect(inv.allowProtocol).toBe('https');
    expect(inv.args.join(' ')).not.toContain(basic);
    expect(scrub(`fatal: ${basic} and ghs_secret123`, inv.secrets)).toBe('fatal: *** and ***');
  });
  test('force is a + refspec; file remotes carry no token', () => {
    expect(buildPushInvocation({ commit: A, remoteUrl: 'file:///tmp/r.git', ref: 'refs/heads/x', force: true }).args.at(-1)).toBe(`+${A}:refs/heads/x`);
    expect(() => buildPushInvocation({ commit: A, remoteUrl: 'file:///tmp/r.git', ref: 'refs/heads/x', token: 't' })).toThrow(HostGitUsageError);
    expect(() => buildPushInvocation({ commit: A, remoteUrl: 'https://h/r', ref: 'refs/heads/x', token: 'has space' })).toThrow(HostGitUsageError);
    expect(() => buildPushInvocation({ commit: 'HEAD', remoteUrl: 'https://h/r', ref: 'refs/heads/x' })).toThrow(HostGitUsageError);
  });

  test('a lease names the ref and the tip it was judged at (empty: must not exist); never with force, never a name', () => {
    const args = (lease: string): string[] => buildPushInvocation({ commit: A, remoteUrl: 'https://h/r', ref: 'refs/heads/warden/x', lease }).args;
    expect(args(B).slice(-3)).toEqual([`--force-with-lease=refs/heads/warden/x:${B}`, 'https://h/r', `${A}:refs/heads/warden/x`]);
    expect(args('').slice(-3)).toEqual(['--force-with-lease=refs/heads/warden/x:', 'https://h/r', `${A}:refs/heads/warden/x`]);
    expect(() => args('main')).toThrow(HostGitUsageError);
    expect(() => buildPushInvocation({ commit: A, remoteUrl: 'https://h/r', ref: 'refs/heads/x', lease: B, force: true })).toThrow(HostGitUsageError);
  });

  const badUrls = [
    'ssh://git@github.com/o/r.git', 'git@github.com:o/r.git', 'ext::sh -c touch% /tmp/pwned', 'http://github.com/o/r.git',
    'https://user:pass@github.com/o/r.git', 'https://x-access-token@github.com/o/r', '--upload-pack=touch /tmp/x', 'fd::3',
    'https://github.com/o/r.git\nhttps://evil', 'https://github.com/o/r.git?x=1', 'file://host/tmp/r', 'git://github.com/o/r', '/tmp/plain/path',
  ];
  test.each(badUrls)('remote %j is refused', (url) => {
    expect(() => checkRemoteUrl(url)).toThrow(HostGitUsageError);
  });
  test.each(['https://github.com/o/r.git', 'http://127.0.0.1:8080/r.git', 'http://localhost/r', 'file:///tmp/r.git'])('remote %j is allowed', (url) => {
    expect(checkRemoteUrl(url).href).toBe(url);
  });

  const badRefs = ['main', 'refs/tags/v1', 'refs/heads/', 'refs/heads/a..b', 'refs/heads/a b', 'refs/heads/-x:refs/heads/y', 'refs/heads/x.lock',
    'refs/heads/.hidden', 'refs/heads/a//b', 'refs/heads/a@{1}', 'refs/heads/a\\b', 'refs/heads/a~1', 'refs/heads/x/', 'refs/heads/x.', 'refs/heads/a*'];
  test.each(badRefs)('ref %j is refused', (ref) => {
    expect(() => checkBranchRef(ref)).toThrow(HostGitUsageError);
  });
  test.each(['refs/heads/main', 'refs/heads/warden/issue-12', 'refs/heads/feature_x.y'])('ref %j is allowed', (ref) => {
    expect(() => checkBranchRef(ref)).not.toThrow();
  });
});

describe('commit identity and message', () => {
  test.each([
    [{ name: '', email: 'a@b.c' }], [{ name: 'x <y>', email: 'a@b.c' }], [{ name: 'a\nb', email: 'a@b.c' }],
    [{ name: 'a', email: 'not-an-address' }], [{ name: 'a', email: 'a@b.c> evil' }], [{ name: 'a', email: '' }],
  ])('identity %j is refused', (who) => {
    expect(() => checkIdentity(who, 'author')).toThrow(HostGitUsageError);
  });
  test('a bot identity is fine; messages end with one newline; empty and NUL are refused', () => {
    expect(() => checkIdentity({ name: 'warden[bot]', email: '123+warden[bot]@users.noreply.github.com' }, 'author')).not.toThrow();
    expect(commitMessage('Fix the test\n\nBody\n\n\n')).toBe('Fix the test\n\nBody\n');
    expect(() => commitMessage(' \n')).toThrow(HostGitUsageError);
    expect(() => commitMessage('a\0b')).toThrow(HostGitUsageError);
  });
});
