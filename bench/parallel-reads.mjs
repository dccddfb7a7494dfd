// Wall time of a turn with five ~200 ms read-only calls against a turn with one, in the same run
// (aim, issue 13: at most 1.15x), with the real Bash tool running `sleep 0.2`, through the
// sandbox as a run does and through the direct runner (sandbox.mode: off). Whether those five
// run together is the tool's call (isConcurrencySafe per input); this bench reports what happens.
// A first turn runs one `true`. Times are from the scripted server's clock (request to next request) and from the transcript's
// tool_call records (first start to last end). No scripted latency: tools start as their
// tool_use block arrives, so a slow stream would hide part of the turn.
// The scripted server runs on a thread of its own (model-server-thread.mjs): in the runner's
// process and thread, writing and checking the five calls' stream took the loop that starts them
// (a real API runs on another machine). The floor printed with them: the same five and one
// `bash -c 'sleep 0.2'`, spawned by a small node process that does nothing else, in the same run —
// what starting five processes at once costs on this machine, before any runner is involved.
// On a busy shared machine, `chrt -f 10 node bench/parallel-reads.mjs` (root) measures as if idle.
// Usage: node bench/parallel-reads.mjs [runs] [--before DIR] [--server-in-process]
//   --before DIR           another build's lib/ (e.g. main's), run interleaved with this one in the same process
//   --server-in-process    the scripted server on the runner's own thread, as this bench ran before 12-04
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readTranscript } from '../lib/runner/transcript-read.js';
import { loadModelServer, requireLib } from './support/model-server.mjs';
import { startModelServerThread } from './support/model-server-thread.mjs';
import { loadLib, runEngine } from './support/bench-engine.mjs';
import { tempDir } from './support/temp-dirs.mjs';

requireLib();
const { values, positionals } = parseArgs({ options: { before: { type: 'string' }, 'server-in-process': { type: 'boolean' } }, allowPositionals: true });
const SERVER_HERE = values['server-in-process'] === true;
const RUNS = Number(positionals[0] ?? 7);
const CALLS = 5;
const AIM = 1.15;
const { ModelServer } = await loadModelServer();

/** The scripted server, here or on its thread; `finish()` closes it and returns each request's `receivedAt`. */
async function startServer(options) {
  if (!SERVER_HERE) return startModelServerThread(options);
  const server = await ModelServer.start(options);
  return {
    url: server.url,
    async finish() {
      try {
        server.assertAllTurnsUsed();
      } finally {
        await server.close();
      }
      return server.requests.map((r) => ({ receivedAt: r.receivedAt }));
    },
  };
}

// Five `bash -c 'sleep 0.2'` at once, then one, from a node process that loads nothing else: ms each.
const FLOOR_SOURCE = `const { spawn } = require('node:child_process');
const one = () => new Promise((r) => spawn('bash', ['-c', 'sleep 0.2'], { stdio: 'ignore' }).on('exit', r));
const time = async (n) => { const s = performance.now(); await Promise.all(Array.from({ length: n }, one)); return performance.now() - s; };
(async () => { const many = await time(${CALLS}); await new Promise((r) => setTimeout(r, 100)); const single = await time(1); console.log(JSON.stringify({ many, one: single })); })();`;
const floorOnce = () => JSON.parse(execFileSync(process.execPath, ['-e', FLOOR_SOURCE], { encoding: 'utf8' }));
const libs = { after: undefined, ...(values.before === undefined ? {} : { before: resolve(values.before) }) };
const hostEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };

const sleepCall = (id) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'sleep 0.2', description: 'Wait 200 ms' } });
// A first turn with one quick command, so the five and the one both find the run set up (in a
// real run the sandbox starts while the first request is in flight; here the model answers at once).
const script = () => [
  { content: [{ type: 'text', text: 'Warm up.' }, { type: 'tool_use', id: 'toolu_warm', name: 'Bash', input: { command: 'true', description: 'Nothing' } }] },
  { content: [{ type: 'text', text: 'Five at once.' }, ...Array.from({ length: CALLS }, (_, i) => sleepCall(`toolu_many_${i}`))] },
  { content: [{ type: 'text', text: 'One alone.' }, sleepCall('toolu_one')] },
  { content: [{ type: 'text', text: 'done' }] },
];

