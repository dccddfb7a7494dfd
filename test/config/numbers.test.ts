import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionInvocation, readActionInputs } from '../../src/config/action-inputs.js';
import { detectCi } from '../../src/config/ci-detect.js';
import { NUMBER_RANGES } from '../../src/config/numbers.js';
import { envName, parseRunConfig, type RunConfig } from '../../src/config/run-config.js';
import { UsageError } from '../../src/config/usage-error.js';
import { PolicyError, parsePolicy } from '../../src/policy/index.js';
import { BASH_MAX_TIMEOUT_MS } from '../../src/tools/bash.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// Issue 31 item 6: every number a user gives — flag, WARDEN_* variable, action input, policy
// field — against the range it can really have, refused with the name the user wrote (exit 2).

/** The same hostile values for every number. */
const VALUES = ['0', '-1', '1.5', '2592000', '1e20', '100000000000000000000', 'Infinity', 'NaN', '10abc', '0x10', '+5', ' 5 ', ''] as const;
type Value = (typeof VALUES)[number];

/** What each option accepts of VALUES (and what it becomes in the RunConfig); everything else is refused. */
interface Spec {
  flag: string;
  field: keyof RunConfig;
  accepts: Partial<Record<Value, unknown>>;
}

const RUN_FLAGS: Spec[] = [
  { flag: 'max-turns', field: 'maxTurns', accepts: { ' 5 ': 5 } },
  { flag: 'max-tokens', field: 'maxTokens', accepts: { ' 5 ': 5 } },
  { flag: 'max-cost-usd', field: 'maxCostUsd', accepts: { ' 5 ': 5, '1.5': 1.5 } },
  // 0: no limit; 30 days fits the chained run timer.
  { flag: 'timeout', field: 'runTimeoutMs', accepts: { '0': undefined, ' 5 ': 5000, '1.5': 1500, '2592000': 2_592_000_000 } },
  { flag: 'request-idle-timeout', field: 'requestIdleTimeoutMs', accepts: { ' 5 ': 5000, '1.5': 1500 } },
  { flag: 'request-timeout', field: 'requestTimeoutMs', accepts: { ' 5 ': 5000, '1.5': 1500 } },
  { flag: 'tool-timeout', field: 'toolTimeoutMs', accepts: { ' 5 ': 5000 } },
];

const repo = makeTempRepo();
const KEY = { ANTHROPIC_API_KEY: 'sk-ant-test-numbers' };

function parse(argv: string[], env: NodeJS.ProcessEnv): RunConfig {
  const config = parseRunConfig(['--prompt', 'go', '--cwd', repo, ...argv], { ...KEY, ...env }, repo);
  if (config === 'help') throw new Error('unexpected help');
  return config;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

const cases = RUN_FLAGS.flatMap((spec) => VALUES.map((value) => [spec.flag, value, spec] as const));

describe('run flags', () => {
  it.each(cases)('--%s=%j', (flag, value, spec) => {
    if (value in spec.accepts) expect(parse([`--${flag}=${value}`], {})[spec.field]).toBe(spec.accepts[value]);
    else expect(refusal(() => parse([`--${flag}=${value}`], {}))).toBe(`--${flag} ${JSON.stringify(value)}: ${refusalTail(flag)}`);
  });

  it('a value after a space, too (the form most people type)', () => {
    expect(refusal(() => parse(['--request-timeout', '2592000'], {}))).toBe('--request-timeout "2592000": expected a number of seconds from 0.001 to 86400');
    expect(parse(['--request-timeout', '86400'], {}).requestTimeoutMs).toBe(86_400_000);
  });
});

describe('WARDEN_* variables', () => {
  it.each(cases)('%s=%j', (flag, value, spec) => {
    const env = { [envName(flag)]: value };
    // An empty variable is an unset one: the default applies.
    if (value === '') expect(parse([], env)[spec.field]).toBe(parse([], {})[spec.field]);
    else if (value in spec.accepts) expect(parse([], env)[spec.field]).toBe(spec.accepts[value]);
    else expect(refusal(() => parse([], env))).toBe(`${envName(flag)} (--${flag}) ${JSON.stringify(value)}: ${refusalTail(flag)}`);
  });
});

const INPUTS: [input: string, flag: string][] = [
  ['max_turns', 'max-turns'],
  ['max_cost_usd', 'max-cost-usd'],
  ['timeout_seconds', 'timeout'],
];

describe('action inputs', () => {
  const invoke = (input: string, value: string): string[] =>
    actionInvocation(readActionInputs((n) => ({ prompt: 'go', anthropic_api_key: 'k', [input]: value })[n] ?? ''), { GITHUB_WORKSPACE: repo, RUNNER_TEMP: tempDir() }, { prompt: 'go', policyFromBase: false }).args;

  it.each(INPUTS.flatMap(([input, flag]) => VALUES.map((value) => [input, value, flag] as const)))('%s: %j', (input, value, flag) => {
    const spec = RUN_FLAGS.find((s) => s.flag === flag);
    if (spec === undefined) throw new Error(flag);
    if (value === '') expect(invoke(input, value)).not.toContain(`--${flag}`);
    else if (value in spec.accepts) {
      const args = invoke(input, value);
      expect(args.slice(args.indexOf(`--${flag}`))).toEqual([`--${flag}`, value.trim()]);
      // And the run reads what the action passed as the input meant.
      expect(parse(args.slice(args.indexOf(`--${flag}`)), {})[spec.field]).toBe(spec.accepts[value]);
    } else expect(refusal(() => invoke(input, value))).toBe(`action inputs: \`${input}\` ${JSON.stringify(value)}: ${refusalTail(flag)}`);
  });
});

describe('warden sandbox exec --timeout', () => {
  it.each(VALUES.filter((v) => !['1.5', ' 5 '].includes(v)))('%j is refused before anything runs', async (value) => {
    const r = await runWarden(['sandbox', 'exec', `--timeout=${value}`, '--', 'true'], {}, repo);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`warden: --timeout ${JSON.stringify(value)}: expected a number of seconds from 0.001 to 86400\n`);
  });
});

