/**
 * Which confinement ripgrep walks a large tree in (src/tools/confiners.ts): bubblewrap where it
 * builds, else Landlock, else none and every file is judged. On GitHub's Ubuntu 24.04 runners
 * bwrap is installed but cannot create user namespaces: the stand-in `bwrap` below fails the way
 * it does there (its own message, exit 1) and counts its starts, so the test sees the first Grep
 * fall through to Landlock in the same call and no later call try bwrap again.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool } from '../../src/tools/grep.js';
import type { Tool } from '../../src/tools/tool.js';
import { landlockUsable, PERL, searchPathOf } from '../sandbox/landlock-fixture.js';
import { recordingGuard } from './recording-guard.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const rg = await findHostExecutable('rg', process.env.PATH ?? '/usr/bin:/bin', []);
const usable = rg !== undefined && (await landlockUsable());

/** A search path with ripgrep, perl and a bwrap that fails as it does without user namespaces, counting its starts. */
function blockedBwrapPath(withPerl: boolean): { searchPath: string; starts: () => number } {
  const count = join(mkdtempSync(join(tmpdir(), 'warden-blocked-bwrap-')), 'starts');
  writeFileSync(count, '');
  const bwrap = `#!/bin/sh\necho x >> ${count}\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n`;
  const searchPath = searchPathOf({ bwrap, rg: rg ?? '', ...(withPerl ? { perl: PERL ?? '' } : {}) });
  return { searchPath, starts: () => readFileSync(count, 'utf8').split('\n').filter(Boolean).length };
}

function tree(): string {
  const ws = workspace();
  const files: Record<string, string> = { 'src/hit.ts': 'needle here\n' };
  for (let i = 0; i < 300; i++) files[`many/f${i}.txt`] = 'nothing\n';
  writeFiles(ws, files);
  return ws;
}

describe.skipIf(!usable)('the confinement ripgrep walks in', () => {
  it('bwrap that cannot build its confinement: the same call walks under Landlock, and bwrap is not tried again', async () => {
    const ws = tree();
    const { searchPath, starts } = blockedBwrapPath(true);
    // Told when commands run, and none does: under Landlock, ripgrep walks only then.
    const { guard, asked } = recordingGuard({ allowed: true }, undefined, true);
    const grep = createGrepTool({ engine: 'rg', searchPath, walkAbove: 0, guard }) as Tool<unknown>;
    const first = await run(grep, { pattern: 'needle' }, context(ws));
    expect(first.content).toContain(join(ws, 'src/hit.ts'));
    expect(starts()).toBe(1);
    // Walked by name (the tree vouched for, only what is shown judged), not file by file: the
    // tree judged once for bwrap's attempt and once for Landlock's.
    expect(asked.filter((a) => a.startsWith('file ')).length).toBeLessThan(10);
    expect(asked.filter((a) => a.startsWith('tree ')).length).toBe(2);
    await run(grep, { pattern: 'needle', output_mode: 'content' }, context(ws));
    expect(starts()).toBe(1);
    expect(asked.filter((a) => a.startsWith('tree ')).length).toBe(3);
    expect(asked.filter((a) => a.startsWith('file ')).length).toBeLessThan(10);

    const glob = createGlobTool(guard, { searchPath, listAbove: 0 }) as Tool<unknown>;
    const listed = await run(glob, { pattern: '**/*.ts' }, context(ws));
    expect(listed.content).toContain(join(ws, 'src/hit.ts'));
    expect(starts()).toBe(2); // Glob keeps its own memory: one failed start of its own
    await run(glob, { pattern: '**/*.txt' }, context(ws));
    expect(starts()).toBe(2);
  });

  it('neither builds (no perl): every file is judged, and the answers are the same', async () => {
    const ws = tree();
    const { searchPath, starts } = blockedBwrapPath(false);
    const { guard, asked } = recordingGuard();
    const grep = createGrepTool({ engine: 'rg', searchPath, walkAbove: 0, guard }) as Tool<unknown>;
    const answer = await run(grep, { pattern: 'needle', output_mode: 'content' }, context(ws));
    expect(answer).toEqual(await run(createGrepTool({ engine: 'rg', searchPath, walkAbove: Infinity }) as Tool<unknown>, { pattern: 'needle', output_mode: 'content' }, context(ws)));
    expect(starts()).toBe(1);
    expect(asked.filter((a) => a.startsWith('file ')).length).toBeGreaterThan(300);
  });
});
