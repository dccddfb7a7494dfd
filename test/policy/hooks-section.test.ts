import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { convertClaudeSettings, formatIssue, hookMatches, parsePolicy } from '../../src/policy/index.js';
import { makeFixture, rejectionOf } from './policy-fixture.js';

// `hooks:` in the policy: Claude Code's settings shape, loaded as written; anything Warden would not
// run (another event, another hook type, a bad matcher, a timeout out of range) refused at its line.

const fx = makeFixture();
const FILE = path.join(fx.ws, '.github', 'warden.yml');

async function problems(yaml: string): Promise<string[]> {
  return (await rejectionOf(fx, FILE, yaml)).map((i) => formatIssue(i));
}

describe('hooks in the policy', () => {
  it('loads the three events as written, timeouts in milliseconds (default 60 s), at most one Stop continuation by default', async () => {
    const policy = await parsePolicy(
      [
        'version: 1',
        'hooks:',
        '  PreToolUse:',
        '    - matcher: "Bash|Write"',
        '      hooks: [{ type: command, command: "hooks/check.sh", timeout: 10 }]',
        '  PostToolUse:',
        '    - matcher: "Edit|Write"',
        '      hooks: [{ type: command, command: "npx prettier --write \\"$WARDEN_HOOK_FILE\\"" }]',
        '  Stop: [{ hooks: [{ type: command, command: "hooks/final-check.sh" }] }]',
        '',
      ].join('\n'),
      FILE,
      { homeDir: fx.home },
    );
    expect(policy.hooks).toEqual({
      PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ command: 'hooks/check.sh', timeoutMs: 10_000 }] }],
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ command: 'npx prettier --write "$WARDEN_HOOK_FILE"', timeoutMs: 60_000 }] }],
      Stop: [{ matcher: '', hooks: [{ command: 'hooks/final-check.sh', timeoutMs: 60_000 }] }],
      maxStopContinuations: 1,
    });
  });

  it.each([
    ['an event Warden does not run', 'hooks:\n  SessionStart:\n    - hooks: [{ type: command, command: x }]', /warden\.yml:3:3: unknown key "SessionStart" under hooks; expected one of: PreToolUse, PostToolUse, Stop, max_stop_continuations$/],
    ['a hook type other than command', 'hooks:\n  PreToolUse:\n    - hooks: [{ type: prompt, command: x }]', /warden\.yml:4:23: hooks\.PreToolUse\[0\]\.hooks\[0\]\.type: got string "prompt"; expected "command"/],
    ['a hook without a command', 'hooks:\n  PostToolUse:\n    - hooks: [{ type: command }]', /hooks\.PostToolUse\[0\]\.hooks\[0\]\.command: missing/],
    ['a group without hooks', 'hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks: []', /hooks\.PreToolUse\[0\]\.hooks/],
    ['a timeout beyond 600 s', 'hooks:\n  PreToolUse:\n    - hooks: [{ type: command, command: x, timeout: 601 }]', /hooks\.PreToolUse\[0\]\.hooks\[0\]\.timeout: .*600/],
    ['a matcher that is not a regular expression', 'hooks:\n  PreToolUse:\n    - matcher: "Bash("\n      hooks: [{ type: command, command: x }]', /warden\.yml:4:16: hooks\.PreToolUse\[0\]\.matcher: "Bash\(" is not a valid regular expression/],
    ['a matcher on Stop', 'hooks:\n  Stop:\n    - matcher: Bash\n      hooks: [{ type: command, command: x }]', /hooks\.Stop\[0\]\.matcher: got string "Bash"/],
    ['more than one Stop continuation', 'hooks:\n  max_stop_continuations: 2', /hooks\.max_stop_continuations: .*1/],
  ])('refuses %s, naming the field', async (_what, yaml, expected) => {
    expect(await problems(`version: 1\n${yaml}\n`)).toEqual([expect.stringMatching(expected)]);
  });

  it.each([
    ['', 'Bash', true],
    ['*', 'mcp__notes__add', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'NotebookEdit', false],
    ['mcp__notes__.*', 'mcp__notes__add', true],
    ['mcp__notes__.*', 'mcp__other__add', false],
    ['^(Read|Grep)$', 'Grep', true],
  ])('matcher %j on %s: %s (as Claude Code matches)', (matcher, tool, matches) => {
    expect(hookMatches(matcher, tool)).toBe(matches);
  });

  it('import-claude-settings converts hooks instead of dropping them, and says what does not carry over', async () => {
    const settings = {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh', timeout: 30 }] }],
        PostToolUse: [
          { matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: 'npx prettier --write', timeout: 3600 }, { type: 'prompt', prompt: 'review it' }] },
          { matcher: 'Bash(', hooks: [{ type: 'command', command: 'x' }] },
        ],
        Stop: [{ matcher: '', hooks: [{ type: 'command', command: 'make check' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }],
      },
    };
    const { yaml, warnings } = convertClaudeSettings(JSON.stringify(settings));
    expect(parse(yaml)).toMatchObject({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh', timeout: 30 }] }],
        PostToolUse: [{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: 'npx prettier --write', timeout: 600 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'make check' }] }],
      },
    });
    expect(warnings).toEqual([
      expect.stringMatching(/hooks\.PostToolUse\[0\]\.hooks\[0\]\.timeout: 3600 s is outside 1–600; 600 s/),
      expect.stringMatching(/hooks\.PostToolUse\[0\]\.hooks\[1\]: only command hooks run in Warden \("prompt"\); dropped/),
      expect.stringMatching(/hooks\.PostToolUse\[1\]\.matcher: "Bash\(" is not a valid regular expression/),
      expect.stringMatching(/hooks\.SessionStart: Warden runs only PreToolUse, PostToolUse, Stop hooks; dropped/),
      expect.stringMatching(/hooks run inside the sandbox/),
    ]);
    // What comes out loads.
    const policy = await parsePolicy(yaml, FILE, { homeDir: fx.home });
    expect(policy.hooks?.PreToolUse[0]?.hooks[0]?.timeoutMs).toBe(30_000);
  });
});
