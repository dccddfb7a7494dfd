import { describe, expect, it } from 'vitest';
import { parseRunConfig, type RunConfig } from '../../src/config/run-config.js';
import { UsageError } from '../../src/config/usage-error.js';
import { makeTempRepo } from '../support/temp-repo.js';

// The run's and each request's time limits, as flags parse them (issue 9: every wait is bounded).

const repo = makeTempRepo();
const env = { ANTHROPIC_API_KEY: 'sk-ant-test-config' };
function parse(...flags: string[]): RunConfig {
  const config = parseRunConfig(['--prompt', 'go', '--cwd', repo, ...flags], env, repo);
  if (config === 'help') throw new Error('unexpected help');
  return config;
}

describe('time limits', () => {
  it.each<[string[], Partial<RunConfig>]>([
    [[], { runTimeoutMs: 3_600_000, requestIdleTimeoutMs: 60_000, requestTimeoutMs: 600_000 }],
    [['--timeout', '0'], { runTimeoutMs: undefined }],
    [['--timeout', '90'], { runTimeoutMs: 90_000 }],
    [['--timeout', '2147484'], { runTimeoutMs: 2_147_484_000 }],
    [['--request-idle-timeout', '0.25'], { requestIdleTimeoutMs: 250 }],
    [['--request-timeout', '30'], { requestTimeoutMs: 30_000 }],
  ])('%j', (flags, expected) => {
    expect(parse(...flags)).toMatchObject(expected);
  });

  it.each([
    ['--request-idle-timeout', '0'],
    ['--request-timeout', '0'],
    ['--request-timeout', 'soon'],
    ['--timeout', '-1'],
    ['--timeout', '1e3'],
  ])('%s %s is a usage error', (flag, value) => {
    expect(() => parse(flag, value)).toThrow(UsageError);
  });
});
