/**
 * Grep in the command sandbox past 1,000 matched files judges only the files its page can show
 * (sandboxed-search.ts grepNames): a file the guard refuses by identity (a hard link to a denied
 * file made before the run; the mounts hide it by name only) must still never reach a page, the
 * first or one further on, in any mode, nor be counted in a page's totals.
 */
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { usableBwrap } from '../support/bwrap-state.js';
import { closeSandboxes, grepThroughPipeline } from './grep-pipeline.js';
import { workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const ready = (await findHostExecutable('rg', HOST_PATH, [])) !== undefined && usableBwrap() !== undefined;
const SECRET = 'sk-live-4e1d77b2';
const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secrets/**)"]\n';
const FILES = 1_200;

describe.runIf(ready)('Grep in the sandbox past 1,000 matches: a file refused by identity is never on a page', () => {
  afterAll(closeSandboxes);

  it('first page and a later offset, every mode', async () => {
    const ws = workspace();
    writeFiles(ws, { 'secrets/key': `needle ${SECRET}\n`, ...Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`pad/f${String(i).padStart(4, '0')}.txt`, 'needle\n'])) });
    // Before the run: two more names for the denied bytes, on the first page and on the third (path order).
    linkSync(join(ws, 'secrets/key'), join(ws, 'pad/a-link.txt'));
    linkSync(join(ws, 'secrets/key'), join(ws, 'pad/f0600-link.txt'));
    const policyDir = workspace();
    writeFiles(policyDir, { 'policy.yml': POLICY });
    const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
    const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', sandboxed: true, searchPath: HOST_PATH });
    for (const output_mode of ['files_with_matches', 'content', 'count']) {
      for (const page of [{}, { offset: 500, head_limit: 250 }]) {
        const r = await grep({ pattern: 'needle', output_mode, ...page });
        const call = JSON.stringify({ output_mode, ...page });
        expect(r.error, r.text).toBe(false);
        expect(r.text, call).not.toContain('link');
        expect(r.text, call).not.toContain(SECRET);
        // The host walk would say so: the sandbox answered.
        expect(r.text, call).not.toContain('not searched');
        expect(r.text, call).toContain(`pad/f${'offset' in page ? '0500' : '0000'}.txt`);
        // Neither link is counted, though on the first page the second one is past the page's end
        // (judged there by identity only): a total that counted it would answer, query by query,
        // whether the denied bytes hold a pattern.
        const total = FILES;
        if (output_mode === 'files_with_matches') expect(r.text, call).toContain(`Found ${total} files`);
        if (output_mode === 'count') expect(r.text, call).toContain(`across ${total} files`);
        if (output_mode === 'content') expect(r.text, call).toContain(`(${total} in all)`);
      }
    }
  });
});
