import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEndRecord, ToolCallRecord, TranscriptRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer, type MessagesRequest, type ReplyTurn } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';

const env = (server: ModelServer) => ({ ANTHROPIC_API_KEY: 'sk-ant-test-agents-0000', ANTHROPIC_BASE_URL: server.url });
// Pinned, so the totals are known: $0.0045 a request at claude-sonnet-4-6's price.
const USAGE = { input_tokens: 1000, output_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
const reply = (content: ReplyTurn['content']): ReplyTurn => ({ content, usage: USAGE });
const toolNames = (req: MessagesRequest | undefined): string[] | undefined => req?.body.tools?.map((t) => t.name);
const callsOf = (records: TranscriptRecord[]): ToolCallRecord[] => records.filter((r): r is ToolCallRecord => r.type === 'tool_call');
/** The text of a request's messages (the client sends a string as a text block with cache_control). */
const textOf = (content: unknown): string => (typeof content === 'string' ? content : (content as { text?: string }[]).map((b) => b.text ?? '').join(''));
const endOf = (records: TranscriptRecord[]): RunEndRecord | undefined => records.findLast((r): r is RunEndRecord => r.type === 'run_end');

function repoWithPolicy(policy: string): string {
  const repo = makeTempRepo();
  mkdirSync(join(repo, '.github'));
  writeFileSync(join(repo, '.github', 'warden.yml'), policy);
  writeFileSync(join(repo, 'notes.txt'), 'alpha-bravo-charlie: the marker is XYZZY\n');
  writeFileSync(join(repo, 'private.txt'), 'not for agents\n');
  return repo;
}

describe('subagents (the Agent tool)', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('runs a subagent in a fresh context under the same policy; the parent gets only its report; budgets add up; its transcript is in the outbox', async () => {
    const repo = repoWithPolicy('version: 1\npermissions:\n  deny:\n    - { rule: "Read(./private.txt)", reason: "private notes stay private" }\n');
    const out = tempDir();
    const task = 'Read notes.txt and private.txt and report the marker.';
    server = await ModelServer.start({
      script: [
        reply([{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'find the marker', prompt: task } }]),
        (req) => {
          // The subagent: a fresh conversation holding only its prompt, without the Agent tool.
          expect(req.body.messages.map((m) => [m.role, textOf(m.content)])).toEqual([['user', task]]);
          expect(toolNames(req)).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
          expect(JSON.stringify(req.body.system)).toContain('You are a subagent of this run');
          return reply([
            { type: 'tool_use', id: 'toolu_notes', name: 'Read', input: { file_path: join(repo, 'notes.txt') } },
            { type: 'tool_use', id: 'toolu_private', name: 'Read', input: { file_path: join(repo, 'private.txt') } },
            { type: 'tool_use', id: 'toolu_nested', name: 'Agent', input: { description: 'go deeper', prompt: 'start another agent' } },
          ]);
        },
        (req) => {
          const [notes, secret, nested] = lastToolResults(req.body);
          expect(JSON.stringify(notes?.content)).toContain('alpha-bravo-charlie');
          expect(secret?.is_error).toBe(true);
          expect(JSON.stringify(secret?.content)).toContain('Read(./private.txt)');
          expect(JSON.stringify(secret?.content)).toContain('private notes stay private');
          expect(nested?.is_error).toBe(true);
          expect(textOf(nested?.content)).toContain('No tool named "Agent" is available');
          return reply([{ type: 'text', text: 'The marker is XYZZY. private.txt was denied by the policy.' }]);
        },
        (req) => {
          const [report] = lastToolResults(req.body);
          expect(report?.is_error).toBeUndefined();
          expect(report?.content).toBe('The marker is XYZZY. private.txt was denied by the policy.');
          // Nothing of the subagent's own work: not its tool results, not its calls.
          const text = JSON.stringify(req.body.messages);
          expect(text).not.toContain('alpha-bravo-charlie');
          expect(text).not.toContain('toolu_notes');
          return reply([{ type: 'text', text: 'The subagent found XYZZY.' }]);
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'find the marker with a subagent', '--out', out], env(server));
    expect(r.code, r.stderr).toBe(0);
    expect(toolNames(server.requests[0])).toEqual(['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
    server.assertAllTurnsUsed();

    const records = readTranscript(join(out, 'transcript.jsonl'));
    const [agentCall] = callsOf(records);
    expect(agentCall).toMatchObject({ tool: 'Agent', status: 'ok', transcript: 'agents/toolu_agent.jsonl' });
    // The run's totals hold all four requests: the parent's two and the subagent's two.
    expect(endOf(records)).toMatchObject({ turns: 4, usage: { inputTokens: 4000, outputTokens: 400 } });
    expect(endOf(records)?.costUsd).toBeCloseTo(0.018, 9);

    const sub = readTranscript(join(out, 'agents', 'toolu_agent.jsonl'));
    expect(sub[0]).toMatchObject({ type: 'run_start', task, config: { agent: 'general-purpose', description: 'find the marker' } });
    expect(callsOf(sub).map((c) => [c.tool, c.status])).toEqual([['Read', 'ok'], ['Read', 'denied'], ['Agent', 'error']]);
    expect(callsOf(sub)[1]?.decision).toMatchObject({ behavior: 'deny', rule: 'Read(./private.txt)' });
    expect(endOf(sub)).toMatchObject({ outcome: { reason: 'completed' }, turns: 2, usage: { inputTokens: 2000, outputTokens: 200 } });

    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('### Subagents (1)');
    expect(renderedText(summary)).toContain('general-purpose | find the marker | completed, 2 turns, 3 tool calls (1 denied), $0.0090 | agents/toolu_agent.jsonl |');
    expect(summary).toContain('| completed | no_changes | 4 | ');
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')) as { tokens: { input: number }; turns: number };
    expect(result.tokens.input).toBe(4000);
  });

  it('a subagent\'s requests count against the run\'s max_turns: it stops at the run\'s limit, and so does the run', async () => {
    const repo = repoWithPolicy('version: 1\nagents:\n  looper:\n    description: Reads forever.\n    prompt: Keep reading.\n    max_turns: 10\n');
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        reply([{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'loop', prompt: 'read notes.txt forever', subagent_type: 'looper' } }]),
        reply([{ type: 'tool_use', id: 'toolu_r1', name: 'Read', input: { file_path: join(repo, 'notes.txt') } }]),
        reply([{ type: 'tool_use', id: 'toolu_r2', name: 'Read', input: { file_path: join(repo, 'notes.txt') } }]),
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--out', out, '--max-turns', '3'], env(server));
    expect(r.code).toBe(1);
    server.assertAllTurnsUsed();
    const records = readTranscript(join(out, 'transcript.jsonl'));
    const [agentCall] = callsOf(records);
    expect(agentCall).toMatchObject({ tool: 'Agent', status: 'error' });
    expect(agentCall?.error).toContain('The agent stopped before finishing (max_turns: the limit of 3 turns)');
    expect(endOf(records)).toMatchObject({ outcome: { reason: 'max_turns', limit: 3 }, turns: 3 });
  });

  it('runs the policy\'s named agents with their own prompt and tools (no wider than the run\'s); read-only ones run at the same time', async () => {
    const policy = [
      'version: 1',
      'permissions:',
      '  deny: ["Grep"]',
      'agents:',
      '  reviewer:',
      '    description: Reviews one file and reports problems.',
      '    prompt: You review code. Report problems only.',
      '    tools: [Read, Grep, Glob]',
      '    max_turns: 4',
      '',
    ].join('\n');
    const repo = repoWithPolicy(policy);
    const out = tempDir();
    // Each reviewer's first request is answered only once both have arrived: were they run one
    // after the other, the first would wait for the second and the run would fail.
    const arrived: Record<string, () => void> = {};
    const both = Promise.all(['a.txt', 'b.txt'].map((f) => new Promise<void>((resolve) => (arrived[f] = resolve))));
    const reviewer = async (req: MessagesRequest): Promise<ReplyTurn> => {
      const prompt = textOf(req.body.messages[0]?.content);
      const file = prompt.includes('a.txt') ? 'a.txt' : 'b.txt';
      expect(toolNames(req)).toEqual(['Glob', 'Read']);
      expect(JSON.stringify(req.body.system)).toContain('You review code. Report problems only.');
      arrived[file]?.();
      await both;
      return reply([{ type: 'text', text: `${file}: no problems.` }]);
    };
    server = await ModelServer.start({
      script: [
        (req) => {
          expect(JSON.stringify(req.body.tools?.find((t) => t.name === 'Agent'))).toContain('reviewer: Reviews one file and reports problems. (Tools: Glob, Read)');
          return reply([
            { type: 'tool_use', id: 'toolu_a', name: 'Agent', input: { description: 'review a', prompt: 'Review a.txt', subagent_type: 'reviewer' } },
            { type: 'tool_use', id: 'toolu_b', name: 'Agent', input: { description: 'review b', prompt: 'Review b.txt', subagent_type: 'reviewer' } },
            { type: 'tool_use', id: 'toolu_x', name: 'Agent', input: { description: 'nobody', prompt: 'x', subagent_type: 'nobody' } },
          ]);
        },
        reviewer,
        reviewer,
        (req) => {
          const results = lastToolResults(req.body);
          expect(results.map((x) => x.content)).toEqual(['a.txt: no problems.', 'b.txt: no problems.', 'There is no agent type "nobody". Available: general-purpose, reviewer.']);
          return reply([{ type: 'text', text: 'Both reviewed.' }]);
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'review a.txt and b.txt', '--out', out, '--request-idle-timeout', '20'], env(server));
    expect(r.code, r.stderr).toBe(0);
    server.assertAllTurnsUsed();
    for (const id of ['toolu_a', 'toolu_b']) expect(existsSync(join(out, 'agents', `${id}.jsonl`))).toBe(true);
    expect(readTranscript(join(out, 'agents', 'toolu_a.jsonl'))[0]).toMatchObject({ config: { agent: 'reviewer', maxTurns: 4, tools: ['Glob', 'Read'] } });
  });

  it('is not offered when the policy denies Agent', async () => {
    const repo = repoWithPolicy('version: 1\npermissions:\n  deny: ["Agent"]\n');
    server = await ModelServer.start({ script: [reply([{ type: 'text', text: 'ok' }])] });
    expect((await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--out', tempDir()], env(server))).code).toBe(0);
    expect(toolNames(server.requests[0])).not.toContain('Agent');
  });

  it('Agent(name) rules judge the agent type a call starts: a denied type is refused with the rule, others run', async () => {
    const repo = repoWithPolicy('version: 1\npermissions:\n  deny:\n    - { rule: "Agent(general-purpose)", reason: "only the reviewer may be delegated to" }\nagents:\n  reviewer:\n    description: Reviews.\n    prompt: Review.\n    tools: [Read]\n');
    server = await ModelServer.start({
      script: [
        reply([{ type: 'tool_use', id: 'toolu_gp', name: 'Agent', input: { description: 'anything', prompt: 'do it all' } }]),
        (req) => {
          const [denied] = lastToolResults(req.body);
          expect(denied?.is_error).toBe(true);
          expect(textOf(denied?.content)).toContain('Agent(general-purpose)');
          expect(textOf(denied?.content)).toContain('only the reviewer may be delegated to');
          return reply([{ type: 'tool_use', id: 'toolu_rv', name: 'Agent', input: { description: 'review', prompt: 'review notes.txt', subagent_type: 'reviewer' } }]);
        },
        reply([{ type: 'text', text: 'Looks fine.' }]),
        (req) => {
          expect(lastToolResults(req.body)[0]?.content).toBe('Looks fine.');
          return reply([{ type: 'text', text: 'Done.' }]);
        },
      ],
    });
    expect((await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--out', tempDir()], env(server))).code).toBe(0);
    server.assertAllTurnsUsed();
  });
});
