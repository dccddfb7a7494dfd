/**
 * Attacks on Grep over a directory holding files the policy does not let the model read (the
 * search skips them and says how many, grep-denied-beneath.test.ts). Each test asks whether any
 * answer — lines, names, counts, order, the "N files were not searched" note, an error — differs
 * with what a refused file holds. Two runs that differ only in the refused file's bytes must give
 * the model the same text. Through the whole pipeline (decision, then the tool with the read guard
 * built from the same policy), both engines, the judged walk and ripgrep walking by name.
 */
import { linkSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPolicyDecider, createReadOnlyDecider, loadPolicy, narrowDecider, presetPolicy, type Decider, type LoadedPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { closeSandboxes, grepThroughPipeline, type GrepCall } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing


interface Setup {
  /** The workspace's files, written before the guard is built (before the run starts). */
  files: Record<string, string | Buffer>;
  /** The policy file's text; undefined: no policy file (the built-in read-only decider). */
  policy?: string;
  /** A preset the run is narrowed to, as a fork pull request's run is (execute-run.ts). */
  ceiling?: 'fork-safe-review';
  engine: 'js' | 'rg';
  /** ripgrep in the command sandbox (sandboxed-search.ts); else every file judged on the host. */
  sandboxed: boolean;
  /** Runs after the files are written and before the guard is built (the run's start). */
  beforeStart?: (ws: string) => void;
}

const ALLOW_READ_DENY_ENV = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)", "Read(secrets/**)"]\n  ask: ["Read(private/**)"]\n';

/** The pipeline as execute-run.ts wires it: the guard gets the run's policy, the ceiling that narrows it, and the (narrowed) decider. */
async function grepper(setup: Setup): Promise<{ ws: string; grep: GrepCall }> {
  const ws = workspace();
  writeFiles(ws, setup.files);
  setup.beforeStart?.(ws);
  let policy: LoadedPolicy | undefined;
  let decider: Decider;
  if (setup.policy === undefined) decider = createReadOnlyDecider();
  else {
    const policyDir = workspace();
    writeFileSync(join(policyDir, 'policy.yml'), setup.policy);
    policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
    decider = createPolicyDecider(policy);
  }
  const narrowedBy: LoadedPolicy[] = [];
  if (setup.ceiling !== undefined) {
    const ceiling = await presetPolicy([setup.ceiling], ws, { homeDir: homedir() });
    decider = narrowDecider(decider, createPolicyDecider(ceiling), `the ${setup.ceiling} preset`);
    narrowedBy.push(ceiling);
  }
  return { ws, grep: grepThroughPipeline({ ws, decider, policy, narrowedBy, engine: setup.engine, sandboxed: setup.sandboxed, searchPath: HOST_PATH }) };
}

/**
 * The same calls against two workspaces that differ only in what `secretPath` holds (one has
 * `needle` in it, one does not): the answers, with the workspace path taken out, must be equal.
 */
async function oracle(base: Omit<Setup, 'files'> & { files: Record<string, string | Buffer> }, secretPath: string, needle: string, calls: Array<Record<string, unknown>>): Promise<Array<{ call: string; hit: string; miss: string }>> {
  const hitRun = await grepper({ ...base, files: { ...base.files, [secretPath]: `A=1\nTOKEN=${needle}\n` } });
  const missRun = await grepper({ ...base, files: { ...base.files, [secretPath]: `A=1\nTOKEN=${'x'.repeat(needle.length)}\n` } });
  const out: Array<{ call: string; hit: string; miss: string }> = [];
  for (const input of calls) {
    const hit = (await hitRun.grep(input)).text.replaceAll(hitRun.ws, '<ws>');
    const miss = (await missRun.grep(input)).text.replaceAll(missRun.ws, '<ws>');
    out.push({ call: JSON.stringify(input), hit, miss });
  }
  return out;
}

function fillers(dir: string, n: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${dir}/f${i}.txt`, `filler ${i}\n`]));
}

const SECRET = 'sk-live-9f3c2a71';
const engines = rgPath === undefined ? (['js'] as const) : (['js', 'rg'] as const);
// ripgrep in the command sandbox where bubblewrap can start; else every file is judged.
const places = bwrapPath === undefined ? [false] : [false, true];
const MODES = ['files_with_matches', 'content', 'count'] as const;

/** The calls an attacker would make to learn whether the refused file holds `needle`. */
function probes(needle: string, extra: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  return [
    ...MODES.map((output_mode) => ({ pattern: needle, output_mode, ...extra })),
    { pattern: needle, '-i': true, ...extra },
    { pattern: `TOKEN=${needle.slice(0, 4)}.*`, output_mode: 'count', ...extra },
    { pattern: needle, multiline: true, ...extra },
    { pattern: needle, head_limit: 1, offset: 1, ...extra },
    { pattern: needle, glob: '**/.env', ...extra },
    { pattern: needle, glob: '*', type: 'js', ...extra },
  ];
}

describe('Grep over refused files: no answer depends on what they hold', () => {
  afterAll(closeSandboxes);
  for (const engine of engines) {
    for (const sandboxed of places) {
      const label = `${engine}${sandboxed ? ', in the sandbox' : ''}`;

      it(`deny and ask rules, every mode and filter (${label})`, async () => {
        const files = { 'src/a.ts': 'const a = 1;\n', 'src/b.ts': `const b = "${SECRET.slice(0, 7)}";\n`, 'private/p.txt': `${SECRET}\n`, ...fillers('pad', 20) };
        const answers = await oracle({ files, policy: ALLOW_READ_DENY_ENV, engine, sandboxed }, 'packages/a/.env', SECRET, probes(SECRET));
        for (const a of answers) {
          expect(a.hit, a.call).toBe(a.miss);
          expect(a.hit, a.call).not.toContain(SECRET);
        }
      });

      it(`a hard link made before the run, a renamed denied file and a symlink to one (${label})`, async () => {
        const answers = await oracle(
          {
            files: { 'src/a.ts': 'const a = 1;\n', 'secrets/.keep': '' },
            policy: ALLOW_READ_DENY_ENV,
            engine,
            sandboxed,
            beforeStart: (ws) => {
              // Two names for the denied bytes, neither matched by a rule; and a symlink to it.
              linkSync(join(ws, 'secrets/key'), join(ws, 'src/notes.txt'));
              symlinkSync(join(ws, 'secrets/key'), join(ws, 'src/key-link'));
              symlinkSync(join(ws, 'secrets'), join(ws, 'src/secrets-link'));
            },
          },
          'secrets/key',
          SECRET,
          [...probes(SECRET), ...probes(SECRET, { path: 'src' })],
        );
        for (const a of answers) {
          expect(a.hit, a.call).toBe(a.miss);
          expect(a.hit, a.call).not.toContain(SECRET);
        }
      });

      it(`a denied file renamed after the run started is still refused, its bytes never shown (${label})`, async () => {
        const { ws, grep } = await grepper({ files: { '.env': `TOKEN=${SECRET}\n`, 'src/a.ts': 'x\n' }, policy: ALLOW_READ_DENY_ENV, engine, sandboxed });
        renameSync(join(ws, '.env'), join(ws, 'src/renamed.txt'));
        for (const mode of MODES) {
          const r = await grep({ pattern: 'TOKEN', output_mode: mode });
          expect(r.text).not.toContain(SECRET);
          expect(r.text).not.toContain('renamed.txt');
          // The host walk refuses the renamed file by identity and counts it; in the sandbox,
          // ripgrep finds it under a name no rule matches, and the guard's identity check drops
          // it without a word (sandboxed-search.ts allowedNames).
          if (!sandboxed) expect(r.text).toContain('1 file was not searched');
        }
      });
    }
  }

  it('a Grep whose path is a symlink to a denied directory, or to a denied file, is denied', async () => {
    const { ws, grep } = await grepper({ files: { 'secrets/key': `${SECRET}\n`, '.env': `${SECRET}\n` }, policy: ALLOW_READ_DENY_ENV, engine: 'js', sandboxed: false });
    symlinkSync(join(ws, 'secrets'), join(ws, 'open-dir'));
    symlinkSync(join(ws, '.env'), join(ws, 'open-file'));
    for (const path of ['open-dir', 'open-file', join(ws, 'open-dir'), 'open-dir/key']) {
      const r = await grep({ pattern: SECRET.slice(0, 5), path, output_mode: 'content' });
      expect(r.error, `${path}: ${r.text}`).toBe(true);
      expect(r.text).not.toContain(SECRET);
    }
  });

  it('UTF-16 and binary denied files are skipped like any other (every mode, the in-process literal included)', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`TOKEN=${SECRET}\n`, 'utf16le')]);
    const binary = Buffer.concat([Buffer.from(`TOKEN=${SECRET}\n`), Buffer.alloc(16)]);
    for (const engine of engines) {
      const { grep } = await grepper({ files: { '.env': utf16, 'secrets/blob': binary, 'src/a.ts': 'TOKEN=public\n' }, policy: ALLOW_READ_DENY_ENV, engine, sandboxed: false });
      for (const mode of MODES) {
        const r = await grep({ pattern: SECRET, output_mode: mode });
        expect(r.text).toMatch(/^No (matches|files) found/);
        expect(r.text).toContain('2 files were not searched');
      }
    }
  });
});

/*
 * Was a leak (a regression from c14ec74, found by the attack review, fixed: the guard now gets the
 * ceiling too, `narrowedBy`). A fork pull request's run is narrowed to the fork-safe-review
 * preset (execute-run.ts: narrowDecider(decider, ceiling)), but the read guard was built from the
 * run's own policy only (startSetup: createHostReadGuard({ decider, policy })). The guard's tree
 * verdict used to ask the decider about a Grep of the directory, and the decider judged that as a
 * recursive read (the ceiling's Read(.env) included); now the decider judges a read of the
 * directory only, and judgeTreeRead looks at the run's policy — not the ceiling's rules. So when
 * the run's own policy denies no read (no policy file, or one without Read(.env)), ripgrep walks
 * by name a tree holding .env, and verifyShown then refuses .env only when it matched: "1 file
 * was not searched" appears exactly when .env holds the pattern. A fork's author controls the
 * tree's size (walkAbove, 2,000 entries by default), so the tree mode was theirs to choose. Now
 * ripgrep walks in the command sandbox, and each name it reports is judged by the narrowed decider
 * and dropped without a word.
 */
describe('a run narrowed to fork-safe-review, the tree searched in the sandbox', () => {
  afterAll(closeSandboxes);
  const ready = rgPath !== undefined && bwrapPath !== undefined;
  for (const policy of [undefined, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n']) {
    it.runIf(ready)(`the note "1 file was not searched" does not say whether .env holds the pattern (${policy === undefined ? 'no policy file' : 'a policy without Read(.env)'})`, async () => {
      const answers = await oracle({ files: { 'src/a.ts': 'const a = 1;\n' }, ...(policy === undefined ? {} : { policy }), ceiling: 'fork-safe-review', engine: 'rg', sandboxed: true }, '.env', SECRET, [{ pattern: `TOKEN=${SECRET.slice(0, 8)}` }]);
      for (const a of answers) expect(a.hit, a.call).toBe(a.miss);
    });
  }
  it('the judged walk (a small tree) does not leak under the same ceiling', async () => {
    for (const engine of engines) {
      const answers = await oracle({ files: { 'src/a.ts': 'const a = 1;\n' }, ceiling: 'fork-safe-review', engine, sandboxed: false }, '.env', SECRET, probes(SECRET));
      for (const a of answers) {
        expect(a.hit, a.call).toBe(a.miss);
        // A type filter leaves .env out before it is judged: nothing to refuse, nothing to say.
        if (!a.call.includes('"type"')) expect(a.hit, `${engine} ${a.call}`).toContain('1 file was not searched');
      }
    }
  });
});

/*
 * Was a leak before this branch (older than c14ec74). The guard refuses a repository's own git
 * configuration by path (GIT_CONFIG_FILE in host-read-guard.ts: it can hold the checkout's
 * credentials, `http.<url>.extraheader = AUTHORIZATION: basic …`, which actions/checkout writes),
 * but its tree verdict did not: a Grep whose path is `.git` itself (the walk by name prunes `.git`
 * only beneath the root) let ripgrep walk it by name once it was large enough (objects from
 * `git add`), and verifyShown refused `config` only when it matched the pattern — an oracle on the
 * token. The tree verdict now refuses a directory in or at a `.git`; the judged walk searches it.
 */
describe('a Grep of .git: config is refused whatever it holds', () => {
  const config = (header: string): Record<string, string> => ({ '.git/config': `[core]\n\tbare = false\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${header}\n`, '.git/HEAD': 'ref: refs/heads/main\n', '.git/modules/sub/config': `[http]\n\textraheader = AUTHORIZATION: basic ${header}\n`, 'src/a.ts': 'x\n' });
  afterAll(closeSandboxes);
  for (const engine of engines) {
    for (const sandboxed of places) {
      it(`${engine}${sandboxed ? ', in the sandbox' : ''}`, async () => {
        const hit = await grepper({ files: config('eC1hY2Nlc3MtdG9rZW4'), engine, sandboxed });
        const miss = await grepper({ files: config('AAAAAAAAAAAAAAAAAAA'), engine, sandboxed });
        for (const path of ['.git', '.git/modules']) {
          for (const output_mode of MODES) {
            const input = { pattern: 'basic eC1h', path, output_mode };
            const a = (await hit.grep(input)).text.replaceAll(hit.ws, '<ws>');
            expect(a, JSON.stringify(input)).toBe((await miss.grep(input)).text.replaceAll(miss.ws, '<ws>'));
            // In the sandbox a repository's config is a scrubbed copy, and a name the guard refuses drops out unsaid.
            if (!sandboxed) expect(a).toMatch(/[12] files? (was|were) not searched/);
            expect(a).not.toContain('eC1h');
          }
        }
      });
    }
  }
});
