// Wall time a stalled Messages API costs a run with the default settings (no timeout flags), from
// start to the run's end with a clear outcome: a server that stalls after `message_start`, and one
// that never sends headers. Aim: under 3 minutes each (issue 9 measured 1,210 s and 1,511 s + retries
// before per-request idle timeouts). Runs the real CLI in-process from lib/ (npm run build makes it).
// WARDEN_BENCH_IDLE_S=2 passes --request-idle-timeout 2, to try the bench quickly.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadModelServer, requireLib } from './support/model-server.mjs';
import { tempDir } from './support/temp-dirs.mjs';

requireLib();
const { ModelServer } = await loadModelServer();
const { runCli } = await import('../lib/entry/cli.js');
const { readTranscript } = await import('../lib/runner/transcript-read.js');

const AIM_S = 180;
const idle = process.env.WARDEN_BENCH_IDLE_S;
const SCENARIOS = [
  { name: 'stalls after message_start', turn: { content: [{ type: 'text', text: 'never arrives' }], fault: { kind: 'stall', at: { after: 'message_start' } } }, before: '1,210 s' },
  { name: 'never sends headers', turn: { drop: 'no_headers' }, before: '1,511 s to the first error, then retried' },
];

function gitRepo() {
  const dir = tempDir('warden-bench-stall-');
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'init'], { cwd: dir });
  return dir;
}

console.log(`defaults: --request-idle-timeout ${idle ?? '60 (default)'} s, --request-timeout 600 s, --timeout 3600 s; aim: < ${AIM_S} s to a clear outcome`);
for (const scenario of SCENARIOS) {
  const server = await ModelServer.start({ script: Array.from({ length: 20 }, () => scenario.turn) });
  const out = tempDir('warden-bench-stall-out-');
  const transcript = join(out, 'transcript.jsonl');
  const args = ['run', '--cwd', gitRepo(), '--prompt', 'Say hello.', '--transcript', transcript, '--summary', join(out, 'summary.md')];
  if (idle !== undefined) args.push('--request-idle-timeout', idle);
  let stderr = '';
  const io = {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out, ANTHROPIC_API_KEY: 'sk-ant-bench-stall', ANTHROPIC_BASE_URL: server.url },
    cwd: out,
    stdout: () => {},
    stderr: (t) => void (stderr += t),
  };
  const started = performance.now();
  const code = await runCli(args, io);
  const seconds = (performance.now() - started) / 1000;
  await server.close().catch(() => {});
  const records = readTranscript(transcript);
  const end = records.findLast((r) => r.type === 'run_end');
  const attempts = records.filter((r) => r.type === 'model_request').length;
  const retries = records.filter((r) => r.type === 'model_retry').length;
  const outcome = end === undefined ? 'no run_end' : end.outcome.reason === 'model_error' ? `model_error: ${end.outcome.message}` : end.outcome.reason;
  console.log(`${scenario.name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s (aim < ${AIM_S} s: ${seconds < AIM_S ? 'met' : 'MISSED'}; before: ${scenario.before})`);
  console.log(`${''.padEnd(28)} exit ${code}, ${attempts} HTTP attempts, ${retries} retries recorded; ${outcome}`);
  if (stderr.includes('stack')) console.log(stderr.slice(0, 500));
}
