/**
 * A Grep of a directory that holds files the policy denies reading is allowed, as Claude Code
 * allows it: the search skips those files, judging every file it opens before reading a byte, and
 * says how many it skipped. Through the whole pipeline (the decision, then the tool with the read
 * guard built from the same policy), for both engines, with the tree small enough to be judged
 * file by file and with ripgrep asked to walk it by name (which the guard must then refuse).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHostReadGuard, createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { runToolCall, type PipelineDeps } from '../../src/runner/tool-pipeline.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import { createToolRegistry } from '../../src/tools/registry.js';
import { workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const SECRET = 'DENIED-needle-51c0ffee';
const ASKED = 'ASKED-needle-77ab';

async function grepper(engine: 'js' | 'rg', walkAbove: number): Promise<{ ws: string; grep: (input: Record<string, unknown>) => Promise<{ error: boolean; text: string }> }> {
  const ws = workspace();
  writeFiles(ws, {
    '.env': `TOKEN=${SECRET}\n`,
    'packages/a/.env': `TOKEN=${SECRET}\n`,
    'packages/a/index.ts': 'export const needle = 1;\n',
    'docs/notes.md': `${ASKED} needle\n`,
    'src/main.ts': 'const needle = 2;\n',
  });
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)"]\n  ask: ["Read(docs/**)"]\n');
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
  const decider = createPolicyDecider(policy);
  const readGuard = createHostReadGuard({ decider, policy, cwd: ws });
  const tools = createToolRegistry({ grep: { searchPath: HOST_PATH, engine, walkAbove }, readGuard });
  const deps: PipelineDeps = {
    findTool: (name) => tools.get(name),
    toolNames: () => tools.list().map((t) => t.name),
    decider,
    context: { cwd: ws, signal: new AbortController().signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 60_000 },
    resultsDir: workspace(),
    now: () => performance.now(),
  };
  let n = 0;
  return {
    ws,
    grep: async (input) => {
      const outcome = await runToolCall({ type: 'tool_use', id: `toolu_denied_${n++}`, name: 'Grep', input }, 1, deps);
      return { error: outcome.result.is_error === true, text: String(outcome.result.content) };
    },
  };
}

const engines = rgPath === undefined ? (['js'] as const) : (['js', 'rg'] as const);
// 0: ripgrep is asked to walk every tree by name; Infinity: every file is judged.
const walks = [0, Infinity];

describe('Grep over a directory holding denied files', () => {
  for (const engine of engines) {
    for (const walkAbove of walks) {
      it(`skips them and says so, never showing a byte of them (${engine}, walk by name above ${walkAbove})`, async () => {
        const { ws, grep } = await grepper(engine, walkAbove);
        for (const mode of ['content', 'files_with_matches', 'count'] as const) {
          const r = await grep({ pattern: 'needle', output_mode: mode });
          expect(r.error, r.text).toBe(false);
          expect(r.text).not.toContain(SECRET);
          expect(r.text).not.toContain(ASKED);
          expect(r.text).not.toContain('.env');
          expect(r.text).not.toContain('docs/notes.md');
          expect(r.text).toContain(join(ws, 'src/main.ts'));
          expect(r.text).toContain(join(ws, 'packages/a/index.ts'));
          // .env, packages/a/.env (deny) and docs/notes.md (ask: no human in CI).
          expect(r.text).toContain('3 files were not searched because the policy does not allow reading them');
        }
        // What only the skipped files hold finds nothing, and says why.
        const none = await grep({ pattern: 'TOKEN=', output_mode: 'content' });
        expect(none.text).not.toContain(SECRET);
        expect(none.text).toMatch(/^No matches found/);
        expect(none.text).toContain('3 files were not searched');
      });
    }
  }

  it('a Grep of a denied file itself, or of a directory an ask rule covers, is denied with the rule', async () => {
    const { ws, grep } = await grepper('js', Infinity);
    const file = await grep({ pattern: 'TOKEN', path: join(ws, 'packages/a/.env') });
    expect(file.error).toBe(true);
    expect(file.text).toContain('Read(.env)');
    const docs = await grep({ pattern: 'needle', path: join(ws, 'docs') });
    expect(docs.error).toBe(true);
    expect(docs.text).toContain('Read(docs/**)');
    expect(`${file.text}${docs.text}`).not.toContain(SECRET);
  });
});
