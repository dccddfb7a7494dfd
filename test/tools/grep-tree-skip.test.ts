/**
 * A Grep of a large tree holding files the policy denies: ripgrep walks it by name, confined, and
 * leaves out what the rules match (the guard's skip: globs for ripgrep, the policy's matcher for
 * what it reports), only where the guard found that no denied file has another name there and no
 * command ran until the walk was done (identityProven; the runs here are told of commands, as
 * under bubblewrap, and none runs). Each layer is switched off here in turn, the ones before it
 * assumed fooled:
 *
 * - without the globs, ripgrep reads the denied files; the matcher drops what it reported of them,
 *   and no answer depends on what they hold;
 * - a hard link made before the run: the guard finds it and ripgrep does not walk by name; one
 *   made where the stamp does not see it (a fooled sandbox), the finding is false and the link's
 *   matches count: the finding is what holds for counts;
 * - without the globs, the matcher and the finding, ripgrep's hits are still opened and judged by
 *   descriptor before anything of them is shown: no byte of a denied file is.
 */
import { linkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import type { TreeSkip } from '../../src/tools/index.js';
import { grepThroughPipeline, watchingSkips, watchProof, type GrepCall } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const SECRET = 'sk-live-4d21be90';
const FIXED = new Date('2026-01-01T00:00:00Z');
const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)", "Read(*.pem)"]\n  ask: ["Read(private/**)"]\n';

/** What a layer switched off leaves of the guard's skip. */
type Fool = (skip: TreeSkip) => TreeSkip;

interface Run {
  ws: string;
  grep: GrepCall;
  /** Calls whose tree verdict came with a skip: proof that ripgrep walked by name. */
  skipped: () => number;
}

/** A second name for denied bytes that no rule matches: none, made before the run starts, or made after it unseen by the command stamp. */
type Link = 'none' | 'before' | 'unseen';

async function run(secretHolds: string, fool: Fool, link: Link): Promise<Run> {
  const ws = workspace();
  const files: Record<string, string> = { 'src/a.ts': `const a = "${SECRET.slice(0, 7)}";\n`, 'src/b.ts': 'const b = 2;\n' };
  for (let i = 0; i < 30; i++) files[`pad/f${i}.txt`] = `filler ${i}\n`;
  for (const denied of ['.env', 'src/.env', 'keys/server.pem', 'private/notes.md']) files[denied] = `A=1\nTOKEN=${secretHolds}\n`;
  writeFiles(ws, files);
  // One mtime for all: newest first then falls back to path order in both workspaces alike.
  for (const rel of Object.keys(files)) utimesSync(join(ws, rel), FIXED, FIXED);
  const makeLink = (): void => linkSync(join(ws, 'keys/server.pem'), join(ws, 'src/linked.txt'));
  if (link === 'before') makeLink();
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), POLICY);
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const { wrapGuard, seen } = watchingSkips(fool);
  const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: () => 0 });
  if (link === 'unseen') makeLink();
  return { ws, grep, skipped: () => seen.length };
}

const PROBES: Array<Record<string, unknown>> = [
  ...(['files_with_matches', 'content', 'count'] as const).map((output_mode) => ({ pattern: SECRET, output_mode })),
  { pattern: `TOKEN=${SECRET.slice(0, 4)}`, output_mode: 'count' },
  { pattern: 'TOKEN|filler 1', output_mode: 'files_with_matches', head_limit: 3 },
  // Denied files past the page: only the count of all matches could tell of them.
  { pattern: `${SECRET}|filler`, output_mode: 'files_with_matches', head_limit: 3 },
  { pattern: `${SECRET}|filler`, output_mode: 'count', head_limit: 3 },
  { pattern: 'TOKEN|const', output_mode: 'content', head_limit: 2, offset: 1 },
  { pattern: SECRET, path: 'src' },
  { pattern: SECRET, glob: '**/*.pem' },
  { pattern: SECRET, glob: '*.md' },
];

async function answers(fool: Fool, link: Link = 'none'): Promise<Array<{ call: string; hit: string; miss: string; skipped: number }>> {
  const hit = await run(SECRET, fool, link);
  const miss = await run('x'.repeat(SECRET.length), fool, link);
  const out: Array<{ call: string; hit: string; miss: string; skipped: number }> = [];
  for (const input of PROBES) {
    const before = hit.skipped();
    const a = (await hit.grep(input)).text.replaceAll(hit.ws, '<ws>');
    const b = (await miss.grep(input)).text.replaceAll(miss.ws, '<ws>');
    out.push({ call: JSON.stringify(input), hit: a, miss: b, skipped: hit.skipped() - before });
  }
  return out;
}

describe.skipIf(rgPath === undefined || bwrapPath === undefined)('a walk by name over denied files, one layer switched off at a time', () => {
  it('all layers on: nothing depends on what the denied files hold, and ripgrep did walk by name', async () => {
    for (const a of await answers((skip) => skip)) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
      expect(a.hit, a.call).not.toMatch(/\.env|server\.pem|notes\.md|linked\.txt/);
    }
  });

  it('without the globs: ripgrep reads the denied files, and the matcher drops what it found', async () => {
    for (const a of await answers((skip) => ({ ...skip, globs: [] }))) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
  });

  it('the guard finds the link made before the start, and ripgrep does not walk by name', async () => {
    const proofs: boolean[] = [];
    for (const a of await answers((skip) => watchProof(skip, proofs), 'before')) {
      expect(a.skipped, a.call).toBe(0);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
    expect(proofs).toEqual([]);
  });

  it('a finding that lies (a link the command stamp did not see) with the globs and the matcher on: the link\'s matches count, so the finding is what holds', async () => {
    const fooled = await answers((skip) => skip, 'unseen');
    for (const a of fooled) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
    // This test can fail: with the finding false, the hard link's bytes decide a count.
    expect(fooled.some((a) => a.hit !== a.miss)).toBe(true);
  });

  it('without the globs, the matcher and the finding: still no byte of a denied file is shown', async () => {
    const fooled = await answers(() => ({ globs: [], denies: () => false, byIdentity: false }), 'unseen');
    for (const a of fooled) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).not.toContain(SECRET);
      expect(a.hit, a.call).not.toContain('TOKEN=');
    }
    // The layers switched off were holding: with them gone, the counts do tell (this test can fail).
    expect(fooled.some((a) => a.hit !== a.miss)).toBe(true);
  });
});
