// Time to first request: from the process starting to the scripted API receiving the first
// Messages request, Warden (`node dist/index.js run`, real sandbox, the reference repository) and
// Claude Code 2.1.332 (`claude -p`) side by side, interleaved, same one-turn script. Aim (issue 13):
// Warden at most half of Claude Code's.
// Usage: node bench/first-request.mjs [runs=7]   (`npm run build` first)
import { loadModelServer } from './support/model-server.mjs';
import { ensureClaudeCode, runClaudeCode, wardenEntry } from './support/harness-runs.mjs';
import { prepareRepo } from './reference-scenario.mjs';
import { tempDir } from './support/temp-dirs.mjs';
import { spawn } from 'node:child_process';

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

const cc = ensureClaudeCode();
const warden = [];
const claude = [];
for (let i = 0; i < RUNS; i++) {
  const w = await measure((repo, url) => runWarden(repo, url));
  if (w.code !== 0) throw new Error(`warden exited ${w.code}`);
  warden.push(w.firstMs);
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
