import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { EXAMPLE_DIR, makeTempRepo, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';

const env = (server: ModelServer) => ({ ANTHROPIC_API_KEY: 'sk-ant-test-policy-0000', ANTHROPIC_BASE_URL: server.url });

describe('the policy in a run', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('denies a call with the rule, subcommand and reason; the model changes course; the summary lists the denial', async () => {
    const repo = makeTempRepo();
    mkdirSync(join(repo, '.github'));
    writeFileSync(join(repo, '.github', 'warden.yml'), 'version: 1\npermissions:\n  allow: ["Bash(git status *)"]\n  deny:\n    - { rule: "Bash(git push *)", reason: "pushing is done by the workflow, not the agent" }\n');
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_push', name: 'Bash', input: { command: 'git status && git push origin main' } }] },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBe(true);
          const text = JSON.stringify(result?.content);
          expect(text).toContain('Bash(git push *)');
          expect(text).toContain('git push origin main');
          expect(text).toContain('pushing is done by the workflow');
          return { content: [{ type: 'tool_use', id: 'toolu_status', name: 'Bash', input: { command: 'git status' } }] };
        },
        { content: [{ type: 'text', text: 'Left the push to the workflow.' }] },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'push it', '--transcript', join(out, 't.jsonl'), '--summary', join(out, 's.md')], env(server));
    expect(r.code).toBe(0);
    const calls = readTranscript(join(out, 't.jsonl')).filter((x): x is ToolCallRecord => x.type === 'tool_call');
    expect(calls.map((c) => c.status)).toEqual(['denied', 'ok']);
    expect(calls[0]?.decision).toMatchObject({ behavior: 'deny', rule: 'Bash(git push *)' });
    const summary = readFileSync(join(out, 's.md'), 'utf8');
    expect(summary).toContain('Denied tool calls (1)');
    expect(renderedText(summary)).toContain('Bash | git status && git push origin main | Bash(git push *) | ');
  });

  it('does not offer a tool the policy denies outright', async () => {
    const repo = makeTempRepo();
    const policy = join(tempDir(), 'p.yml');
    writeFileSync(policy, 'version: 1\npermissions:\n  deny: ["Write", "Bash"]\n');
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--policy', policy], env(server));
    expect(r.code).toBe(0);
    const offered = server.requests[0]?.body.tools?.map((t) => t.name);
    expect(offered).toEqual(['Agent', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite']);
  });

  it('offers no write tools in plan mode', async () => {
    const repo = makeTempRepo();
    const policy = join(tempDir(), 'p.yml');
    writeFileSync(policy, 'version: 1\nmode: plan\n');
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'ok' }] }] });
    expect((await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--policy', policy], env(server))).code).toBe(0);
    expect(server.requests[0]?.body.tools?.map((t) => t.name)).toEqual(['Agent', 'Bash', 'Glob', 'Grep', 'Read', 'TodoWrite']);
  });

  it('stops before anything runs when the policy is invalid: exit 2, file:line:column', async () => {
    const repo = makeTempRepo();
    const policy = join(tempDir(), 'bad.yml');
    writeFileSync(policy, 'version: 1\nmode: yolo\n');
    server = await ModelServer.start({ script: [] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--policy', policy], env(server));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${policy}:2:7`);
    expect(server.allRequests).toHaveLength(0);
  });
});

describe('warden policy …', () => {
  it('eval prints one JSON decision with the subcommands; explain says which rules were tried', async () => {
    const policy = join(EXAMPLE_DIR, 'policy.yml');
    const repo = makeTempRepo(join(EXAMPLE_DIR, 'repo'));
    const evalRun = await runWarden(['policy', 'eval', '--policy', policy, '--tool', 'Bash', '--input', '{"command":"npm test && git push origin main"}', '--cwd', repo], {});
    expect(evalRun.code).toBe(0);
    const decision = JSON.parse(evalRun.stdout) as { decision: string; rule: string; subcommands: { command: string; decision: string }[] };
    expect(decision.decision).toBe('deny');
    expect(decision.rule).toBe('Bash(git push *)');
    expect(decision.subcommands.map((s) => [s.command, s.decision])).toEqual([
      ['npm test', 'allow'],
      ['git push origin main', 'deny'],
    ]);
    const allowed = await runWarden(['policy', 'eval', '--policy', policy, '--tool', 'Edit', '--input', '{"file_path":"src/slug.js","old_string":"a","new_string":"b"}', '--cwd', repo], {});
    expect(JSON.parse(allowed.stdout)).toMatchObject({ decision: 'allow', rule: 'Edit(src/**)' });
    const explain = await runWarden(['policy', 'explain', '--policy', policy, '--tool', 'Read', '--input', '{"file_path":".env"}', '--cwd', repo], {});
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('Read(.env)');
  });

  it('check validates and reports errors with positions; bad usage exits 2', async () => {
    expect((await runWarden(['policy', 'check', join(EXAMPLE_DIR, 'policy.yml')], {})).code).toBe(0);
    const bad = join(tempDir(), 'bad.yml');
    writeFileSync(bad, 'version: 1\npermissions:\n  allow: ["Bash(npm test"]\n');
    const r = await runWarden(['policy', 'check', bad], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:3:`);
    expect((await runWarden(['policy', 'eval', '--tool', 'Read'], {})).code).toBe(2);
    expect((await runWarden(['policy', 'eval', '--policy', bad, '--tool', 'Read', '--input', 'nope'], {})).stderr).toContain('--input');
  });

  it('imports a Claude Code settings.json', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm run test:*)'], deny: ['Read(./.env)'] } }));
    const r = await runWarden(['policy', 'import-claude-settings', join(dir, 'settings.json')], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Bash(npm run test:*)');
    expect(r.stdout).toContain('Read(./.env)');
    expect(r.stdout).toContain('version: 1');
  });
});
