import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SILENT_LOGGER, createRedactor } from '../../src/log/index.js';
import { OUTBOX_FILES, readOutbox, type OutboxContentsRead } from '../../src/outbox/index.js';
import { createAllowAllDecider, isReadOnlyBashCommand } from '../../src/policy/index.js';
import { describeOutcome, markdownForTerminal } from '../../src/report/index.js';
import { createAnthropicClient, readTranscript, runTask } from '../../src/runner/index.js';
import type { AssistantRecord, RecordedOutcome, RunEndRecord, ToolCallRecord, TranscriptRecord } from '../../src/runner/index.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { createToolRegistry } from '../../src/tools/index.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { ChaosModel, type ChaosCounts } from './chaos-model.js';

export interface ChaosRunResult {
  via: ChaosRunOptions['via'];
  outcome: RecordedOutcome;
  /** The real entry's exit code; undefined for a run of runTask alone (no entry chose one). */
  exitCode: number | undefined;
  violations: string[];
  /** Calls that ran, calls held back by a broken response, responses kept after a break. */
  stats: { ran: number; heldBack: number; keptCut: number; retries: number };
}

export interface ChaosRunOptions {
  run: number;
  random: () => number;
  faultRate: number;
  counts: ChaosCounts;
  idleTimeoutMs: number;
  /** Some runs are given a short run timeout, to be stopped in the middle of things. */
  runTimeoutMs: number | undefined;
  /**
   * `runTask`: the loop as `warden run` wires it, with a short backoff passed in, checked on what
   * the loop leaves (transcript, side effects); `cli`: the real CLI entry in-process (flags,
   * policy, sandbox, host git, summary, outbox, exit code), with the default backoff, so slower.
   */
  via: 'runTask' | 'cli';
  /** For `cli`: commands in bubblewrap (the default), or the policy's `sandbox.mode: off`. */
  sandbox: boolean;
}

/**
 * One run against the scripted server with the real SDK client, real tools and processes — either
 * the loop alone or the whole `warden run` entry — then checks every invariant of issue 9 on what
 * it left behind. What only the entry makes (the summary, the outbox, the exit code) is checked
 * only on entry runs: the harness renders and chooses nothing itself.
 */
export async function chaosRun(options: ChaosRunOptions): Promise<ChaosRunResult> {
  // A plain directory for runTask: nothing there asks git. The entry's is a copy of one committed
  // repository (git init, add and commit per run would block every other run for their duration),
  // so what host git reports changed is the run's doing.
  const repo = tempDir('warden-chaos-repo-');
  if (options.via === 'cli') cpSync(templateRepo(), repo, { recursive: true });
  else writeFileSync(join(repo, 'README.md'), '# chaos run\n');
  const out = tempDir('warden-chaos-');
  const model = new ChaosModel(options.run, repo, options.random, options.faultRate, options.counts);
  const server = await ModelServer.start({ script: Array.from({ length: 400 }, () => model.respond), minCacheableTokens: 0, chunkSeed: options.run + 1 });
  const paths = { repo, out, transcript: join(out, 'transcript.jsonl'), summary: join(out, 'summary.md'), outbox: join(out, 'outbox') };
  const violations: string[] = [];
  let ended: { outcome: RecordedOutcome; exitCode: number | undefined } = { outcome: { reason: 'aborted', why: 'never ran' }, exitCode: undefined };
  try {
    ended = options.via === 'cli' ? await viaCli(options, server, paths) : await viaRunTask(options, server, paths);
  } catch (err) {
    violations.push(`the run threw: ${(err as Error).stack ?? String(err)}`);
  } finally {
    try {
      await server.close();
    } catch (err) {
      violations.push(`model server: ${(err as Error).message}`);
    }
  }
  const stats = { ran: 0, heldBack: 0, keptCut: 0, retries: 0 };
  check(violations, () => checkRun({ repo, transcriptPath: paths.transcript, model, outcome: ended.outcome, timeoutRun: options.runTimeoutMs !== undefined, stats }));
  if (options.via === 'cli') check(violations, () => checkEntryOutputs({ repo, transcriptPath: paths.transcript, summaryPath: paths.summary, outbox: paths.outbox, model, outcome: ended.outcome, exitCode: ended.exitCode }));
  return { via: options.via, ...ended, violations, stats };
}

let template: string | undefined;
function templateRepo(): string {
  if (template === undefined) {
    const seed = tempDir('warden-chaos-seed-');
    writeFileSync(join(seed, 'README.md'), '# chaos run\n');
    template = makeTempRepo(seed);
  }
  return template;
}

interface Paths {
  repo: string;
  out: string;
  transcript: string;
  summary: string;
  /** The CLI's --out (runTask alone writes no outbox, nor the summary: the entry does). */
  outbox: string;
}

