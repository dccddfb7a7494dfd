// Warden vs Claude Code 2.1.332 on two scenarios: the reference one (reference-scenario.mjs, 23
// requests) and a long one (long-scenario.mjs, 44 requests: re-reads, noisy test and lint output).
// The same scripted tool calls, each harness on its own fresh copy of the repo and its own scripted
// server whose prompt-cache simulation uses the real 1024-token floor. Prints tokens sent, the share
// served from cache, the effective input cost (uncached + 1.25 × cache writes + 0.1 × cache reads,
// the API's prices relative to uncached input), the fixed prompt, wall and harness time.
// Aims: effective input cost at most 0.45× Claude Code's on each scenario, with the same or fewer
// requests and the task done; Warden's uncached input at most half of Claude Code's; at least 90%
// of Warden's input served from cache.
// Usage: node bench/claude-code-compare.mjs [runs=3] [reference|long]  (both scenarios by default)
import { cacheTotals, loadModelServer, MODEL_DELAYS, modelTimeMs, requireLib } from './support/model-server.mjs';
import { CLAUDE_CODE_FLAGS, CLAUDE_CODE_VERSION, ensureClaudeCode, runClaudeCode, runWarden, wardenEntry } from './support/harness-runs.mjs';
import * as referenceScenario from './reference-scenario.mjs';
import * as longScenario from './long-scenario.mjs';

requireLib();
const RUNS = Number(process.argv[2] ?? 3);
const SCENARIOS = [
  { name: 'reference', module: referenceScenario },
  { name: 'long', module: longScenario },
].filter((s) => process.argv[3] === undefined || s.name === process.argv[3]);
const COST_AIM = 0.45;
const { ModelServer, estimateInputTokens } = await loadModelServer();

/** What the API charges for a request's input, in uncached-token equivalents. */
const effectiveCost = (t) => t.input + 1.25 * t.write + 0.1 * t.read;

