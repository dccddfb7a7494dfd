import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../support/model-server.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const ESC = '\u001b';
const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.js');
const HOSTILE = [
  '::set-output name=outcome::completed',
  '::add-mask::Done',
  '::stop-commands::warden-stop',
  '::error file=src/a.ts,line=1::forged annotation',
  '  ##[warning]legacy syntax',
  `${ESC}]0;retitled${'\u0007'}${ESC}[2J${ESC}[1Acleared the screen`,
].join('\n');

// A model that writes a file whose name and content are workflow commands, echoes them from a
// command, and ends with a report full of them.
const script = (): ScriptTurn[] => [
  { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: '::error::named.txt', content: `${HOSTILE}\n` } }] },
  { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: "cat '::error::named.txt'; printf '::warning::from printf\\n'" } }] },
  { content: [{ type: 'text', text: `Done.\n${HOSTILE}\n` }] },
];

const POLICY = 'version: 1\npermissions:\n  allow: ["Edit(**)", "Bash(cat *)", "Bash(printf *)"]\n';

/** Lines a GitHub runner would execute as workflow commands, and any escape character. */
function commandLines(text: string): string[] {
  return text.split('\n').filter((l) => /^\s*(::|##\[)/.test(l) || l.includes(ESC) || l.includes('\r'));
}

describe('nothing Warden prints acts on the terminal or the CI', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('the CLI: model text, tool output and file names are shown, never obeyed', async () => {
    const repo = makeTempRepo();
    const policy = join(tempDir(), 'policy.yml');
    writeFileSync(policy, POLICY);
    server = await ModelServer.start({ script: script(), minCacheableTokens: 0 });
    const run = await runWarden(['run', '--cwd', repo, '--policy', policy, '--prompt', 'go'], { ANTHROPIC_API_KEY: 'sk-ant-test-printed-0000', ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    // The model did get the raw tool output: neutralising is for people and runners, not the model.
    expect(JSON.stringify(server.requests[2]?.body.messages)).toContain('::warning::from printf');
    expect(commandLines(run.stdout)).toEqual([]);
    expect(commandLines(run.stderr)).toEqual([]);
    expect(run.stdout).toContain('[warden: not a command] ::stop-commands::warden-stop');
    expect(run.stdout).toContain('::error::named.txt');
  });

  it('the action (dist/index.js): only Warden\'s own workflow commands reach the log', async () => {
    const repo = makeTempRepo();
    const policy = join(tempDir(), 'policy.yml');
    writeFileSync(policy, POLICY);
    const runnerTemp = tempDir();
    const output = join(runnerTemp, 'output.txt');
    const stepSummary = join(runnerTemp, 'summary.md');
    writeFileSync(output, '');
    writeFileSync(stepSummary, '');
    // A scheduled run: the action reads its event, and a schedule has no actor to check through the API.
    writeFileSync(join(runnerTemp, 'event.json'), JSON.stringify({ schedule: '0 4 * * *' }));
    server = await ModelServer.start({ script: script(), minCacheableTokens: 0 });
    const child = spawn(process.execPath, [DIST], {
      env: {
        PATH: process.env.PATH,
        HOME: runnerTemp,
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'schedule',
        GITHUB_EVENT_PATH: join(runnerTemp, 'event.json'),
        GITHUB_REPOSITORY: 'octo-org/hello',
        GITHUB_WORKSPACE: repo,
        RUNNER_TEMP: runnerTemp,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: stepSummary,
        ANTHROPIC_BASE_URL: server.url,
        INPUT_PROMPT: 'go',
        INPUT_POLICY: policy,
        INPUT_ANTHROPIC_API_KEY: 'sk-ant-test-printed-action-0000',
      },
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    // Warden's own: masking the key, written by @actions/core. Nothing else.
    expect(commandLines(log)).toEqual(['::add-mask::sk-ant-test-printed-action-0000']);
    expect(log).toContain('[warden: not a command] ::set-output name=outcome::completed');
    expect(readFileSync(output, 'utf8')).toMatch(/outcome<<[^\n]+\ncompleted\n/);
    expect(readFileSync(output, 'utf8')).toMatch(/verdict<<[^\n]+\nchanges\n/);
  });
});
