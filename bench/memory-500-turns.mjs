// Memory over a 500-turn scripted run: reads and greps of varied files (some bulky) through the
// QueryEngine with a 60k-token context window, so clearing old tool results and compaction
// happen again and again. Heap is sampled after a forced GC every 50 turns; aim: bounded, not
// growing with turns once compaction kicks in. The scripted server runs in this process and the
// engine in a child started with --expose-gc, so the server's record of every request does not
// count against Warden's heap. Usage: node bench/memory-500-turns.mjs [turns=500]
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheTotals, loadModelServer, requireLib } from './support/model-server.mjs';
import { tempDir } from './support/temp-dirs.mjs';

const CONTEXT = { windowTokens: 60_000, threshold: 0.8, keepRecentTurns: 3 };
const SAMPLE_EVERY = 25;
const COMPACT_MARK = 'about to exceed the context window';

if (process.argv[2] === 'engine') await engineSide(process.argv[3], process.argv[4], Number(process.argv[5]));
else await serverSide(Number(process.argv[2] ?? 500));

/** A workspace of 30 small modules and 8 bulky logs, each file different. */
function makeWorkspace() {
  const dir = tempDir('warden-bench-mem-');
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'logs'));
  for (let i = 0; i < 30; i++) {
    const fns = Array.from({ length: 8 + (i % 5) * 6 }, (_, j) => `export function handler${i}_${j}(input) {\n  // step ${j} of module ${i}\n  return transform${j % 7}(input, ${i * 100 + j});\n}\n`);
    writeFileSync(join(dir, 'src', `module-${i}.js`), `import { transform0, transform1 } from './shared.js';\n\n${fns.join('\n')}`);
  }
  for (let i = 0; i < 8; i++) {
    const lines = Array.from({ length: 300 + i * 40 }, (_, j) => `2026-11-30T10:${String(j % 60).padStart(2, '0')}:00Z worker-${i} request ${j} status=${j % 13 === 0 ? 'ERROR timeout after 30s' : 'ok'} latency=${(j * 37) % 900}ms`);
    writeFileSync(join(dir, 'logs', `worker-${i}.log`), `${lines.join('\n')}\n`);
  }
  return dir;
}

/** The tool call of step `i`: a mix of small reads, greps, paged reads and bulky log reads. */
function stepCall(dir, i) {
  const id = `toolu_mem_${i}`;
  switch (i % 5) {
    case 0:
      return { type: 'tool_use', id, name: 'Read', input: { file_path: join(dir, 'src', `module-${i % 30}.js`) } };
    case 1:
      return { type: 'tool_use', id, name: 'Bash', input: { command: `grep -rn 'handler${i % 30}_1' ${join(dir, 'src')}`, description: 'Search handlers' } };
    case 2:
      return { type: 'tool_use', id, name: 'Read', input: { file_path: join(dir, 'logs', `worker-${i % 8}.log`) } };
    case 3:
      return { type: 'tool_use', id, name: 'Grep', input: { pattern: `request ${i % 300} `, path: join(dir, 'logs'), output_mode: 'content' } };
    default:
      return { type: 'tool_use', id, name: 'Read', input: { file_path: join(dir, 'logs', `worker-${(i + 3) % 8}.log`), offset: 1 + (i % 200), limit: 60 } };
  }
}

async function serverSide(turns) {
  requireLib();
  const { ModelServer } = await loadModelServer();
  const dir = makeWorkspace();
  let step = 0;
  let compactions = 0;
  // Every request takes one script slot; a compaction request adds a slot back, so the script is
  // exactly `turns` tool turns plus the final answer, however often compaction happens.
  const turn = (request) => {
    const last = request.body.messages.at(-1);
    if (JSON.stringify(last?.content ?? '').includes(COMPACT_MARK)) {
      compactions += 1;
      server.push(turn);
      return { content: [{ type: 'text', text: `Summary ${compactions}: the task is a survey of the workspace; ${step} steps done, reading modules and worker logs in turn; nothing changed; next: continue the survey.`.repeat(4) }] };
    }
    step += 1;
    if (step > turns) return { content: [{ type: 'text', text: `Survey done after ${turns} steps.` }] };
    return { content: [{ type: 'text', text: `Step ${step}: looking at the next file.` }, stepCall(dir, step)] };
  };
  const server = await ModelServer.start({ script: Array.from({ length: turns + 1 }, () => turn), minCacheableTokens: 1024 });
  const samples = [];
  let report;
  const child = fork(fileURLToPath(import.meta.url), ['engine', server.url, dir, String(turns)], { execArgv: ['--expose-gc'] });
  child.on('message', (m) => (m.type === 'sample' ? samples.push(m) : (report = m)));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  await server.close();
  if (code !== 0 || report === undefined) throw new Error(`engine process exited ${code}`);
  server.assertAllTurnsUsed();
  printReport(turns, samples, report, compactions, cacheTotals(server.requests), cacheDrops(server.requests));
}

