import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILES, OUTBOX_SCHEMAS, renderOutboxSchema, ReviewFileSchema, RunResultSchema } from '../../src/outbox/index.js';
import { markdownForTerminal } from '../../src/report/index.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import type { ScriptTurn } from '../support/model-server.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { validateJunit } from '../support/junit.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const ROOT = join(import.meta.dirname, '..', '..');
const KEY = 'sk-ant-test-outbox-0000';
const POLICY = 'version: 1\npermissions:\n  allow: ["Read", "Edit(**)"]\n  deny: [{ rule: "Bash(git push *)", reason: "pushing is the publisher\'s job" }]\n';

function validator(file: keyof typeof OUTBOX_SCHEMAS) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as object);
}

describe('published outbox schemas', () => {
  it.each(Object.keys(OUTBOX_SCHEMAS) as (keyof typeof OUTBOX_SCHEMAS)[])('%s is the one the zod schema generates (npm run build writes it)', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(renderOutboxSchema(file));
  });
});

describe('every run writes a complete outbox (--out DIR)', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(script: ScriptTurn[], extra: string[] = []) {
    const seed = tempDir();
    writeFileSync(join(seed, 'a.txt'), 'alpha\n');
    const repo = makeTempRepo(seed);
    const dir = tempDir();
    writeFileSync(join(dir, 'policy.yml'), POLICY);
    const out = join(dir, 'out', 'box');
    server = await ModelServer.start({ script, minCacheableTokens: 0 });
    const result = await runWarden(['run', '--cwd', repo, '--policy', join(dir, 'policy.yml'), '--prompt', 'go', '--out', out, ...extra], { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url });
    const read = (name: string) => readFileSync(join(out, name), 'utf8');
    return { ...result, out, dir, read };
  }

  it('a completed run: result.json valid against the published schema, with denials and files changed; summary, transcript, patch, review', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'git push origin main' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'b.txt', content: 'beta\n' } }] },
      { content: [{ type: 'text', text: 'Wrote b.txt.' }] },
    ]);
    expect(r.code).toBe(0);
    for (const name of Object.values(OUTBOX_FILES)) expect(existsSync(join(r.out, name)), name).toBe(true);
    const result: unknown = JSON.parse(r.read(OUTBOX_FILES.result));
    const validate = validator('schema/warden-result.schema.json');
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    const parsed = RunResultSchema.parse(result);
    expect(parsed).toMatchObject({
      version: 1,
      outcome: { reason: 'completed', finalText: 'Wrote b.txt.' },
      verdict: 'changes',
      finished: true,
      model: 'claude-sonnet-4-6',
      turns: 3,
      filesChanged: ['b.txt'],
      trigger: { source: 'cli' },
      denials: [{ tool: 'Bash', input: 'git push origin main', rule: 'Bash(git push *)', reason: expect.stringContaining("pushing is the publisher's job") as unknown }],
    });
    expect(parsed.tokens.input + parsed.tokens.cacheRead + parsed.tokens.cacheWrite).toBeGreaterThan(0);
    expect(parsed.tokens.output).toBeGreaterThan(0);
    // Printed as a terminal shows Markdown: its escapes undone.
    expect(r.stdout).toContain(markdownForTerminal(r.read(OUTBOX_FILES.summary)));
    expect(readTranscript(join(r.out, OUTBOX_FILES.transcript)).at(-1)?.type).toBe('run_end');
    expect(ReviewFileSchema.parse(JSON.parse(r.read(OUTBOX_FILES.review)))).toEqual({ version: 1, items: [] });
    expect(validator('schema/warden-review.schema.json')(JSON.parse(r.read(OUTBOX_FILES.review)))).toBe(true);
    expect(r.read(OUTBOX_FILES.result)).not.toContain(KEY);
    validateJunit(r.read(OUTBOX_FILES.junit));
    expect(r.read(OUTBOX_FILES.junit)).toContain('<skipped message="denied (rule Bash(git push *))">');
  });

  it('a failed run (the API down for good) still leaves every file, and says what happened', async () => {
    const down = { error: { status: 500 } };
    const r = await run([down, down, down, down, down, down, down, down, down, down]);
    expect(r.code).toBe(1);
    for (const name of Object.values(OUTBOX_FILES)) expect(existsSync(join(r.out, name)), name).toBe(true);
    const result = RunResultSchema.parse(JSON.parse(r.read(OUTBOX_FILES.result)));
    expect(result.outcome.reason).toBe('model_error');
    validateJunit(r.read(OUTBOX_FILES.junit));
    expect(r.read(OUTBOX_FILES.junit)).toContain('type="model_error"');
    expect(result.verdict).toBe('no_changes');
    expect(r.read(OUTBOX_FILES.summary)).toMatch(/^## Warden run: model error/);
  });

  it('a transcript asked for elsewhere is copied into the outbox too', async () => {
    const other = join(tempDir(), 'elsewhere.jsonl');
    const r = await run([{ content: [{ type: 'text', text: 'Nothing to do.' }] }], ['--transcript', other]);
    expect(r.code).toBe(0);
    expect(r.read(OUTBOX_FILES.transcript)).toBe(readFileSync(other, 'utf8'));
  });
});
