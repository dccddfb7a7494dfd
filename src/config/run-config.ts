import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { detectCi, type CiContext } from './ci-detect.js';
import { isZero, NUMBER_RANGES, parseNumber, type NumberRange } from './numbers.js';
import { parseFlags } from './parse-flags.js';
import { providerChoice, type ProviderChoice } from './provider-config.js';
import { providerModelId } from './provider-models.js';
import { secretValuesOf } from './secret-names.js';
import { UsageError } from './usage-error.js';
import { errorMessage, errorReason } from '../error-text.js';

export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_POLICY_FILE = '.github/warden.yml';
/** A CI job's budget: an hour, unless `--timeout` says otherwise (`--timeout 0`: no limit). */
export const DEFAULT_RUN_TIMEOUT_S = 3600;
export const DEFAULT_REQUEST_IDLE_TIMEOUT_S = 60;
export const DEFAULT_REQUEST_TIMEOUT_S = 600;

export type ModelChoice =
  /** `name`: the model's ID at the provider (Anthropic's names mapped for Bedrock and Vertex). */
  | { kind: 'api'; name: string; provider: ProviderChoice }
  /** Answers from a recorded transcript or scenario file (read and checked by the entry). */
  | { kind: 'replay'; file: string };

/** Everything a run needs, parsed once from flags and the environment. */
export interface RunConfig {
  prompt: string;
  cwd: string;
  model: ModelChoice;
  maxTurns: number;
  maxTokens: number;
  maxCostUsd: number | undefined;
  /** Wall-clock budget of the run; undefined: none (`--timeout 0`). */
  runTimeoutMs: number | undefined;
  /** No byte from the API for this long ends a request attempt (which is then retried). */
  requestIdleTimeoutMs: number;
  /** The longest one request attempt may take. */
  requestTimeoutMs: number;
  fallbackModel: string | undefined;
  transcriptPath: string;
  summaryPath: string | undefined;
  /** The outbox directory: result.json, summary.md, transcript.jsonl, changes.patch, review.json. */
  outDir: string;
  /**
   * How the user named each output, for messages about it: the transcript defaults into the
   * outbox, so a bad `--out` is reported as `--out`; a value from a variable is named by it.
   */
  outputNames: { transcript: string; summary: string; out: string };
  /** What started the run, for result.json and links back. */
  trigger: RunTrigger;
  /** The CI system running Warden, and what it says about the change under work. */
  ci: CiContext;
  /** --output-schema: the JSON Schema the final answer must satisfy (parsed JSON; compiled by the entry). */
  outputSchema: { file: string; schema: unknown } | undefined;
  /**
   * The run's own directory in TMPDIR (created by the entry): tool results too large for the
   * conversation (`resultsDir`), host git's snapshot, and the outbox unless --out is given.
   */
  runDir: string;
  resultsDir: string;
  dangerouslyAllowAll: boolean;
  /** The policy file: --policy, else .github/warden.yml in the workspace when it exists. */
  policyFile: string | undefined;
  toolTimeoutMs: number;
  /** Values that must never leave the process (redacted everywhere); the policy's secrets are added once it is loaded. */
  secretValues: string[];
  /** PATH of the host, for finding trusted programs such as git and rg. */
  hostPath: string;
  /** The runner's environment, handed to the sandbox, which passes on only an allow-list. */
  hostEnv: Readonly<Record<string, string | undefined>>;
}

