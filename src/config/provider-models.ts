import type { ProviderName } from './provider-config.js';

/**
 * Anthropic's model names → each cloud's own IDs, as Claude Code maps them. A name not in the
 * table is passed as given, so a provider's own ID (`us.anthropic.claude-…-v1:0`,
 * `claude-…@2025…`, an inference-profile ARN, a Foundry deployment) always works.
 * Bedrock's dated models are reached through cross-region inference profiles (`us.`, `eu.`,
 * `apac.`, chosen from AWS_REGION): Bedrock refuses on-demand calls to their bare IDs.
 */
const TABLE: [names: readonly string[], bedrock: string, vertex: string][] = [
  [['claude-opus-4-6'], 'anthropic.claude-opus-4-6-v1', 'claude-opus-4-6'],
  [['claude-sonnet-4-6'], 'anthropic.claude-sonnet-4-6', 'claude-sonnet-4-6'],
  [['claude-opus-4-5', 'claude-opus-4-5-20251101'], 'anthropic.claude-opus-4-5-20251101-v1:0', 'claude-opus-4-5@20251101'],
  [['claude-haiku-4-5', 'claude-haiku-4-5-20251001'], 'anthropic.claude-haiku-4-5-20251001-v1:0', 'claude-haiku-4-5@20251001'],
  [['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'], 'anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5@20250929'],
  [['claude-opus-4-1', 'claude-opus-4-1-20250805'], 'anthropic.claude-opus-4-1-20250805-v1:0', 'claude-opus-4-1@20250805'],
  [['claude-opus-4-0', 'claude-opus-4-20250514'], 'anthropic.claude-opus-4-20250514-v1:0', 'claude-opus-4@20250514'],
  [['claude-sonnet-4-0', 'claude-sonnet-4-20250514'], 'anthropic.claude-sonnet-4-20250514-v1:0', 'claude-sonnet-4@20250514'],
  [['claude-3-7-sonnet-latest', 'claude-3-7-sonnet-20250219'], 'anthropic.claude-3-7-sonnet-20250219-v1:0', 'claude-3-7-sonnet@20250219'],
  [['claude-3-5-haiku-latest', 'claude-3-5-haiku-20241022'], 'anthropic.claude-3-5-haiku-20241022-v1:0', 'claude-3-5-haiku@20241022'],
];

/** The ID the provider knows the model by. Anthropic and Foundry take Anthropic's names. */
export function providerModelId(provider: ProviderName, model: string, awsRegion?: string): string {
  if (provider === 'anthropic' || provider === 'foundry') return model;
  const row = TABLE.find(([names]) => names.includes(model));
  if (row === undefined) return model;
  return provider === 'vertex' ? row[2] : `${inferenceGeography(awsRegion)}.${row[1]}`;
}

/** The inference profile's geography for an AWS region: us-east-1 → us, eu-west-1 → eu, ap-… → apac. */
function inferenceGeography(region: string | undefined): string {
  const prefix = (region ?? '').split('-')[0];
  if (prefix === 'eu') return 'eu';
  if (prefix === 'ap') return 'apac';
  return prefix === 'us' ? 'us' : 'global';
}
