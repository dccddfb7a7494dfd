/**
 * Second attack review of the read guard's finding that no denied file has another name
 * (host-read-guard.ts `judgeTree` → `soleNamesAt`: with the command stamp, ripgrep walks a tree by
 * name only when a scan at the current stamp finds every denied file on the tree's device with no
 * name but denied ones, and the tree is seen at one path). The claim attacked: no
 * answer the Grep tool gives depends on the bytes of a file the policy denies. Two workspaces
 * differ only in what the denied files hold (the needle, or as many x's), and every call's answer
 * must be the same in both (the oracle of grep-identity-proof-attack.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canMount, expectSame, HALF, oracle, ready, SECRET, type Setup } from './grep-identity-oracle.js';
import { workspace, writeFiles } from './tool-harness.js';

function umount(path: string): void {
  try {
    execFileSync('umount', [path], { stdio: 'ignore' });
  } catch {
    // Not mounted (setup failed before the mount).
  }
}

/** Calls whose answers say how many files matched beyond the one shown. */
function counting(path: string): Array<Record<string, unknown>> {
  return [
    { pattern: HALF, output_mode: 'files_with_matches', head_limit: 1, path },
    { pattern: HALF, output_mode: 'count', head_limit: 1, path },
    { pattern: HALF, output_mode: 'content', head_limit: 1, path },
  ];
}

