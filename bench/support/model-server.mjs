// The scripted Messages API server lives in test/support as TypeScript; benches run plain node,
// so it is compiled into bench/.out (only when a source is newer than the output; git and ESLint
// ignore it) and imported from there. bench/tsconfig.json names just the server, so work in
// progress elsewhere in src/ cannot break the benches' build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'bench', '.out', 'test', 'support');

function newestInput() {
  const dirs = [join(ROOT, 'test', 'support'), join(ROOT, 'src', 'runner')];
  const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.ts')).map((f) => join(d, f)));
  files.push(join(ROOT, 'bench', 'tsconfig.json'), join(ROOT, 'tsconfig.json'));
  return Math.max(...files.map((f) => statSync(f).mtimeMs));
}

/** The compiled model-server module (ModelServer, turn types) and the prompt-cache estimator. */
export async function loadModelServer() {
  const entry = join(OUT, 'model-server.js');
  if (!existsSync(entry) || statSync(entry).mtimeMs < newestInput()) {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'bench', 'tsconfig.json')], { cwd: ROOT, stdio: 'inherit' });
  }
  const server = await import(pathToFileURL(entry).href);
  const cache = await import(pathToFileURL(join(OUT, 'prompt-cache.js')).href);
  return { ModelServer: server.ModelServer, estimateInputTokens: cache.estimateInputTokens };
}

/** Benches import Warden from lib/ (tsc output); say what to do when it is missing. */
export function requireLib() {
  if (!existsSync(join(ROOT, 'lib', 'runner', 'query-engine.js'))) {
    console.error('lib/ is missing: run `npm run build` first.');
    process.exit(1);
  }
}

/** Scripted model latency of one request: from its arrival to the server writing message_stop. */
export function modelTimeMs(request) {
  const stop = request.events.find((e) => e.type === 'message_stop');
  return (stop?.at ?? request.receivedAt) - request.receivedAt;
}

/** Sums the simulated prompt-cache figures over answered requests. */
export function cacheTotals(requests) {
  const t = { requests: requests.length, input: 0, read: 0, write: 0, total: 0 };
  for (const { cache } of requests) {
    if (cache === undefined) continue;
    t.input += cache.inputTokens;
    t.read += cache.cacheReadTokens;
    t.write += cache.cacheWriteTokens;
    t.total += cache.totalTokens;
  }
  return t;
}

/** "Scripted model latency" added to every reply, so harness time has something to be told apart from. */
export const MODEL_DELAYS = { beforeBlockMs: 20, beforeStopMs: 30 };
