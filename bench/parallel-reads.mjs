// Wall time of a turn with five ~200 ms read-only calls against a turn with one (aim: under
// 1.2x), with the real Bash tool running `sleep 0.2`. Whether those five run together is the
// tool's call (isConcurrencySafe per input); this bench only reports what happens. Times are
// from the scripted server's clock (request to next request) and from the transcript's
// tool_call records (first start to last end). No scripted latency: tools start as their
// tool_use block arrives, so a slow stream would hide part of the turn.
import { readTranscript } from '../lib/runner/transcript-read.js';
import { loadModelServer, requireLib } from './support/model-server.mjs';
import { runEngine } from './support/bench-engine.mjs';
import { tempDir } from './support/temp-dirs.mjs';

requireLib();
const RUNS = Number(process.argv[2] ?? 5);
const CALLS = 5;
const { ModelServer } = await loadModelServer();

const sleepCall = (id) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'sleep 0.2', description: 'Wait 200 ms' } });
const script = () => [
  { content: [{ type: 'text', text: 'Five at once.' }, ...Array.from({ length: CALLS }, (_, i) => sleepCall(`toolu_many_${i}`))] },
  { content: [{ type: 'text', text: 'One alone.' }, sleepCall('toolu_one')] },
  { content: [{ type: 'text', text: 'done' }] },
];

/** One run: the turn times by the server (request k → request k+1) and by the tool records. */
async function once() {
  const server = await ModelServer.start({ script: script(), minCacheableTokens: 0 });
  let result;
  let transcriptPath;
  try {
    ({ result, transcriptPath } = await runEngine({ url: server.url, cwd: tempDir('warden-bench-par-'), maxTurns: 10 }));
    server.assertAllTurnsUsed();
  } finally {
    await server.close();
  }
  if (result.outcome.reason !== 'completed') throw new Error(`run ended ${result.outcome.reason}`);
  const [a, b, c] = server.requests;
  const calls = readTranscript(transcriptPath).filter((r) => r.type === 'tool_call');
  const span = (turn) => {
    const mine = calls.filter((r) => r.turn === turn);
    const starts = mine.map((r) => Date.parse(r.startedAt));
    const ends = mine.map((r) => Date.parse(r.startedAt) + r.durationMs);
    return { span: Math.max(...ends) - Math.min(...starts), sum: mine.reduce((s, r) => s + r.durationMs, 0), count: mine.length };
  };
  return { many: b.receivedAt - a.receivedAt, one: c.receivedAt - b.receivedAt, manyTools: span(1), oneTools: span(2) };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
await once(); // warm-up: module loading, JIT, first process spawns
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());

const many = median(runs.map((r) => r.many));
const one = median(runs.map((r) => r.one));
const manySpan = median(runs.map((r) => r.manyTools.span));
const manySum = median(runs.map((r) => r.manyTools.sum));
const oneSpan = median(runs.map((r) => r.oneTools.span));
const ratio = many / one;
console.log(`parallel reads: ${CALLS} x Bash "sleep 0.2" in one turn vs 1, median of ${RUNS} runs`);
console.log(`  turn wall time (server: request → next request): ${CALLS} calls ${many.toFixed(0)} ms, 1 call ${one.toFixed(0)} ms → ratio ${ratio.toFixed(2)}x (aim < 1.2x) ${ratio < 1.2 ? 'MET' : 'NOT MET'}`);
console.log(`  tool span (transcript: first start → last end):   ${CALLS} calls ${manySpan.toFixed(0)} ms (sum of durations ${manySum.toFixed(0)} ms), 1 call ${oneSpan.toFixed(0)} ms`);
// Overlap is the evidence: if the calls ran one after another the span is about the sum.
if (manySpan > 0.8 * manySum) {
  console.log('  note: the five calls ran one after another: the Bash tool does not (yet) judge `sleep 0.2` concurrency-safe (src/tools/bash.ts isConcurrencySafe returns false); the figure above is the serial one.');
} else {
  console.log('  the five calls overlapped (Bash judged `sleep 0.2` concurrency-safe).');
}
