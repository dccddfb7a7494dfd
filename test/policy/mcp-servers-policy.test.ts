import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, parsePolicy } from '../../src/policy/index.js';
import { makeFixture, rejectionOf } from './policy-fixture.js';

const fx = makeFixture();
const FILE = path.join(fx.ws, '.github', 'warden.yml');

async function issuesOf(yaml: string): Promise<string[]> {
  return (await rejectionOf(fx, FILE, yaml)).map((i) => formatIssue(i));
}

describe('mcp_servers in the policy', () => {
  it('loads stdio and HTTP servers, sorted by name; header variables become secrets', async () => {
    const policy = await parsePolicy(
      'version: 1\nmcp_servers:\n  tracker:\n    url: https://mcp.example.com/mcp\n    headers_from_env: { Authorization: TRACKER_TOKEN }\n  notes:\n    command: node\n    args: ["tools/notes.mjs"]\n    env: { NOTES_MODE: ci }\n',
      FILE, { homeDir: fx.home },
    );
    expect(policy.mcpServers).toEqual([
      { name: 'notes', kind: 'stdio', command: 'node', args: ['tools/notes.mjs'], env: { NOTES_MODE: 'ci' }, timeoutMs: 30_000 },
      { name: 'tracker', kind: 'http', url: 'https://mcp.example.com/mcp', headersFromEnv: { Authorization: 'TRACKER_TOKEN' }, timeoutMs: 30_000 },
    ]);
    expect(policy.sandbox.secrets).toContain('TRACKER_TOKEN');
  });

  it.each([
    ['both command and url', 'a:\n    command: node\n    url: https://x.example/mcp\n', /warden\.yml:4:5: mcp_servers\.a: give either `command` \(a stdio server\) or `url` \(an HTTP server\)/],
    ['neither', 'a:\n    args: [x]\n', /mcp_servers\.a: give either `command`/],
    ['args on an HTTP server', 'a:\n    url: https://x.example/mcp\n    args: [x]\n', /mcp_servers\.a\.args: args belongs to a stdio server \(command\)/],
    ['headers on a stdio server', 'a:\n    command: node\n    headers_from_env: { X-Key: KEY }\n', /mcp_servers\.a\.headers_from_env: headers_from_env belongs to an HTTP server \(url\)/],
    ['a name with __', 'my__srv:\n    command: node\n', /warden\.yml:4:5: mcp_servers\.my__srv: a server name is letters, digits, - and single _/],
    ['a URL that is not http', 'a:\n    url: ftp://x.example/\n', /mcp_servers\.a\.url: "ftp:\/\/x.example\/" is not an http\(s\) URL/],
    ['an unknown key', 'a:\n    command: node\n    cwd: /tmp\n', /unknown key "cwd" under mcp_servers\.a; expected one of: command, args, env, url, headers_from_env, timeout_ms/],
  ])('refuses %s, naming the field', async (_label, servers, expected) => {
    const issues = await issuesOf(`version: 1\nmcp_servers:\n  ${servers}`);
    expect(issues.join('\n')).toMatch(expected);
  });
});
