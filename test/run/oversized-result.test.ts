import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

describe('a result over its tool budget', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is saved to a file; the model gets a preview and the path, and may read the file back', async () => {
    const repo = makeTempRepo();
    writeFileSync(join(repo, 'wide.txt'), `${'needle '.repeat(150)}\n`.repeat(200));
    const out = tempDir();
    let savedPath = '';
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_grep', name: 'Grep', input: { pattern: 'needle', output_mode: 'content' } }] },
        (req) => {
          const result = lastToolResults(req.body)[0];
          const text = typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content);
          savedPath = /saved at (\S+\.txt)/.exec(text)?.[1] ?? '';
          expect(text.length).toBeLessThan(5_000);
          return { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: savedPath, limit: 3 } }] };
        },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).not.toBe(true);
          expect(JSON.stringify(result?.content)).toContain('needle');
          return { content: [{ type: 'text', text: 'read it' }] };
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'search', '--transcript', join(out, 't.jsonl')], {
      ANTHROPIC_API_KEY: 'sk-ant-test-oversized-000',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.code).toBe(0);
    const grep = readTranscript(join(out, 't.jsonl')).find((x): x is ToolCallRecord => x.type === 'tool_call' && x.tool === 'Grep');
    expect(grep?.savedTo).toBe(savedPath);
    expect(readFileSync(savedPath, 'utf8').length).toBeGreaterThan(100_000);
  });
});
