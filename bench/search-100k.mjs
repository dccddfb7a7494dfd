// Glob and Grep over a 100,000-file tree, two builds side by side (issue 33, item 2): `--before`
// (e.g. main's lib/ built before the change) and this tree's lib/, each with bubblewrap and
// without it, against ripgrep alone on the same tree. The tools run as a run calls them: the
// pipeline's permission decision under a policy, then the tool with the host read guard built from
// that policy. With bubblewrap: the current build runs ripgrep in the run's command sandbox
// (sandboxed-search.ts, through the runner's `search`); builds before it confined ripgrep
// themselves (a bwrap of their own, or a walk by name). Without bubblewrap (a search path holding
// no bwrap, and no runner): the current build judges every file it opens (the host walk); builds
// before it confined ripgrep with Landlock through perl where perl was found. ripgrep alone is
// started the way a person would (`rg --files`, `rg PATTERN` in the tree), output to a pipe. Runs
// alternate the builds and the reference so a busy machine hits all alike; each line shows medians.
// Build first: npx tsc -p tsconfig.json (output in lib/).
// Usage: node bench/search-100k.mjs [runs] [--files N] [--tree DIR] [--only WORD] [--before DIR]
//   --tree DIR    build the tree in DIR once and reuse it on later runs (default: a temp dir, removed)
//   --only WORD   only the cases whose label contains WORD (e.g. Glob)
//   --before DIR  another build's lib/ to show beside this one (e.g. main's)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { requireLib } from './support/model-server.mjs';
import { tempDir } from './support/temp-dirs.mjs';

requireLib();
const { values, positionals } = parseArgs({ options: { files: { type: 'string' }, tree: { type: 'string' }, only: { type: 'string' }, before: { type: 'string' } }, allowPositionals: true });
const RUNS = Number(positionals[0] ?? 5);
const FILES = Number(values.files ?? 100_000);
const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';

const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const rg = which('rg');
if (rg === '') {
  console.log('search-100k: ripgrep (rg) is not installed; nothing to compare against.');
  process.exit(0);
}

// The demo's policy with the read-only presets' secret reads denied: rules that could match
// beneath every directory, over a workspace too large to scan one by one.
const POLICY = `version: 1
mode: dontAsk
permissions:
  allow: ["Edit(src/**)", "Bash(npm test *)"]
  deny: ["Bash(git push *)", "Read(.env)", "Read(.env.local)", "Read(.env.*.local)", "Read(*.pem)"]
`;

/** 100 packages x 10 modules x 100 files of ~1 KB, one file in 1,000 holding the rare word. */
function makeTree(files, ws) {
  const done = join(ws, `.built-${files}`);
  if (existsSync(done)) return ws;
  let made = 0;
  for (let a = 0; made < files; a++) {
    for (let b = 0; b < 10 && made < files; b++) {
      const dir = join(ws, `pkg${a}`, `mod${b}`);
      mkdirSync(dir, { recursive: true });
      for (let c = 0; c < 100 && made < files; c++, made++) {
        const rare = made % 1000 === 7 ? `export const needleTarget${made} = true;\n` : '';
        writeFileSync(join(dir, `file${c}.ts`), `// file ${made}\nexport function f${made}(x: number): number {\n  return x + ${made};\n}\n${'const filler = "lorem ipsum dolor sit amet";\n'.repeat(20)}${rare}`);
      }
    }
  }
  writeFileSync(done, '');
  return ws;
}

const built = performance.now();
const ws = makeTree(FILES, values.tree === undefined ? tempDir('warden-bench-search-') : (mkdirSync(values.tree, { recursive: true }), values.tree));
const policyDir = tempDir('warden-bench-search-policy-');
writeFileSync(join(policyDir, 'policy.yml'), POLICY);
// A search path with ripgrep (and perl, which builds before this one used for Landlock) and no bwrap.
const noBwrapPath = tempDir('warden-bench-no-bwrap-');
for (const name of ['rg', 'perl']) if (which(name) !== '') symlinkSync(which(name), join(noBwrapPath, name));

