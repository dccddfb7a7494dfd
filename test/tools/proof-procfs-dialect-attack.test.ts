/**
 * Attack review of 4ad3269:
 *  1. Grep over a large tree walks by name, with a denied file on the tree's filesystem, only
 *     under a proof (commands sandboxed, a scan finding every denied file with only denied names,
 *     no command until the walk ended); otherwise the judged walk.
 *  2. The scan for denied files does not walk a rule's root on procfs or sysfs, only the mounts of
 *     other filesystems beneath it (mount-info.ts mountsToScanBeneath).
 *  3. readAlikeByRipgrep: only a glob dialect (letters, digits, `_ . -`, `*`, `**`, flat braces)
 *     goes to ripgrep as --glob.
 *  4. Names with U+FFFD or a lone surrogate, and a cut last name, never count.
 * Differential oracles as in search-fixes-attack.test.ts: two workspaces differing only in what
 * the denied file holds, or the confined answer (walkAbove/listAbove 0) against the judged walk
 * (Infinity). Findings are `it.fails` (severity, mechanism, fix); attacks that held are `it`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, linkSync, lstatSync, mkdirSync, openSync, renameSync, statfsSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { scanDeniedFiles } from '../../src/policy/denied-files.js';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider } from '../../src/policy/index.js';
import { mountsToScanBeneath } from '../../src/sandbox/index.js';
import { readAlikeByRipgrep } from '../../src/tools/glob-filter.js';
import { createReadTool } from '../../src/tools/read.js';
import type { Tool } from '../../src/tools/tool.js';
import { FIXED, HALF, HOST_PATH, MISS, mounts, policyAt, policyDenying, PROC_MAGIC, ready, SECRET, undoMounts, unmounts } from './attack-setup.js';
import { confinedAgainstWalk } from './confined-vs-walk.js';
import { grepThroughPipeline, watchingSkips, watchProof } from './grep-pipeline.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

function fixTimes(ws: string, rels: readonly string[]): void {
  for (const rel of rels) utimesSync(join(ws, rel), FIXED, FIXED);
}

const children: ChildProcess[] = [];
afterEach(() => {
  undoMounts();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------
// The guard's own globs: ripgrep never matches a name ending in `.` with an unanchored glob.
// ---------------------------------------------------------------------------------------------

describe.runIf(ready)('the guard\'s exclusions for a name ending in a dot: found, closed', () => {
  /*
   * FINDING (severity: medium where a Read deny/ask rule's glob ends in `.`, e.g. `Read(token.)`,
   * `Read(**\/backup.)`, `Read(*.)`, `Read(vault./**)`; rare in practice, but a full read by
   * bisection where it applies; not new in 4ad3269: tree-skip.ts is unchanged, the proof only
   * decides whether ripgrep walks by name).
   * Mechanism: ripgrep's globset takes a path ending in `.` to have no file name
   * (globset pathutil::file_name returns None when the last byte is `.`), so no basename,
   * extension or suffix strategy matches it: `--glob=!token.` (ruleGlobs for `Read(token.)`),
   * `!**\/token.`, `!*.`, `!/d/*.` and `!vault.` (the directory) never match `token.` or
   * `vault.`. Only an anchored literal (`!/token.`) does. So under a proof (commands sandboxed,
   * nothing linked) ripgrep walks by name and opens the denied file; walkedFilter's skip.denies
   * drops its hits, but its output has gone towards RG_MAX_OUTPUT_CHARS: the answer says "cut
   * short" exactly when it matches the model's regex. With a small denied file, the model tunes
   * a pad file it may write (or one in the repository) to just under the cap, and the secret's
   * one line tips it over: one bit per call, any regex.
   * Fix: in tree-skip.ts, write a `.` that ends a component as `[.]` (checked with ripgrep 13:
   * `!token[.]`, `!**\/token[.]`, `!t*[.]` exclude `token.`), or return null (judged walk) for a
   * rule component ending in `.`; a fuzz of ruleGlobs against `rg --files` with such names.
   * Closed: tree-skip.ts writes a component's final `.` as `[.]` (finalDotAsClass); the
   * differential in test/policy/tree-skip.test.ts has such names and rules.
   */
  it('a denied file named `token.` (and one under `vault./`) is left out of ripgrep\'s walk: the answer is the same whatever it holds', async () => {
    const answer = async (rule: string, denied: string, holds: string): Promise<string> => {
      const ws = workspace();
      writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, [denied]: `${holds}\n`.repeat(120_000) });
      fixTimes(ws, ['src/a.ts', denied]);
      const policy = await policyAt(policyDenying(rule), ws);
      const activity = createCommandActivity();
      const proofs: boolean[] = [];
      const { wrapGuard, seen } = watchingSkips((skip) => watchProof(skip, proofs));
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
      const out = (await grep({ pattern: HALF, output_mode: 'content' })).text.replaceAll(ws, '<ws>');
      // Walked by name under a proof: the exclusions given to ripgrep were all that kept it out.
      expect(seen.map((s) => s.globs)).toHaveLength(1);
      expect(proofs).toEqual([true]);
      return out;
    };
    const differ: string[] = [];
    for (const [rule, denied] of [['token.', 'src/token.'], ['**/backup.', 'src/backup.'], ['vault./**', 'src/vault./key']] as const) {
      const hit = await answer(rule, denied, SECRET);
      const miss = await answer(rule, denied, MISS);
      if (hit !== miss) differ.push(`${rule}: ${JSON.stringify(hit)} | ${JSON.stringify(miss)}`);
    }
    expect(differ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The model's globs: the dialect given to ripgrep.
// ---------------------------------------------------------------------------------------------

describe.runIf(ready)('the dialect given to ripgrep: found, closed', () => {
  /*
   * FINDING (severity: low; correctness only: ripgrep lists or reads fewer files than the filter
   * takes, never more, so no denied byte and nothing outside the tree).
   * Mechanism: readAlikeByRipgrep accepts globs the two still read otherwise:
   * - a name ending in `.` (`*.`, `a.`, `{a,b}.`, `**\/*.`): ripgrep's globset never matches a
   *   path ending in `.` with them (see the finding above); picomatch takes `a.`;
   * - a trailing `/**` (`src/**`, `/src/**`, `{src,lib}/**`, `**\/src/**`): picomatch also takes a
   *   file named `src` (the directory the globstar is beneath), ripgrep does not.
   * The confined Grep (walkAbove 0) and Glob (listAbove 0) then miss files the judged walk finds.
   * The random test in search-fixes-attack.test.ts has neither a name ending in `.` nor a file
   * named like a directory glob.
   * Fix: in readAlikeName refuse a name ending in `.` (or write it `[.]` for ripgrep), and refuse a
   * trailing `**` after a name (or have compileGlobFilter not take the path before a trailing
   * `/**`, as ripgrep does not); add such names to the random test.
   * Closed both ways the fix names: a name ending in `.` is not given to ripgrep (the filter alone
   * decides), and the filter takes a trailing `/**` as ripgrep does, the glob's meaning for the
   * model (glob-filter.ts fileMatcher); search-fixes-attack.test.ts's random test has such names.
   */
  it('Grep and Glob, confined, answer as the judged walk for globs of the dialect', async () => {
    const ws = workspace();
    const files = ['a.', 'b.', 'a.ts', 'src', 'lib/x', 'q/src', 'q/src.ts'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    fixTimes(ws, files);
    const globs = ['*.', 'a.', '{a,b}.', '**/*.', 'src/**', '/src/**', '{src,lib}/**', '**/src/**'];
    // Closed: a name ending in `.` is not given to ripgrep; `/**` is read by the filter as ripgrep reads it.
    for (const glob of globs) expect(readAlikeByRipgrep(glob), glob).toBe(!glob.endsWith('.'));
    const differ = await confinedAgainstWalk(ws, globs);
    expect(differ).toEqual([]);
  });
});

describe.runIf(ready)('the dialect given to ripgrep: attacks that held', () => {
  /*
   * Held: globs at the edges of the dialect read alike by both over names built to tell them
   * apart (dot files, `..x`, `.ts`, upper case, a name holding a brace glob's text in a directory):
   * `*{*,a}` (a `*` beside a brace of `*`) and `{*,a}*` (since refused: a bare `*` alternative), `{.,a}*`, `{a,.}ts`, `.*`, `*.*.*`, a
   * leading `/` with braces, a lone negation, case (`{A,a}.ts`: both case-sensitive), `**` at
   * either end. And every glob outside the dialect named in the brief (ranges, `?`, classes,
   * nested braces, a trailing `/`, `{a}`, `{a,}`, braces across `/`, `a|b`, extglobs, escapes,
   * non-ASCII) gives ripgrep none of the model's globs.
   */
  it('edge globs of the dialect: the confined answer is the judged walk\'s; the rest is not given to ripgrep', async () => {
    const ws = workspace();
    const files = ['.ts', '..ts', '.a.ts', 'A.ts', 'a.ts', 'ab', 'a.b.c', 'x/{a,b}.ts', 'x/a.ts', 'src/.env', 'src/b.TS', '..x', 'lib/deep/c.ts'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    fixTimes(ws, files);
    // (`*.*.*` and `..*` left the dialect after dot-globstar-attack.test.ts: a name ending in `.*`;
    // `*{*,a}` and `{*,a}*` after cwd-globstar-attack.test.ts: a bare `*` brace alternative.)
    const globs = ['{.,a}*', '{a,.}ts', '.*', '/{src,lib}/**/*', '!*.ts', '{A,a}.ts', '**/*.ts', '**', 'x/*', '/x/{b,c}.ts', '*.{ts,TS}'];
    for (const glob of globs) expect(readAlikeByRipgrep(glob), glob).toBe(true);
    const differ = await confinedAgainstWalk(ws, globs, { glob: false });
    expect(differ).toEqual([]);
    for (const glob of ['*.*.*', '..*', '*{*,a}', '{*,a}*', 'f{1..3}', '?.ts', '[a].ts', '{a}', '{a,}', '{,a}', '{a/b,c}', '{a,{b,c}}', 'src/', 'a|b', '+(a)', '\\*', '\u00e9.ts', '!', '/', '!/', '{a,b..c}', 'a/./b', 'a/../b', '***', 'a**', '**a', '{**,a}', 'a b', '#a', '~a']) {
      expect(readAlikeByRipgrep(glob), glob).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The proof: commands sandboxed, none ran until the walk ended.
// ---------------------------------------------------------------------------------------------

describe.runIf(ready)('the proof for a walk by name: attacks that held', () => {
  /*
   * Held: a command starts right after the guard gave its verdict (proof found) and before
   * ripgrep walks, and links the denied file into the tree under a harmless name; ripgrep reads
   * it (its 120,000 matching lines would cut its output), but the proof is asked after the walk,
   * finds the stamp changed, and the judged walk answers instead (grep-rg-tree.ts `return
   * undefined`): it judges the link by identity and leaves it out, and nothing of ripgrep's
   * answer (the cut) reaches the model. The same answers whatever the denied file holds.
   * Would fail were the proof asked before the walk only.
   */
  it('a command linking the denied file in while ripgrep walks: the judged walk answers, the same whatever it holds', async () => {
    const answer = async (holds: string): Promise<{ out: string; proofs: boolean[] }> => {
      const ws = workspace();
      writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, '.env': `${holds}\n`.repeat(120_000) });
      fixTimes(ws, ['src/a.ts', '.env']);
      const policy = await policyAt(policyDenying('.env', '//proc/**'), ws);
      const activity = createCommandActivity();
      const proofs: boolean[] = [];
      let command: Promise<void> | undefined;
      const { wrapGuard, seen } = watchingSkips((skip) => {
        command = activity.around(async () => {
          linkSync(join(ws, '.env'), join(ws, 'src/m.txt'));
          await new Promise((resolve) => setTimeout(resolve, 1500));
        });
        return watchProof(skip, proofs);
      });
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
      const out = (await grep({ pattern: HALF, output_mode: 'content' })).text.replaceAll(ws, '<ws>');
      await command;
      expect(seen).toHaveLength(1);
      return { out, proofs };
    };
    const hit = await answer(SECRET);
    const miss = await answer(MISS);
    expect(hit.proofs).toEqual([false]);
    expect(hit.out).toEqual(miss.out);
    expect(hit.out).not.toContain(SECRET);
    expect(hit.out).not.toContain('cut short');
    expect(hit.out).toContain('public');
  });

  /*
   * Held: with `Read(//proc/**)` (fork-safe-review) the scan is now whole and quick, so a Grep
   * may walk by name; a hard link to .env made before the run, or a rename of a denied file, is
   * seen by the scan (nlink, or the id missing from its denied names) and the guard refuses the
   * walk (OTHER_NAME): the judged walk leaves both out. Without a command stamp (commands
   * unsandboxed) no walk by name is given at all. Same answers whatever .env holds.
   */
  it('//proc/** with a denied file linked or renamed: no walk by name reads it', async () => {
    const answers = async (holds: string): Promise<string[]> => {
      const outs: string[] = [];
      for (const sandboxed of [true, false]) {
        const ws = workspace();
        writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, '.env': `${holds}\n`.repeat(120_000), 'secrets/k': `${holds}\n` });
        fixTimes(ws, ['src/a.ts', '.env', 'secrets/k']);
        // Before the run: a second name for .env (the scan counts its links).
        linkSync(join(ws, '.env'), join(ws, 'src/early.txt'));
        const policy = await policyAt(policyDenying('.env', 'secrets/**', '//proc/**'), ws);
        const activity = createCommandActivity();
        const { wrapGuard, seen } = watchingSkips();
        const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, ...(sandboxed ? { commandActivity: activity.stamp } : {}) });
        // After the guard was built: a denied file renamed to a name no rule matches, by a command.
        await activity.around(async () => {
          renameSync(join(ws, 'secrets/k'), join(ws, 'src/moved.txt'));
          await Promise.resolve();
        });
        for (const output_mode of ['content', 'files_with_matches', 'count']) outs.push((await grep({ pattern: HALF, output_mode })).text.replaceAll(ws, '<ws>'));
        expect(seen, `sandboxed ${String(sandboxed)}`).toEqual([]);
      }
      return outs;
    };
    const hit = await answers(SECRET);
    const miss = await answers(MISS);
    expect(hit).toEqual(miss);
    for (const out of hit) expect(out).not.toContain(SECRET);
    expect(hit[0]).toContain('public');
  });
});

// ---------------------------------------------------------------------------------------------
// The scan for denied files on procfs.
// ---------------------------------------------------------------------------------------------

describe('the scan beneath /proc: attacks that held', () => {
  /*
   * Held: procfs's own files have no other name: link() and rename() of /proc/self/environ into
   * a workspace fail (EXDEV, or EPERM), so skipping them drops no identity a link could reach.
   * And `Read(//proc/**)` scans quickly and whole (it used to count /proc's entries against the
   * budget); a directory on another filesystem is still walked whole.
   */
  it('procfs files cannot be linked or renamed out; the //proc/** scan is whole', async () => {
    const ws = workspace();
    expect(() => linkSync('/proc/self/environ', join(ws, 'env'))).toThrow();
    expect(() => renameSync('/proc/self/environ', join(ws, 'env'))).toThrow();
    const policy = await policyAt(policyDenying('//proc/**'), ws);
    // Quick by count, not by clock: whole within 5,000 entries, which /proc's own tens of thousands
    // would run out (walked, the same budget is not enough: denied-files.test.ts).
    const scan = scanDeniedFiles(policy, ws, 5_000, mountsToScanBeneath);
    expect(scan.complete).toBe(true);
    expect(mountsToScanBeneath('/proc')?.every((m) => m.startsWith('/proc/'))).toBe(true);
    expect(mountsToScanBeneath(ws)).toBeUndefined();
  });
});

/** A process holding `file` open on fd 3, its pid. */
function holdOpen(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const child = spawn('sleep', ['60'], { stdio: ['ignore', 'ignore', 'ignore', fd] });
    children.push(child);
    if (child.pid === undefined) throw new Error('sleep did not start');
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

describe.runIf(mounts)('the scan beneath /proc: found, accepted', () => {
  /*
   * FINDING (severity: informational; needs commands with the host's /proc, i.e. unsandboxed,
   * where a command could copy the bytes anyway: bubblewrap gives commands their own /proc and pid
   * namespace).
   * Mechanism: the scan's rule is that a matching symlink contributes its target, and /proc holds
   * magic links to regular files on any filesystem: /proc/<pid>/fd/N, exe, map_files/*.
   * `Read(//proc/**)` now skips them (denied-files.ts start(): procfs root, only other mounts
   * walked), so a file reachable only through such a link (its own name hidden: under a mount,
   * or in another mount namespace) is no longer a denied identity. `ln -L /proc/<pid>/fd/3
   * src/leak.txt` makes a name for it (linkat follows the magic link on the same filesystem), and
   * Read shows it. With the old whole walk of /proc the link was refused (the control below:
   * the target's id found through the magic link, or the walk not whole and a file of two links
   * refused).
   * Fix: keep the claim narrow: beneath a procfs root still read the magic links of
   * /proc/<pid>/{fd,map_files} and exe (readdir of each pid's fd/ is cheap) and add their targets,
   * or say in docs/policy.md that `Read(//proc/**)` denies what /proc shows, not files that
   * processes hold open.
   * Accepted, the claim narrowed (docs/policy.md, "Host-side file tools"): the link takes the
   * host's /proc, so a command outside the sandbox, which can print the file itself. Adding the
   * targets was tried: on this machine ~5,300 links, and every file some process holds on the
   * workspace's filesystem is then a denied id found only through a link, so no Grep of a fork's
   * run walks by name (the proof needs every denied id's names to be denied ones) and Read
   * refuses any file a process holds open. This test stays as the record: it fails while it holds.
   */
  it.fails('a file whose only way in is /proc/<pid>/fd/3, linked into the workspace: Read refuses it', async () => {
    const { read } = await fdOnlyFile();
    expect(await read(mountsToScanBeneath)).not.toContain(SECRET);
  });
});

/**
 * A secret held open by a process on fd 3 and hidden under a mount, then linked into the
 * workspace (`ln -L /proc/<pid>/fd/3`) once the guard was built: what Read shows of the link, with
 * the guard's scan given `mountsToScan` or not (the whole walk of /proc, as before 4ad3269).
 */
async function fdOnlyFile(): Promise<{ read: (mountsToScan?: typeof mountsToScanBeneath) => Promise<string> }> {
  const ws = workspace();
  writeFiles(ws, { 'hidden/secret.txt': `TOKEN=${SECRET}\n`, 'src/a.ts': 'public\n' });
  const pid = holdOpen(join(ws, 'hidden/secret.txt'));
  // Its name hidden: a mount over its directory (as another namespace's view, or a mask, would).
  execFileSync('mount', ['-t', 'tmpfs', 'tmpfs', join(ws, 'hidden')]);
  unmounts.push(() => execFileSync('umount', ['-l', join(ws, 'hidden')], { stdio: 'ignore' }));
  expect(() => lstatSync(join(ws, 'hidden/secret.txt'))).toThrow();
  const policy = await policyAt(policyDenying('//proc/**'), ws);
  const decider = createPolicyDecider(policy);
  const guards = { old: createHostReadGuard({ decider, policy, cwd: ws }), now: createHostReadGuard({ decider, policy, cwd: ws, mountsToScan: mountsToScanBeneath }) };
  // What a command with the host's /proc could do once the run started.
  execFileSync('ln', ['-L', `/proc/${String(pid)}/fd/3`, join(ws, 'src/leak.txt')]);
  return {
    read: async (mountsToScan) => String((await run(createReadTool(mountsToScan === undefined ? guards.old : guards.now) as Tool<unknown>, { file_path: join(ws, 'src/leak.txt') }, context(ws))).content),
  };
}

describe.runIf(mounts)('the scan beneath /proc: the finding\'s control', () => {
  /* The control: the same link, the guard scanning /proc whole as before, is refused (its id found, or the scan not whole). */
  it('the old whole walk of /proc refused the link', async () => {
    const { read } = await fdOnlyFile();
    const old = await read();
    expect(old).not.toContain(SECRET);
    expect(old).toMatch(/denies|too many|other names/);
  });
});

describe.runIf(mounts)('mount points beneath a procfs root, from mountinfo', () => {
  /**
   * A directory the test has mountsToScanBeneath take for procfs, with a directory named each of
   * `names` beneath it holding a mount point `m`: a bind of a directory with a file `key`. Bound
   * under a plain name, then its directory renamed (a mount point's parent may be).
   */
  function fakeProc(names: ReadonlyArray<string | Buffer>): { root: string; keyIds: string[]; scan: (dir: string) => readonly string[] | undefined } {
    const root = workspace();
    const keyIds: string[] = [];
    names.forEach((name, i) => {
      const source = workspace();
      writeFiles(source, { key: `k${String(i)}\n` });
      const plain = join(root, `plain${String(i)}`);
      mkdirSync(join(plain, 'm'), { recursive: true });
      execFileSync('mount', ['--bind', source, join(plain, 'm')], { stdio: 'ignore' });
      const named = Buffer.concat([Buffer.from(`${root}/`), Buffer.isBuffer(name) ? name : Buffer.from(name)]);
      renameSync(plain, named);
      unmounts.push(() => {
        renameSync(named, plain);
        execFileSync('umount', ['-l', join(plain, 'm')], { stdio: 'ignore' });
      });
      const st = statSync(join(source, 'key'), { bigint: true });
      keyIds.push(`${st.dev}:${st.ino}`);
    });
    return { root, keyIds, scan: (dir) => mountsToScanBeneath(dir, (d) => (d === root ? PROC_MAGIC : statfsSync(d).type)) };
  }

  /*
   * Held: mount points mountinfo writes escaped (a space, a newline, a backslash) are read back
   * and walked: the denied files bound there are found.
   */
  it('escaped mount points (space, newline, backslash) are walked', async () => {
    const { root, keyIds, scan } = fakeProc(['with space', 'new\nline', 'back\\slash']);
    const policy = await policyAt(policyDenying(`/${root}/**`), workspace());
    const found = scanDeniedFiles(policy, workspace(), 200_000, scan);
    expect(scan(root)).toHaveLength(3);
    expect(found.complete).toBe(true);
    for (const id of keyIds) expect(found.ids.has(id)).toBe(true);
  });

  /*
   * FINDING (severity: informational; making a mount beneath /proc takes root in the runner's
   * own mount namespace, and a file there is denied only because it is there).
   * Mechanism: mountsToScanBeneath decodes mount points to strings (unescape: latin1, then UTF-8),
   * so one whose name is not UTF-8 comes back with U+FFFD; the scan's start() lstat-s that string,
   * gets ENOENT, takes it for "an anchor that does not exist", and the scan says it is complete
   * without the denied file bound there. Fail-open where the rest of the scan fails closed.
   * Fix: hand mount points on as bytes (Buffer from the unescaped latin1 field) and start the
   * walk from them; or have a mount point that cannot be looked at make the scan incomplete.
   * Closed the second way (denied-files.ts start): a listed mount point named with U+FFFD, or one
   * lstat fails on, leaves the scan not whole (test/policy/denied-files.test.ts too).
   */
  it('a mount point whose name is not UTF-8 is walked, or the scan says it is not whole', async () => {
    const { root, keyIds, scan } = fakeProc([Buffer.from([0x6d, 0xff, 0x6e])]);
    const policy = await policyAt(policyDenying(`/${root}/**`), workspace());
    const found = scanDeniedFiles(policy, workspace(), 200_000, scan);
    expect(scan(root)).toHaveLength(1);
    expect(found.complete && !keyIds.every((id) => found.ids.has(id))).toBe(false);
  });
});
