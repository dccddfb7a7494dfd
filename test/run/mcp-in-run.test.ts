import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NoticeRecord, SandboxViolationRecord, ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { promptBlocks } from '../support/prompt-cache.js';
import { startHttpMcpServer, type HttpMcpServer } from '../mcp/http-mcp-server.js';

// Copied into each workspace and named relative to it, as a policy would name a server kept in
// the repository: the sandbox may not see this checkout (one under /tmp is hidden).
const NOTES_SERVER_SOURCE = join(import.meta.dirname, '..', 'mcp', 'fixtures', 'notes-server.mjs');
const NOTES_SERVER = 'tools/notes-server.mjs';
const API_KEY = 'sk-ant-test-mcp-run-0123456789';
const env = (server: ModelServer): Record<string, string> => ({ ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: server.url, GITHUB_TOKEN: 'ghs_test_mcp_token_0123456789' });
const toolUse = (id: string, name: string, input: Record<string, unknown> = {}) => ({ content: [{ type: 'tool_use' as const, id, name, input }] });
const done = { content: [{ type: 'text' as const, text: 'done' }] };

function repoWithPolicy(policy: string): string {
  const repo = makeTempRepo();
  mkdirSync(join(repo, '.github'));
  writeFileSync(join(repo, '.github', 'warden.yml'), policy);
  mkdirSync(join(repo, 'tools'));
  copyFileSync(NOTES_SERVER_SOURCE, join(repo, NOTES_SERVER));
  return repo;
}

const notesServer = `mcp_servers:\n  notes:\n    command: node\n    args: [${JSON.stringify(NOTES_SERVER)}]\n    env: { NOTES_MODE: ci }\n`;

