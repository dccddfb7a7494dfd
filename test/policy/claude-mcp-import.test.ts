import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertClaudeSettings, parsePolicy } from '../../src/policy/index.js';
import { makeFixture } from './policy-fixture.js';

const fx = makeFixture();

describe('import-claude-settings: .mcp.json-style mcpServers', () => {
  it('converts stdio and HTTP servers into a policy that loads; what cannot carry over is dropped with a warning', async () => {
    const mcpJson = {
      mcpServers: {
        notes: { command: 'node', args: ['tools/notes.mjs'], env: { NOTES_MODE: 'ci', API_KEY: '${NOTES_KEY}' } },
        tracker: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TRACKER_TOKEN}', 'X-Team': 'core' } },
        legacy: { type: 'sse', url: 'https://sse.example.com/' },
        'bad__name': { command: 'x' },
      },
    };
    const { yaml, warnings } = convertClaudeSettings(JSON.stringify(mcpJson), '.mcp.json');
    const policy = await parsePolicy(yaml, path.join(fx.ws, '.github', 'warden.yml'), { homeDir: fx.home });
    expect(policy.mcpServers).toEqual([
      { name: 'notes', kind: 'stdio', command: 'node', args: ['tools/notes.mjs'], env: { NOTES_MODE: 'ci' }, timeoutMs: 30_000 },
      { name: 'tracker', kind: 'http', url: 'https://mcp.example.com/mcp', headersFromEnv: { Authorization: 'TRACKER_TOKEN' }, timeoutMs: 30_000 },
    ]);
    expect(warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/^mcpServers\.bad__name: a Warden server name .*; dropped$/),
      expect.stringMatching(/^mcpServers\.legacy: SSE servers are not supported/),
      'mcpServers.notes.env.API_KEY: a runner variable is never passed to a server; dropped',
      'mcpServers.tracker.headers.Authorization: TRACKER_TOKEN must now hold the whole value, "Bearer …" included',
      'mcpServers.tracker.headers.X-Team: only a header taken from a variable is kept (headers_from_env); dropped',
      'mcpServers.tracker: add its host to sandbox.network.allow, or it is not reached',
    ]));
    expect(yaml).toContain('# warning: mcpServers.legacy');
  });
});
