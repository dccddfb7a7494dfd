// Glob and Grep over a 100,000-file tree against ripgrep alone on the same tree (issue 13, aim 5:
// within 1.5x). The tools run as a run calls them: the pipeline's permission decision under a
// policy, then the tool with the host read guard built from that policy. Over a tree this large
// ripgrep walks it itself, confined (src/tools/grep-rg-tree.ts, glob-tree.ts): by bubblewrap, or
// by Landlock where bubblewrap is missing (the "Landlock (no bwrap)" lines: a search path holding
// no bwrap); the "every file judged" / "every name walked" lines are the fallback where neither
// can confine it or the guard will not vouch for the tree. ripgrep alone is started the way a person would (`rg --files`,
// `rg PATTERN` in the tree), output to a pipe. Runs alternate tool and reference so a busy machine
// hits both alike; each line compares medians from the same runs. Past 1,000 matches Glob and Grep's
// files_with_matches list in path order, not newest first (src/tools/search-order.ts): the
// every-file cases are that; the "1,000 by mtime" ones are the most still ordered by date.
// Build first: npx tsc -p tsconfig.json (output in lib/).
// Usage: node bench/search-100k.mjs [runs] [--files N] [--engine js] [--tree DIR] [--only WORD] [--lib DIR]
//   --tree DIR  build the tree in DIR once and reuse it on later runs (default: a temp dir, removed)
//   --only WORD only the cases whose label contains WORD (e.g. Glob)
//   --lib DIR   measure another build's lib/ (e.g. main's, for a before/after)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { requireLib } from './support/model-server.mjs';
import { tempDir } from './support/temp-dirs.mjs';

requireLib();
const { values, positionals } = parseArgs({ options: { files: { type: 'string' }, engine: { type: 'string' }, tree: { type: 'string' }, only: { type: 'string' }, lib: { type: 'string' } }, allowPositionals: true });
const RUNS = Number(positionals[0] ?? 5);
const FILES = Number(values.files ?? 100_000);
const ENGINE = values.engine === 'js' ? 'js' : 'rg';
const AIM = 1.5;

const lib = values.lib === undefined ? join(dirname(fileURLToPath(import.meta.url)), '..', 'lib') : resolve(values.lib);
const load = (rel) => import(pathToFileURL(join(lib, rel)).href);
const { loadPolicy, createPolicyDecider } = await load('policy/index.js');
const { createHostReadGuard } = await load('entry/host-read-guard.js');
const { runToolCall } = await load('runner/tool-pipeline.js');
const { createToolRegistry } = await load('tools/registry.js');
const { FileStateCache } = await load('tools/file-state.js');
const { createDirectRunner } = await load('sandbox/direct-runner.js');
const { seenAtOnePath } = await load('sandbox/index.js');
const { createCommandActivity } = await load('entry/command-activity.js');

const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
if (rg === '') {
  console.log('search-100k: ripgrep (rg) is not installed; nothing to compare against.');
  process.exit(0);
}

// The demo's policy without its Read deny: with a Read deny that could match beneath the tree, a
// Grep of it skips what the deny matches, and so judges every file (the "every file judged" line).
const POLICY = `version: 1
mode: dontAsk
permissions:
  allow: ["Edit(src/**)", "Bash(npm test *)"]
  deny: ["Bash(git push *)"]
`;