/** The tools of one build, with bubblewrap and without. */
async function toolsOf(libDir) {
  const load = (rel) => import(pathToFileURL(join(libDir, rel)).href);
  const { loadPolicy, createPolicyDecider } = await load('policy/index.js');
  const { createHostReadGuard } = await load('entry/host-read-guard.js');
  const { runToolCall } = await load('runner/tool-pipeline.js');
  const { createToolRegistry } = await load('tools/registry.js');
  const { FileStateCache } = await load('tools/file-state.js');
  const { createDirectRunner } = await load('sandbox/direct-runner.js');
  const sandbox = await load('sandbox/index.js');
  const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: '/nonexistent-home', root: ws });
  const decider = createPolicyDecider(policy);
  // As a run under bubblewrap builds the guard (run-setup.ts): builds before this one were told
  // when commands ran (none has, here) and whether the tree is seen at one path.
  const guardOf = (sandboxed) => createHostReadGuard({ decider, policy, cwd: ws, mountsToScan: sandbox.mountsToScanBeneath, ...(sandboxed && sandbox.seenAtOnePath !== undefined ? { commandActivity: () => 0, seenAtOnePath: sandbox.seenAtOnePath } : {}) });
  // The current build searches in the run's sandbox (the runner's `search`).
  const runner = await sandbox.createSandboxRunner({ config: policy.sandbox, workspace: ws, hostEnv: { PATH: HOST_PATH, HOME: homedir(), LANG: 'C.UTF-8' } });
  const inSandbox = runner.search === undefined ? {} : { sandboxed: runner.search };
  const withBwrap = createToolRegistry({ grep: { searchPath: HOST_PATH, engine: 'rg' }, readGuard: guardOf(true), ...inSandbox });
  const withoutBwrap = createToolRegistry({ grep: { searchPath: noBwrapPath, engine: 'rg' }, glob: { searchPath: noBwrapPath }, readGuard: guardOf(false) });
  let calls = 0;
  const call = async (registry, name, input) => {
    const deps = {
      findTool: (n) => registry.get(n),
      toolNames: () => registry.list().map((t) => t.name),
      decider,
      context: { cwd: ws, signal: new globalThis.AbortController().signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 300_000 },
      resultsDir: resultsDir,
      mask: (text) => text,
      now: () => performance.now(),
    };
    const started = performance.now();
    const outcome = await runToolCall({ type: 'tool_use', id: `toolu_bench_${calls++}`, name, input }, 1, deps);
    const ms = performance.now() - started;
    if (outcome.result.is_error === true) throw new Error(`${name} failed: ${String(outcome.result.content).slice(0, 500)}`);
    return { ms, text: String(outcome.result.content) };
  };
  return { bwrap: (name, input) => call(withBwrap, name, input), noBwrap: (name, input) => call(withoutBwrap, name, input), dispose: () => runner.dispose(), sandboxed: runner.search !== undefined };
}

const resultsDir = tempDir('warden-bench-search-results-');
const after = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib');
const builds = [...(values.before === undefined ? [] : [['before', resolve(values.before)]]), ['after', after]];
const tools = [];
for (const [name, dir] of builds) tools.push({ name, dir, ...(await toolsOf(dir)) });
console.log(`search over ${FILES.toLocaleString('en-US')} files (tree built in ${((performance.now() - built) / 1000).toFixed(1)} s), ${RUNS} runs, median ms`);
for (const t of tools) console.log(`  ${t.name}: ${t.dir}${t.sandboxed ? ' (searches in the command sandbox)' : ''}`);

/** ripgrep alone, as a person runs it in the tree. */
function ripgrep(args) {
  const started = performance.now();
  const r = spawnSync(rg, args, { cwd: ws, maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`rg ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, text: r.stdout };
}

const listed = (t) => t.text.split('\n').filter((l) => l.startsWith('/')).length;
const rare = (FILES - 1 - 7 - ((FILES - 1 - 7) % 1000)) / 1000 + 1; // files holding needleTarget
const cases = [
  { label: 'Glob **/*.ts', tool: ['Glob', { pattern: '**/*.ts' }], ref: ['--files'], check: (t) => listed(t) === Math.min(100, FILES) },
  { label: 'Glob **/file42.ts', tool: ['Glob', { pattern: '**/file42.ts' }], ref: ['--files', '--glob', '**/file42.ts'], check: (t) => listed(t) === Math.min(100, Math.ceil(FILES / 100)) },
  { label: 'Grep needleTarget (files)', tool: ['Grep', { pattern: 'needleTarget' }], ref: ['-l', 'needleTarget'], check: (t) => listed(t) === rare },
  { label: 'Grep needleTarget (content)', tool: ['Grep', { pattern: 'needleTarget', output_mode: 'content' }], ref: ['needleTarget'], check: (t) => t.text.split('\n').filter((l) => l.includes('needleTarget')).length === rare },
  { label: 'Grep "return x" (every file)', tool: ['Grep', { pattern: 'return x' }], ref: ['-l', 'return x'], check: (t) => listed(t) === Math.min(250, FILES) },
];

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const pad = (ms) => (ms === undefined ? '-' : ms.toFixed(0)).padStart(7);
const columns = tools.flatMap((t) => [`${t.name} bwrap`, `${t.name} no bwrap`]);
console.log(`  ${'case'.padEnd(30)} ${columns.map((c) => c.padStart(16)).join(' ')} ${'rg alone'.padStart(9)}`);
for (const c of cases.filter((c) => values.only === undefined || c.label.includes(values.only))) {
  const runners = tools.flatMap((t) => [() => t.bwrap(...c.tool), () => t.noBwrap(...c.tool)]);
  // Warm-up: the page cache, the JIT, ripgrep's binary; every answer checked once.
  for (const [i, run] of runners.entries()) {
    const answer = await run();
    if (!c.check(answer)) throw new Error(`${c.label} (${columns[i]}): unexpected answer:\n${answer.text.slice(0, 400)}`);
  }
  ripgrep(c.ref);
  const times = runners.map(() => []);
  const ref = [];
  for (let r = 0; r < RUNS; r++) {
    const order = runners.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    for (const i of order) times[i].push((await runners[i]()).ms);
    ref.push(ripgrep(c.ref).ms);
  }
  console.log(`  ${c.label.padEnd(30)} ${times.map((t) => `${pad(median(t))} ms`.padStart(16)).join(' ')} ${`${pad(median(ref))} ms`.padStart(9)}`);
}
console.log(`  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`);
for (const t of tools) await t.dispose();
process.exit(0);
