import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, Scene, TOKEN } from '../support/github-scene.js';
import type { ScriptTurn } from '../support/model-server.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { schedulePayload } from '../support/webhook-payloads.js';
import { renderedText } from '../support/rendered-markdown.js';

const ESC = '\u001b';
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
  let scene: Scene | undefined;
  afterEach(async () => {
    await server?.close();
    await scene?.close();
    server = undefined;
    scene = undefined;
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
    // The summary on stdout is Markdown: the text renders as itself, and no line of it is a command.
    expect(renderedText(run.stdout)).toContain('::stop-commands::warden-stop');
    expect(run.stdout).toContain('::error::named.txt');
  });

  it('the action (dist/index.js, as a runner runs it): only Warden\'s own workflow commands reach the log', async () => {
    // Every input of action.yml as INPUT_* with its default, the GitHub stand-in, a real checkout;
    // a scheduled run takes its policy from the working tree.
    scene = await Scene.start({ base: { 'README.md': '# hello\n', '.github/warden.yml': POLICY }, script: script() });
    const r = await scene.run('schedule', schedulePayload('0 4 * * *'), { prompt: 'go' });
    const log = `${r.stdout}\n${r.stderr}`;
    expect(r.code).toBe(0);
    // Warden's own: masking the key and the token, written by @actions/core. Nothing else.
    expect(commandLines(log)).toEqual([`::add-mask::${API_KEY}`, `::add-mask::${TOKEN}`]);
    expect(renderedText(log)).toContain('::set-output name=outcome::completed');
    expect(r.outputs.outcome).toBe('completed');
    expect(r.outputs.verdict).toBe('changes');
    // The job summary is a file the runner renders, not reads for commands: the text is there as text.
    expect(renderedText(r.summary)).toContain('::stop-commands::warden-stop');
  });
});