describe('MCP servers in a run', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('offers a stdio server\'s tools after the built-ins, calls them in the sandbox, and never offers a tool the policy denies', async () => {
    const repo = repoWithPolicy(`version: 1\npermissions:\n  allow: ["mcp__notes"]\n  deny:\n    - { rule: mcp__notes__crash, reason: "the notes server must stay up" }\n${notesServer}`);
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        toolUse('toolu_add', 'mcp__notes__add', { text: 'first' }),
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('added note 1: first');
          return { content: [{ type: 'tool_use', id: 'toolu_list', name: 'mcp__notes__list', input: {} }, { type: 'tool_use', id: 'toolu_env', name: 'mcp__notes__env', input: {} }] };
        },
        (req) => {
          const [list, envResult] = lastToolResults(req.body);
          expect(JSON.stringify(list?.content)).toContain('first');
          // The policy's env, and none of the runner's secrets.
          expect(JSON.stringify(envResult?.content)).toContain('NOTES_MODE=ci; secrets: none');
          return toolUse('toolu_crash', 'mcp__notes__crash');
        },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBe(true);
          expect(JSON.stringify(result?.content)).toContain('mcp__notes__crash');
          expect(JSON.stringify(result?.content)).toContain('the notes server must stay up');
          return done;
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'take notes', '--transcript', join(out, 't.jsonl')], env(server));
    expect(r.stderr).not.toContain('did not start');
    expect(r.code).toBe(0);
    for (const request of server.requests) {
      const names = request.body.tools?.map((t) => t.name) ?? [];
      expect(names).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write', 'mcp__notes__add', 'mcp__notes__env', 'mcp__notes__fetch', 'mcp__notes__list', 'mcp__notes__read_file']);
    }
    expect(server.requests[0]?.body.tools?.find((t) => t.name === 'mcp__notes__add')?.input_schema).toMatchObject({ properties: { text: { type: 'string' } }, required: ['text'] });
    const calls = readTranscript(join(out, 't.jsonl')).filter((x): x is ToolCallRecord => x.type === 'tool_call');
    expect(calls.map((c) => [c.tool, c.status])).toEqual([['mcp__notes__add', 'ok'], ['mcp__notes__list', 'ok'], ['mcp__notes__env', 'ok'], ['mcp__notes__crash', 'denied']]);
    expect(calls[3]?.decision).toMatchObject({ behavior: 'deny', rule: 'mcp__notes__crash' });
    // readOnlyHint: the list is not a write; add is.
    expect(calls.map((c) => c.mutating)).toEqual([true, false, false, true]);
  });

  it('goes on when the server crashes mid-run: a notice, then its tools answer with an error', async () => {
    const repo = repoWithPolicy(`version: 1\npermissions:\n  allow: ["mcp__notes", "Bash(echo *)"]\n${notesServer}`);
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        toolUse('toolu_crash', 'mcp__notes__crash'),
        (req) => {
          expect(lastToolResults(req.body)[0]?.is_error).toBe(true);
          return toolUse('toolu_add', 'mcp__notes__add', { text: 'after' });
        },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBe(true);
          expect(JSON.stringify(result?.content)).toContain('did not answer');
          return toolUse('toolu_echo', 'Bash', { command: 'echo still here' });
        },
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('still here');
          return done;
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl'), '--summary', join(out, 's.md')], env(server));
    expect(r.code).toBe(0);
    const notices = readTranscript(join(out, 't.jsonl')).filter((x): x is NoticeRecord => x.type === 'notice');
    expect(notices.map((n) => n.message).join('\n')).toContain('MCP server notes ended during the run');
    expect(readFileSync(join(out, 's.md'), 'utf8')).toContain('MCP server notes ended during the run');
  });

  it('reports a server that cannot start, leaves its tools out, and runs on', async () => {
    const repo = repoWithPolicy(`version: 1\npermissions:\n  allow: ["mcp__broken"]\nmcp_servers:\n  broken:\n    command: node\n    args: ["-e", "process.stderr.write('no config'); process.exit(4)"]\n`);
    const out = tempDir();
    server = await ModelServer.start({ script: [done] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl')], env(server));
    expect(r.code).toBe(0);
    expect(server.requests[0]?.body.tools?.map((t) => t.name)).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
    const notices = readTranscript(join(out, 't.jsonl')).filter((x): x is NoticeRecord => x.type === 'notice').map((n) => n.message);
    expect(notices.join('\n')).toMatch(/MCP server broken did not start: .*no config.*its tools are left out/);
  });

  it('a server is confined like a command: a denied file reads empty, a host outside network.allow is refused', async () => {
    const repo = repoWithPolicy(`version: 1\npermissions:\n  allow: ["mcp__notes"]\n  deny: ["Read(/secret.txt)"]\nsandbox:\n  network:\n    allow: ["allowed.invalid"]\n${notesServer}`);
    writeFileSync(join(repo, 'secret.txt'), 'the-hidden-value-42');
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        toolUse('toolu_read', 'mcp__notes__read_file', { path: join(repo, 'secret.txt') }),
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).not.toContain('the-hidden-value-42');
          return toolUse('toolu_fetch', 'mcp__notes__fetch', { url: 'http://example.com/' });
        },
        (req) => {
          const text = JSON.stringify(lastToolResults(req.body)[0]?.content);
          expect(text).toContain('status 403');
          expect(text).toContain('blocked');
          return done;
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl')], env(server));
    expect(r.code).toBe(0);
    const violations = readTranscript(join(out, 't.jsonl')).filter((x): x is SandboxViolationRecord => x.type === 'sandbox_violation');
    expect(violations).toContainEqual(expect.objectContaining({ kind: 'network', command: 'mcp server notes' }));
    expect(violations.find((v) => v.kind === 'network')?.message).toContain('example.com');
  });
});

