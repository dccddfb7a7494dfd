import { describe, expect, it } from 'vitest';
import { actionInvocation, actionRunConfig, readActionInputs } from '../../src/config/action-inputs.js';
import { providerModelId } from '../../src/config/provider-models.js';
import { parseRunConfig, type RunConfig } from '../../src/config/run-config.js';
import { SECRET_ENV_NAMES } from '../../src/config/secret-names.js';
import { UsageError } from '../../src/config/usage-error.js';
import { priceFor } from '../../src/runner/pricing.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const repo = makeTempRepo();
const BEDROCK_ENV = { AWS_REGION: 'us-west-2', AWS_ACCESS_KEY_ID: 'AKIA0', AWS_SECRET_ACCESS_KEY: 's' };

function parse(args: string[], env: NodeJS.ProcessEnv): RunConfig {
  const config = parseRunConfig(['--prompt', 'go', '--cwd', repo, ...args], env, repo);
  if (config === 'help') throw new Error('help');
  return config;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error('not refused');
}

describe('model names per provider', () => {
  it.each<[provider: 'anthropic' | 'bedrock' | 'vertex' | 'foundry', model: string, region: string | undefined, id: string]>([
    ['anthropic', 'claude-sonnet-4-5', undefined, 'claude-sonnet-4-5'],
    ['foundry', 'claude-sonnet-4-5', undefined, 'claude-sonnet-4-5'],
    ['bedrock', 'claude-sonnet-4-5', 'us-east-1', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['bedrock', 'claude-sonnet-4-5-20250929', 'eu-central-1', 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['bedrock', 'claude-haiku-4-5', 'ap-northeast-1', 'apac.anthropic.claude-haiku-4-5-20251001-v1:0'],
    ['bedrock', 'claude-opus-4-1', 'sa-east-1', 'global.anthropic.claude-opus-4-1-20250805-v1:0'],
    ['vertex', 'claude-sonnet-4-5', undefined, 'claude-sonnet-4-5@20250929'],
    ['vertex', 'claude-opus-4-0', undefined, 'claude-opus-4@20250514'],
    // The provider's own IDs, and names the table does not know, are passed as given.
    ['bedrock', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'us-east-1', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0'],
    ['bedrock', 'arn:aws:bedrock:us-east-1:123:application-inference-profile/abc', 'us-east-1', 'arn:aws:bedrock:us-east-1:123:application-inference-profile/abc'],
    ['vertex', 'claude-haiku-4-5@20251001', undefined, 'claude-haiku-4-5@20251001'],
  ])('%s %s (%s) → %s', (provider, model, region, id) => {
    expect(providerModelId(provider, model, region)).toBe(id);
  });

  it('the model and the fallback model reach the run under the provider\'s IDs', () => {
    const config = parse(['--provider', 'bedrock', '--model', 'claude-sonnet-4-5', '--fallback-model', 'claude-haiku-4-5'], BEDROCK_ENV);
    expect(config.model).toMatchObject({ kind: 'api', name: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', provider: { name: 'bedrock', region: 'us-west-2' } });
    expect(config.fallbackModel).toBe('us.anthropic.claude-haiku-4-5-20251001-v1:0');
  });

  it.each([
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 3],
    ['anthropic.claude-opus-4-1-20250805-v1:0', 15],
    ['claude-haiku-4-5@20251001', 1],
    ['claude-sonnet-4-5', 3],
  ])('%s is priced as Anthropic lists it ($%s per million input tokens)', (model, input) => {
    expect(priceFor(model)?.input).toBe(input);
  });
});

describe('choosing a provider', () => {
  it('anthropic is the default; WARDEN_PROVIDER chooses another, and --provider wins over it', () => {
    expect(parse([], { ANTHROPIC_API_KEY: 'k' }).model).toMatchObject({ provider: { name: 'anthropic' } });
    expect(parse([], { ...BEDROCK_ENV, WARDEN_PROVIDER: 'bedrock' }).model).toMatchObject({ provider: { name: 'bedrock', named: 'WARDEN_PROVIDER (--provider) bedrock' } });
    expect(parse(['--provider', 'foundry'], { WARDEN_PROVIDER: 'bedrock', ANTHROPIC_FOUNDRY_API_KEY: 'f', ANTHROPIC_FOUNDRY_RESOURCE: 'r' }).model).toMatchObject({ provider: { name: 'foundry', named: '--provider foundry', resource: 'r' } });
  });

  it('Foundry takes its resource or a base URL, not both', () => {
    expect(refusal(() => parse(['--provider', 'foundry'], { ANTHROPIC_FOUNDRY_API_KEY: 'f', ANTHROPIC_FOUNDRY_RESOURCE: 'r', ANTHROPIC_FOUNDRY_BASE_URL: 'http://x' }))).toMatch(/^--provider foundry: set exactly one of ANTHROPIC_FOUNDRY_RESOURCE/);
  });

  it('in the action: the `provider` input becomes --provider, other providers need no Anthropic key, and a refusal names the input', () => {
    const inputs = (values: Record<string, string>) => readActionInputs((n) => ({ prompt: 'go', ...values })[n] ?? '');
    const invoke = (values: Record<string, string>, env: NodeJS.ProcessEnv) => actionInvocation(inputs(values), { GITHUB_WORKSPACE: repo, RUNNER_TEMP: tempDir(), ...env }, { prompt: 'go', policyFromBase: false });
    const ok = invoke({ provider: 'vertex' }, { CLOUD_ML_REGION: 'us-east5', ANTHROPIC_VERTEX_PROJECT_ID: 'p' });
    expect(ok.args).toContain('--provider');
    const config = actionRunConfig(ok);
    expect(config !== 'help' && config.model.kind === 'api' ? config.model.provider.named : '').toBe('the `provider` input (vertex)');
    expect(refusal(() => actionRunConfig(invoke({ provider: 'bedrock' }, {})))).toMatch(/^action inputs: `provider` bedrock: AWS_REGION is not set/);
    expect(refusal(() => invoke({}, {}))).toMatch(/`anthropic_api_key` is empty/);
  });

  it('every provider credential is a secret name: never passed into the sandbox, always redacted', () => {
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK', 'GOOGLE_APPLICATION_CREDENTIALS', 'ANTHROPIC_FOUNDRY_API_KEY']) {
      expect(SECRET_ENV_NAMES).toContain(name);
    }
  });
});