export const RUN_OPTIONS = {
  prompt: { type: 'string' },
  'prompt-file': { type: 'string' },
  cwd: { type: 'string' },
  policy: { type: 'string' },
  model: { type: 'string' },
  provider: { type: 'string' },
  'max-turns': { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost-usd': { type: 'string' },
  timeout: { type: 'string' },
  'request-idle-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'fallback-model': { type: 'string' },
  transcript: { type: 'string' },
  summary: { type: 'string' },
  out: { type: 'string' },
  'output-schema': { type: 'string' },
  'tool-timeout': { type: 'string' },
  'dangerously-allow-all': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Every run option can also come from a `WARDEN_*` variable (`--max-turns` from WARDEN_MAX_TURNS),
 * so a CI system configures Warden the way it configures everything else; a flag wins over its
 * variable. Never `--dangerously-allow-all`: that stays a deliberate flag.
 */
const NOT_FROM_ENV = new Set(['help', 'dangerously-allow-all']);

export function envName(flag: string): string {
  return `WARDEN_${flag.toUpperCase().replace(/-/g, '_')}`;
}

function argsFromEnv(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const args: string[] = [];
  for (const [flag, spec] of Object.entries(RUN_OPTIONS)) {
    if (NOT_FROM_ENV.has(flag) || spec.type !== 'string') continue;
    const value = env[envName(flag)];
    const given = argv.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`));
    // --prompt and --prompt-file exclude each other: a flag for either wins over both variables.
    const promptGiven = (flag === 'prompt' || flag === 'prompt-file') && argv.some((a) => /^--prompt(-file)?(=|$)/.test(a));
    if (value !== undefined && value !== '' && !given && !promptGiven) args.push(`--${flag}=${value}`);
  }
  return args;
}

export function parseRunConfig(argv: string[], env: NodeJS.ProcessEnv, processCwd: string): RunConfig | 'help' {
  const fromEnv = argsFromEnv(argv, env);
  const named = (flag: string): string => (fromEnv.some((a) => a.startsWith(`${flag}=`)) ? `${envName(flag.slice(2))} (${flag})` : flag);
  try {
    const config = parseRunFlags([...fromEnv, ...argv], env, processCwd);
    if (config === 'help') return config;
    const { transcript, summary, out } = config.outputNames;
    const { model } = config;
    // A provider from WARDEN_PROVIDER is named by it in messages about its credentials.
    const provider = model.kind === 'api' && model.provider.named.startsWith('--provider') ? { ...model.provider, named: `${named('--provider')} ${model.provider.name}` } : undefined;
    return {
      ...config,
      ...(model.kind === 'api' && provider !== undefined ? { model: { ...model, provider } } : {}),
      outputNames: { transcript: named(transcript), summary: named(summary), out: named(out) },
    };
  } catch (err) {
    // A bad value that came from a variable is reported under the variable's name.
    const flag = err instanceof UsageError ? /^--([a-z-]+)/.exec(err.message)?.[1] : undefined;
    if (flag !== undefined && fromEnv.some((a) => a.startsWith(`--${flag}=`))) throw new UsageError(`${envName(flag)} (--${flag})${err instanceof Error ? err.message.slice(flag.length + 2) : ''}`);
    throw err;
  }
}

function parseRunFlags(argv: string[], env: NodeJS.ProcessEnv, processCwd: string): RunConfig | 'help' {
  const { values } = parseFlags({ args: argv, options: RUN_OPTIONS, allowPositionals: false }, 'run');
  if (values.help === true) return 'help';

  if ((values.prompt === undefined) === (values['prompt-file'] === undefined)) {
    throw new UsageError('give exactly one of --prompt TEXT or --prompt-file FILE');
  }
  const prompt = values.prompt ?? readText(resolve(processCwd, values['prompt-file'] ?? ''), '--prompt-file');
  if (prompt.trim() === '') throw new UsageError('the prompt is empty (--prompt / --prompt-file)');

  const cwd = workspace(resolve(processCwd, values.cwd ?? '.'));
  // Real path: host tools judge the real paths of what they open, and read back saved results from here.
  // Unique even for runs started in the same millisecond by one process (tests, embedders).
  const runDir = join(realpathSync(tmpdir()), `warden-${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const outDir = resolve(processCwd, values.out ?? join(runDir, 'outbox'));
  const ci = detectCi(env);
  const model = modelChoice(values.model ?? env.WARDEN_MODEL ?? DEFAULT_MODEL, values.provider, env, processCwd);
  return {
    prompt,
    cwd,
    model,
    maxTurns: numberFlag(values['max-turns'], '--max-turns', NUMBER_RANGES.turns) ?? 50,
    maxTokens: numberFlag(values['max-tokens'], '--max-tokens', NUMBER_RANGES.tokens) ?? 16_000,
    maxCostUsd: numberFlag(values['max-cost-usd'], '--max-cost-usd', NUMBER_RANGES.usd),
    runTimeoutMs: runTimeout(values.timeout),
    requestIdleTimeoutMs: secondsFlag(values['request-idle-timeout'], '--request-idle-timeout', NUMBER_RANGES.waitSeconds, DEFAULT_REQUEST_IDLE_TIMEOUT_S),
    requestTimeoutMs: secondsFlag(values['request-timeout'], '--request-timeout', NUMBER_RANGES.waitSeconds, DEFAULT_REQUEST_TIMEOUT_S),
    fallbackModel: values['fallback-model'] === undefined || model.kind !== 'api' ? values['fallback-model'] : wireModel(model.provider, values['fallback-model']),
    toolTimeoutMs: secondsFlag(values['tool-timeout'], '--tool-timeout', NUMBER_RANGES.toolSeconds, 120),
    // Written straight into the outbox unless asked for elsewhere (then copied in at the end).
    transcriptPath: resolve(processCwd, values.transcript ?? join(outDir, 'transcript.jsonl')),
    summaryPath: values.summary === undefined ? undefined : resolve(processCwd, values.summary),
    outDir,
    outputNames: { transcript: values.transcript === undefined ? '--out' : '--transcript', summary: '--summary', out: '--out' },
    trigger: triggerFrom(ci),
    ci,
    outputSchema: values['output-schema'] === undefined ? undefined : jsonFile(resolve(processCwd, values['output-schema']), '--output-schema'),
    runDir,
    resultsDir: join(runDir, 'tool-results'),
    dangerouslyAllowAll: values['dangerously-allow-all'] === true,
    policyFile: policyFile(values.policy, cwd, processCwd),
    secretValues: secretValuesOf(env),
    hostPath: env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    hostEnv: { ...env },
  };
}

/** What started the run, as result.json records it; the action's event reader adds the PR or issue. */
export interface RunTrigger {
  source: 'cli' | 'github' | 'gitlab' | 'ci';
  ci?: string;
  event?: string;
  repository?: string;
  number?: number;
  actor?: string;
  url?: string;
}

/** The trigger as the environment tells it, for a run refused before its flags were understood. */
export function runTriggerOf(env: NodeJS.ProcessEnv): RunTrigger {
  return triggerFrom(detectCi(env));
}

/**
 * The outbox directory the user named (--out, else WARDEN_OUT), read without parsing the rest of
 * the flags: an error in the rest still leaves its outbox there. Undefined when none is named.
 */
export function namedOutDir(argv: readonly string[], env: NodeJS.ProcessEnv, processCwd: string): string | undefined {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg === '--out') out = argv[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
  }
  out ??= env[envName('out')];
  return out === undefined || out === '' ? undefined : resolve(processCwd, out);
}

/** The model as result.json names it. */
export function modelName(model: ModelChoice): string {
  return model.kind === 'api' ? model.name : `replay:${model.file}`;
}

function triggerFrom(ci: CiContext): RunTrigger {
  if (ci.kind === 'none') return { source: 'cli' };
  const source = ci.kind === 'github' || ci.kind === 'gitlab' ? ci.kind : 'ci';
  return {
    source,
    ...(source === 'ci' ? { ci: ci.kind } : {}),
    ...(ci.event !== undefined ? { event: ci.event } : {}),
    ...(ci.repository !== undefined ? { repository: ci.repository } : {}),
    ...(ci.change !== undefined ? { number: ci.change } : {}),
    ...(ci.actor !== undefined ? { actor: ci.actor } : {}),
    ...(ci.url !== undefined ? { url: ci.url } : {}),
  };
}

function modelChoice(spec: string, provider: string | undefined, env: NodeJS.ProcessEnv, processCwd: string): ModelChoice {
  if (spec.startsWith('replay:')) {
    const file = resolve(processCwd, spec.slice('replay:'.length));
    if (!existsSync(file)) throw new UsageError(`--model replay:${file}: no such file`);
    return { kind: 'replay', file };
  }
  const chosen = providerChoice(provider, env, spec);
  return { kind: 'api', name: wireModel(chosen, spec), provider: chosen };
}

function wireModel(provider: ProviderChoice, model: string): string {
  return providerModelId(provider.name, model, provider.name === 'bedrock' ? provider.region : undefined);
}

function workspace(dir: string): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--cwd ${dir}: not a directory`);
  return realpathSync(dir);
}

function jsonFile(file: string, flag: string): { file: string; schema: unknown } {
  const text = readText(file, flag);
  try {
    return { file, schema: JSON.parse(text) as unknown };
  } catch (err) {
    throw new UsageError(`${flag} ${file}: not valid JSON (${errorMessage(err)})`);
  }
}

function readText(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} ${file}: cannot read (${errorReason(err)})`);
  }
}

function numberFlag(raw: string | undefined, flag: string, range: NumberRange): number | undefined {
  return raw === undefined ? undefined : parseNumber(raw, flag, range);
}

/** `--timeout`: seconds, default DEFAULT_RUN_TIMEOUT_S; 0 means no limit. */
function runTimeout(raw: string | undefined): number | undefined {
  if (raw !== undefined && isZero(raw)) return undefined;
  return secondsFlag(raw, '--timeout', NUMBER_RANGES.runSeconds, DEFAULT_RUN_TIMEOUT_S);
}

/** Seconds (fractions allowed) as whole milliseconds, at least 1. */
function secondsFlag(raw: string | undefined, flag: string, range: NumberRange, fallback: number): number {
  return Math.max(1, Math.round((numberFlag(raw, flag, range) ?? fallback) * 1000));
}

function policyFile(flag: string | undefined, cwd: string, processCwd: string): string | undefined {
  if (flag !== undefined) {
    const file = resolve(processCwd, flag);
    if (!existsSync(file)) throw new UsageError(`--policy ${file}: no such file`);
    return file;
  }
  const fallback = join(cwd, DEFAULT_POLICY_FILE);
  return existsSync(fallback) ? fallback : undefined;
}