describe('an HTTP MCP server in a run', () => {
  let server: ModelServer | undefined;
  let tracker: HttpMcpServer | undefined;
  afterEach(async () => {
    await server?.close();
    await tracker?.close();
    server = tracker = undefined;
  });
  const SECRET = 'Bearer trk-secret-0123456789abcdef';
  const policy = (allow: string): string => `version: 1\npermissions:\n  allow: ["mcp__tracker"]\nsandbox:\n  network:\n    allow: [${allow}]\n    allow_private: ["127.0.0.1"]\nmcp_servers:\n  tracker:\n    url: ${tracker?.url ?? ''}\n    headers_from_env: { Authorization: TRACKER_TOKEN }\n`;

  it('is reached by the host when network.allow names it; its header secret is in no request to the model, nor in the transcript', async () => {
    tracker = await startHttpMcpServer();
    const repo = repoWithPolicy(policy('"127.0.0.1"'));
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        toolUse('toolu_issue', 'mcp__tracker__get_issue', { number: 7 }),
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('issue 7: the build is slow');
          return done;
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl')], { ...env(server), TRACKER_TOKEN: SECRET });
    expect(r.code).toBe(0);
    expect(tracker.authorizations.length).toBeGreaterThan(0);
    expect(tracker.authorizations.every((a) => a === SECRET)).toBe(true);
    expect(server.requests[0]?.body.tools?.map((t) => t.name)).toContain('mcp__tracker__get_issue');
    for (const request of server.allRequests) expect(request.rawBody).not.toContain('trk-secret');
    expect(readFileSync(join(out, 't.jsonl'), 'utf8')).not.toContain('trk-secret');
    expect(r.stdout + r.stderr).not.toContain('trk-secret');
  });

  it('is never reached when network.allow does not name its host: a notice, and no tools', async () => {
    tracker = await startHttpMcpServer();
    const repo = repoWithPolicy(policy('"elsewhere.example"'));
    const out = tempDir();
    server = await ModelServer.start({ script: [done] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl')], { ...env(server), TRACKER_TOKEN: SECRET });
    expect(r.code).toBe(0);
    expect(tracker.authorizations).toEqual([]);
    expect(server.requests[0]?.body.tools?.map((t) => t.name).filter((n) => n.startsWith('mcp__'))).toEqual([]);
    const notices = readTranscript(join(out, 't.jsonl')).filter((x): x is NoticeRecord => x.type === 'notice').map((n) => n.message);
    expect(notices.join('\n')).toMatch(/MCP server tracker did not start: 127\.0\.0\.1:\d+ is not reached: 127\.0\.0\.1 is not in sandbox\.network\.allow/);
  });
});

describe('MCP tools and the prompt cache', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('adding a server keeps the built-in tools\' prefix byte-identical: the next run reads it from the cache', async () => {
    const repo = repoWithPolicy('version: 1\n');
    const dir = tempDir();
    writeFileSync(join(dir, 'plain.yml'), 'version: 1\npermissions:\n  allow: ["mcp__notes"]\n');
    writeFileSync(join(dir, 'with-mcp.yml'), `version: 1\npermissions:\n  allow: ["mcp__notes"]\n${notesServer}`);
    server = await ModelServer.start({ script: [done, done], minCacheableTokens: 0 });
    for (const policy of ['plain.yml', 'with-mcp.yml']) {
      expect((await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--policy', join(dir, policy)], env(server))).code).toBe(0);
    }
    const [plain, withMcp] = server.requests;
    const builtins = plain?.body.tools ?? [];
    const tools = withMcp?.body.tools ?? [];
    expect(tools.map((t) => t.name).slice(builtins.length)).toEqual(['mcp__notes__add', 'mcp__notes__crash', 'mcp__notes__env', 'mcp__notes__fetch', 'mcp__notes__list', 'mcp__notes__read_file']);
    // Byte-identical up to the last built-in (whose cache breakpoint moves on to the last MCP tool).
    const bare = ({ cache_control: _moved, ...rest }: Record<string, unknown>): Record<string, unknown> => rest;
    expect(JSON.stringify(tools.slice(0, builtins.length).map(bare))).toBe(JSON.stringify(builtins.map(bare)));
    // The scripted server's cache: the second run reads exactly the built-in tools' prefix the first one wrote.
    const builtinTokens = promptBlocks(plain?.body ?? { model: '', messages: [] }).slice(0, builtins.length).reduce((sum, b) => sum + b.tokens, 0);
    expect(builtinTokens).toBeGreaterThan(0);
    expect(withMcp?.cache?.cacheReadTokens).toBe(builtinTokens);
  });
});

describe('a large MCP server is deferred behind ToolSearch', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends no MCP definition until ToolSearch finds the tool; then it is sent and called', async () => {
    const repo = repoWithPolicy(`version: 1\npermissions:\n  allow: ["mcp__notes"]\nmcp_servers:\n  notes:\n    command: node\n    args: [${JSON.stringify(NOTES_SERVER)}]\n    env: { NOTES_MANY: "1" }\n`);
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        toolUse('toolu_search', 'ToolSearch', { query: 'select:mcp__notes__bulk_07' }),
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('mcp__notes__bulk_07');
          return toolUse('toolu_bulk', 'mcp__notes__bulk_07');
        },
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('bulk_07 ran');
          return done;
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--transcript', join(out, 't.jsonl')], env(server));
    expect(r.code).toBe(0);
    const names = server.requests.map((q) => q.body.tools?.map((t) => t.name) ?? []);
    expect(names[0]).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write', 'ToolSearch']);
    expect(names[1]).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write', 'ToolSearch', 'mcp__notes__bulk_07']);
    // The built-ins and ToolSearch stay byte-identical: the prefix is read from the cache.
    expect(JSON.stringify(server.requests[1]?.body.tools?.slice(0, 6))).toBe(JSON.stringify(server.requests[0]?.body.tools?.slice(0, 6)));
  });
});