const SECRETS_RULE = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(a/secret/**)"]\n';

describe.runIf(ready)('second review: leaks, closed', () => {
  /*
   * WAS A LEAK. The tree root is itself a mount point: a bind mount (made before the run, e.g. a CI
   * container mounting one volume twice) shows directory `a` again at `pub/view`. `a/secret/key`
   * is denied by an anchored rule; at `pub/view/secret/key` the same file (same directory inode,
   * same name, nlink 1) has a name no rule matches. The scan finds key with nlink 1 and one denied
   * name (its own), so it is "only denied names"; mountPointBeneath checks for mount points
   * *strictly* beneath the tree, and the tree is the mount point, so it finds none. The finding is
   * made, ripgrep walks pub/view by name with no glob for secret/key, reads the denied bytes, and
   * nothing judges the reported file by identity (identityProven). Off the page it is never
   * re-opened, so "Found 2 files" / the count / the pagination note say whether it holds the needle.
   * Closed: the tree must be seen at one path (host-read-guard.ts seenAtOnePath): no other mount
   * of its filesystem may show a directory at, above or beneath it.
   */
  it.runIf(canMount)('the tree root is a bind mount of a directory holding a denied file', async () => {
    const { answers, proofs } = await oracle(
      {
        files: { 'a/aaa.txt': `${HALF} public\n`, 'pub/view/.keep': '' },
        denied: (holds) => ({ 'a/secret/key': `TOKEN=${holds}\n` }),
        policy: SECRETS_RULE,
        beforeStart: (ws) => execFileSync('mount', ['--bind', join(ws, 'a'), join(ws, 'pub/view')]),
        cleanup: (ws) => umount(join(ws, 'pub/view')),
      },
      counting('pub/view'),
    );
    expect(answers[0]?.miss).toContain('aaa.txt');
    expectSame(answers);
    expect(proofs.some((proven) => proven)).toBe(false);
  });

  /*
   * WAS A LEAK, closed the same way. The same, the mount point above the tree: `a` is bind-mounted at `pub/view` and the
   * Grep is of `pub/view/sub` (a/sub holds an allowed file and the denied directory). No mount point
   * lies strictly beneath pub/view/sub; the denied file has one link, found at its denied name.
   */
  it.runIf(canMount)('the tree lies beneath a bind mount of a directory holding a denied file', async () => {
    const { answers, proofs } = await oracle(
      {
        files: { 'a/sub/aaa.txt': `${HALF} public\n`, 'pub/view/.keep': '' },
        denied: (holds) => ({ 'a/sub/secret/key': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(a/sub/secret/**)"]\n',
        beforeStart: (ws) => execFileSync('mount', ['--bind', join(ws, 'a'), join(ws, 'pub/view')]),
        cleanup: (ws) => umount(join(ws, 'pub/view')),
      },
      counting('pub/view/sub'),
    );
    expect(answers[0]?.miss).toContain('aaa.txt');
    expectSame(answers);
    expect(proofs.some((proven) => proven)).toBe(false);
  });
});

const DENY_ENV = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/.env)"]\n';
const PROBES = [
  ...counting('.'),
  { pattern: `${HALF}|public`, output_mode: 'count' },
  { pattern: `${HALF}|public`, output_mode: 'content' },
];

describe.runIf(ready)('second review: attacks that held', () => {
  /*
   * HELD. A denied file's other link lies outside every scanned root (a sibling directory of the
   * workspace on the same filesystem), made before the run; a command then links it into the tree.
   * nlink counts the outside link, the scan finds one denied name: no proof, the judged walk answers.
   */
  it('a hard link outside the scanned roots, then one into the tree by a command', async () => {
    const outside = workspace();
    const { answers, proofs } = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
        policy: DENY_ENV,
        beforeStart: (ws) => linkSync(join(ws, '.env'), join(outside, `${ws.split('/').pop() ?? 'x'}-copy`)),
        afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')),
      },
      PROBES,
    );
    expect(proofs.some((proven) => proven)).toBe(false);
    expectSame(answers);
  });

  /*
   * HELD. A `~/` rule on the workspace's filesystem (home a sibling temp directory): a command links
   * ~/.ssh/id into the tree. The scan walks ~/.ssh, finds nlink 2 with one denied name.
   */
  it('a home-directory rule on the same device, its file linked into the tree by a command', async () => {
    const homes = new Map<string, string>();
    const { answers, proofs } = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: () => ({}),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(~/.ssh/**)"]\n',
        home: (ws) => {
          const home = workspace();
          homes.set(ws, home);
          return home;
        },
        beforeStart: (ws) => {
          const home = homes.get(ws) ?? '';
          // The needle or not, by which run this is (the first started holds it).
          writeFiles(home, { '.ssh/id': `TOKEN=${homes.size === 1 ? SECRET : 'x'.repeat(SECRET.length)}\n` });
        },
        afterStart: (ws) => linkSync(join(homes.get(ws) ?? '', '.ssh/id'), join(ws, 'src/m.txt')),
      },
      PROBES,
    );
    expect(proofs.some((proven) => proven)).toBe(false);
    expectSame(answers);
  });

  /*
   * HELD. A denied name matched only by an `ask` rule (dontAsk: refused), and one only by a fork's
   * narrowing policy (the run's own policy has no Read rules): a command links each into the tree.
   */
  it('an ask-only rule and a ceiling-only rule, their files linked into the tree by a command', async () => {
    const ask = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  ask: ["Read(**/.env)"]\n',
        afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')),
      },
      PROBES,
    );
    expect(ask.proofs.some((proven) => proven)).toBe(false);
    expectSame(ask.answers);
    const ceiling = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ 'k.pem': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n',
        narrowedBy: ['version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/*.pem)"]\n'],
        afterStart: (ws) => linkSync(join(ws, 'k.pem'), join(ws, 'src/m.txt')),
      },
      PROBES,
    );
    expect(ceiling.proofs.some((proven) => proven)).toBe(false);
    expectSame(ceiling.answers);
  });

  /*
   * HELD. Two denied names in one directory, one inode (`cfg/.env` and `cfg/a.key`, each matched), and a
   * rename by a command of one of them to an allowed name: nlink 2, one denied name left; and the
   * id denied at the start is still present under the other. No proof.
   */
  it('two denied names of one inode in one directory, one renamed away by a command', async () => {
    const { answers, proofs } = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ 'cfg/.env': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(**/.env)", "Read(cfg/*.key)"]\n',
        beforeStart: (ws) => linkSync(join(ws, 'cfg/.env'), join(ws, 'cfg/a.key')),
        afterStart: (ws) => renameSync(join(ws, 'cfg/a.key'), join(ws, 'src/m.txt')),
      },
      PROBES,
    );
    expect(proofs.some((proven) => proven)).toBe(false);
    expectSame(answers);
  });

  /*
   * HELD (over-refusal only). The denied file deleted by a command and its inode number reused: a
   * command removes .env and writes new files; ext4 gives one of them .env's number. The id denied
   * at the start is gone from the fresh scan, so no proof; the judged walk refuses the new file
   * that got the number (judgeIdentity: atStart.ids), silently. Which file that is depends on the
   * allocator, not on what .env held: with that file's line taken out, both runs answer the same.
   */
  it('a denied file deleted by a command, its inode number reused', async () => {
    const reused: string[] = [];
    const { answers, proofs } = await oracle(
      {
        files: { 'src/a.ts': `${HALF} public\n` },
        denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
        policy: DENY_ENV,
        afterStart: (ws) => {
          const ino = statSync(join(ws, '.env')).ino;
          unlinkSync(join(ws, '.env'));
          let got = '';
          for (let i = 0; i < 20; i++) {
            writeFileSync(join(ws, `src/n${i}.txt`), 'public\n');
            if (statSync(join(ws, `src/n${i}.txt`)).ino === ino) got = `src/n${i}.txt`;
          }
          reused.push(got);
        },
      },
      [{ pattern: `${HALF}|public`, output_mode: 'count' }, { pattern: `${HALF}|public`, output_mode: 'content' }],
    );
    expect(proofs.some((proven) => proven)).toBe(false);
    const without = (text: string, rel: string | undefined): string => text.split('\n').filter((line) => rel === undefined || rel === '' || !line.startsWith(`<ws>/${rel}:`)).join('\n');
    for (const a of answers) {
      expect(a.hit).not.toContain(SECRET);
      // Every file but the one given the number is found, in each run.
      for (let i = 0; i < 20; i++) {
        const rel = `src/n${i}.txt`;
        if (rel !== reused[0]) expect(a.hit, a.call).toContain(`<ws>/${rel}:`);
        if (rel !== reused[1]) expect(a.miss, a.call).toContain(`<ws>/${rel}:`);
      }
      // Whether the number is reused at all depends on the filesystem (CI's overlay may not reuse
      // it in one run and reuse it in the other), so the totals and the "not searched" note are
      // compared only when both runs gave it to the same file; each run's own total must still
      // count exactly the files it showed.
      const sameReuse = reused[0] === reused[1];
      const summary = (line: string): boolean => line.startsWith('Found ') || line.startsWith('(Results may be incomplete');
      const hit = without(without(a.hit, reused[0]), reused[1]).split('\n').filter((line) => sameReuse || !summary(line)).join('\n');
      const miss = without(without(a.miss, reused[0]), reused[1]).split('\n').filter((line) => sameReuse || !summary(line)).join('\n');
      expect(hit, a.call).toBe(miss);
      for (const [text, got] of [[a.hit, reused[0]], [a.miss, reused[1]]] as const) {
        const files = 21 - (got === '' ? 0 : 1);
        const shown = new Set(text.split('\n').filter((line) => line.startsWith('<ws>/')).map((line) => line.split(':')[0]));
        expect(shown.size, a.call).toBe(files);
        if (text.includes(' across ')) expect(text, a.call).toContain(`across ${files} files`);
        expect(text.includes('not searched because the policy does not allow reading it'), a.call).toBe(got !== '');
      }
    }
  });

  /*
   * HELD. A mount point strictly beneath the tree whose path needs mountinfo's octal escapes (space,
   * tab, backslash): a/ (holding a/secret/key, denied by an anchored rule) bind-mounted at
   * `pub/m y\tz\\w`, the Grep of `pub`. The escapes are decoded; the mount point is seen.
   */
  it.runIf(canMount)('a bind mount beneath the tree at a path with a space, a tab and a backslash', async () => {
    const at = (ws: string): string => join(ws, 'pub/m y\tz\\w');
    const { answers, proofs } = await oracle(
      {
        files: { 'a/aaa.txt': `${HALF} public\n`, 'pub/bbb.txt': `${HALF} public\n` },
        denied: (holds) => ({ 'a/secret/key': `TOKEN=${holds}\n` }),
        policy: SECRETS_RULE,
        beforeStart: (ws) => {
          mkdirSync(at(ws));
          execFileSync('mount', ['--bind', join(ws, 'a'), at(ws)]);
        },
        cleanup: (ws) => umount(at(ws)),
      },
      counting('pub'),
    );
    expect(proofs.some((proven) => proven)).toBe(false);
    expectSame(answers);
  });

  /*
   * HELD. Engine choice: with nothing linked, hit and miss runs both prove and ripgrep walks by name
   * (the choice depends on links and renames, never on what a file holds); with a link made by a
   * command, both take the judged walk. Checked by the proofs of both runs being the same.
   */
  it('the engine is chosen the same way whether the denied file holds the needle or not', async () => {
    const setup: Setup = { files: { 'src/a.ts': `${HALF} public\n` }, denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }), policy: DENY_ENV };
    const plain = await oracle(setup, PROBES);
    expect(plain.skipped).toBe(PROBES.length);
    expect(plain.proofs.every((proven) => proven)).toBe(true);
    expectSame(plain.answers);
    const linked = await oracle({ ...setup, afterStart: (ws) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')) }, PROBES);
    expect(linked.skipped).toBe(0);
    expectSame(linked.answers);
  });
});