/** One run of one harness: fresh repo, fresh server, then every check we can make afterwards. */
async function measure(scenario, label, start) {
  const { prepareRepo, buildScenario, checkRepo, fileToolErrors, resultCharsByTool, TASK } = scenario;
  const repo = prepareRepo(label);
  const script = buildScenario(repo, MODEL_DELAYS);
  const server = await ModelServer.start({ script, minCacheableTokens: 1024 });
  const problems = [];
  let run;
  try {
    run = await start({ repo, url: server.url, task: TASK });
  } finally {
    await server.close().catch((err) => problems.push(String(err.message)));
  }
  const requests = server.requests;
  if (run.code !== 0) problems.push(`exit ${run.code ?? run.signal}: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  if (server.remainingTurns > 0) problems.push(`${server.remainingTurns} of ${script.length} scripted turns never requested`);
  const last = requests.at(-1);
  if (last !== undefined) problems.push(...fileToolErrors(last.body));
  problems.push(...checkRepo(repo));
  const first = requests[0]?.body;
  const fixed = first === undefined ? 0 : estimateInputTokens({ model: first.model, messages: [], system: first.system, tools: first.tools });
  const modelMs = requests.reduce((sum, r) => sum + modelTimeMs(r), 0);
  // Harness time split by the server's clock: before the first request, between a reply's
  // message_stop and the next request (tools + loop), after the last reply.
  const stopAt = (r) => r.receivedAt + modelTimeMs(r);
  const startupMs = (requests[0]?.receivedAt ?? run.endedAt) - run.startedAt;
  const betweenMs = requests.slice(1).reduce((sum, r, i) => sum + r.receivedAt - stopAt(requests[i]), 0);
  const exitMs = run.endedAt - (last === undefined ? run.startedAt : stopAt(last));
  const firstTotal = requests[0]?.cache?.totalTokens ?? 0;
  const resultChars = last === undefined ? {} : resultCharsByTool(last.body);
  return { run, problems, totals: cacheTotals(requests), fixed, firstTotal, resultChars, modelMs, startupMs, betweenMs, exitMs, wallMs: run.wallMs, tools: first?.tools?.map((t) => t.name) ?? [] };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Token figures are deterministic; times are medians over the runs. */
function summarise(runs) {
  const [one] = runs;
  const mid = (key) => median(runs.map((r) => r[key]));
  return {
    ...one,
    wallMs: mid('wallMs'),
    modelMs: mid('modelMs'),
    harnessMs: median(runs.map((r) => r.wallMs - r.modelMs)),
    startupMs: mid('startupMs'),
    betweenMs: mid('betweenMs'),
    exitMs: mid('exitMs'),
    problems: [...new Set(runs.flatMap((r) => r.problems))],
  };
}

const cc = ensureClaudeCode();
const num = (n) => Math.round(n).toLocaleString('en-US');
const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const ratio = (a, b) => (b === undefined || b === 0 ? '' : `${(a / b).toFixed(2)}x`);
const rows = [
  ['model requests', (s) => s.totals.requests, num],
  ['effective input cost (input + 1.25 write + 0.1 read)', (s) => effectiveCost(s.totals), num],
  ['total input tokens (input + cache read + write)', (s) => s.totals.total, num],
  ['  served from cache (cache read)', (s) => s.totals.read, num],
  ['  share served from cache', (s) => s.totals.read / s.totals.total, (v) => `${(v * 100).toFixed(1)}%`],
  ['uncached input tokens (input + cache write)', (s) => s.totals.input + s.totals.write, num],
  ['  of which 1st request (whole prompt)', (s) => s.firstTotal, num],
  ['  of which conversation growth (requests 2..n)', (s) => s.totals.input + s.totals.write - s.firstTotal, num],
  ['  of which input_tokens (after the last breakpoint)', (s) => s.totals.input, num],
  ['system prompt + tool definitions (1st request)', (s) => s.fixed, num],
  ['tool_result characters: Read', (s) => s.resultChars.Read ?? 0, num],
  ['tool_result characters: Edit + Write', (s) => (s.resultChars.Edit ?? 0) + (s.resultChars.Write ?? 0), num],
  ['tool_result characters: Bash', (s) => s.resultChars.Bash ?? 0, num],
  ['wall time, whole run (ms, median)', (s) => s.wallMs, num],
  ['scripted model latency Σ (ms, median)', (s) => s.modelMs, num],
  ['harness time = wall − model (ms, median)', (s) => s.harnessMs, num],
  ['  start-up: spawn → 1st request', (s) => s.startupMs, num],
  ['  between turns: tools + loop', (s) => s.betweenMs, num],
  ['  last reply → process exit', (s) => s.exitMs, num],
];
const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);
const verdicts = [];
for (const { name, module: scenario } of SCENARIOS) {
  const warden = [];
  const claude = [];
  for (let i = 0; i < RUNS; i++) {
    warden.push(await measure(scenario, 'warden', runWarden));
    if (cc.bin !== undefined) claude.push(await measure(scenario, 'claude-code', (args) => runClaudeCode({ bin: cc.bin, ...args })));
  }
  const w = summarise(warden);
  const c = claude.length > 0 ? summarise(claude) : undefined;
  const scripted = scenario.buildScenario('/repo').length;
  console.log(`\n${name} scenario (${scripted} scripted requests), ${RUNS} run(s) each; scripted latency ${MODEL_DELAYS.beforeBlockMs} ms per block + ${MODEL_DELAYS.beforeStopMs} ms; cache floor 1024 tokens`);
  console.log(`${pad('', 56)}${padL('Warden', 12)}${padL(`Claude Code ${CLAUDE_CODE_VERSION}`, 22)}${padL('Warden/CC', 11)}`);
  for (const [label, get, fmt] of rows) {
    const a = get(w);
    const b = c === undefined ? undefined : get(c);
    console.log(`${pad(label, 56)}${padL(fmt(a), 12)}${padL(b === undefined ? 'n/a' : fmt(b), 22)}${padL(ratio(a, b), 11)}`);
  }
  report(name, w, c);
}
if (verdicts.length > 0) {
  console.log(`\naim 2 of issue 13 (effective input cost ≤ ${COST_AIM}x Claude Code's, same or fewer requests, task done):`);
  for (const v of verdicts) console.log(`  ${pad(v.name, 10)} ${v.text}`);
}

/** The aims of one scenario, then how each harness ran it. */
function report(name, w, c) {
  const uncached = (s) => s.totals.input + s.totals.write;
  const share = w.totals.read / w.totals.total;
  console.log(`aim: cache share ≥ 90% → ${pct(w.totals.read, w.totals.total)} ${share >= 0.9 ? 'MET' : 'NOT MET'}`);
  if (c !== undefined) {
    const r = uncached(w) / uncached(c);
    const cost = effectiveCost(w.totals) / effectiveCost(c.totals);
    const fewer = w.totals.requests <= c.totals.requests;
    const met = cost <= COST_AIM && fewer && w.problems.length === 0;
    console.log(`aim: effective input cost ≤ ${COST_AIM}x Claude Code's → ${cost.toFixed(3)}x; requests ${w.totals.requests} vs ${c.totals.requests}; task ${w.problems.length === 0 ? 'done' : 'NOT done'} → ${met ? 'MET' : 'NOT MET'}`);
    verdicts.push({ name, text: `${cost.toFixed(3)}x, ${w.totals.requests} vs ${c.totals.requests} requests, task ${w.problems.length === 0 ? 'done' : 'NOT done'} → ${met ? 'MET' : 'NOT MET'}` });
    console.log(`aim: uncached input ≤ 0.5x Claude Code's → ${r.toFixed(2)}x ${r <= 0.5 ? 'MET' : 'NOT MET'}`);
    // Uncached input is the first prompt plus each turn's new content; the new content is mostly
    // the scripted tools' output, alike in both, so the fixed prompt is where the harnesses differ.
    console.log(`  (first request ${ratio(w.firstTotal, c.firstTotal)}; conversation growth ${ratio(w.totals.input + w.totals.write - w.firstTotal, c.totals.input + c.totals.write - c.firstTotal)}: the same tool output enters both conversations)`);
  }
  console.log(`Warden: ${wardenEntry().replace(/.*\/(dist|lib)\//, '$1/')} run --dangerously-allow-all; tools sent: ${w.tools.join(', ')}`);
  console.log(`Warden checks: ${w.problems.length === 0 ? 'all turns used, edits landed, the scenario checks pass' : w.problems.join('; ')}`);
  // Figures of a Warden run that did not do the scenario mean nothing: fail the bench. Claude
  // Code's problems are reported but do not fail it (it is the yardstick, not the subject).
  if (w.problems.length > 0) process.exitCode = 1;
  if (c === undefined) {
    console.log(`Claude Code not run: ${cc.error}`);
  } else {
    const turns = c.run.result?.num_turns;
    console.log(`Claude Code: claude -p TASK ${CLAUDE_CODE_FLAGS.join(' ')}; result ${c.run.result?.subtype ?? 'none'}, num_turns ${turns}; tools sent: ${c.tools.join(', ')}`);
    console.log(`Claude Code checks: ${c.problems.length === 0 ? 'all turns used, edits landed, the scenario checks pass' : c.problems.join('; ')}`);
  }
}
