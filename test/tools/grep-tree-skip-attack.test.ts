/**
 * Attack review of Grep walking a large tree by name while Read deny or ask rules match beneath
 * it (the guard's skip: globs for ripgrep, the matcher for what it reports, and, when a denied
 * file could be linked in, the guard's finding that none has another name; grep-rg-tree.ts).
 * Without a watch on commands (commands unsandboxed) no finding can be had: every file is judged,
 * and the answers must be the same all the same. The claim attacked: no answer
 * (text, counts, order, pagination notes, errors) depends on the bytes of a file the policy denies,
 * and no byte of one is shown. Two workspaces differ only in what the denied files hold (the
 * needle, or as many x's); every call's answer must be the same in both, and each call must have
 * been answered by the walk by name (the skip was used).
 *
 * The last describe holds the leaks this review found; each says what, how it went, and how it was closed.
 */
import { linkSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { createPolicyDecider, loadPolicy, narrowDecider, presetPolicy, type Decider, type LoadedPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { grepThroughPipeline, watchingSkips, watchProof, type GrepCall } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const SECRET = 'sk-live-7e1d04b2';
const FIXED = new Date('2026-01-01T00:00:00Z');

interface Setup {
  /** Allowed files; the same in both workspaces. */
  files: Record<string, string>;
  /** Denied files, given what they hold (the needle or not). */
  denied: (holds: string) => Record<string, string>;
  policy?: string;
  ceiling?: 'fork-safe-review';
  /** After the files are written, before the guard is built (the run's start). */
  beforeStart?: (ws: string) => void;
  /** After the guard is built: what a command the agent ran would do. */
  afterStart?: (ws: string) => void;
  /**
   * The guard is told when commands ran, as a run under bubblewrap tells it (run-setup.ts), and
   * afterStart runs as a command: the guard may then prove no denied file had another name.
   */
  commands?: boolean;
}

interface Run {
  ws: string;
  grep: GrepCall;
  /** Tree verdicts that came with a skip: the walk by name did answer, with the skip. */
  skipped: () => number;
  byIdentity: () => boolean;
  /** What each proof that no denied file had another name came to (identityProven). */
  proofs: boolean[];
}

async function start(setup: Setup, holds: string): Promise<Run> {
  const ws = workspace();
  const all = { ...setup.files, ...setup.denied(holds) };
  writeFiles(ws, all);
  for (const rel of Object.keys(all)) utimesSync(join(ws, rel), FIXED, FIXED);
  setup.beforeStart?.(ws);
  let policy: LoadedPolicy | undefined;
  let decider: Decider = createPolicyDecider(await loadPolicyText(setup.policy ?? 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n', ws));
  if (setup.policy !== undefined) policy = await loadPolicyText(setup.policy, ws);
  const narrowedBy: LoadedPolicy[] = [];
  if (setup.ceiling !== undefined) {
    const ceiling = await presetPolicy([setup.ceiling], ws, { homeDir: homedir() });
    decider = narrowDecider(decider, createPolicyDecider(ceiling), `the ${setup.ceiling} preset`);
    narrowedBy.push(ceiling);
  }
  const proofs: boolean[] = [];
  const { wrapGuard, seen } = watchingSkips((skip) => watchProof(skip, proofs));
  const activity = createCommandActivity();
  const grep = grepThroughPipeline({ ws, decider, policy, narrowedBy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, ...(setup.commands === true ? { commandActivity: activity.stamp } : {}) });
  const { afterStart } = setup;
  if (afterStart !== undefined) await activity.around(() => Promise.resolve(afterStart(ws)));
  return { ws, grep, skipped: () => seen.length, byIdentity: () => seen.some((skip) => skip.byIdentity), proofs };
}

async function loadPolicyText(text: string, ws: string): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), text);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
}

interface Answer {
  call: string;
  hit: string;
  miss: string;
  skipped: number;
}

/** The same calls against a workspace whose denied files hold the needle and one where they do not. */
async function oracle(setup: Setup, needle: string, calls: Array<Record<string, unknown>>): Promise<{ answers: Answer[]; byIdentity: boolean; proofs: boolean[] }> {
  const hitRun = await start(setup, needle);
  const missRun = await start(setup, 'x'.repeat(needle.length));
  const answers: Answer[] = [];
  for (const input of calls) {
    const before = hitRun.skipped();
    const hit = (await hitRun.grep(input)).text.replaceAll(hitRun.ws, '<ws>');
    const skipped = hitRun.skipped() - before;
    const miss = (await missRun.grep(input)).text.replaceAll(missRun.ws, '<ws>');
    answers.push({ call: JSON.stringify(input), hit, miss, skipped });
  }
  return { answers, byIdentity: hitRun.byIdentity(), proofs: hitRun.proofs };
}

/** The same answers in both workspaces, given by the walk by name with a skip (or, `walked` false, by judging every file). */
function expectSame(answers: readonly Answer[], needle: string, walked = true): void {
  for (const a of answers) {
    expect(a.skipped, `${walked ? '' : 'not '}walked by name with a skip: ${a.call}`).toBe(walked ? 1 : 0);
    expect(a.hit, a.call).toBe(a.miss);
    expect(a.hit, a.call).not.toContain(needle);
  }
}

/** Every input the model controls, over the calls that could tell. */
function probes(needle: string, extra: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  const half = needle.slice(0, 8);
  return [
    ...(['files_with_matches', 'content', 'count'] as const).map((output_mode) => ({ pattern: needle, output_mode, ...extra })),
    { pattern: `${half}|public`, output_mode: 'files_with_matches', head_limit: 1, ...extra },
    { pattern: `${half}|public`, output_mode: 'count', head_limit: 1, ...extra },
    { pattern: `${half}|public`, output_mode: 'content', head_limit: 1, offset: 1, '-C': 2, ...extra },
    { pattern: needle.toUpperCase(), '-i': true, output_mode: 'count', ...extra },
    { pattern: `TOKEN=\\n?${half}`, multiline: true, output_mode: 'content', ...extra },
    { pattern: needle, glob: '**/*', output_mode: 'count', ...extra },
    { pattern: needle, glob: '{*.pem,*.key,.env,tok,*}', output_mode: 'count', ...extra },
    { pattern: needle, type: 'js', output_mode: 'count', ...extra },
    { pattern: '(', output_mode: 'count', ...extra },
  ];
}

const ready = rgPath !== undefined && bwrapPath !== undefined;

const MANY_RULES = `version: 1
mode: dontAsk
permissions:
  allow: ["Read"]
  deny: [${['.env', '*.pem', '/cfg/[a-c]*.key', '!bang/**', '#h', 'sp ace ', 'br{a,b}', '/deep/**/tok', './loc/x', 'we\\\\\\\\ird', 'node_modules/pkg/.npmrc', '/.git/**/cred'].map((r) => JSON.stringify(`Read(${r})`)).join(', ')}]
  ask: ["Read(private/**)", "Read(/a b/c[0-9])"]
`;

// `we\\\\ird`: a backslash is escaped twice, once for the rule syntax (`Read(…)`), once for the path pattern.
/** A denied file at each rule's shape, some as directories, some nested in others. */
function deniedEverywhere(holds: string): Record<string, string> {
  const body = `A=1\nTOKEN=${holds}\n`;
  const rels = [
    '.env', 'src/.env', 'sub/.env/inner', 'k.pem', 'src/deep/x.pem', 'x.pem/inside', 'cfg/b1.key', 'cfg/c.key',
    '!bang/f', 'src/!bang/g', '#h', 'src/#h', 'sp ace ', 'sub/sp ace ', 'br{a,b}', 'deep/tok', 'deep/1/2/tok', 'deep/2/tok/under',
    'loc/x', 'we\\ird', 'node_modules/pkg/.npmrc', 'private/p', 'src/private/q', 'a b/c7', 'a b/c8/z',
    '.git/modules/m/cred', 'private/.env/x.pem',
  ];
  return Object.fromEntries(rels.map((r) => [r, body]));
}

/** Allowed neighbours that look like the denied ones. */
const NEIGHBOURS: Record<string, string> = {
  'src/a.ts': 'const public = 1;\n', 'src/b.js': 'public\n', '.envrc.txt': 'public\n', 'k.pem.txt': 'public\n', 'cfg/d.key': 'public\n', 'cfg/b1.keys': 'public\n',
  'bang/f': 'public\n', 'h': 'public\n', 'sp ace': 'public\n', 'bra': 'public\n', 'deep/tok2': 'public\n', 'loc/xx': 'public\n', 'sub/loc/x': 'public\n',
  'weird': 'public\n', 'we/ird': 'public\n', 'node_modules/pkg/index.js': 'public\n', 'a b/c': 'public\n', 'a b/cx': 'public\n', 'privatex/p': 'public\n',
};

describe.runIf(ready).each([false, true])('Grep walking by name over denied files: attacks that held (told when commands ran: %s)', (commands) => {
  it('many rule shapes at once (anchors, classes, glob and gitignore characters, denied names as directories, nested), every input', async () => {
    const { answers, byIdentity, proofs } = await oracle({ files: NEIGHBOURS, denied: deniedEverywhere, policy: MANY_RULES, commands }, SECRET, [
      ...probes(SECRET),
      ...probes(SECRET, { path: 'deep' }),
      ...probes(SECRET, { path: 'node_modules' }),
      ...probes(SECRET, { path: 'src' }),
    ]);
    // The denied files live on the workspace's filesystem: told when commands ran (none did,
    // nothing was linked), the guard proved no other name, and ripgrep walked by name; untold,
    // every file was judged.
    expectSame(answers, SECRET, commands);
    expect(byIdentity).toBe(commands);
    if (commands) expect(proofs.length > 0 && proofs.every((proven) => proven)).toBe(true);
    else expect(proofs).toEqual([]);
    // The probes could tell: the allowed neighbours are found.
    expect(answers.find((a) => a.call.includes('public') && a.call.includes('files_with_matches'))?.hit).toMatch(/Found \d+ files/);
  });

  it('hard links, a rename and symlinks made before the run and by a command, names with newlines and glob characters', async () => {
    const { answers, byIdentity, proofs } = await oracle(
      {
        commands,
        files: { 'src/a.ts': 'public\n', 'secrets/.keep': '' },
        denied: (holds) => ({ 'secrets/key': `TOKEN=${holds}\n`, 'secrets/other': `TOKEN=${holds}\n`, '.env': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secrets/**)", "Read(.env)"]\n',
        beforeStart: (ws) => {
          linkSync(join(ws, 'secrets/key'), join(ws, 'src/notes.txt'));
          linkSync(join(ws, 'secrets/key'), join(ws, 'src/line\nbreak [x] {y} !z #w .txt'));
          linkSync(join(ws, 'secrets/key'), join(ws, `src/${'l'.repeat(250)}`));
          symlinkSync(join(ws, 'secrets'), join(ws, 'src/secrets'));
          symlinkSync(join(ws, '.env'), join(ws, 'src/env-link'));
        },
        afterStart: (ws) => {
          renameSync(join(ws, 'secrets/other'), join(ws, 'src/moved.txt'));
          linkSync(join(ws, '.env'), join(ws, 'src/env-linked-later.txt'));
        },
      },
      SECRET,
      [...probes(SECRET), ...probes(SECRET, { path: 'src' })],
    );
    // Told when commands ran, the guard finds the other names; untold, it has no finding: either
    // way ripgrep does not walk by name.
    expect(byIdentity).toBe(false);
    expect(proofs).toEqual([]);
    expectSame(answers, SECRET, false);
  });

  it('a denied file renamed into the tree by a command, another made in its place', async () => {
    const { answers, proofs } = await oracle(
      {
        commands,
        files: { 'src/a.ts': 'public\n' },
        denied: (holds) => ({ '.env': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)"]\n',
        afterStart: (ws) => {
          renameSync(join(ws, '.env'), join(ws, 'src/notes.txt'));
          writeFileSync(join(ws, '.env'), 'A=1\n');
        },
      },
      SECRET,
      probes(SECRET),
    );
    expect(proofs).toEqual([]);
    expectSame(answers, SECRET, false);
  });

  it('a fork run narrowed by fork-safe-review, its rules only in the ceiling', async () => {
    const { answers } = await oracle(
      { commands, files: { 'src/a.ts': 'public\n', 'src/.env.ci.local.txt': 'public\n' }, denied: (holds) => ({ '.env': `TOKEN=${holds}\n`, 'src/.env.local': `TOKEN=${holds}\n`, 'src/.env.ci.local': `TOKEN=${holds}\n`, 'k/c.pem': `TOKEN=${holds}\n` }), ceiling: 'fork-safe-review' },
      SECRET,
      probes(SECRET),
    );
    expectSame(answers, SECRET, commands);
  });
});

describe.runIf(ready)('Grep walking by name over denied files: leaks this review found, closed', () => {
  /*
   * LEAK: the output cap counts what ripgrep printed about a denied file it should not have read.
   * `Read(key?.pem)` becomes `--glob=!key?.pem`; ripgrep's `?` matches one byte, the matcher's one
   * UTF-16 unit (tree-skip-attack.test.ts), so ripgrep opens and searches `keyé.pem`, which the
   * policy denies. denies() drops its hits, but its --json messages were already in ripgrep's
   * output: when they push it past RG_MAX_OUTPUT_CHARS (20,000,000) the answer says "the search
   * produced too much output and was cut short" and hits after the cut are gone — exactly when the
   * denied file matches. A renamed denied file keeps being denied under such a name. The size is
   * reached by a large denied file here; many hard links with long names, or context lines, do it
   * for a small one. Severity: medium (needs a `?` or `[!…]` rule, and a denied file with a
   * non-ASCII character at that place; one bit per call, any regex).
   * Closed: such a rule is not translated (tree-skip.ts), so the tree is judged file by file.
   */
  it('a `?` rule and a denied file with a non-ASCII name: whether ripgrep\'s output was cut says nothing of what it holds', async () => {
    const lines = 120_000;
    const { answers } = await oracle(
      {
        files: { 'src/a.ts': `${SECRET.slice(0, 8)} public\n`, 'src/z.ts': `${SECRET.slice(0, 8)} public\n` },
        denied: (holds) => ({ 'keyé.pem': `${holds}\n`.repeat(lines) }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(key?.pem)"]\n',
      },
      SECRET,
      [{ pattern: SECRET.slice(0, 8), output_mode: 'content' }],
    );
    for (const a of answers) {
      expect(a.skipped, `not walked by name with a skip: ${a.call}`).toBe(0);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
  });

  /*
   * Would leak without the check in tree-narrow.ts: a glob naming a directory lets ripgrep start
   * in it (`pkg/secret/**`: it walks pkg/secret alone). A rule denying that directory, or one on
   * the way to it, is a glob that prunes the directory (`!/pkg/secret`): ripgrep started beneath
   * it never meets it, so would open and search every file in it. denies() drops their hits, but
   * what ripgrep printed had counted towards RG_MAX_OUTPUT_CHARS: "cut short" exactly when the
   * large denied file matches. So no narrowing past a directory the rules leave out.
   */
  it('a glob naming a denied directory, or one beneath it: ripgrep does not start there', async () => {
    for (const deny of ['Read(pkg/secret/**)', 'Read(pkg/secret)', 'Read(pkg/**)', 'Read(**/secret/**)', 'Read(secret)']) {
      const { answers } = await oracle(
        {
          commands: true,
          files: { 'pkg/a.ts': `${SECRET.slice(0, 8)} public\n`, 'pkg/secret/z.ts': `${SECRET.slice(0, 8)} public\n` },
          denied: (holds) => ({ 'pkg/secret/key': `${holds}\n`.repeat(120_000) }),
          policy: `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["${deny}"]\n`,
        },
        SECRET,
        ['pkg/secret/**', 'pkg/secret/k*', 'pkg/**'].map((glob) => ({ pattern: SECRET.slice(0, 8), output_mode: 'content', glob })),
      );
      expectSame(answers, SECRET);
    }
  });

  /*
   * LEAK (was written up in docs/policy.md as the one bit left): a hard link to a denied file is
   * read by ripgrep (no rule matches its name); the judgement by identity drops what it reports,
   * but what ripgrep printed of it had already counted towards RG_MAX_OUTPUT_CHARS. A link to a
   * large denied file pushes the output past the cap exactly when the file matches: "cut short",
   * and the later hits gone. One bit per call, any regex, for an agent that first made the link.
   * Closed where the guard is told when commands ran (every run under bubblewrap): it finds the
   * other name before the walk and ripgrep does not walk by name, so it reads no denied byte. (A
   * first fix, judging every file only once the output was cut, was found by the second review to
   * answer differently from the walk by name: see grep-identity-proof-attack.test.ts.) Left where
   * commands run unsandboxed (docs/policy.md).
   */
  it('a hard link to a large denied file, made before the run or by a command: whether ripgrep\'s output was cut says nothing of what it holds', async () => {
    for (const when of ['beforeStart', 'afterStart'] as const) {
      const { answers } = await oracle(
        {
          commands: true,
          files: { 'src/a.ts': `${SECRET.slice(0, 8)} public\n`, 'src/z.ts': `${SECRET.slice(0, 8)} public\n` },
          denied: (holds) => ({ '.env': `${holds}\n`.repeat(120_000) }),
          policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)"]\n',
          [when]: (ws: string) => linkSync(join(ws, '.env'), join(ws, 'src/m.txt')),
        },
        SECRET,
        (['content', 'count', 'files_with_matches'] as const).map((output_mode) => ({ pattern: SECRET.slice(0, 8), output_mode })),
      );
      expectSame(answers, SECRET, false);
      expect(answers[0]?.hit).toContain('public');
    }
  });

  /*
   * LEAK: a hard link to a denied file under a name that is not UTF-8 (`src/\xff.txt`), beside an
   * allowed file whose name is what that decodes to (`src/\uFFFD.txt`, U+FFFD). ripgrep reads the
   * link (no rule matches it) and prints its raw name; decoded as UTF-8 it is the decoy's name.
   * The judgement by identity lstats that name: the decoy, one link, allowed. So the link's match
   * counts. Off the page (head_limit 1) it is never re-opened, and "Found 2 files" / "(2 in all)"
   * says the denied file holds the pattern. Any regex, one bit per call. Severity: high where an
   * earlier command can hard-link a denied file (the case byIdentity exists for).
   * Fix: judge identity on the bytes ripgrep printed (decode names as latin1 / keep Buffers), or
   * drop any reported path holding U+FFFD, or lstat and compare with what ripgrep reported.
   * Closed: a reported path holding U+FFFD never counts (grep-rg-tree.ts walkedFilter). Since,
   * also: a reported file is no longer judged by identity after the walk; ripgrep walks by name
   * only where the guard found no denied file with another name (here it finds the link).
   */
  it('a hard link with a non-UTF-8 name and a decoy named what it decodes to: the count says nothing of what the denied file holds', async () => {
    const { answers, byIdentity } = await oracle(
      {
        commands: true,
        files: { 'src/a.ts': `${SECRET.slice(0, 8)} public\n`, 'src/\uFFFD.txt': 'nothing here\n', 'secrets/.keep': '' },
        denied: (holds) => ({ 'secrets/key': `TOKEN=${holds}\n` }),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secrets/**)"]\n',
        beforeStart: (ws) => {
          const link = Buffer.concat([Buffer.from(`${ws}/src/`), Buffer.from([0xff]), Buffer.from('.txt')]);
          linkSync(join(ws, 'secrets/key'), link);
          utimesSync(link, FIXED, FIXED);
        },
      },
      SECRET,
      [
        { pattern: SECRET.slice(0, 8), output_mode: 'files_with_matches', head_limit: 1 },
        { pattern: SECRET.slice(0, 8), output_mode: 'count', head_limit: 1 },
        { pattern: SECRET.slice(0, 8), output_mode: 'content', head_limit: 1 },
      ],
    );
    expect(byIdentity).toBe(false);
    expectSame(answers, SECRET, false);
  });

  /*
   * LEAK (in the guard, not only the walk by name: judgeIdentity is what every host tool asks): the start-of-run scan for denied files
   * (denied-files.ts) reads directory names as UTF-8 strings, so a denied file whose name is not
   * UTF-8 (`secrets/\xff`) is stat'ed under the decoded name, not found, and left out of the set
   * of denied identities. A hard link to it made during the run (`src/notes.txt`) then passes
   * judgeIdentity, and its bytes are shown. Needs such a file to exist when the run starts.
   * Severity: low to medium. Fix: readdir with `encoding: 'buffer'` in the scan (and stat by Buffer path).
   * Closed: the scan reads names as bytes and stats them so (denied-files.ts).
   */
  it('a denied file whose name is not UTF-8, hard-linked during the run: its bytes are not shown', async () => {
    const { answers } = await oracle(
      {
        files: { 'src/a.ts': 'public\n', 'secrets/.keep': '' },
        denied: () => ({}),
        policy: 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secrets/**)"]\n',
        beforeStart: (ws) => writeFileSync(Buffer.concat([Buffer.from(`${ws}/secrets/`), Buffer.from([0xff])]), `TOKEN=${SECRET}\n`),
        afterStart: (ws) => linkSync(Buffer.concat([Buffer.from(`${ws}/secrets/`), Buffer.from([0xff])]), join(ws, 'src/notes.txt')),
      },
      SECRET,
      [{ pattern: 'TOKEN', output_mode: 'content' }],
    );
    for (const a of answers) expect(a.hit, a.call).not.toContain(SECRET);
  });
});