describe('policy numbers', () => {
  // YAML's own numbers: 0x10 is YAML for 16, `.inf` and `.nan` its infinity and NaN.
  const YAML_VALUES: [text: string, accepted: boolean][] = [
    ['0', false], ['-1', false], ['1.5', false], ['1e20', false], ['100000000000000000000', false], ['.inf', false], ['.nan', false],
    ["'10abc'", false], ["' 5 '", false], ["''", false], ['0x10', true], ['5', true],
  ];
  const policyWith = (field: string, text: string): string => `version: 1\npublish:\n  ${field}: ${text}\n`;

  it.each(['max_files', 'max_bytes'].flatMap((field) => YAML_VALUES.map(([text, ok]) => [field, text, ok] as const)))('publish.%s: %s', async (field, text, ok) => {
    const file = join(tempDir(), 'warden.yml');
    writeFileSync(file, policyWith(field, text));
    const load = parsePolicy(policyWith(field, text), file, { homeDir: tempDir(), root: repo });
    if (ok) await expect(load).resolves.toBeDefined();
    else {
      const err = await load.then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(PolicyError);
      expect((err as Error).message).toContain(`publish.${field}`);
    }
  });

  it('each at the top of its range is accepted and one past it refused', async () => {
    for (const [field, max] of [['max_files', NUMBER_RANGES.files.max], ['max_bytes', NUMBER_RANGES.bytes.max]] as const) {
      await expect(parsePolicy(policyWith(field, String(max)), 'p.yml', { homeDir: tempDir(), root: repo })).resolves.toBeDefined();
      await expect(parsePolicy(policyWith(field, String(max + 1)), 'p.yml', { homeDir: tempDir(), root: repo })).rejects.toThrow(PolicyError);
    }
  });
});

describe('numbers read from the CI', () => {
  it('a change number past 2^53 is no change number (result.json holds whole numbers only)', () => {
    expect(detectCi({ JENKINS_URL: 'https://ci.example', CHANGE_ID: '100000000000000000000' }).change).toBeUndefined();
    expect(detectCi({ JENKINS_URL: 'https://ci.example', CHANGE_ID: '42' }).change).toBe(42);
  });
});

describe('the ranges are what the timers and tools can hold', () => {
  it('a request or command timer stays inside one Node timer; the tool timeout is what Bash can honour', () => {
    // The SDK's own timer is armed for the request timeout plus a second.
    expect(NUMBER_RANGES.waitSeconds.max * 1000 + 1000).toBeLessThan(2 ** 31 - 1);
    expect(NUMBER_RANGES.toolSeconds.max * 1000).toBe(BASH_MAX_TIMEOUT_MS);
    // The run timer is chained (long-timer.ts): past one Node timer on purpose.
    expect(NUMBER_RANGES.runSeconds.max * 1000).toBeGreaterThan(2 ** 31 - 1);
  });

  it('docs/ci.md states the ranges as they are', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'ci.md'), 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(`\`--request-timeout\` and \`--request-idle-timeout\` up to ${NUMBER_RANGES.waitSeconds.max} s`);
    expect(doc).toContain(`\`--tool-timeout\` ${NUMBER_RANGES.toolSeconds.max} s`);
    expect(doc).toContain(`\`--timeout\` ${NUMBER_RANGES.runSeconds.max / 86_400} days or 0 for none`);
    expect(doc).toContain(`\`--max-turns\` ${NUMBER_RANGES.turns.max}`);
  });
});

function refusalTail(flag: string): string {
  const tails: Record<string, string> = {
    'max-turns': 'expected a whole number of turns from 1 to 10000',
    'max-tokens': 'expected a whole number of tokens from 1 to 1000000',
    'max-cost-usd': 'expected a number of US dollars from 0.000001 to 100000',
    timeout: 'expected a number of seconds from 0.001 to 3024000',
    'request-idle-timeout': 'expected a number of seconds from 0.001 to 86400',
    'request-timeout': 'expected a number of seconds from 0.001 to 86400',
    'tool-timeout': 'expected a whole number of seconds from 1 to 600',
  };
  return tails[flag] ?? '';
}
