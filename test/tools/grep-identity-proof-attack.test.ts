/**
 * Attack review of the read guard's finding that no denied file has another name (host-read-guard.ts:
 * with the command stamp, ripgrep walks a tree by name only when a scan at the current stamp finds
 * every denied file there with no name but denied ones; TreeSkip.identityProven then says whether
 * a command ran during the walk). The claim attacked: no answer the Grep tool gives depends on the
 * bytes of a file the policy denies. As in grep-tree-skip-attack.test.ts, two workspaces differ
 * only in what the denied files hold (the needle, or as many x's), and every call's answer must be
 * the same in both.
 *
 * The review attacked a first version, which judged after the walk (with a scan when cheaper) and,
 * when the walk's output was cut, searched again by judging every file. It found the two leaks in
 * the first describe; both are closed, and their tests assert the secure behaviour.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canMount, expectSame, FIXED, HALF, oracle, ready, type Setup } from './grep-identity-oracle.js';

const DENY_ENV = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/.env)"]\n';

describe.runIf(ready)('the finding that no denied file has another name: leaks the review found, closed', () => {
  /*
   * WAS A LEAK (in the first version's fallback). When the walk by name's output was cut (a hard
   * link to a large denied file that matched), the search was done again by judging every file.
   * That answer is not the walk by name's: an allowed file with no NUL in its first 8,192 bytes
   * (BINARY_SNIFF_BYTES) but one just after is skipped whole by ripgrep's own walk (binary
   * detection "quit"), yet the judged walk hands it to ripgrep as /proc/self/fd/N, where binary
   * detection is "convert": every match in it is printed and cuts the output. So the note "cut
   * short" said whether the denied file matched: one bit per call, any regex. Output sizes and
   * path lengths also differ between the two, so the cut point could be tuned without a binary file.
   * Closed: there is no such fallback. The link is found before the walk (a scan at the command's
   * stamp), and ripgrep does not walk by name at all: both workspaces are searched file by file.
   */
  it('an allowed file with a NUL past the sniff and a hard-linked denied file: whether the output was cut says nothing of what it holds', async () => {
    const binary = `${'x'.repeat(8_200)}\n\0\n${'public line\n'.repeat(150_000)}`;
    const { answers, skipped } = await oracle(
      {
        files: { 'src/a.ts': 'public\n', 'bin.dat': binary },
        denied: (holds) => ({ '.env': `${holds}\n`.repeat(120_000) }),
        policy: DENY_ENV,
        afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')),
      },
      [{ pattern: `${HALF}|public`, output_mode: 'content', head_limit: 1 }],
    );
    expect(skipped).toBe(0);
    expect(answers[0]?.miss).toContain('public');
    expectSame(answers);
  });

  /*
   * WAS A LEAK (where a directory of the workspace is bind-mounted at a second place inside the
   * scanned roots, e.g. a CI container mounting one volume twice). The scan (denied-files.ts)
   * counted a denied name once per path it walked; a bind mount is not a symlink, so both paths
   * were "real" and the same name was counted twice: `a/.env` with an allowed hard link
   * `a/notes.txt` had nlink 2 and two "denied names" (a/.env, b/.env), the finding held, and the
   * link was not judged by identity. Off the page it was never re-opened, so "Found 2 files" said
   * whether the denied file held the pattern. Closed: a name is counted by its directory's
   * identity and its bytes, so one directory at two paths holds one name; and no mount point may
   * lie beneath the tree (a file bind-mounted there is a name nlink does not count).
   */
  it.runIf(canMount)('a bind mount shows a denied name at two paths: an allowed hard link is still found', async () => {
    const mount = (ws: string): void => {
      linkSync(join(ws, 'a/.env'), join(ws, 'a/notes.txt'));
      utimesSync(join(ws, 'a/notes.txt'), FIXED, FIXED);
      execFileSync('mount', ['--bind', join(ws, 'a'), join(ws, 'b')]);
    };
    const { answers, proofs } = await oracle(
      {
        files: { 'a/aaa.txt': `${HALF} public\n`, 'b/.keep': '' },
        denied: (holds) => ({ 'a/.env': `TOKEN=${holds}\n` }),
        policy: DENY_ENV,
        beforeStart: mount,
        cleanup: (ws) => execFileSync('umount', [join(ws, 'b')]),
      },
      [
        { pattern: HALF, output_mode: 'files_with_matches', head_limit: 1, path: 'a' },
        { pattern: HALF, output_mode: 'count', head_limit: 1, path: 'a' },
        { pattern: HALF, output_mode: 'content', head_limit: 1, path: 'a' },
      ],
    );
    expectSame(answers);
    // The finding must not be made: a/notes.txt is an allowed name of a denied file.
    expect(proofs.some((proven) => proven)).toBe(false);
  });
});

