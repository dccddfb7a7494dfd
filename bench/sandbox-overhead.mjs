// What the sandbox adds per command: `true` run directly vs in the bubblewrap sandbox, through the
// same ProcessRunner seam Bash uses, under a policy with a few Read and Edit denies, on a small
// repository and on a large one (~20k files); after a gap standing in for the model's turn (in
// which builds before issue 33 prepared sandboxes ahead), then six more commands back to back, as
// a turn with seven commands in a row. bench/parallel-commands.mjs measures parallel commands.
// Build first: npx tsc -p tsconfig.json (output in lib/).
// On a busy shared machine, `chrt -f 10 node bench/sandbox-overhead.mjs` (root) measures as if idle.
// Usage: node bench/sandbox-overhead.mjs [iterations] [--before DIR] [--files N] [--env-every K] [--gap MS]
//   --before DIR   another build's lib/ (e.g. main's) measured in the same process, interleaved,
//                  so a busy machine hits both alike
//   --files N      size of the large tree (default 20000)
//   --env-every K  a nested .env.local in every K-th package of 80 files (default 25: 10 of them)
//   --gap MS       the gap standing in for the model's turn (default 100; a real turn is longer)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tempDir } from './support/temp-dirs.mjs';

const { values, positionals } = parseArgs({ options: { before: { type: 'string' }, files: { type: 'string' }, 'env-every': { type: 'string' }, gap: { type: 'string' } }, allowPositionals: true });
const N = Number(positionals[0] ?? 40);
const LARGE = Number(values.files ?? 20_000);
const ENV_EVERY = Number(values['env-every'] ?? 25);
const AIM_MS = 8;
const GAP_MS = Number(values.gap ?? 100);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const libs = { after: join(dirname(fileURLToPath(import.meta.url)), '..', 'lib') };
if (values.before !== undefined) libs.before = resolve(values.before);

const POLICY = `version: 1
permissions:
  allow: ["Read", "Bash(npm test)"]
  deny: ["Read(./.env)", "Read(**/.env*)", "Read(./secrets/**)", "Read(~/.aws/**)", "Edit(./package-lock.json)", "Edit(./dist/**)", "Edit(**/*.pem)"]
`;

const write = (root, rel, text) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...args], { cwd, stdio: 'ignore', env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' } });

/** A repository: policy, package.json, a .env, a secrets dir, workflows, and `files` source files in packages of 80. */
function makeRepo(files) {
  const ws = tempDir('warden-bench-');
  write(ws, '.github/warden.yml', POLICY);
  write(ws, '.github/workflows/ci.yml', 'on: push\n');
  write(ws, 'package.json', '{"name":"b","private":true}\n');
  write(ws, 'package-lock.json', '{}\n');
  write(ws, '.env', 'TOKEN=x\n');
  write(ws, 'secrets/prod.json', '{}\n');
  write(ws, '.gitignore', '.env\nsecrets/\n');
  let made = 0;
  for (let pkg = 0; made < files; pkg++) {
    if (pkg % ENV_EVERY === 0) write(ws, `packages/p${pkg}/.env.local`, 'X=1\n');
    for (let d = 0; d < 8 && made < files; d++) for (let f = 0; f < 10 && made < files; f++, made++) write(ws, `packages/p${pkg}/src/d${d}/f${f}.ts`, 'export {};\n');
  }
  git(ws, 'init', '-q');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-qm', 'init');
  return ws;
}

const hostEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };
const trees = { small: makeRepo(30), large: makeRepo(LARGE) };
const request = (ws) => ({ command: 'true', cwd: ws, timeoutMs: 30_000, signal: new globalThis.AbortController().signal, maxOutputChars: 10_000 });

// Before anything is started, so every process of the bench is born in it (see the CPU section).
const cpuacct = openCpuacct();
const runners = {};
const firstMs = {};
let probe;
for (const [version, lib] of Object.entries(libs)) {
  const load = (p) => import(pathToFileURL(join(lib, p)).href);
  const { createDirectRunner } = await load('sandbox/direct-runner.js');
  const { createSandboxRunner } = await load('sandbox/bwrap-runner.js');
  const { loadPolicy } = await load('policy/policy-load.js');
  // The reference: the same `true` with no sandbox, started the way this build starts commands.
  runners[`${version}, direct`] = { version, runner: createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, { startNow: true }), ws: trees.small };
  for (const [name, ws] of Object.entries(trees)) {
    const policy = await loadPolicy(join(ws, '.github/warden.yml'), { homeDir: process.env.HOME, root: ws });
    const runner = await createSandboxRunner({ config: policy.sandbox, workspace: ws, hostEnv });
    probe ??= runner.probe;
    const t = performance.now();
    await runner.run(request(ws)); // the first command pays for the first full scan of the tree
    firstMs[`${version}, ${name}`] = performance.now() - t;
    runners[`${version}, ${name} tree`] = { version, runner, ws };
  }
}
for (const { runner, ws } of Object.values(runners)) await runner.run(request(ws)); // warm-up

