/**
 * A Grep of a directory that holds files the policy denies reading is allowed, as Claude Code
 * allows it: the search skips those files, judging every file it opens before reading a byte, and
 * says how many it skipped. Through the whole pipeline (the decision, then the tool with the read
 * guard built from the same policy), for both engines, every file judged on the host, and with
 * ripgrep walking in the command sandbox (sandboxed-search.ts). There the mounts hide what the
 * rules deny, and it says nothing of them: how many of them it would have matched depends on what
 * they hold.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { closeSandboxes, grepThroughPipeline, type GrepCall } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const SECRET = 'DENIED-needle-51c0ffee';
const ASKED = 'ASKED-needle-77ab';

async function grepper(engine: 'js' | 'rg', sandboxed: boolean): Promise<{ ws: string; grep: GrepCall }> {
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
  return { ws, grep: grepThroughPipeline({ ws, decider, policy, engine, sandboxed, searchPath: HOST_PATH }) };
}

const engines = rgPath === undefined ? (['js'] as const) : (['js', 'rg'] as const);
// ripgrep in the command sandbox where bubblewrap can start; else every file is judged.
const places = bwrapPath === undefined ? [false] : [false, true];

describe('Grep over a directory holding denied files', () => {
  afterAll(closeSandboxes);
  for (const engine of engines) {
    for (const sandboxed of places) {
      // ripgrep walks in the sandbox; else every file is judged, and the skipped ones counted.
      const byName = engine === 'rg' && sandboxed;
      it(`skips them${byName ? '' : ' and says so'}, never showing a byte of them (${engine}${sandboxed ? ', in the sandbox' : ''})`, async () => {
        const { ws, grep } = await grepper(engine, sandboxed);
        const skipped = '3 files were not searched because the policy does not allow reading them';
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
          if (byName) expect(r.text).not.toContain('not searched');
          else expect(r.text).toContain(skipped);
        }
        // What only the skipped files hold finds nothing, and says why.
        const none = await grep({ pattern: 'TOKEN=', output_mode: 'content' });
        expect(none.text).not.toContain(SECRET);
        expect(none.text).toMatch(/^No matches found/);
        if (!byName) expect(none.text).toContain(skipped);
      });
    }
  }

  it('a Grep of a denied file itself, or of a directory an ask rule covers, is denied with the rule', async () => {
    const { ws, grep } = await grepper('js', false);
    const file = await grep({ pattern: 'TOKEN', path: join(ws, 'packages/a/.env') });
    expect(file.error).toBe(true);
    expect(file.text).toContain('Read(.env)');
    const docs = await grep({ pattern: 'needle', path: join(ws, 'docs') });
    expect(docs.error).toBe(true);
    expect(docs.text).toContain('Read(docs/**)');
    expect(`${file.text}${docs.text}`).not.toContain(SECRET);
  });
});