describe.runIf(ready)('the finding that no denied file has another name: attacks that held', () => {
  /*
   * HELD. A denied file that is a hard link to another denied file (.env and secrets/key one
   * inode), each name excluded by the globs: nlink 2, two denied names, the finding holds and is
   * right. With a third, allowed link made by a command, the scan then counts 2 of 3: ripgrep does
   * not walk by name.
   */
  it('a denied file hard-linked to another denied name; then an allowed link by a command', async () => {
    const policy = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/.env)", "Read(secrets/**)"]\n';
    const calls = [
      { pattern: HALF, output_mode: 'files_with_matches' },
      { pattern: `${HALF}|public`, output_mode: 'count', head_limit: 1 },
      { pattern: `${HALF}|public`, output_mode: 'content' },
    ];
    const base: Setup = {
      files: { 'src/a.ts': 'public\n', 'secrets/.keep': '' },
      denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
      policy,
      beforeStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'secrets/key')),
    };
    const plain = await oracle(base, calls);
    expect(plain.skipped).toBe(calls.length);
    expect(plain.proofs.length > 0 && plain.proofs.every((p) => p)).toBe(true);
    expectSame(plain.answers);
    const linked = await oracle({ ...base, afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')) }, calls);
    expect(linked.skipped).toBe(0);
    expectSame(linked.answers);
  });

  /*
   * HELD. A denied name that is a directory (the any-depth `.env` rule matching `sub/.env/`, so everything
   * beneath is denied): a file in it hard-linked into the tree by a command. The scan counts the
   * names beneath a matched directory too, so ripgrep does not walk by name: every file is judged.
   */
  it('a file beneath a denied directory, hard-linked into the tree by a command', async () => {
    const { answers, skipped } = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ 'sub/.env/inner': `TOKEN=${holds}\n` }),
        policy: DENY_ENV,
        afterStart: (ws) => linkSync(join(ws, 'sub/.env/inner'), join(ws, 'src/notes.txt')),
      },
      [
        { pattern: HALF, output_mode: 'files_with_matches', head_limit: 1 },
        { pattern: HALF, output_mode: 'count' },
        { pattern: HALF, output_mode: 'content' },
      ],
    );
    expect(skipped).toBe(0);
    expectSame(answers);
  });

  /*
   * HELD. A fork's narrowing policies (mergeScans unions onlyDeniedNames). .env is denied by the
   * run's policy, k.pem by the ceiling, and they are one inode (nlink 2): each policy's scan finds
   * one of two names, so neither lists it as only-denied and ripgrep does not walk by name —
   * conservative. With an allowed third link made by a command, neither. The union is sound:
   * a policy lists an id only when its own names account for every link, and every policy's
   * globs are handed to ripgrep.
   */
  it('a fork run: names of one inode split between the policy and the ceiling, then an allowed link', async () => {
    const base: Setup = {
      files: { 'src/a.ts': 'public\n' },
      denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
      policy: DENY_ENV,
      narrowedBy: ['version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/*.pem)"]\n'],
      beforeStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'k.pem')),
    };
    const calls = [{ pattern: HALF, output_mode: 'files_with_matches' }, { pattern: `${HALF}|public`, output_mode: 'count', head_limit: 1 }];
    const plain = await oracle(base, calls);
    expect(plain.skipped).toBe(0);
    expectSame(plain.answers);
    const linked = await oracle({ ...base, afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')) }, calls);
    expect(linked.skipped).toBe(0);
    expectSame(linked.answers);
  });

  /*
   * HELD. A denied directory reached through a symlinked directory (`vault -> store`, rule
   * `Read(vault/**)`): the scan's root is a symlink, its names are not real names, so ripgrep does
   * not walk by name; with a large denied file hard-linked in, whether anything was cut says
   * nothing of what it holds.
   */
  it('a rule through a symlinked directory, and a large denied file hard-linked in', async () => {
    const { answers, skipped } = await oracle(
      {
        files: { 'src/a.ts': 'public\n', 'store/.keep': '' },
        denied: (holds) => ({ '.env': `${holds}\n`.repeat(120_000) }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/.env)", "Read(vault/**)"]\n',
        beforeStart: (ws) => {
          execFileSync('ln', ['-s', 'store', join(ws, 'vault')]);
          linkSync(join(ws, '.env'), join(ws, 'store/key'));
        },
        afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')),
      },
      [{ pattern: `${HALF}|public`, output_mode: 'content' }, { pattern: `${HALF}|public`, output_mode: 'count' }],
    );
    expect(skipped).toBe(0);
    expectSame(answers);
  });
});
