/**
 * A Grep of a large tree holding files the policy denies: ripgrep walks it by name, confined, and
 * leaves out what the rules match (the guard's skip: globs for ripgrep, the policy's matcher for
 * what it reports, a judgement by identity when a denied file could be there under another
 * name). Each layer is switched off here in turn, the ones before it assumed fooled:
 *
 * - without the globs, ripgrep reads the denied files; the matcher drops what it reported of them,
 *   and no answer depends on what they hold;
 * - with the guard's finding that no denied file has another name believed when it is false, the
 *   hard link's matches count: the judgement by identity is what holds, and the finding must not
 *   be made while such a link exists;
 * - without the globs, the matcher and the judgement by identity, ripgrep's hits are still opened
 *   and judged by descriptor before anything of them is shown: no byte of a denied file is.
 */
import { linkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import type { TreeSkip } from '../../src/tools/index.js';
import { grepThroughPipeline, watchingSkips, watchProof, type GrepCall } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = await findHostExecutable('bwrap', HOST_PATH, []);
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

async function run(secretHolds: string, fool: Fool, commandActivity?: () => number | undefined): Promise<Run> {
  const ws = workspace();
  const files: Record<string, string> = { 'src/a.ts': `const a = "${SECRET.slice(0, 7)}";\n`, 'src/b.ts': 'const b = 2;\n' };
  for (let i = 0; i < 30; i++) files[`pad/f${i}.txt`] = `filler ${i}\n`;
  for (const denied of ['.env', 'src/.env', 'keys/server.pem', 'private/notes.md']) files[denied] = `A=1\nTOKEN=${secretHolds}\n`;
  writeFiles(ws, files);
  // One mtime for all: newest first then falls back to path order in both workspaces alike.
  for (const rel of Object.keys(files)) utimesSync(join(ws, rel), FIXED, FIXED);
  // A second name for denied bytes that no rule matches, made before the run starts.
  linkSync(join(ws, 'keys/server.pem'), join(ws, 'src/linked.txt'));
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), POLICY);
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const { wrapGuard, seen } = watchingSkips(fool);
  const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, ...(commandActivity === undefined ? {} : { commandActivity }) });
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

async function answers(fool: Fool, commandActivity?: () => number | undefined): Promise<Array<{ call: string; hit: string; miss: string; skipped: number }>> {
  const hit = await run(SECRET, fool, commandActivity);
  const miss = await run('x'.repeat(SECRET.length), fool, commandActivity);
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

  it('without the globs: ripgrep reads the denied files, and the matcher and the judgement by identity drop what it found', async () => {
    for (const a of await answers((skip) => ({ ...skip, globs: [] }))) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
  });

  it('told when commands ran (none did): the guard finds the link made before the start, and ripgrep does not walk by name', async () => {
    const proofs: boolean[] = [];
    for (const a of await answers((skip) => watchProof(skip, proofs), () => 0)) {
      expect(a.skipped, a.call).toBe(0);
      expect(a.hit, a.call).toBe(a.miss);
      expect(a.hit, a.call).not.toContain(SECRET);
    }
    expect(proofs).toEqual([]);
  });

  it('a finding that lies (no denied file has another name) with the globs and the matcher on: the link\'s matches count, so the judgement by identity is what holds', async () => {
    const fooled = await answers((skip) => ({ ...skip, identityProven: () => true }));
    for (const a of fooled) expect(a.hit, a.call).not.toContain(SECRET);
    // This test can fail: with the proof believed, the hard link's bytes decide a count.
    expect(fooled.some((a) => a.hit !== a.miss)).toBe(true);
  });

  it('without the globs, the matcher and the judgement by identity: still no byte of a denied file is shown', async () => {
    const fooled = await answers(() => ({ globs: [], denies: () => false, byIdentity: false }));
    for (const a of fooled) {
      expect(a.skipped, a.call).toBe(1);
      expect(a.hit, a.call).not.toContain(SECRET);
      expect(a.hit, a.call).not.toContain('TOKEN=');
    }
    // The layers switched off were holding: with them gone, the counts do tell (this test can fail).
    expect(fooled.some((a) => a.hit !== a.miss)).toBe(true);
  });
});
