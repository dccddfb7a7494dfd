import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionInvocation } from '../../src/config/action-inputs.js';
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
    const r = spawnSync(process.execPath, [DIST], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_ACTIONS: 'true',
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
    const r = spawnSync(process.execPath, [DIST], { encoding: 'utf8', env: { PATH: process.env.PATH, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: tempDir() } });
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('::error::warden: action inputs: give exactly one of `prompt` or `prompt_file`');
  });

  it('maps inputs to run flags', () => {
    const inputs: Record<string, string> = { prompt: 'fix it', policy: '.github/p.yml', max_turns: '7', max_cost_usd: '1.5', anthropic_api_key: 'k' };
    const inv = actionInvocation((n) => inputs[n] ?? '', { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' });
    expect(inv.args).toEqual(['--prompt', 'fix it', '--cwd', '/w', '--out', '/t/warden/outbox', '--policy', '.github/p.yml', '--max-turns', '7', '--max-cost-usd', '1.5']);
    expect(inv.env.ANTHROPIC_API_KEY).toBe('k');
    expect(inv.cwd).toBe('/w');
  });
});
