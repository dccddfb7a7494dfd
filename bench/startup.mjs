// Start-up time of the bundled CLI (`node dist/index.js --version`) against a bare `node -e 0`.
// Aim: under 1.5x. Prints medians over many runs, interleaved so machine noise hits both alike.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[2] ?? 30);

function time(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bare = [];
const warden = [];
time(['-e', '0']);
time([join(root, 'dist', 'index.js'), '--version']);
for (let i = 0; i < RUNS; i++) {
  bare.push(time(['-e', '0']));
  warden.push(time([join(root, 'dist', 'index.js'), '--version']));
}
const b = median(bare);
const w = median(warden);
console.log(`startup: node -e 0 median ${b.toFixed(1)} ms; node dist/index.js --version median ${w.toFixed(1)} ms; ratio ${(w / b).toFixed(2)}x (aim < 1.5x) over ${RUNS} runs`);