function printReport(turns, samples, report, compactions, totals, drops) {
  const mb = (b) => (b / 1024 / 1024).toFixed(1);
  console.log(`memory over ${turns} scripted turns (context window ${CONTEXT.windowTokens.toLocaleString('en-US')} tokens, threshold ${CONTEXT.threshold}); heap after global.gc()`);
  console.log('  turn   heapUsed MB   rss MB   messages   compactions so far');
  for (const s of samples) console.log(`  ${(s.turn === 0 ? 'base' : String(s.turn)).padStart(4)}   ${mb(s.heapUsed).padStart(11)}   ${mb(s.rss).padStart(6)}   ${String(s.messages).padStart(8)}   ${String(s.compactions).padStart(18)}`);
  const at = (t) => samples.find((s) => s.turn === t)?.heapUsed ?? NaN;
  const kbPerTurn = (from, to) => (at(to) - at(from)) / (to - from) / 1024;
  // After the first compaction the conversation cycles between full and compacted, so samples
  // differ by where in the cycle they fall; a least-squares slope over all of them sees through
  // that. Turn 0 is before the engine loaded its modules, so the early rate includes start-up.
  const after = samples.filter((s) => s.compactions > 0);
  const slope = leastSquaresSlope(after.map((s) => [s.turn, s.heapUsed / 1024]));
  const range = after.length === 0 ? 'n/a' : `${mb(Math.min(...after.map((s) => s.heapUsed)))}–${mb(Math.max(...after.map((s) => s.heapUsed)))} MB`;
  // Bounded: under 2 KB a turn (1 MB over 500 turns), i.e. no per-turn retention worth the name.
  const bounded = after.length >= 3 && slope < 2;
  console.log(`  heap growth: turns 0→100 ${kbPerTurn(0, 100).toFixed(1)} KB/turn (incl. start-up), ${turns - 100}→${turns} ${kbPerTurn(turns - 100, turns).toFixed(1)} KB/turn`);
  console.log(`  after the first compaction (${after.length} samples): least-squares slope ${Number.isNaN(slope) ? 'n/a' : slope.toFixed(2)} KB/turn, range ${range} → ${bounded ? 'BOUNDED' : 'NOT SHOWN BOUNDED'} (aim: bounded)`);
  console.log(`  outcome ${report.outcome}, ${report.turns} turns, ${compactions} compactions (engine saw ${report.compactions}), ${report.clearings} clearings of old tool results, wall ${(report.wallMs / 1000).toFixed(1)} s`);
  console.log(`  input tokens over the run: ${totals.total.toLocaleString('en-US')} total in ${totals.requests} requests, ${(100 * totals.read / totals.total).toFixed(1)}% served from cache, ${(totals.input + totals.write).toLocaleString('en-US')} uncached`);
  console.log(`  of the uncached: ${drops.tokens.toLocaleString('en-US')} re-sent after ${drops.count} requests whose cached prefix was invalidated (clearing rewrites old messages; compaction replaces them)`);
}

/**
 * Requests that read less than 80% of the previous prompt from cache: the conversation before
 * them was rewritten. Counts what they sent uncached beyond the new turn's own growth.
 */
function cacheDrops(requests) {
  let count = 0;
  let tokens = 0;
  for (const [i, r] of requests.entries()) {
    const prev = requests[i - 1]?.cache;
    if (prev === undefined || r.cache === undefined || r.cache.cacheReadTokens >= 0.8 * prev.totalTokens) continue;
    count += 1;
    tokens += r.cache.inputTokens + r.cache.cacheWriteTokens - Math.max(0, r.cache.totalTokens - prev.totalTokens);
  }
  return { count, tokens };
}

function leastSquaresSlope(points) {
  if (points.length < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / points.length;
  const my = points.reduce((a, [, y]) => a + y, 0) / points.length;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return num / den;
}

/** The child: runs the engine, sampling the heap every SAMPLE_EVERY turns. */
async function engineSide(url, dir, turns) {
  const { runEngine } = await import('./support/bench-engine.mjs');
  const gc = globalThis.gc;
  let compactions = 0;
  let clearings = 0;
  let engine;
  const sample = (turn) => {
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    process.send({ type: 'sample', turn, heapUsed, rss, messages: engine?.messages.length ?? 0, compactions });
  };
  const started = performance.now();
  sample(0);
  const { result } = await runEngine({
    url,
    cwd: dir,
    maxTurns: turns + 10,
    context: CONTEXT,
    onEvent: (event) => {
      if (event.type === 'context' && event.action === 'compacted') compactions += 1;
      if (event.type === 'context' && event.action === 'cleared_tool_results') clearings += 1;
      if (event.type === 'model_response' && event.turn % SAMPLE_EVERY === 0) sample(event.turn);
    },
    onEngine: (e) => (engine = e),
  });
  process.send({ type: 'report', outcome: result.outcome.reason, turns: result.turns, compactions, clearings, wallMs: performance.now() - started });
  process.disconnect();
}
