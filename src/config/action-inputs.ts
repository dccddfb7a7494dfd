import { join } from 'node:path';
import { isZero, NUMBER_RANGES, parseNumber, type NumberRange } from './numbers.js';
import { PUSH_MODES, type PublishNarrowing, type PushMode } from './publish-config.js';
import { DEFAULT_MODEL, envName, parseRunConfig, type RunConfig } from './run-config.js';
import { UsageError } from './usage-error.js';
import { parseAppInputs, type AppInputs } from './app-inputs.js';

/** Reads one action input (`core.getInput`); passed in so this mapping stays pure and testable. */
export type InputReader = (name: string) => string;

/** The inputs of action.yml, read once. Empty strings mean "not given". */
export interface ActionInputs {
  prompt: string;
  promptFile: string;
  policy: string;
  /** A JSON Schema file the final answer must match (`--output-schema`). */
  outputSchema: string;
  anthropicApiKey: string;
  /** anthropic, bedrock, vertex or foundry (`--provider`); empty: anthropic. */
  provider: string;
  model: string;
  fallbackModel: string;
  maxTurns: string;
  maxCostUsd: string;
  timeoutSeconds: string;
  /** For the API (trust checks, comment thread) and for fetching a pull request's head. */
  githubToken: string;
  /** A comment (or review, or issue) must contain this as a word to start a run. */
  triggerPhrase: string;
  /** `issues: labeled` starts a run only for this label. */
  labelTrigger: string;
  /** Bot accounts allowed to trigger a run, lower-case, without the `[bot]` suffix. */
  allowedBots: string[];
  /** What the inputs ask of delivery; each may only narrow the policy's `publish:` section. */
  publish: PublishNarrowing;
  /** The identity commits are made with (a runner has none). */
  commitAuthor: { name: string; email: string };
  /** A follow-up request continues from the previous run's summary kept in the sticky comment (default true). */
  continue: boolean;
  /** A GitHub App whose installation token replaces `githubToken` (its pushes start workflows). */
  app: AppInputs | undefined;
  /** A failed CI run on Warden's own commit starts nothing once Warden pushed this many fix commits in a row. */
  maxFixAttempts: number;
}

export const DEFAULT_COMMIT_AUTHOR = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };

export const DEFAULT_TRIGGER_PHRASE = '@warden';

export function readActionInputs(read: InputReader): ActionInputs {
  const prompt = read('prompt');
  const promptFile = read('prompt_file');
  if (prompt !== '' && promptFile !== '') throw new UsageError('action inputs: give at most one of `prompt` or `prompt_file`');
  // The runner passes action.yml's defaults; these are for callers that do not.
  const triggerPhrase = read('trigger_phrase').trim() || DEFAULT_TRIGGER_PHRASE;
  return {
    prompt,
    promptFile,
    policy: read('policy'),
    outputSchema: read('output_schema'),
    anthropicApiKey: read('anthropic_api_key'),
    provider: read('provider').trim(),
    model: read('model'),
    fallbackModel: read('fallback_model'),
    maxTurns: read('max_turns'),
    maxCostUsd: read('max_cost_usd'),
    timeoutSeconds: read('timeout_seconds'),
    githubToken: read('github_token'),
    triggerPhrase,
    labelTrigger: read('label_trigger').trim(),
    allowedBots: parseBotList(read('allowed_bots')),
    publish: {
      comment: optionalBoolean(read('comment'), 'comment'),
      review: optionalBoolean(read('review'), 'review'),
      push: optionalPush(read('push')),
      commitSigning: optionalBoolean(read('commit_signing'), 'commit_signing'),
    },
    commitAuthor: parseAuthor(read('commit_author')),
    continue: optionalBoolean(read('continue'), 'continue', 'true') ?? true,
    app: parseAppInputs(read),
    maxFixAttempts: parseFixAttempts(read('max_fix_attempts')),
  };
}

/** `max_fix_attempts`: a whole number 0–20; empty: 2. */
function parseFixAttempts(raw: string): number {
  const v = raw.trim();
  if (v === '') return 2;
  if (!/^\d+$/.test(v) || Number(v) > 20) throw new UsageError(`action inputs: \`max_fix_attempts\` is ${JSON.stringify(raw)}; expected a whole number from 0 to 20`);
  return Number(v);
}

function optionalBoolean(raw: string, name: string, empty = 'the policy decides'): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new UsageError(`action inputs: \`${name}\` is ${JSON.stringify(raw)}; expected true, false or nothing (${empty})`);
}

function optionalPush(raw: string): PushMode | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if ((PUSH_MODES as readonly string[]).includes(v)) return v as PushMode;
  throw new UsageError(`action inputs: \`push\` is ${JSON.stringify(raw)}; expected ${PUSH_MODES.join(', ')} or nothing (the policy decides)`);
}

/** `Name <email>`; empty: Warden's bot identity. */
export function parseAuthor(raw: string): { name: string; email: string } {
  if (raw.trim() === '') return DEFAULT_COMMIT_AUTHOR;
  const m = /^\s*([^<>\n]+?)\s*<([^\s<>@]+@[^\s<>@]+)>\s*$/.exec(raw);
  if (m === null) throw new UsageError(`action inputs: \`commit_author\` is ${JSON.stringify(raw)}; expected "Name <email@example.com>"`);
  return { name: m[1] ?? '', email: m[2] ?? '' };
}

