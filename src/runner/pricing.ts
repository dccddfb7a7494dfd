import type { Usage } from './messages.js';

/** US dollars per million tokens. Cache writes (5-minute) cost 1.25× input, reads 0.1×. */
interface Price {
  input: number;
  output: number;
}

// Matched by prefix, longest first; a model not listed has no price (cost reported as unknown).
const PRICES: [prefix: string, price: Price][] = [
  ['claude-opus-4-1', { input: 15, output: 75 }],
  ['claude-opus-4-0', { input: 15, output: 75 }],
  ['claude-opus-4-20250514', { input: 15, output: 75 }],
  ['claude-opus', { input: 5, output: 25 }],
  ['claude-sonnet', { input: 3, output: 15 }],
  ['claude-3-7-sonnet', { input: 3, output: 15 }],
  ['claude-haiku-4', { input: 1, output: 5 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
];

/** The API's web search: $10 per 1,000 searches, on top of the tokens its results add. */
export const WEB_SEARCH_USD = 10 / 1000;

/**
 * Bedrock's and Vertex's IDs name the same models (`us.anthropic.claude-sonnet-4-5-…-v1:0`,
 * `claude-sonnet-4-5@20250929`) and are priced as Anthropic lists them: the clouds' list prices
 * for Claude match Anthropic's, apart from surcharges this table does not model (regional
 * endpoints, provisioned throughput). An ARN or a deployment name has no price.
 */
function anthropicName(model: string): string {
  return model.replace(/^(?:[a-z]{2,6}\.)?anthropic\./, '');
}

export function priceFor(providerModel: string): Price | undefined {
  const model = anthropicName(providerModel);
  const entry = PRICES.filter(([prefix]) => model.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
  return entry?.[1];
}

/** Cost of the given usage in USD, or null when the model has no known price. */
export function costUsd(model: string, usage: Usage): number | null {
  const price = priceFor(model);
  if (price === undefined) return null;
  const perToken = (perMillion: number): number => perMillion / 1_000_000;
  return (
    usage.inputTokens * perToken(price.input) +
    usage.cacheWriteTokens * perToken(price.input * 1.25) +
    usage.cacheReadTokens * perToken(price.input * 0.1) +
    usage.outputTokens * perToken(price.output) +
    (usage.webSearchRequests ?? 0) * WEB_SEARCH_USD
  );
}