// Each command of a runner in seven settings, every runner in turn: after a gap standing in for the
// model's turn, during which the runner prepares sandboxes ahead (and the other runners'
// preparations settle), then a second to a seventh at once after it, back to back, as a turn with
// seven commands in a row. Interleaved, so a busy machine hits every variant alike.
const modes = { gap: `after ${GAP_MS} ms`, b2b: '2nd in a row', third: '3rd in a row', fourth: '4th in a row', fifth: '5th in a row', sixth: '6th in a row', seventh: '7th in a row' };
const times = Object.fromEntries(Object.keys(runners).map((k) => [k, Object.fromEntries(Object.keys(modes).map((m) => [m, []]))]));
const timed = async (name, mode) => {
  const { runner, ws } = runners[name];
  const t = performance.now();
  const res = await runner.run(request(ws));
  times[name][mode].push(performance.now() - t);
  if (res.exitCode !== 0) throw new Error(`${name}: exit ${res.exitCode}: ${res.output}`);
};
for (let i = 0; i < N; i++) {
  for (const name of Object.keys(runners)) {
    await sleep(GAP_MS);
    for (const mode of Object.keys(modes)) await timed(name, mode);
  }
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, p50: q(0.5), p90: q(0.9), min: s[0] };
};
const f = (x) => x.toFixed(1).padStart(7);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const added = (name, mode) => stats(times[name][mode]).p50 - stats(times[`${runners[name].version}, direct`][mode]).p50;
console.log(`sandbox overhead, \`true\`, ${N} runs each, interleaved (process limit ${probe.processLimit}, uid ${probe.uid}, bwrap ${probe.bwrap?.version}, load ${loadavg()})`);
console.log(`large tree: ${LARGE} files, a .env.local in every ${ENV_EVERY}th package; libs: ${Object.entries(libs).map(([k, v]) => `${k}=${v}`).join(' ')}`);
console.log(`added = sandboxed minus the same build's direct runner (the reference) in the same setting, p50 of each; aim (issue 13): added p50 <= ${AIM_MS} ms`);
console.log(`${modes.gap}: a gap standing in for the model's turn (a real one is longer; builds before issue 33 prepared sandboxes in it);`);
console.log('then six more at once, each as soon as the last one ended. Since issue 33 every command starts a fresh sandbox.');
console.log('Each cell: p50 / p90 ms, and for the sandboxed runners the added p50 and the verdict.');
console.log(`${'variant'.padEnd(22)}${Object.values(modes).map((m) => m.padStart(29)).join('')}`);
const cell = (name, mode) => {
  const s = stats(times[name][mode]);
  const a = added(name, mode);
  const verdict = name.endsWith('direct') ? ''.padEnd(13) : `+${a.toFixed(1)} ${a <= AIM_MS ? 'MET' : 'NOT MET'}`.padEnd(13);
  return `${s.p50.toFixed(1).padStart(6)} /${s.p90.toFixed(1).padStart(6)} ${verdict}`.padStart(29);
};
for (const name of Object.keys(runners)) console.log(`${name.padEnd(22)}${Object.keys(modes).map((m) => cell(name, m)).join('')}`);
for (const [name, ms] of Object.entries(firstMs)) console.log(`first command, ${name} tree: ${ms.toFixed(1)} ms`);

// CPU time per command of every process involved, which a busy shared machine inflates far less
// than wall-clock time. A cpuacct cgroup (cgroup v1, root) counts all of them: the runner, the
// spawner, bwrap and the sandbox's own pid 1 (reparented, never reaped by us). Otherwise: this
// process plus the children it reaped, which misses the spawner and what it starts.
const cpuMs = cpuacct?.read ?? (() => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, USER_HZ = 100
});
console.log(`\nCPU per command, ${cpuacct === null ? 'this process and the children it reaped (no cpuacct cgroup: the spawner and the sandboxes are not counted)' : 'every process involved (cpuacct cgroup)'}, ${N} runs each ${GAP_MS} ms apart, one variant at a time.`);
const cpu = {};
for (const [name, { runner, ws, version }] of Object.entries(runners)) {
  await sleep(GAP_MS);
  const before = cpuMs();
  for (let i = 0; i < N; i++) {
    await runner.run(request(ws));
    await sleep(GAP_MS);
  }
  cpu[name] = (cpuMs() - before) / N;
  const ref = cpu[`${version}, direct`];
  console.log(`${name.padEnd(24)} ${f(cpu[name])} ms${name.endsWith('direct') ? '   (reference)' : `   added ${f(cpu[name] - ref)} ms`}`);
}
if (libs.before !== undefined) {
  console.log('\nafter vs before (added p50 wall in each setting; added CPU):');
  for (const tree of Object.keys(trees)) {
    const wall = (v, mode) => added(`${v}, ${tree} tree`, mode);
    const addedCpu = (v) => cpu[`${v}, ${tree} tree`] - cpu[`${v}, direct`];
    const walls = Object.entries(modes).map(([m, label]) => `${label} ${wall('before', m).toFixed(1)} → ${wall('after', m).toFixed(1)}`).join(', ');
    console.log(`  ${tree.padEnd(6)} ${walls} ms; CPU ${addedCpu('before').toFixed(1)} → ${addedCpu('after').toFixed(1)} ms`);
  }
}
console.log(`(load at the end ${loadavg()})`);

await Promise.all(Object.values(runners).map(({ runner }) => runner.dispose()));
cpuacct?.close();

/** This process (and so everything it starts) in a cpuacct cgroup of its own; null where that is not possible. */
function openCpuacct() {
  const root = '/sys/fs/cgroup/cpuacct';
  const dir = join(root, `warden-bench-${process.pid}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
  } catch {
    return null;
  }
  return {
    read: () => Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e6,
    close: () => {
      writeFileSync(join(root, 'cgroup.procs'), String(process.pid));
      setTimeout(() => rmdirSync(dir), 200);
    },
  };
}
