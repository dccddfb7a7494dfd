import { join } from 'node:path';
import { UsageError } from './usage-error.js';

/** Reads one action input (`core.getInput`); passed in so this mapping stays pure and testable. */
export type InputReader = (name: string) => string;

export interface ActionInvocation {
  /** The equivalent `warden run` arguments. */
  args: string[];
  /** The environment the run sees: the runner's, with the API key input as ANTHROPIC_API_KEY. */
  env: NodeJS.ProcessEnv;
  /** The working directory the arguments are relative to. */
  cwd: string;
}

const NUMERIC: [input: string, flag: string][] = [
  ['max_turns', '--max-turns'],
  ['max_cost_usd', '--max-cost-usd'],
  ['timeout_seconds', '--timeout'],
];

/** Maps the action's inputs (action.yml) onto a `warden run` invocation. */
export function actionInvocation(read: InputReader, env: NodeJS.ProcessEnv): ActionInvocation {
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const out = join(env.RUNNER_TEMP ?? join(workspace, '..'), 'warden');
  const prompt = read('prompt');
  const promptFile = read('prompt_file');
  if ((prompt === '') === (promptFile === '')) throw new UsageError('action inputs: give exactly one of `prompt` or `prompt_file`');
  const args = prompt !== '' ? ['--prompt', prompt] : ['--prompt-file', promptFile];
  args.push('--cwd', workspace, '--out', join(out, 'outbox'));
  const policy = read('policy');
  if (policy !== '') args.push('--policy', policy);
  const outputSchema = read('output_schema');
  if (outputSchema !== '') args.push('--output-schema', outputSchema);
  const model = read('model');
  if (model !== '') args.push('--model', model);
  const fallback = read('fallback_model');
  if (fallback !== '') args.push('--fallback-model', fallback);
  for (const [input, flag] of NUMERIC) {
    const value = read(input);
    if (value !== '') args.push(flag, value);
  }
  const key = read('anthropic_api_key');
  return { args, env: key === '' ? env : { ...env, ANTHROPIC_API_KEY: key }, cwd: workspace };
}