/** `dependabot, renovate[bot]` → `['dependabot', 'renovate']`. A wildcard is refused: name each bot. */
export function parseBotList(raw: string): string[] {
  const names = raw.split(/[\s,]+/).map((n) => n.trim().toLowerCase()).filter((n) => n !== '');
  for (const name of names) {
    if (name.includes('*')) throw new UsageError('action inputs: `allowed_bots` does not take wildcards; name each bot (any App could otherwise start runs)');
    if (!/^[a-z0-9][a-z0-9-]*(\[bot\])?$/.test(name)) throw new UsageError(`action inputs: \`allowed_bots\`: ${JSON.stringify(name)} is not a bot login`);
  }
  return [...new Set(names.map((n) => n.replace(/\[bot\]$/, '')))];
}

export interface ActionInvocation {
  /** The equivalent `warden run` arguments. */
  args: string[];
  /** The environment the run sees: the runner's, with the API key input as ANTHROPIC_API_KEY. */
  env: NodeJS.ProcessEnv;
  /** The working directory the arguments are relative to. */
  cwd: string;
}

export interface ResolvedTask {
  /** The full task text: the prompt (or the triggering comment) plus the event's context. */
  prompt: string;
  /**
   * Whether the policy comes from a trusted commit (a pull request's base) rather than the
   * working tree: then no `--policy` is passed, the entry loads it.
   */
  policyFromBase: boolean;
}

/** The numeric inputs, their flags and ranges: checked here, so a bad one is reported by the input's name. */
const NUMERIC: [key: 'maxTurns' | 'maxCostUsd' | 'timeoutSeconds', input: string, flag: string, range: NumberRange][] = [
  ['maxTurns', 'max_turns', '--max-turns', NUMBER_RANGES.turns],
  ['maxCostUsd', 'max_cost_usd', '--max-cost-usd', NUMBER_RANGES.usd],
  ['timeoutSeconds', 'timeout_seconds', '--timeout', NUMBER_RANGES.runSeconds],
];

/** The directory the action writes under (the outbox is `outbox/` in it). */
export function actionOutputDir(env: NodeJS.ProcessEnv): string {
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  return join(env.RUNNER_TEMP ?? join(workspace, '..'), 'warden');
}

/** Maps the action's inputs (action.yml) and the resolved task onto a `warden run` invocation. */
export function actionInvocation(inputs: ActionInputs, env: NodeJS.ProcessEnv, task: ResolvedTask): ActionInvocation {
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const out = actionOutputDir(env);
  if (task.prompt.trim() === '') throw new UsageError('action inputs: the task is empty (give `prompt` or `prompt_file`)');
  const args = ['--prompt', task.prompt];
  args.push('--cwd', workspace, '--out', join(out, 'outbox'));
  if (inputs.policy !== '' && !task.policyFromBase) args.push('--policy', inputs.policy);
  if (inputs.outputSchema !== '') args.push('--output-schema', inputs.outputSchema);
  if (inputs.provider !== '') args.push('--provider', inputs.provider);
  if (inputs.model !== '') args.push('--model', inputs.model);
  if (inputs.fallbackModel !== '') args.push('--fallback-model', inputs.fallbackModel);
  for (const [key, input, flag, range] of NUMERIC) {
    const value = inputs[key].trim();
    if (value === '') continue;
    // timeout_seconds: 0 is "no limit", as for --timeout.
    if (!(key === 'timeoutSeconds' && isZero(value))) parseNumber(inputs[key], `action inputs: \`${input}\``, range);
    args.push(flag, value);
  }
  const key = inputs.anthropicApiKey;
  const model = inputs.model.trim() || env[envName('model')] || DEFAULT_MODEL;
  // Other providers take their cloud's credentials from the environment (checked with the run's configuration).
  const provider = inputs.provider || env[envName('provider')] || 'anthropic';
  if (provider === 'anthropic' && key === '' && (env.ANTHROPIC_API_KEY ?? '') === '' && !model.startsWith('replay:')) {
    throw new UsageError(
      `action inputs: \`anthropic_api_key\` is empty, and the model ${model} needs an Anthropic API key: pass it from a secret ` +
        '(`anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}`; a workflow started from a fork is given no secrets)',
    );
  }
  return { args, env: key === '' ? env : { ...env, ANTHROPIC_API_KEY: key }, cwd: workspace };
}

/** The flags the action passes for its inputs: an error about one is told by the input's name. */
const INPUT_OF_FLAG: Record<string, string> = {
  '--policy': 'policy',
  '--output-schema': 'output_schema',
  '--model': 'model',
  '--provider': 'provider',
  '--fallback-model': 'fallback_model',
  '--max-turns': 'max_turns',
  '--max-cost-usd': 'max_cost_usd',
  '--timeout': 'timeout_seconds',
};

/** `parseRunConfig` for the action: a usage error names the input the user wrote, not the flag it became. */
export function actionRunConfig(invocation: ActionInvocation): RunConfig | 'help' {
  try {
    const config = parseRunConfig(invocation.args, invocation.env, invocation.cwd);
    if (config === 'help' || config.model.kind !== 'api' || !invocation.args.includes('--provider')) return config;
    // Messages about the provider's credentials name the input the user wrote.
    const provider = { ...config.model.provider, named: `the \`provider\` input (${config.model.provider.name})` };
    return { ...config, model: { ...config.model, provider } };
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const flag = /^(--[a-z-]+)[ :]/.exec(err.message)?.[1];
    const input = flag === undefined ? undefined : INPUT_OF_FLAG[flag];
    if (input === undefined) throw err;
    throw new UsageError(`action inputs: \`${input}\`${err.message.slice(flag?.length ?? 0)}`);
  }
}
