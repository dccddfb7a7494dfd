/**
 * Files an earlier CI step left in the checkout (an untracked build output, an edited tracked file)
 * are not the run's changes: the run's changes are the workspace at its end against the workspace
 * at its start. What was already changed is named in a notice and in result.json, never patched.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/outbox/index.js';
import { ModelServer, type ScriptTurn } from '../support/model-server.js';
import { renderedText } from '../support/rendered-markdown.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const KEY = { ANTHROPIC_API_KEY: 'sk-ant-test-before-run-0000' };
const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Edit(**)"]\nsandbox:\n  mode: "off"\n';

/** A checkout after an earlier step: `build/out.txt` created, `README.md` edited, neither committed. */
function preparedCheckout(): string {
  const seed = tempDir();
  writeFileSync(join(seed, 'README.md'), '# app\n');
  writeFileSync(join(seed, 'notes.md'), 'one\n');
  const repo = makeTempRepo(seed);
  mkdirSync(join(repo, 'build'));
  writeFileSync(join(repo, 'build', 'out.txt'), 'built\n');
  writeFileSync(join(repo, 'README.md'), '# app\n\nversion stamped by CI\n');
  return repo;
}

describe('files changed before the run are not the run\'s changes', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(script: ScriptTurn[]) {
    const repo = preparedCheckout();
    const dir = tempDir();
    writeFileSync(join(dir, 'policy.yml'), POLICY);
    const out = join(dir, 'out');
    server = await ModelServer.start({ script, minCacheableTokens: 0 });
    const r = await runWarden(['run', '--cwd', repo, '--policy', join(dir, 'policy.yml'), '--prompt', 'go', '--out', out], { ...KEY, ANTHROPIC_BASE_URL: server.url });
    const read = (name: string): string => readFileSync(join(out, name), 'utf8');
    return { ...r, read, result: () => RunResultSchema.parse(JSON.parse(read('result.json'))) };
  }

  it('the agent does nothing: verdict no_changes, an empty patch, and a notice naming both files', async () => {
    const r = await run([{ content: [{ type: 'text', text: 'Nothing to do.' }] }]);
    expect(r.code).toBe(0);
    const result = r.result();
    expect(result.verdict).toBe('no_changes');
    expect(result.filesChanged).toEqual([]);
    expect(result.changedBeforeRun).toEqual(['README.md', 'build/out.txt']);
    expect(r.read('changes.patch')).toBe('');
    expect(renderedText(r.read('summary.md'))).toMatch(/2 file\(s\) were already changed in the workspace when the run started .*`README\.md`, `build\/out\.txt`.*never published/);
  });

  it('the agent edits the pre-edited file: only that file is the run\'s, carried as the run left it; the other stays out', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'README.md' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_e', name: 'Edit', input: { file_path: 'README.md', old_string: '# app\n', new_string: '# app, documented\n' } }] },
      { content: [{ type: 'text', text: 'Documented.' }] },
    ]);
    expect(r.code).toBe(0);
    const result = r.result();
    expect(result.verdict).toBe('changes');
    expect(result.filesChanged).toEqual(['README.md']);
    expect(result.changedBeforeRun).toEqual(['build/out.txt']);
    const patch = r.read('changes.patch');
    // Against the starting commit: the file as the run left it, the earlier step's line included.
    expect(patch).toContain('+# app, documented');
    expect(patch).toContain('+version stamped by CI');
    expect(patch).not.toContain('build/out.txt');
    expect(renderedText(r.read('summary.md'))).toMatch(/1 other file\(s\) changed before the run were changed by the run too/);
  });

  it('the agent adds a file of its own: only that one is the run\'s change', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'CHANGELOG.md', content: '- fixed\n' } }] },
      { content: [{ type: 'text', text: 'Logged.' }] },
    ]);
    expect(r.code).toBe(0);
    const result = r.result();
    expect(result.filesChanged).toEqual(['CHANGELOG.md']);
    expect(result.changedBeforeRun).toEqual(['README.md', 'build/out.txt']);
    const patch = r.read('changes.patch');
    expect(patch).toContain('+++ b/CHANGELOG.md');
    expect(patch).not.toContain('README.md');
    expect(patch).not.toContain('build/out.txt');
  });

  it('the agent edits a clean tracked file: that one is the run\'s change', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'notes.md' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'notes.md', content: 'one\ntwo\n' } }] },
      { content: [{ type: 'text', text: 'Noted.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.result().filesChanged).toEqual(['notes.md']);
    const patch = r.read('changes.patch');
    expect(patch).toContain('+two');
    expect(patch).not.toContain('README.md');
  });
});
