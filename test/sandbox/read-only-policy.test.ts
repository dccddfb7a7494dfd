/**
 * A policy that can allow no write (dontAsk or default mode, no Edit/Write/NotebookEdit or Bash
 * allow rule) makes the workspace read-only to commands, so a command the Bash analyser wrongly
 * judged read-only writes nothing. Every command here runs straight through the sandbox (real
 * bwrap, the analyser switched off), as if the analyser had been fooled: the next layer holds.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { READ_ONLY_SANDBOX_CONFIG, type SandboxConfig } from '../../src/config/index.js';
import { loadCorpus } from '../policy/bash-fixtures.js';
import { runWarden } from '../support/run-cli.js';
import { BWRAP, cleanupAll, git, makeWorkspace, policySandbox, run, SANDBOX_PATH, SKIP_REASON, withRunner } from './sandbox-fixture.js';

interface AttackCase {
  id: string;
  category: string;
  command: string;
  policy: string;
  demo?: string;
}

/** The corpus's policy whose only allow rule is `Read` (dontAsk), as a policy file. */
const corpus = loadCorpus<AttackCase>('bash-attacks.json');
const READ_ONLY = corpus.policies['P-read'];
const yamlOf = (spec: { allow?: string[]; deny?: string[] }, mode: string): string =>
  `version: 1\nmode: ${mode}\npermissions:\n  allow: ${JSON.stringify(spec.allow ?? [])}\n  deny: ${JSON.stringify(spec.deny ?? [])}\n`;

/** Issue 8's code-in-data families: name and subscript contexts, `${…}` operators, arithmetic. */
const FAMILIES = new Set(['name-subscript', 'expansion-operator', 'arithmetic']);
const ATTACKS = corpus.cases.filter((c) => FAMILIES.has(c.category) && c.demo === 'marker');

const FILES = { 'src/a.ts': 'export const a = 1;\n', 'README.md': '# r\n' };

/** Runs each attack in the workspace; returns the ids whose marker file appeared. */
async function markersLeft(ws: string, cfg: SandboxConfig): Promise<string[]> {
  return withRunner(ws, cfg, async (runner) => {
    const left: string[] = [];
    for (const c of ATTACKS) {
      await run(runner, ws, c.command);
      if (existsSync(join(ws, 'pwned'))) {
        left.push(c.id);
        await run(runner, ws, 'rm -f pwned');
      }
    }
    return left;
  });
}

describe.skipIf(BWRAP === null)(`a policy that can allow no write: read-only workspace (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('the issue\'s headline case through warden sandbox exec --policy: nothing is created or changed (layer: workspace mount)', async () => {
    const ws = makeWorkspace(FILES);
    const policy = join(ws, 'ro.yml');
    writeFileSync(policy, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n');
    const r = await runWarden(['sandbox', 'exec', '--policy', policy, '--cwd', ws, '--', 'bash', '-c', 'touch pwned; echo hi > src/a.ts; cat README.md'], { PATH: SANDBOX_PATH });
    expect(r.stdout, r.stderr).toMatch(/Read-only file system/); // the command's output, stderr included
    expect(r.stdout).toContain('# r'); // reading still works
    expect(existsSync(join(ws, 'pwned'))).toBe(false);
    expect(readFileSync(join(ws, 'src/a.ts'), 'utf8')).toBe(FILES['src/a.ts']);
  });

  test('the code-in-data attack families, analyser off, leave no file under a Read-only dontAsk policy (layer: workspace mount)', async () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(25);
    const ws = makeWorkspace(FILES);
    expect(await markersLeft(ws, await policySandbox(ws, yamlOf(READ_ONLY ?? {}, 'dontAsk')))).toEqual([]);
    expect(readdirSync(ws).sort()).toEqual(['.github', 'README.md', 'src']);
  });

  test('control: the same attacks do write once a Bash allow rule makes the workspace writable (so the test above can fail)', async () => {
    const ws = makeWorkspace(FILES);
    const writable = yamlOf({ ...READ_ONLY, allow: [...(READ_ONLY?.allow ?? []), 'Bash(npm test *)'] }, 'dontAsk');
    expect(await markersLeft(ws, await policySandbox(ws, writable))).toEqual(ATTACKS.map((c) => c.id));
  });

  test('default mode with no rules is read-only too, and git still reads (layer: workspace mount)', async () => {
    const ws = makeWorkspace(FILES);
    git(ws, 'init', '-q');
    git(ws, 'add', '.');
    git(ws, 'commit', '-qm', 'init');
    await withRunner(ws, await policySandbox(ws, 'version: 1\nmode: default\n'), async (runner) => {
      const reads = await run(runner, ws, 'git status --porcelain && git log --oneline && grep -rn a src && cat README.md');
      expect(reads.exitCode, reads.output).toBe(0);
      const w = await run(runner, ws, ': ${PWD%%$(touch pwned)}; x=\'a[$(echo x > src/a.ts)]\'; test -v "$x"; git commit -qm x --allow-empty');
      expect(w.output).toMatch(/Read-only file system/);
      expect(existsSync(join(ws, 'pwned'))).toBe(false);
      expect(readFileSync(join(ws, 'src/a.ts'), 'utf8')).toBe(FILES['src/a.ts']);
      expect(git(ws, 'log', '--format=%s').trim()).toBe('init');
    });
  });

  test('a run with no policy file gets the read-only sandbox: the attack families leave no file (layer: workspace mount)', async () => {
    const ws = makeWorkspace(FILES);
    expect(await markersLeft(ws, READ_ONLY_SANDBOX_CONFIG)).toEqual([]);
    expect(readdirSync(ws).sort()).toEqual(['README.md', 'src']);
  });
});
