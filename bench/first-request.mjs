// Time to first request: from the process starting to the scripted API receiving the first
// Messages request, Warden (`node dist/index.js run`, real sandbox, the reference repository) and
// Claude Code 2.1.332 (`claude -p`) side by side, interleaved, same one-turn script. Aim (issue 13):
// Warden at most half of Claude Code's.
// Also prints where Warden's start-up time goes, from the transcript's `startup` record: node's
// own start, module load, config, policy, the first request handed to the HTTP client and its
// arrival at the API; then the steps that run while that request is in flight (Bash parser,
// host-git snapshot, sandbox probe), which tool calls wait for and the model does not.
// Usage: node bench/first-request.mjs [runs=7]   (`npm run build` first)
import { loadModelServer } from './support/model-server.mjs';
import { ensureClaudeCode, runClaudeCode, wardenEntry } from './support/harness-runs.mjs';
import { prepareRepo } from './reference-scenario.mjs';
import { tempDir } from './support/temp-dirs.mjs';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const RUNS = Number(process.argv[2] ?? 7);
const { ModelServer } = await loadModelServer();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function runWarden(repo, url) {
  const out = tempDir('warden-bench-first-');
  const args = [wardenEntry(), 'run', '--cwd', repo, '--prompt', 'Say hello.', '--out', out];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-ant-bench' };
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { cwd: repo, env, stdio: 'ignore' });
    child.on('close', (code) => resolve({ code, startedAt, out }));
  });
}

async function measure(start) {
  const repo = prepareRepo('first');
  const server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'Hello.' }] }], minCacheableTokens: 1024 });
  try {
    const run = await start(repo, server.url);
    const first = server.requests[0]?.receivedAt;
    return { ...run, firstMs: first === undefined ? NaN : first - run.startedAt };
  } finally {
    await server.close().catch(() => undefined);
  }
}

/** The transcript's startup marks of one run, plus the request's arrival as the API saw it. */
function startupMarks(run) {
  const records = readFileSync(join(run.out, 'transcript.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const startup = records.find((r) => r.type === 'startup');
  if (startup === undefined) throw new Error('no startup record in the transcript');
  return { ...startup.marks, request_received: run.firstMs };
}

const cc = ensureClaudeCode();
const warden = [];
const claude = [];
const marks = [];
for (let i = 0; i < RUNS; i++) {
  const w = await measure((repo, url) => runWarden(repo, url));
  if (w.code !== 0) throw new Error(`warden exited ${w.code}`);
  warden.push(w.firstMs);
  marks.push(startupMarks(w));
  if (cc.bin !== undefined) {
    const c = await measure((repo, url) => runClaudeCode({ bin: cc.bin, repo, url, task: 'Say hello.' }));
    claude.push(c.firstMs);
  }
}
const w = median(warden);
console.log(`time to first request, median of ${RUNS}: Warden ${w} ms (${warden.join(', ')})`);
if (cc.bin !== undefined) {
  const c = median(claude);
  console.log(`                                 Claude Code ${c} ms (${claude.join(', ')})`);
  console.log(`  ratio ${(w / c).toFixed(2)}x (aim ≤ 0.5x)`);
} else console.log(`  Claude Code not available: ${cc.error}`);

// Medians per step; "after" is the step's own share on the path to the first request.
const STEPS = [
  ['node', 'node started'],
  ['entry', 'binary loaded'],
  ['modules', 'run modules loaded'],
  ['config', 'config parsed'],
  ['policy', 'policy loaded'],
  ['request_sent', 'first request handed to the SDK'],
  ['request_received', 'first request received by the API'],
];
const OVERLAPPED = [
  ['parser', 'Bash parser warm'],
  ['git_snapshot', 'host-git snapshot taken'],
  ['sandbox', 'sandbox probed and ready'],
  ['setup', 'everything a tool call waits for'],
];
const at = (key) => median(marks.map((m) => m[key]));
console.log('\nWarden start-up, median ms from the process start (its own clock; the arrival by the bench, from the spawn):');
let previous = 0;
for (const [key, label] of STEPS) {
  const ms = at(key);
  console.log(`  ${label.padEnd(36)} ${ms.toFixed(0).padStart(5)} ms   (+${(ms - previous).toFixed(0)})`);
  previous = ms;
}
console.log('  while the first request is in flight (tool calls wait for these, the model does not):');
for (const [key, label] of OVERLAPPED) console.log(`  ${label.padEnd(36)} ${at(key).toFixed(0).padStart(5)} ms`);
