/**
 * The policy's hooks through whole runs: the real CLI, the scripted Messages API, the hooks run
 * by bubblewrap in the workspace. Each outcome of Claude Code's protocol once: allow (which never
 * beats a deny rule), deny by exit 2 and by JSON, a replaced input judged again, a crash, a bad
 * answer and a timeout (all deny), PostToolUse context and stop, and a bounded Stop continuation.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookRecord, ToolCallRecord, TranscriptRecord } from '../../src/runner/index.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer, type MessagesRequest, type ReplyTurn, type ScriptTurn } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

interface HookRun {
  code: number;
  repo: string;
  records: TranscriptRecord[];
  hooks: HookRecord[];
  calls: ToolCallRecord[];
}

/** A repository with this policy and these hook scripts (under hooks/), run against the script. */
async function runWithHooks(policy: string, scripts: Record<string, string>, script: ScriptTurn[]): Promise<HookRun> {
  const repo = makeTempRepo();
  mkdirSync(join(repo, '.github'));
  mkdirSync(join(repo, 'hooks'));
  writeFileSync(join(repo, '.github', 'warden.yml'), policy);
  for (const [name, text] of Object.entries(scripts)) writeFileSync(join(repo, 'hooks', name), text);
  const out = tempDir();
  server = await ModelServer.start({ script });
  const r = await runWarden(['run', '--cwd', repo, '--prompt', 'do it', '--transcript', join(out, 't.jsonl'), '--summary', join(out, 's.md')], {
    ANTHROPIC_API_KEY: 'sk-ant-test-hooks-0000',
    ANTHROPIC_BASE_URL: server.url,
  });
  const records = readTranscript(join(out, 't.jsonl'));
  return {
    code: r.code,
    repo,
    records,
    hooks: records.filter((x): x is HookRecord => x.type === 'hook'),
    calls: records.filter((x): x is ToolCallRecord => x.type === 'tool_call'),
  };
}

const bash = (id: string, command: string): ReplyTurn => ({ content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] });
const done: ReplyTurn = { content: [{ type: 'text', text: 'done' }] };
const preBash = (command: string, extra = ''): string => `  PreToolUse:\n    - matcher: "Bash"\n      hooks: [{ type: command, command: ${JSON.stringify(command)}${extra} }]\n`;

let server: ModelServer | undefined;
/** Outside the workspace and /tmp (private in the sandbox). */
const OUTSIDE = join(homedir(), `warden-hook-escape-${process.pid}.txt`);