async function viaRunTask(options: ChaosRunOptions, server: ModelServer, paths: Paths): Promise<{ outcome: RecordedOutcome; exitCode: undefined }> {
  const result = await runTask({
    prompt: 'Do the steps.',
    cwd: paths.repo,
    maxTurns: 40,
    maxTokens: 1000,
    maxCostUsd: undefined,
    runTimeoutMs: options.runTimeoutMs,
    toolTimeoutMs: 10_000,
    transcriptPath: paths.transcript,
    resultsDir: join(paths.out, 'results'),
    model: createAnthropicClient({ apiKey: 'sk-ant-chaos', model: 'claude-sonnet-4-6', baseURL: server.url, requestIdleTimeoutMs: options.idleTimeoutMs, requestTimeoutMs: 10_000 }),
    fallbackModel: undefined,
    decider: createAllowAllDecider(),
    processRunner: createDirectRunner({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: paths.out }),
    changedFiles: () => Promise.resolve(undefined),
    tools: createToolRegistry({ bash: { isReadOnlyCommand: isReadOnlyBashCommand } }),
    redact: createRedactor([]),
    logger: SILENT_LOGGER,
    signal: new AbortController().signal,
    notices: [],
    date: '2026-01-01',
    recovery: { backoffMs: () => 1 + Math.floor(options.random() * 4) },
  });
  return { outcome: result.outcome, exitCode: undefined };
}

async function viaCli(options: ChaosRunOptions, server: ModelServer, paths: Paths): Promise<{ outcome: RecordedOutcome; exitCode: number }> {
  const args = ['run', '--cwd', paths.repo, '--prompt', 'Do the steps.', '--transcript', paths.transcript, '--summary', paths.summary, '--out', paths.outbox, '--max-turns', '40', '--dangerously-allow-all'];
  if (!options.sandbox) {
    // The policy's explicit opt-out: bubblewrap's probe and one bwrap per command are most of an entry run's cost.
    writeFileSync(join(paths.out, 'policy.yml'), 'version: 1\nsandbox:\n  mode: off\n');
    args.push('--policy', join(paths.out, 'policy.yml'));
  }
  args.push('--request-idle-timeout', String(options.idleTimeoutMs / 1000), '--request-timeout', '10');
  if (options.runTimeoutMs !== undefined) args.push('--timeout', String(options.runTimeoutMs / 1000));
  const r = await runWarden(args, { ANTHROPIC_API_KEY: 'sk-ant-chaos-cli', ANTHROPIC_BASE_URL: server.url });
  const end = readTranscript(paths.transcript).findLast((x): x is RunEndRecord => x.type === 'run_end');
  return { outcome: end?.outcome ?? { reason: 'aborted', why: `no run_end (exit ${r.code}): ${r.stderr.slice(0, 300)}` }, exitCode: r.code };
}

function check(violations: string[], fn: () => string[]): void {
  try {
    violations.push(...fn());
  } catch (err) {
    violations.push(`check threw: ${(err as Error).message}`);
  }
}

interface CheckInput {
  repo: string;
  transcriptPath: string;
  model: ChaosModel;
  outcome: RecordedOutcome;
  timeoutRun: boolean;
  stats: ChaosRunResult['stats'];
}

