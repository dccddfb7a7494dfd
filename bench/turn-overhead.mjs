// Harness overhead per turn: a scripted (replayed) model drives N turns of one Read each through
// the real QueryEngine, pipeline, tools and transcript; tool time is measured and taken out.
// Aim: under 2 ms per turn. Imports the tsc output in lib/ (npm run build makes it).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAllowAllDecider } from '../lib/policy/builtin-deciders.js';
import { createRedactor } from '../lib/log/redaction.js';
import { QueryEngine } from '../lib/runner/query-engine.js';
import { createReplayClient } from '../lib/runner/replay-client.js';
import { TranscriptWriter } from '../lib/runner/transcript.js';
import { readTranscript } from '../lib/runner/transcript-read.js';
import { createDirectRunner } from '../lib/sandbox/direct-runner.js';
import { createToolRegistry } from '../lib/tools/registry.js';

const TURNS = Number(process.argv[2] ?? 300);
const dir = mkdtempSync(join(tmpdir(), 'warden-bench-'));
writeFileSync(join(dir, 'a.txt'), 'line\n'.repeat(50));
const turns = [];
for (let i = 0; i < TURNS; i++) {
  turns.push({ content: [{ type: 'text', text: `step ${i}` }, { type: 'tool_use', id: `toolu_${i}`, name: 'Read', input: { file_path: join(dir, 'a.txt') } }], stopReason: 'tool_use', usage: undefined });
}
turns.push({ content: [{ type: 'text', text: 'done' }], stopReason: 'end_turn', usage: undefined });

async function once() {
  const transcriptPath = join(dir, `t-${Date.now()}-${Math.random()}.jsonl`);
  const transcript = new TranscriptWriter(transcriptPath, createRedactor([]));
  const engine = new QueryEngine({
    model: createReplayClient(turns, 'bench'),
    tools: createToolRegistry(),
    decider: createAllowAllDecider(),
    processRunner: createDirectRunner({ PATH: '/usr/bin:/bin' }),
    cwd: dir,
    system: 'bench',
    transcript,
    resultsDir: join(dir, 'results'),
    mask: (text) => text,
    maxTurns: TURNS + 5,
    maxTokens: 1000,
    maxToolConcurrency: 10,
    defaultToolTimeoutMs: 10_000,
  });
  const start = performance.now();
  const run = engine.submitMessage('bench');
  let step;
  do step = await run.next();
  while (step.done !== true);
  const wall = performance.now() - start;
  transcript.close();
  if (step.value.outcome.reason !== 'completed') throw new Error(`bench run ended ${step.value.outcome.reason}`);
  const toolMs = readTranscript(transcriptPath).filter((r) => r.type === 'tool_call').reduce((s, r) => s + r.durationMs, 0);
  return { wall, toolMs, perTurn: (wall - toolMs) / (TURNS + 1) };
}

await once(); // warm-up: JIT, file cache
const results = [];
for (let i = 0; i < 5; i++) results.push(await once());
results.sort((a, b) => a.perTurn - b.perTurn);
const mid = results[2];
console.log(`turn overhead: ${mid.perTurn.toFixed(3)} ms per turn (aim < 2 ms), median of 5 runs of ${TURNS + 1} turns; wall ${mid.wall.toFixed(0)} ms, tool time ${mid.toolMs.toFixed(0)} ms`);
