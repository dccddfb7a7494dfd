import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionInvocation, readActionInputs } from '../../src/config/action-inputs.js';
import { EXAMPLE_DIR, makeTempRepo, tempDir } from '../support/temp-repo.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.js');

describe('the action, run the way the runner runs it', () => {
  it('turns inputs into a run and writes outputs and the job summary (dist/index.js, no arguments)', () => {
    const repo = makeTempRepo(join(EXAMPLE_DIR, 'repo'));
    const runnerTemp = tempDir();
    const outputFile = join(runnerTemp, 'output.txt');
    const summaryFile = join(runnerTemp, 'step-summary.md');
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    writeFileSync(join(runnerTemp, 'event.json'), JSON.stringify({ schedule: '0 4 * * *' }));
    const r = spawnSync(process.execPath, [DIST], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_ACTIONS: 'true',
        // A scheduled run: no actor to check, so no GitHub API is needed.
        GITHUB_EVENT_NAME: 'schedule',
        GITHUB_EVENT_PATH: join(runnerTemp, 'event.json'),
        GITHUB_REPOSITORY: 'octo-org/hello',
        GITHUB_WORKSPACE: repo,
        RUNNER_TEMP: runnerTemp,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        INPUT_PROMPT_FILE: join(EXAMPLE_DIR, 'task.md'),
        INPUT_MODEL: `replay:${join(EXAMPLE_DIR, 'scenario.jsonl')}`,
        INPUT_POLICY: join(EXAMPLE_DIR, 'policy.yml'),
        INPUT_ANTHROPIC_API_KEY: 'sk-ant-test-action-0123456789',
      },
    });
    expect(r.status).toBe(0);
    const outputs = readFileSync(outputFile, 'utf8');
    expect(outputs).toMatch(/outcome<<[^\n]+\ncompleted\n/);
    expect(outputs).toContain('src/slug.js');
    expect(readFileSync(summaryFile, 'utf8')).toContain('## Warden run: completed');
    expect(existsSync(join(runnerTemp, 'warden', 'outbox', 'transcript.jsonl'))).toBe(true);
    expect(existsSync(join(runnerTemp, 'warden', 'outbox', 'result.json'))).toBe(true);
    expect(readFileSync(join(repo, 'src', 'slug.js'), 'utf8')).toContain('/\\s+/g');
    // The key is registered with the runner for masking (a protocol line the runner consumes), and appears nowhere else.
    expect(r.stdout).toContain('::add-mask::sk-ant-test-action-0123456789');
    const log = (r.stdout + r.stderr).split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n');
    expect(log).not.toContain('sk-ant-test-action-0123456789');
    expect(readFileSync(join(runnerTemp, 'warden', 'outbox', 'transcript.jsonl'), 'utf8')).not.toContain('sk-ant-test-action-0123456789');
  });

  it('fails the step with a clear message on bad inputs', () => {
    const base = { PATH: process.env.PATH, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: makeTempRepo() };
    const both = spawnSync(process.execPath, [DIST], { encoding: 'utf8', env: { ...base, INPUT_PROMPT: 'a', INPUT_PROMPT_FILE: 'b' } });
    expect(both.status).toBe(2);
    expect(both.stdout).toContain('::error::warden: action inputs: give at most one of `prompt` or `prompt_file`');
    const outside = spawnSync(process.execPath, [DIST], { encoding: 'utf8', env: { ...base, INPUT_PROMPT: 'a' } });
    expect(outside.status).toBe(2);
    expect(outside.stdout).toContain('::error::warden: GITHUB_EVENT_NAME is not set: the action runs inside a GitHub Actions job');
    const event = join(tempDir(), 'event.json');
    writeFileSync(event, JSON.stringify({ schedule: '0 4 * * *' }));
    const noPrompt = spawnSync(process.execPath, [DIST], { encoding: 'utf8', env: { ...base, GITHUB_EVENT_NAME: 'schedule', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo-org/hello' } });
    expect(noPrompt.status).toBe(2);
    expect(noPrompt.stdout).toContain('::error::warden: the `schedule` event needs a `prompt` or `prompt_file` input');
  });

  it('maps inputs to run flags', () => {
    const inputs: Record<string, string> = { prompt: 'fix it', policy: '.github/p.yml', max_turns: '7', max_cost_usd: '1.5', anthropic_api_key: 'k' };
    const inv = actionInvocation(readActionInputs((n) => inputs[n] ?? ''), { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' }, { prompt: 'fix it', policyFromBase: false });
    expect(inv.args).toEqual(['--prompt', 'fix it', '--cwd', '/w', '--out', '/t/warden/outbox', '--policy', '.github/p.yml', '--max-turns', '7', '--max-cost-usd', '1.5']);
    // A pull request's run takes the policy from its base: no --policy from the working tree.
    expect(actionInvocation(readActionInputs((n) => inputs[n] ?? ''), { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' }, { prompt: 'fix it', policyFromBase: true }).args).not.toContain('--policy');
    expect(inv.env.ANTHROPIC_API_KEY).toBe('k');
    expect(inv.cwd).toBe('/w');
  });
});