describe('hooks in a run', () => {
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a PreToolUse "allow" lets the policy judge: an allowed call runs, a denied one stays denied; the hook got Claude Code\'s input in the sandbox', async () => {
    // Also tries to write outside the workspace: the sandbox stops it, as for any command.
    const allow = `touch ${OUTSIDE} 2>/dev/null; cat >&2; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine by me"}}'`;
    const run = await runWithHooks(
      `version: 1\npermissions:\n  allow: ["Bash(echo *)"]\n  deny: ["Bash(touch *)"]\nhooks:\n${preBash('bash hooks/allow.sh')}`,
      { 'allow.sh': allow },
      [
        bash('toolu_echo', 'echo ran-it'),
        (req) => {
          expect(JSON.stringify(lastToolResults(req.body)[0]?.content)).toContain('ran-it');
          return bash('toolu_touch', 'touch made.txt');
        },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBe(true);
          expect(JSON.stringify(result?.content)).toContain('Bash(touch *)');
          return done;
        },
      ],
    );
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => c.status)).toEqual(['ok', 'denied']);
    expect(run.calls[1]?.decision).toMatchObject({ behavior: 'deny', rule: 'Bash(touch *)' });
    expect(existsSync(join(run.repo, 'made.txt'))).toBe(false);
    expect(run.records.find((r) => r.type === 'run_start')).toMatchObject({ config: { processRunner: 'bwrap' } });
    expect(existsSync(OUTSIDE)).toBe(false);
    expect(run.hooks.map((h) => [h.event, h.matcher, h.outcome, h.exitCode])).toEqual([['PreToolUse', 'Bash', 'allow', 0], ['PreToolUse', 'Bash', 'allow', 0]]);
    const input = JSON.parse(run.hooks[0]?.stderr ?? '') as Record<string, unknown>;
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo ran-it' }, tool_use_id: 'toolu_echo', cwd: run.repo, permission_mode: 'dontAsk' });
    expect(typeof input.session_id).toBe('string');
    expect(String(input.transcript_path)).toMatch(/t\.jsonl$/);
  });

  it('exit 2 denies the call, stderr is the reason the model reads, and the command never runs', async () => {
    const run = await runWithHooks(`version: 1\npermissions:\n  allow: ["Bash(touch *)"]\nhooks:\n${preBash('echo "no new files in this job" >&2; exit 2')}`, {}, [
      bash('toolu_touch', 'touch made.txt'),
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBe(true);
        expect(JSON.stringify(result?.content)).toContain('no new files in this job');
        return done;
      },
    ]);
    expect(run.code).toBe(0);
    expect(existsSync(join(run.repo, 'made.txt'))).toBe(false);
    expect(run.calls[0]?.status).toBe('denied');
    expect(run.hooks[0]).toMatchObject({ outcome: 'deny', exitCode: 2, detail: 'no new files in this job' });
  });

  it('a JSON "deny" denies the call with its reason', async () => {
    const deny = 'echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"generated files are written by the build"}}\'';
    const run = await runWithHooks(
      'version: 1\npermissions:\n  allow: ["Write"]\nhooks:\n  PreToolUse:\n    - matcher: "Edit|Write"\n      hooks: [{ type: command, command: "bash hooks/deny.sh" }]\n',
      { 'deny.sh': deny },
      [
        { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'gen.txt', content: 'x' } }] },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBe(true);
          expect(JSON.stringify(result?.content)).toContain('generated files are written by the build');
          return done;
        },
      ],
    );
    expect(run.code).toBe(0);
    expect(existsSync(join(run.repo, 'gen.txt'))).toBe(false);
    expect(run.calls[0]).toMatchObject({ status: 'denied', decision: { behavior: 'deny', rule: null } });
  });

  it('a replaced input runs in place of the model\'s, and a replacement the policy denies is denied', async () => {
    // Rewrites `echo …` to `echo replaced`, and `echo swap` to a command no rule allows.
    const replace = `node -e '
      const input = JSON.parse(require("fs").readFileSync(0, "utf8")).tool_input;
      const command = input.command === "echo swap" ? "touch swapped.txt" : "echo replaced";
      console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { ...input, command } } }));'`;
    const run = await runWithHooks(`version: 1\npermissions:\n  allow: ["Bash(echo *)"]\nhooks:\n${preBash('bash hooks/replace.sh')}`, { 'replace.sh': replace }, [
      bash('toolu_one', 'echo original'),
      (req) => {
        const text = JSON.stringify(lastToolResults(req.body)[0]?.content);
        expect(text).toContain('replaced');
        expect(text).not.toContain('original');
        return bash('toolu_two', 'echo swap');
      },
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBe(true);
        expect(JSON.stringify(result?.content)).toContain('touch swapped.txt');
        return done;
      },
    ]);
    expect(run.code).toBe(0);
    expect(existsSync(join(run.repo, 'swapped.txt'))).toBe(false);
    expect(run.calls.map((c) => [c.status, c.input, c.modelInput])).toEqual([
      ['ok', { command: 'echo replaced' }, { command: 'echo original' }],
      ['denied', { command: 'touch swapped.txt' }, { command: 'echo swap' }],
    ]);
    expect(run.hooks.map((h) => h.outcome)).toEqual(['replace', 'replace']);
  });

  it('a hook that crashes, answers with something that is not a hook answer, or times out denies the call (fail closed)', async () => {
    const policy = [
      'version: 1',
      'permissions:',
      '  allow: ["Bash(echo *)"]',
      'hooks:',
      '  PreToolUse:',
      '    - matcher: "Bash"',
      '      hooks: [{ type: command, command: "bash hooks/pick.sh", timeout: 1 }]',
      '',
    ].join('\n');
    // Which failure depends on the command the hook is asked about.
    const pick = `input=$(cat)
case "$input" in
  *crash*) echo "boom" >&2; exit 1 ;;
  *babble*) echo "looks fine to me" ;;
  *schema*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}' ;;
  *slow*) sleep 30 ;;
esac`;
    const expectDenied = (req: MessagesRequest, text: string): void => {
      const result = lastToolResults(req.body)[0];
      expect(result?.is_error).toBe(true);
      expect(JSON.stringify(result?.content)).toContain(text);
    };
    const run = await runWithHooks(policy, { 'pick.sh': pick }, [
      bash('toolu_crash', 'echo crash'),
      (req) => {
        expectDenied(req, 'failed with exit code 1: boom');
        return bash('toolu_babble', 'echo babble');
      },
      (req) => {
        expectDenied(req, 'not JSON');
        return bash('toolu_schema', 'echo schema');
      },
      (req) => {
        expectDenied(req, 'permissionDecision');
        return bash('toolu_slow', 'echo slow');
      },
      (req) => {
        expectDenied(req, 'timed out after 1 s');
        return done;
      },
    ]);
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => c.status)).toEqual(['denied', 'denied', 'denied', 'denied']);
    expect(run.hooks.map((h) => [h.outcome, h.exitCode, h.timedOut])).toEqual([
      ['deny', 1, false],
      ['deny', 0, false],
      ['deny', 0, false],
      ['deny', null, true],
    ]);
  });

  it('PostToolUse context reaches the model with the next request; $WARDEN_HOOK_FILE names the file written', async () => {
    const post = 'echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PostToolUse\\",\\"additionalContext\\":\\"formatted $WARDEN_HOOK_FILE\\"}}"';
    const run = await runWithHooks(
      'version: 1\npermissions:\n  allow: ["Write"]\nhooks:\n  PostToolUse:\n    - matcher: "Edit|Write"\n      hooks: [{ type: command, command: "bash hooks/post.sh" }]\n',
      { 'post.sh': post },
      [
        { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'notes.txt', content: 'hello\n' } }] },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(result?.is_error).toBeUndefined();
          const text = JSON.stringify(result?.content);
          expect(text).toContain('<hook-context command=');
          expect(text).toMatch(/formatted \/\S+\/notes\.txt/);
          return done;
        },
      ],
    );
    expect(run.code).toBe(0);
    expect(readFileSync(join(run.repo, 'notes.txt'), 'utf8')).toBe('hello\n');
    expect(run.hooks).toEqual([expect.objectContaining({ event: 'PostToolUse', matcher: 'Edit|Write', outcome: 'context', tool: 'Write' })]);
  });

  it('PostToolUse "continue: false" stops the run after the call, with the hook\'s reason', async () => {
    const stop = 'echo \'{"continue":false,"stopReason":"the tests are red: stop here"}\'';
    const run = await runWithHooks(
      `version: 1\npermissions:\n  allow: ["Bash(echo *)"]\nhooks:\n  PostToolUse:\n    - matcher: "*"\n      hooks: [{ type: command, command: "bash hooks/stop.sh" }]\n`,
      { 'stop.sh': stop },
      // No second turn: a request after the stop would fail the server.
      [bash('toolu_echo', 'echo hi')],
    );
    expect(run.code).toBe(1);
    expect(run.calls.map((c) => c.status)).toEqual(['ok']);
    const end = run.records.find((r) => r.type === 'run_end');
    expect(end).toMatchObject({ outcome: { reason: 'aborted', why: expect.stringContaining('the tests are red: stop here') as unknown } });
  });

  it('a Stop hook sends the agent back to work once, with its reason; a second "block" ends the run (bounded)', async () => {
    // Always objects; says on stderr whether it already sent the agent back.
    const objector = `node -e '
      const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
      console.error("active=" + input.stop_hook_active + " last=" + input.last_assistant_message);
      console.log(JSON.stringify({ decision: "block", reason: "run the tests before finishing" }));'`;
    const run = await runWithHooks('version: 1\nhooks:\n  Stop:\n    - hooks: [{ type: command, command: "bash hooks/stop.sh" }]\n', { 'stop.sh': objector }, [
      { content: [{ type: 'text', text: 'first answer' }] },
      (req) => {
        const last = req.body.messages.at(-1);
        expect(last?.role).toBe('user');
        expect(JSON.stringify(last?.content)).toContain('run the tests before finishing');
        return { content: [{ type: 'text', text: 'second answer' }] };
      },
    ]);
    expect(run.code).toBe(0);
    expect(server?.requests).toHaveLength(2);
    expect(run.hooks.map((h) => [h.event, h.outcome, h.stderr])).toEqual([
      ['Stop', 'block', 'active=false last=first answer\n'],
      ['Stop', 'block', 'active=true last=second answer\n'],
    ]);
  });

  it('max_stop_continuations: 0 lets no Stop hook send the agent back', async () => {
    const block = 'echo \'{"decision":"block","reason":"again"}\'';
    const run = await runWithHooks('version: 1\nhooks:\n  max_stop_continuations: 0\n  Stop:\n    - hooks: [{ type: command, command: "bash hooks/stop.sh" }]\n', { 'stop.sh': block }, [done]);
    expect(run.code).toBe(0);
    expect(server?.requests).toHaveLength(1);
    expect(run.hooks.map((h) => h.outcome)).toEqual(['block']);
  });

  it('the agent cannot rewrite a hook script the policy runs: it is protected like the policy file, from Write and from commands', async () => {
    const guard = 'exit 0';
    const run = await runWithHooks(`version: 1\npermissions:\n  allow: ["Write", "Bash(echo *)"]\nhooks:\n${preBash('bash hooks/guard.sh')}`, { 'guard.sh': guard }, [
      // Read first: Write refuses a file it has not seen, and that must not be why it is refused here.
      { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'hooks/guard.sh' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'hooks/guard.sh', content: 'echo pwned\n' } }] },
      (req) => {
        const result = lastToolResults(req.body)[0];
        expect(result?.is_error).toBe(true);
        expect(JSON.stringify(result?.content)).toContain('a hook script the policy runs');
        return bash('toolu_echo', 'echo pwned > hooks/guard.sh');
      },
      (req) => {
        expect(lastToolResults(req.body)[0]?.is_error).toBe(true);
        return done;
      },
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(run.repo, 'hooks', 'guard.sh'), 'utf8')).toBe(guard);
  });
});
