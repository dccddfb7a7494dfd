// Five parallel commands against one (issue 33, item 1): whether commands run together still
// start side by side now that each gets a fresh sandbox when it is run, and what a command's
// sandbox costs, measured for two builds in one run, interleaved, printed next to each other.
// Then the question that decides whether the long-lived spawner stays: five sandboxes started
// together from a process the size of a runner, by its own child_process.spawn, against through
// the spawner (spawner-program.ts says why it exists).
// Build first: npx tsc -p tsconfig.json (output in lib/). A "before" build: any older lib/, e.g.
//   git stash; npx tsc -p tsconfig.json --outDir bench/.cache/before-lib; git stash pop
// Usage: node bench/parallel-commands.mjs [iterations] [--before DIR] [--gap MS] [--ballast MB]
//   --before DIR   the other build's lib/ (default bench/.cache/before-lib, when it is there)
//   --gap MS       pause before each measurement, standing in for the model's turn (default 100)
//   --ballast MB   memory this process holds, touched, so its forks cost what a runner's do (default 300)
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tempDir } from './support/temp-dirs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({ options: { before: { type: 'string' }, gap: { type: 'string' }, ballast: { type: 'string' } }, allowPositionals: true });
const N = Number(positionals[0] ?? 15);
const GAP_MS = Number(values.gap ?? 100);
const SLEEP = 'sleep 0.2';
const PARALLEL = 5;
const libs = { after: join(here, '..', 'lib') };
const defaultBefore = join(here, '.cache', 'before-lib');
if (values.before !== undefined) libs.before = resolve(values.before);
else if (existsSync(defaultBefore)) libs.before = defaultBefore;
if (!existsSync(join(libs.after, 'sandbox', 'bwrap-runner.js'))) {
  console.log('parallel-commands: no lib/ build (npx tsc -p tsconfig.json); nothing measured.');
  process.exit(0);
}
const versions = Object.keys(libs).sort(); // after, before

// As big as a runner in the middle of a run (the SDK, the transcript, caches): fork copies its page tables.
const ballast = [];
for (let i = 0; i < Number(values.ballast ?? 300); i++) ballast.push(Buffer.alloc(1 << 20, i & 0xff));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ws = tempDir('warden-bench-parallel-');
mkdirSync(join(ws, '.github'), { recursive: true });
writeFileSync(join(ws, '.github', 'warden.yml'), 'version: 1\npermissions:\n  allow: ["Read", "Bash(npm test)"]\n  deny: ["Read(./.env)", "Edit(./dist/**)"]\n');
writeFileSync(join(ws, '.env'), 'TOKEN=x\n');
writeFileSync(join(ws, 'a.ts'), 'export {};\n');
execFileSync('git', ['init', '-q'], { cwd: ws });

const hostEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };
const request = (command) => ({ command, cwd: ws, timeoutMs: 30_000, signal: new globalThis.AbortController().signal, maxOutputChars: 10_000 });
const runners = {};
let probe;
for (const v of versions) {
  const load = (p) => import(pathToFileURL(join(libs[v], p)).href);
  const { createSandboxRunner } = await load('sandbox/bwrap-runner.js');
  const { createDirectRunner } = await load('sandbox/direct-runner.js');
  const { loadPolicy } = await load('policy/policy-load.js');
  const policy = await loadPolicy(join(ws, '.github/warden.yml'), { homeDir: process.env.HOME, root: ws });
  const sandboxed = await createSandboxRunner({ config: policy.sandbox, workspace: ws, hostEnv });
  probe ??= sandboxed.probe;
  runners[v] = { sandboxed, direct: createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, { startNow: true }) };
}

const check = (r) => {
  if (r.exitCode !== 0) throw new Error(`exit ${r.exitCode}: ${r.output}`);
};
const timed = async (f) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};
const cases = {
  'a command\'s sandbox cost (`true`, sandboxed minus direct)': async (r) => (await timed(async () => check(await r.sandboxed.run(request('true'))))) - (await timed(async () => check(await r.direct.run(request('true'))))),
  [`one \`${SLEEP}\``]: (r) => timed(async () => check(await r.sandboxed.run(request(SLEEP)))),
  [`${PARALLEL} \`${SLEEP}\` at once`]: (r) => timed(async () => (await Promise.all(Array.from({ length: PARALLEL }, () => r.sandboxed.run(request(SLEEP))))).forEach(check)),
};
for (const r of Object.values(runners)) await r.sandboxed.run(request('true')); // warm-up
const times = Object.fromEntries(Object.keys(cases).map((c) => [c, Object.fromEntries(versions.map((v) => [v, []]))]));
for (let i = 0; i < N; i++) {
  for (const [name, measure] of Object.entries(cases)) {
    for (const v of versions) {
      await sleep(GAP_MS); // the model's turn: the old build prepares its sandboxes then
      times[name][v].push(await measure(runners[v]));
    }
  }
}
await Promise.all(Object.values(runners).flatMap((r) => [r.sandboxed.dispose(), r.direct.dispose()]));

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const col = (s) => s.padStart(14);
console.log(`parallel commands, ${N} runs each, p50 ms, interleaved (bwrap ${probe?.bwrap?.version}, uid ${probe?.uid}, ${ballast.length} MB held by this process)`);
console.log(`before: ${libs.before ?? '(none: pass --before DIR)'}\nafter:  ${libs.after}`);
console.log(`${'case'.padEnd(60)}${versions.map((v) => col(v)).reverse().join('')}`);
for (const name of Object.keys(cases)) console.log(`${name.padEnd(60)}${versions.map((v) => col(p50(times[name][v]).toFixed(1))).reverse().join('')}`);

// Whether the spawner is still needed: five bwrap sandboxes started at once, from this process
// (its size is a runner's) by its own spawn, against through the spawner of the newest build.
const { findTool } = await import(pathToFileURL(join(libs.after, 'sandbox', 'sandbox-tools.js')).href);
const { createSpawner } = await import(pathToFileURL(join(libs.after, 'sandbox', 'spawner.js')).href);
const bwrap = findTool('bwrap', process.env.PATH ?? '');
if (bwrap === null) process.exit(0);
const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--', 'sleep', '0.2'];
const own = () => new Promise((done) => spawn(bwrap, args, { stdio: 'ignore', detached: true }).on('exit', done));
const spawner = createSpawner();
spawner.start();
const viaSpawner = () => spawner.run({ file: bwrap, args, cwd: '/', env: {}, timeoutMs: 30_000, signal: new globalThis.AbortController().signal, maxOutputChars: 1000 });
const starts = { 'this process\'s own spawn': own, 'the spawner': viaSpawner };
const starting = Object.fromEntries(Object.keys(starts).map((k) => [k, { one: [], five: [] }]));
for (let i = 0; i < N; i++) {
  for (const [name, start] of Object.entries(starts)) {
    await sleep(GAP_MS);
    starting[name].one.push(await timed(start));
    await sleep(GAP_MS);
    starting[name].five.push(await timed(() => Promise.all(Array.from({ length: PARALLEL }, start))));
  }
}
await spawner.close();
console.log(`\nbwrap \`sleep 0.2\` sandboxes started by ... (p50 ms)${''.padEnd(14)}${col('one')}${col(`${PARALLEL} at once`)}`);
for (const [name, t] of Object.entries(starting)) console.log(`${name.padEnd(60)}${col(p50(t.one).toFixed(1))}${col(p50(t.five).toFixed(1))}`);