const DENYING_POLICY = `version: 1
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
writeFileSync(join(policyDir, 'denying.yml'), DENYING_POLICY);
console.log(`search over ${FILES.toLocaleString('en-US')} files (tree built in ${((performance.now() - built) / 1000).toFixed(1)} s), ${RUNS} runs, Grep engine ${ENGINE}, ${lib}`);

const policy = await loadPolicy(join(policyDir, 'policy.yml'), { homeDir: '/nonexistent-home', root: ws });
const decider = createPolicyDecider(policy);
// As in a run under bubblewrap, the guard is told when commands ran (run-setup.ts); none runs here.
const readGuard = createHostReadGuard({ decider, policy, cwd: ws, commandActivity: () => 0, seenAtOnePath });
const tools = createToolRegistry({ grep: { searchPath: process.env.PATH ?? '/usr/bin:/bin', engine: ENGINE }, readGuard });
// The same policy with the read-only presets' secret reads denied: rules that could match beneath
// every directory, over a workspace too large to scan for the files they deny. ripgrep walks it by
// name leaving out what they match, and judges every file it reports by identity.
const denyingPolicy = await loadPolicy(join(policyDir, 'denying.yml'), { homeDir: '/nonexistent-home', root: ws });
const denyingDecider = createPolicyDecider(denyingPolicy);
const denying = createToolRegistry({ grep: { searchPath: process.env.PATH ?? '/usr/bin:/bin', engine: ENGINE }, readGuard: createHostReadGuard({ decider: denyingDecider, policy: denyingPolicy, cwd: ws }) });
// The same, with a file those rules deny on the tree's filesystem (beside the tree, so ripgrep's
// own counts stay the tree's): it could be linked in, so ripgrep walks by name only when the
// guard finds it has no other name.
const deniedBeside = `${ws.replace(/\/+$/, '')}.denied.pem`;
writeFileSync(deniedBeside, 'not for the model\n');
writeFileSync(join(policyDir, 'linkable.yml'), DENYING_POLICY.replace('"Read(*.pem)"', `"Read(*.pem)", "Read(/${deniedBeside})"`));
const linkablePolicy = await loadPolicy(join(policyDir, 'linkable.yml'), { homeDir: '/nonexistent-home', root: ws });
const linkableDecider = createPolicyDecider(linkablePolicy);
const linkableGuarded = (extra) => createToolRegistry({ grep: { searchPath: process.env.PATH ?? '/usr/bin:/bin', engine: ENGINE }, readGuard: createHostReadGuard({ decider: linkableDecider, policy: linkablePolicy, cwd: ws, ...extra }) });
// A run under bubblewrap tells the guard when commands ran (run-setup.ts). ripgrep walks by name
// once a scan at the current stamp finds no denied file with another name: the start's scan while
// no command has run, a new one (before the walk) right after a command. With commands run
// unsandboxed (sandbox.mode off) the stamp holds only until the first command starts: after it no
// walk by name is trusted, and every file is judged.
let commandsRun = 0;
const linkable = linkableGuarded({ commandActivity: () => 0, seenAtOnePath });
const linkableAfterCommand = linkableGuarded({ commandActivity: () => commandsRun, seenAtOnePath });
const unsandboxedGuard = (activity) => linkableGuarded({ commandActivity: activity.untilFirstCommand, seenAtOnePath, commandsUnsandboxed: true });
const linkableUnsandboxedFirst = unsandboxedGuard(createCommandActivity());
const ranOne = createCommandActivity();
await ranOne.around(async () => undefined);
const linkableUnsandboxed = unsandboxedGuard(ranOne);
// The same, as a run wires it where perl is found: commands through the direct runner beneath the
// reaper (src/sandbox/reaper.ts), which kills what a command leaves running; the stamp holds again
// once its sweep has (run-setup.ts). A `true` runs before each such search. Not in builds before it.
const { unsandboxedStamp } = await load('entry/command-activity.js');
const { findTool } = await load('sandbox/sandbox-tools.js');
const reapedActivity = createCommandActivity();
const reaped = createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, { startNow: true, reaperPerl: findTool('perl', process.env.PATH ?? '') });
const linkableReaped = unsandboxedStamp === undefined ? undefined : linkableGuarded({ commandActivity: unsandboxedStamp(reapedActivity, () => reaped.noProcessLeft?.() === true), seenAtOnePath, commandsUnsandboxed: true });
const runReaped = () => reapedActivity.around(() => reaped.run({ command: 'true', cwd: ws, timeoutMs: 10_000, signal: new globalThis.AbortController().signal, maxOutputChars: 1_000 }));
// Where the guard will not vouch for the tree, or neither bubblewrap nor Landlock can confine ripgrep: every file judged.
const judged = createToolRegistry({ grep: { searchPath: process.env.PATH ?? '/usr/bin:/bin', engine: ENGINE, walkAbove: Infinity }, glob: { listAbove: Infinity }, readGuard });
// Where bubblewrap is missing or cannot start: ripgrep confined by Landlock (a search path with
// ripgrep and perl, no bwrap: src/tools/confiners.ts picks what it finds).
const noBwrapPath = tempDir('warden-bench-no-bwrap-');
for (const name of ['rg', 'perl']) symlinkSync(spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim(), join(noBwrapPath, name));
const landlocked = createToolRegistry({ grep: { searchPath: noBwrapPath, engine: ENGINE }, glob: { searchPath: noBwrapPath }, readGuard });
// Told when commands ran, and none has (as a run before its first command, or after the reaper's
// sweep): under Landlock Grep walks by name only then (grep-rg-tree.ts).
const landlockedDenying = createToolRegistry({ grep: { searchPath: noBwrapPath, engine: ENGINE }, glob: { searchPath: noBwrapPath }, readGuard: createHostReadGuard({ decider: denyingDecider, policy: denyingPolicy, cwd: ws, commandActivity: () => 0, seenAtOnePath }) });
const deps = {
  findTool: (name) => tools.get(name),
  toolNames: () => tools.list().map((t) => t.name),
  decider,
  context: { cwd: ws, signal: new globalThis.AbortController().signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 120_000 },
  resultsDir: tempDir('warden-bench-search-results-'),
  mask: (text) => text,
  now: () => performance.now(),
};

let calls = 0;
/** One tool call through the pipeline; its wall time and its answer (which must not be an error). */
async function tool(name, input, registry = tools, pipelineDecider = decider) {
  const started = performance.now();
  const outcome = await runToolCall({ type: 'tool_use', id: `toolu_bench_${calls++}`, name, input }, 1, { ...deps, decider: pipelineDecider, findTool: (n) => registry.get(n) });
  const ms = performance.now() - started;
  if (outcome.result.is_error === true) throw new Error(`${name} failed: ${String(outcome.result.content).slice(0, 500)}`);
  return { ms, text: String(outcome.result.content) };
}

/** ripgrep alone, as a person runs it in the tree. */
function ripgrep(args) {
  const started = performance.now();
  const r = spawnSync(rg, args, { cwd: ws, maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`rg ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, text: r.stdout };
}