/** How commands run: the sandbox (probed once per build), or directly. */
const probes = new Map();
async function sandboxed(w, cwd, lib) {
  if (!probes.has(lib)) probes.set(lib, await w.probeSandbox({ hostEnv, allowSudoFix: false }));
  return w.createSandboxRunner({ config: w.DEFAULT_SANDBOX_CONFIG, workspace: cwd, hostEnv, probe: probes.get(lib) });
}

/** One run: the turn times by the server (request k → request k+1) and by the tool records. */
async function once(lib, mode) {
  const server = await startServer({ script: script(), minCacheableTokens: 0 });
  const cwd = tempDir('warden-bench-par-');
  let result;
  let transcriptPath;
  let requests;
  try {
    ({ result, transcriptPath } = await runEngine({ url: server.url, cwd, maxTurns: 10, lib, ...(mode === 'sandbox' ? { processRunner: (w) => sandboxed(w, cwd, lib) } : {}) }));
  } finally {
    requests = await server.finish();
  }
  if (result.outcome.reason !== 'completed') throw new Error(`run ended ${result.outcome.reason}`);
  const [, a, b, c] = requests;
  const calls = readTranscript(transcriptPath).filter((r) => r.type === 'tool_call');
  if (calls.some((r) => r.status !== 'ok')) throw new Error(`a call failed: ${JSON.stringify(calls.find((r) => r.status !== 'ok'))}`);
  const span = (turn) => {
    const mine = calls.filter((r) => r.turn === turn);
    const starts = mine.map((r) => Date.parse(r.startedAt));
    const ends = mine.map((r) => Date.parse(r.startedAt) + r.durationMs);
    return { span: Math.max(...ends) - Math.min(...starts), sum: mine.reduce((s, r) => s + r.durationMs, 0), startSpread: Math.max(...starts) - Math.min(...starts) };
  };
  return { many: b.receivedAt - a.receivedAt, one: c.receivedAt - b.receivedAt, manyTools: span(2), oneTools: span(3) };
}

const variants = [];
for (const [version, lib] of Object.entries(libs)) {
  await loadLib(lib);
  for (const mode of ['sandbox', 'direct']) variants.push({ name: `${version}, ${mode}`, lib, mode, runs: [] });
}
for (const v of variants) await once(v.lib, v.mode); // warm-up: module loading, JIT, first process spawns
const floor = [];
floorOnce();
for (let i = 0; i < RUNS; i++) {
  for (const v of variants) v.runs.push(await once(v.lib, v.mode));
  floor.push(floorOnce());
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`parallel reads: ${CALLS} x Bash "sleep 0.2" in one turn vs 1 in the next, same run; median of ${RUNS} runs each, interleaved (load ${load}; scripted server ${SERVER_HERE ? "on the runner's thread" : 'on a thread of its own'})`);
console.log(`${'variant'.padEnd(18)} ${CALLS} calls   1 call   ratio (aim <= ${AIM}x)   tool span: ${CALLS} calls (starts within, sum)   1 call`);
for (const v of variants) {
  const many = median(v.runs.map((r) => r.many));
  const one = median(v.runs.map((r) => r.one));
  const ratio = median(v.runs.map((r) => r.many / r.one));
  const t = (k) => median(v.runs.map((r) => r.manyTools[k]));
  const verdict = ratio <= AIM ? 'MET' : 'NOT MET';
  console.log(
    `${v.name.padEnd(18)} ${many.toFixed(0).padStart(5)} ms ${one.toFixed(0).padStart(5)} ms   ${ratio.toFixed(2)}x ${verdict.padEnd(9)}        ${t('span').toFixed(0).padStart(5)} ms (${t('startSpread').toFixed(0)} ms, ${t('sum').toFixed(0)} ms)   ${median(v.runs.map((r) => r.oneTools.span)).toFixed(0)} ms`,
  );
  // Overlap is the evidence: if the calls ran one after another the span is about the sum.
  if (t('span') > 0.8 * t('sum')) console.log(`  note: the ${CALLS} calls ran one after another (Bash did not judge \`sleep 0.2\` concurrency-safe)`);
}
{
  const many = median(floor.map((r) => r.many));
  const one = median(floor.map((r) => r.one));
  const ratio = median(floor.map((r) => r.many / r.one));
  console.log(`${'floor: bare bash'.padEnd(18)} ${many.toFixed(0).padStart(5)} ms ${one.toFixed(0).padStart(5)} ms   ${ratio.toFixed(2)}x              (${CALLS} and 1 \`bash -c 'sleep 0.2'\` from a small node process: this machine's cost of starting them at once)`);
}