function checkRun(c: CheckInput): string[] {
  const v: string[] = [];
  // The transcript parses line by line (readTranscript throws naming the line), in order, whole.
  const records: TranscriptRecord[] = readTranscript(c.transcriptPath);
  records.forEach((r, i) => {
    if (r.seq !== i + 1) v.push(`record ${i + 1} has seq ${r.seq}`);
  });
  if (records[0]?.type !== 'run_start') v.push('the transcript does not start with run_start');
  if (records.at(-1)?.type !== 'run_end') v.push('the transcript does not end with run_end');

  // Every tool_use is answered exactly once, and every tool_call answers a tool_use (no orphans).
  const uses = records.filter((r): r is AssistantRecord => r.type === 'assistant').flatMap((r) => r.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])));
  const calls = records.filter((r): r is ToolCallRecord => r.type === 'tool_call');
  const callIds = calls.map((r) => r.toolUseId);
  for (const id of uses) if (callIds.filter((x) => x === id).length !== 1) v.push(`tool_use ${id} answered ${callIds.filter((x) => x === id).length} times`);
  for (const id of callIds) if (!uses.includes(id)) v.push(`orphan tool_call ${id} (no tool_use in any assistant record)`);
  if (new Set(uses).size !== uses.length) v.push('a tool_use id appears twice');

  c.stats.ran = calls.filter((r) => r.startedAt !== null).length;
  c.stats.heldBack = calls.filter((r) => r.startedAt === null && r.status === 'cancelled').length;
  c.stats.keptCut = records.filter((r) => r.type === 'assistant' && r.cut !== undefined).length;
  c.stats.retries = records.filter((r) => r.type === 'model_retry').length;

  // No side effect twice, and none unreported.
  const marker = join(c.repo, 'marker.txt');
  const lines = existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter((l) => l !== '') : [];
  for (const action of c.model.plan) {
    const mine = calls.filter((r) => c.model.actionOf(r.toolUseId)?.k === action.k);
    const started = mine.filter((r) => r.startedAt !== null).length;
    const ok = mine.filter((r) => r.status === 'ok').length;
    if (action.kind === 'append') {
      const n = lines.filter((l) => l === action.tag).length;
      if (n > 1) v.push(`${action.tag} appended ${n} times`);
      if (n > started) v.push(`${action.tag} appended ${n} times but only ${started} call(s) started`);
      if (ok > 0 && n === 0) v.push(`${action.tag} reported ok but never appended`);
      if (ok > 1) v.push(`${action.tag} ran ok ${ok} times`);
    }
    if (action.kind === 'write') {
      const file = join(c.repo, `w-${action.k}.txt`);
      if (existsSync(file) && started === 0) v.push(`${file} written by no call that started`);
      if (ok > 0 && !existsSync(file)) v.push(`${file} reported written but missing`);
      if (ok > 1) v.push(`w-${action.k}.txt written ok ${ok} times`);
    }
    if (c.outcome.reason === 'completed' && ok === 0) v.push(`completed, but step ${action.k} (${action.kind}) never succeeded`);
  }
  for (const line of lines) if (!c.model.plan.some((a) => a.tag === line)) v.push(`unexpected marker line ${line}`);

  // A final answer sent whole as the last response must end the run as completed (unless a run timeout raced it).
  const lastAttempt = records.findLast((r) => r.type === 'model_request');
  // (Except when our own timeout ended that attempt: on a loaded machine a short idle timeout can
  // fire on a slow answer, as it would on a slow API; the run then ends as model_error, correctly.)
  const timedOut = lastAttempt?.type === 'model_request' && (lastAttempt.errorKind === 'idle_timeout' || lastAttempt.errorKind === 'request_timeout');
  if (c.model.lastWasCleanFinal && c.outcome.reason !== 'completed' && !c.timeoutRun && !timedOut) {
    v.push(`the last answer was a clean final one, yet the outcome is ${c.outcome.reason} (last attempt: ${JSON.stringify(lastAttempt)})`);
  }
  // A run that ends in model_error ends on a failed attempt the loop gave up on.
  if (c.outcome.reason === 'model_error' && (lastAttempt?.type !== 'model_request' || lastAttempt.error === undefined || lastAttempt.willRetry !== false)) v.push('model_error without a final failed attempt');
  return v;
}

interface EntryOutputs {
  repo: string;
  transcriptPath: string;
  summaryPath: string;
  outbox: string;
  model: ChaosModel;
  outcome: RecordedOutcome;
  exitCode: number | undefined;
}

/**
 * What the entry made of the run: the summary, the outbox (read back as a publish job reads it)
 * and the exit code all say the transcript's outcome, and the outbox holds what the run changed.
 */
function checkEntryOutputs(c: EntryOutputs): string[] {
  const v: string[] = [];
  const summary = existsSync(c.summaryPath) ? readFileSync(c.summaryPath, 'utf8') : undefined;
  if (summary === undefined) v.push('no summary');
  // The headline is Markdown that shows the outcome as written: its escapes and word joiners undone.
  else if (!markdownForTerminal(summary).replace(/\u2060/g, '').startsWith(`## Warden run: ${describeOutcome(c.outcome)}`)) v.push('the summary headline does not match the outcome');
  if (c.exitCode !== (c.outcome.reason === 'completed' ? 0 : 1)) v.push(`exit code ${String(c.exitCode)} for outcome ${c.outcome.reason}`);
  let outbox: OutboxContentsRead;
  try {
    outbox = readOutbox(c.outbox);
  } catch (err) {
    return [...v, `the outbox cannot be read: ${(err as Error).message}`];
  }
  const { result } = outbox;
  if (result.outcome.reason !== c.outcome.reason) v.push(`result.json says ${result.outcome.reason}, the transcript ${c.outcome.reason}`);
  else if (result.outcome.reason === 'completed' && result.outcome.finalText !== `All ${c.model.plan.length} steps are done.`) v.push(`result.json's final text is ${JSON.stringify(result.outcome.finalText)}`);
  if (summary !== undefined && outbox.summary !== summary) v.push('the outbox summary differs from --summary');
  if (readFileSync(join(c.outbox, OUTBOX_FILES.transcript), 'utf8') !== readFileSync(c.transcriptPath, 'utf8')) v.push('the outbox transcript differs from --transcript');
  // What the run changed, from host git: the marker and the written files, in the list and the patch.
  const changed = ['marker.txt', ...c.model.plan.map((a) => `w-${a.k}.txt`)].filter((f) => existsSync(join(c.repo, f)));
  for (const f of changed) {
    if (!result.filesChanged.includes(f)) v.push(`${f} changed but not in result.json's filesChanged`);
    if (!outbox.patch.toString('utf8').includes(`b/${f}`)) v.push(`${f} changed but not in changes.patch`);
  }
  if (result.verdict !== (changed.length > 0 ? 'changes' : 'no_changes')) v.push(`verdict ${result.verdict} with ${changed.length} file(s) changed: ${JSON.stringify(result.filesChanged)}`);
  return v;
}