const rare = (FILES - 1 - 7 - ((FILES - 1 - 7) % 1000)) / 1000 + 1; // files holding needleTarget
const cases = [
  {
    label: 'Glob **/*.ts',
    refLabel: 'rg --files',
    tool: () => tool('Glob', { pattern: '**/*.ts' }),
    ref: () => ripgrep(['--files']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, FILES) && r.text.split('\n').length - 1 === FILES,
  },
  {
    label: 'Glob **/file42.ts',
    refLabel: 'rg --files',
    tool: () => tool('Glob', { pattern: '**/file42.ts' }),
    ref: () => ripgrep(['--files']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, Math.ceil(FILES / 100)) && r.text.split('\n').length - 1 === FILES,
  },
  {
    label: 'Grep needleTarget (files)',
    refLabel: 'rg needleTarget',
    tool: () => tool('Grep', { pattern: 'needleTarget' }),
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  {
    label: 'Grep needleTarget (content)',
    refLabel: 'rg needleTarget',
    tool: () => tool('Grep', { pattern: 'needleTarget', output_mode: 'content' }),
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.includes('needleTarget')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  {
    label: 'Grep needleTarget, Read denies beneath',
    refLabel: 'rg needleTarget',
    tool: () => tool('Grep', { pattern: 'needleTarget' }, denying, denyingDecider),
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  {
    label: 'Grep "return x" (every file), Read denies beneath',
    refLabel: 'rg "return x"',
    tool: () => tool('Grep', { pattern: 'return x' }, denying, denyingDecider),
    ref: () => ripgrep(['return x']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(250, FILES) && r.text.split('\n').length - 1 === FILES,
  },
  {
    label: 'Grep needleTarget, a denied file linkable, after a command',
    refLabel: 'rg needleTarget',
    tool: () => {
      commandsRun += 2;
      return tool('Grep', { pattern: 'needleTarget' }, linkableAfterCommand, linkableDecider);
    },
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  ...[
    ['', linkable, () => undefined],
    [', after a command', linkableAfterCommand, () => (commandsRun += 2)],
    [', commands unsandboxed, before the first', linkableUnsandboxedFirst, () => undefined],
    [', commands unsandboxed, after one', linkableUnsandboxed, () => undefined],
    ...(linkableReaped === undefined ? [] : [[', commands unsandboxed, after one the reaper swept', linkableReaped, runReaped]]),
  ].map(([when, registry, before]) => ({
    label: `Grep "return x" (every file), Read denies, a denied file linkable${when}`,
    refLabel: 'rg "return x"',
    tool: async () => {
      await before();
      return tool('Grep', { pattern: 'return x' }, registry, linkableDecider);
    },
    ref: () => ripgrep(['return x']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(250, FILES) && r.text.split('\n').length - 1 === FILES,
  })),
  {
    label: 'Grep needleTarget, every file judged',
    refLabel: 'rg needleTarget',
    tool: () => tool('Grep', { pattern: 'needleTarget' }, judged),
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  {
    label: 'Glob **/*.ts, every name walked',
    refLabel: 'rg --files',
    tool: () => tool('Glob', { pattern: '**/*.ts' }, judged),
    ref: () => ripgrep(['--files']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, FILES) && r.text.split('\n').length - 1 === FILES,
  },
  {
    label: 'Grep needleTarget (files), Landlock (no bwrap)',
    refLabel: 'rg needleTarget',
    tool: () => tool('Grep', { pattern: 'needleTarget' }, landlocked),
    ref: () => ripgrep(['needleTarget']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === rare && r.text.split('\n').length - 1 === rare,
  },
  {
    label: 'Grep "return x" (every file), Read denies beneath, Landlock (no bwrap)',
    refLabel: 'rg "return x"',
    tool: () => tool('Grep', { pattern: 'return x' }, landlockedDenying, denyingDecider),
    ref: () => ripgrep(['return x']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(250, FILES) && r.text.split('\n').length - 1 === FILES,
  },
  {
    label: 'Glob **/*.ts, Landlock (no bwrap)',
    refLabel: 'rg --files',
    tool: () => tool('Glob', { pattern: '**/*.ts' }, landlocked),
    ref: () => ripgrep(['--files']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, FILES) && r.text.split('\n').length - 1 === FILES,
  },
  // At the threshold (src/tools/search-order.ts): the most matches still listed newest first, each
  // one's mtime found again by descriptor; one more and they are in path order. Spread over the
  // whole tree, so every directory is walked.
  {
    label: 'Glob **/file7.ts, 1,000 by mtime',
    refLabel: 'rg --files -g',
    tool: () => tool('Glob', { pattern: '**/file7.ts' }),
    ref: () => ripgrep(['--files', '--glob', '**/file7.ts']),
    check: (t, r) => !t.text.includes('path order') && t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, FILES / 100) && r.text.split('\n').length - 1 === FILES / 100,
  },
  {
    // "return x + N;" ends in "07;" for N = 107, 207, ... (999 of 100,000 files).
    label: 'Grep "07;", 999 by mtime',
    refLabel: 'rg "07;"',
    tool: () => tool('Grep', { pattern: '07;' }),
    ref: () => ripgrep(['07;']),
    check: (t, r) => !t.text.includes('path order') && t.text.startsWith(`Found ${FILES / 100 - 1} files\n`) && r.text.split('\n').length - 1 === FILES / 100 - 1,
  },
  // The same count in one directory the glob names: the search starts there (tree-narrow.ts) and,
  // 1,000 files being few, walks it judging each file; ripgrep alone walks the whole tree.
  {
    label: 'Glob pkg1/**/*.ts, 1,000 by mtime',
    refLabel: 'rg --files -g',
    tool: () => tool('Glob', { pattern: 'pkg1/**/*.ts' }),
    ref: () => ripgrep(['--files', '--glob', 'pkg1/**/*.ts']),
    check: (t, r) => !t.text.includes('path order') && t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(100, FILES) && r.text.split('\n').length - 1 === Math.min(1_000, Math.max(0, FILES - 1_000)),
  },
  {
    label: 'Grep "return x", 1,000 by mtime',
    refLabel: 'rg "return x" -g',
    tool: () => tool('Grep', { pattern: 'return x', glob: 'pkg1/**' }),
    ref: () => ripgrep(['return x', '--glob', 'pkg1/**']),
    check: (t, r) => !t.text.includes('path order') && t.text.startsWith(`Found ${Math.min(1_000, Math.max(0, FILES - 1_000))} files\n`) && r.text.split('\n').length - 1 === Math.min(1_000, Math.max(0, FILES - 1_000)),
  },
  {
    label: 'Grep "return x" (files, every file)',
    refLabel: 'rg "return x"',
    tool: () => tool('Grep', { pattern: 'return x' }),
    ref: () => ripgrep(['return x']),
    check: (t, r) => t.text.split('\n').filter((l) => l.startsWith('/')).length === Math.min(250, FILES) && r.text.split('\n').length - 1 === FILES,
  },
];

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const c of cases.filter((c) => values.only === undefined || c.label.includes(values.only))) {
  // Warm-up: the page cache, the JIT, ripgrep's binary.
  const t0 = await c.tool();
  const r0 = c.ref();
  if (!c.check(t0, r0)) throw new Error(`${c.label}: unexpected answers:\n${t0.text.slice(0, 400)}\n---\n${r0.text.slice(0, 400)}`);
  const mine = [];
  const ref = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      mine.push((await c.tool()).ms);
      ref.push(c.ref().ms);
    } else {
      ref.push(c.ref().ms);
      mine.push((await c.tool()).ms);
    }
  }
  const ratio = median(mine) / median(ref);
  console.log(
    `  ${c.label.padEnd(36)} ${median(mine).toFixed(0).padStart(6)} ms   ${c.refLabel.padEnd(18)} ${median(ref).toFixed(0).padStart(6)} ms   ratio ${ratio.toFixed(2)}x (aim <= ${AIM}x) ${ratio <= AIM ? 'MET' : 'NOT MET'}`,
  );
}
console.log(`  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${(await import('node:os')).cpus().length} cores)`);
