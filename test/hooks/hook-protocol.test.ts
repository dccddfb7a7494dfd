import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { answerFor, type HookEnd } from '../../src/hooks/hook-protocol.js';
import { hookShellCommand, readHookOutput } from '../../src/hooks/hook-shell.js';

// Claude Code's hook protocol as Warden reads it (strictly: PreToolUse fails closed), and the
// wrapper that carries a hook's stdin, stdout, stderr and exit code through one command line.

const exited = (exitCode: number, stdout = '', stderr = ''): HookEnd => ({ kind: 'exited', output: { exitCode, stdout, stderr } });
const pre = (json: unknown): HookEnd => exited(0, JSON.stringify(json));
const specific = (fields: Record<string, unknown>): unknown => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

describe('the hook protocol', () => {
  it.each<[string, HookEnd, unknown]>([
    ['exit 0, nothing printed: no opinion', exited(0), { outcome: 'none' }],
    ['exit 0, allow: the policy still judges', pre(specific({ permissionDecision: 'allow' })), { outcome: 'allow' }],
    ['exit 2: deny, stderr the reason', exited(2, '', 'not on main\n'), { outcome: 'deny', reason: 'not on main' }],
    ['exit 2 with an allow on stdout: still deny', exited(2, JSON.stringify(specific({ permissionDecision: 'allow' })), 'no'), { outcome: 'deny', reason: 'no' }],
    ['JSON deny with its reason', pre(specific({ permissionDecision: 'deny', permissionDecisionReason: 'use make' })), { outcome: 'deny', reason: 'use make' }],
    ['legacy decision block', pre({ decision: 'block', reason: 'old style' }), { outcome: 'deny', reason: 'old style' }],
    ['ask: nobody to ask in CI', pre(specific({ permissionDecision: 'ask' })), { outcome: 'deny', reason: expect.stringContaining('no one to ask') as unknown }],
    ['updatedInput replaces the input', pre(specific({ updatedInput: { command: 'ls' } })), { outcome: 'replace', input: { command: 'ls' } }],
    ['deny beats a replacement', pre(specific({ permissionDecision: 'deny', updatedInput: { command: 'ls' } })), { outcome: 'deny', reason: expect.any(String) as unknown }],
    ['continue false: deny and stop', pre({ continue: false, stopReason: 'enough' }), { outcome: 'deny', reason: 'enough', stop: 'enough' }],
    ['exit 1: deny (crash)', exited(1, '', 'boom'), { outcome: 'deny', reason: 'the hook failed with exit code 1: boom' }],
    ['plain text: deny', exited(0, 'all good'), { outcome: 'deny', reason: expect.stringContaining('not JSON') as unknown }],
    ['an unknown key: deny', pre({ permissionDecision: 'allow' }), { outcome: 'deny', reason: expect.stringContaining('permissionDecision') as unknown }],
    ['another event\'s output: deny', pre({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }), { outcome: 'deny', reason: expect.stringContaining('hookEventName') as unknown }],
    ['a timeout: deny', { kind: 'timed_out', seconds: 5 }, { outcome: 'deny', reason: 'the hook timed out after 5 s' }],
    ['an unreadable result: deny', { kind: 'unreadable', why: 'output too long' }, { outcome: 'deny', reason: expect.stringContaining('output too long') as unknown }],
  ])('PreToolUse: %s', (_what, end, expected) => {
    expect(answerFor('PreToolUse', end)).toEqual(expected);
  });

  it.each<[string, HookEnd, unknown]>([
    ['additionalContext', exited(0, JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'lint: 2 warnings' } })), { outcome: 'context', context: 'lint: 2 warnings' }],
    ['decision block: its reason for the model', exited(0, JSON.stringify({ decision: 'block', reason: 'tests fail' })), { outcome: 'context', context: 'tests fail' }],
    ['exit 2: stderr for the model', exited(2, '', 'formatted 3 files'), { outcome: 'context', context: 'formatted 3 files' }],
    ['continue false: stop', exited(0, JSON.stringify({ continue: false, stopReason: 'red' })), { outcome: 'stop', stop: 'red' }],
    ['plain text: a log line', exited(0, 'formatted'), { outcome: 'none' }],
    ['a crash: recorded, nothing changes', exited(3), { outcome: 'error', reason: 'the hook failed with exit code 3' }],
  ])('PostToolUse: %s', (_what, end, expected) => {
    expect(answerFor('PostToolUse', end)).toEqual(expected);
  });

  it.each<[string, HookEnd, unknown]>([
    ['decision block with a reason: back to work', exited(0, JSON.stringify({ decision: 'block', reason: 'run the tests' })), { outcome: 'block', reason: 'run the tests' }],
    ['decision block without a reason: an error', exited(0, JSON.stringify({ decision: 'block' })), { outcome: 'error', reason: expect.stringContaining('without a reason') as unknown }],
    ['exit 2: back to work with stderr', exited(2, '', 'lint first'), { outcome: 'block', reason: 'lint first' }],
    ['a timeout: the run ends as it would', { kind: 'timed_out', seconds: 1 }, { outcome: 'error', reason: expect.any(String) as unknown }],
  ])('Stop: %s', (_what, end, expected) => {
    expect(answerFor('Stop', end)).toEqual(expected);
  });
});

describe('the hook wrapper', () => {
  const nonce = '0123456789abcdef0123456789abcdef';

  it('hands the hook its stdin as written and gives back stdout, stderr and the exit code apart', () => {
    const input = JSON.stringify({ tool_input: { command: `echo '$HOME' "\`id\`" \\n WARDEN_HOOK_${nonce}` } });
    const command = hookShellCommand({ command: 'cat; echo "file=$WARDEN_HOOK_FILE" >&2; exit 7', input, env: { WARDEN_HOOK_FILE: "/w/it's.txt" }, nonce });
    let output = '';
    try {
      execFileSync('bash', ['-c', command], { encoding: 'utf8' });
    } catch (error) {
      output = (error as { stdout: string }).stdout;
    }
    expect(readHookOutput(`warden sandbox: a note\n${output}`, nonce)).toEqual({ exitCode: 7, stdout: `${input}\n`, stderr: "file=/w/it's.txt\n" });
  });

  it('reads nothing when the markers are not there whole', () => {
    expect(readHookOutput(`\n${nonce}:0:aGk=:`, nonce)).toBeNull();
    expect(readHookOutput('', nonce)).toBeNull();
  });
});
