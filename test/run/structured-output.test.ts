import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/outbox/index.js';
import type { ScriptTurn } from '../support/model-server.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const SCHEMA = {
  type: 'object',
  required: ['risk', 'files'],
  additionalProperties: false,
  properties: { risk: { enum: ['low', 'medium', 'high'] }, files: { type: 'array', items: { type: 'string' } } },
};

describe('--output-schema: a final answer a machine can use', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(script: ScriptTurn[], schema: unknown = SCHEMA) {
    const dir = tempDir();
    const schemaFile = join(dir, 'schema.json');
    writeFileSync(schemaFile, typeof schema === 'string' ? schema : JSON.stringify(schema));
    server = await ModelServer.start({ script, minCacheableTokens: 0 });
    const out = join(dir, 'out');
    const r = await runWarden(['run', '--cwd', makeTempRepo(), '--prompt', 'assess the risk', '--output-schema', schemaFile, '--out', out], { ANTHROPIC_API_KEY: 'sk-ant-test-schema-0000', ANTHROPIC_BASE_URL: server.url });
    const result = r.code === 2 ? undefined : RunResultSchema.parse(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')));
    return { ...r, result, requests: server.requests };
  }

  it('a valid answer (in a json fence) is stored in result.json; the model was shown the schema', async () => {
    const r = await run([{ content: [{ type: 'text', text: '```json\n{"risk":"low","files":["a.ts"]}\n```' }] }]);
    expect(r.code).toBe(0);
    expect(r.result?.structuredOutput).toEqual({ risk: 'low', files: ['a.ts'] });
    const system = JSON.stringify(r.requests[0]?.body.system);
    expect(system).toContain('<output-schema>');
    expect(system).toContain('medium');
  });

  it('an invalid answer gets one repair round with the errors, then counts', async () => {
    const r = await run([
      { content: [{ type: 'text', text: 'The risk is low.' }] },
      { content: [{ type: 'text', text: '{"risk":"low","files":[]}' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.result?.structuredOutput).toEqual({ risk: 'low', files: [] });
    expect(r.requests).toHaveLength(2);
    expect(JSON.stringify(r.requests[1]?.body.messages.at(-1))).toContain('not valid against the output schema');
  });

  it('still invalid after the repair: outcome invalid_output, exit 1, errors named', async () => {
    const r = await run([
      { content: [{ type: 'text', text: '{"risk":"extreme"}' }] },
      { content: [{ type: 'text', text: '{"risk":"extreme","files":[]}' }] },
    ]);
    expect(r.code).toBe(1);
    expect(r.result?.outcome).toMatchObject({ reason: 'invalid_output' });
    expect(JSON.stringify(r.result?.outcome)).toContain('/risk must be equal to one of the allowed values');
    expect(r.result?.structuredOutput).toBeUndefined();
    expect(r.stdout).toMatch(/^## Warden run: the final answer is not valid against the output schema/m);
  });

  it.each([
    ['not JSON', '{nope', /--output-schema .*schema.json: not valid JSON/],
    ['not a schema', { type: 'no-such-type' }, /--output-schema .*: not a usable JSON Schema/],
    ['not an object', '[1]', /a JSON Schema is an object/],
  ])('a schema that is %s: exit 2 before any request', async (_name, schema, message) => {
    const r = await run([], schema);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.requests).toHaveLength(0);
  });
});
