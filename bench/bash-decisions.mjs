// Bash decision latency over the attack and benign corpora (test/policy/corpus/*.json).
// Build first: `npx tsc -p tsconfig.json` (emits lib/), then `node bench/bash-decisions.mjs [rounds] [libDir]`
// (libDir, relative to the repository, defaults to lib: point it at an older build to compare).
// Prints decisions/second and p50/p99 latency, over every decision and over each command's median
// (the latter is robust to a busy machine); the target is p99 < 3 ms.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const libDir = process.argv[3] ?? 'lib';
const { decideBash, initBashParser } = await import(join(root, libDir, 'policy/bash/index.js'));
// The real decider hands the analyser this to find where a directory really is (git after a cd).
const { realPath } = await import(join(root, libDir, 'policy/path-resolve.js'));

// A workspace that exists, as in a run (the analyser looks up where a directory really is for git).
const HOME = realpathSync(mkdtempSync(join(tmpdir(), 'warden-bench-home-')));
const WORKSPACE = join(HOME, 'repo');
mkdirSync(WORKSPACE);
process.on('exit', () => rmSync(HOME, { recursive: true, force: true }));
const PROTECTED = /(^|\/)(\.git|\.claude|\.vscode|\.husky|\.github)(\/|$)|(^|\/)(\.bashrc|\.profile|\.zshrc|\.npmrc|\.envrc|\.mcp\.json)$/;
const inside = (base, p) => {
  const rel = relative(base, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

// A small PathJudge with the real one's shape: Read denies for .env and ~/.ssh, writes only inside
// the workspace and never to protected paths. The bench measures the Bash analysis, not the judge.
const judge = (kind, abs) => {
  if (abs.endsWith('/.env') || inside(`${HOME}/.ssh`, abs)) return { behavior: 'deny', rule: 'Read(.env)', reason: 'secret' };
  if (kind === 'write' && (!inside(WORKSPACE, abs) || PROTECTED.test(relative(WORKSPACE, abs)))) return { behavior: 'deny', rule: null, reason: 'protected or outside' };
  if (kind === 'read' && !inside(WORKSPACE, abs) && !abs.startsWith('/tmp/') && !abs.startsWith('/usr/')) return { behavior: 'deny', rule: null, reason: 'outside' };
  return { behavior: 'allow', rule: null, reason: 'ok' };
};
const judgeTreeRead = (dir) => (inside(dir, `${WORKSPACE}/.env`) || inside(dir, `${HOME}/.ssh`) ? { behavior: 'deny', rule: 'Read(.env)', reason: 'secret below' } : judge('read', dir));

const rule = (text, behavior) => {
  const m = /^([A-Za-z]+)(?:\(([\s\S]*)\))?$/.exec(text);
  return { behavior, toolName: m[1], specifier: m[2] ?? null, text, reason: undefined, source: 'bench' };
};
const bashRules = (spec) => {
  const pick = (list, behavior) => (list ?? []).filter((t) => t.startsWith('Bash')).map((t) => rule(t, behavior));
  return { allow: pick(spec.allow, 'allow'), deny: pick(spec.deny, 'deny'), ask: pick(spec.ask, 'ask') };
};

const load = (name) => JSON.parse(readFileSync(join(root, 'test/policy/corpus', name), 'utf8'));
const work = [];
for (const name of ['bash-attacks.json', 'bash-benign.json']) {
  const corpus = load(name);
  const policies = Object.fromEntries(Object.entries(corpus.policies).map(([k, v]) => [k, { rules: bashRules(v), mode: v.mode ?? 'dontAsk' }]));
  for (const c of corpus.cases) work.push({ command: c.command, ...policies[c.policy] });
}

const t0 = performance.now();
await initBashParser();
const initMs = performance.now() - t0;

const decide = (w) => decideBash(w.command, w.rules, judge, { cwd: WORKSPACE, mode: w.mode, judgeTreeRead, readDenies: true, realPath });
for (const w of work) decide(w); // warm-up: JIT and wasm tier-up

const rounds = Number(process.argv[2] ?? 20);
const samples = [];
const perCommand = work.map(() => []);
const start = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const [i, w] of work.entries()) {
    const s = performance.now();
    decide(w);
    const ms = performance.now() - s;
    samples.push(ms);
    perCommand[i].push(ms);
  }
}
const total = performance.now() - start;
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms) => `${ms.toFixed(3)} ms`;
const all = sorted(samples);
// Each command's median over the rounds: robust to the scheduler on a shared machine.
const medians = sorted(perCommand.map((xs) => pct(sorted(xs), 50)));
console.log(`bash decisions (${libDir}): ${work.length} commands × ${rounds} rounds = ${samples.length} decisions (parser init ${initMs.toFixed(1)} ms)`);
console.log(`  throughput  ${Math.round(samples.length / (total / 1000))} decisions/s`);
console.log(`  every decision          p50 ${fmt(pct(all, 50))}  p90 ${fmt(pct(all, 90))}  p99 ${fmt(pct(all, 99))}  max ${fmt(all.at(-1))}`);
console.log(`  per-command median      p50 ${fmt(pct(medians, 50))}  p90 ${fmt(pct(medians, 90))}  p99 ${fmt(pct(medians, 99))}  max ${fmt(medians.at(-1))}`);
const slowest = perCommand.map((xs, i) => [pct(sorted(xs), 50), work[i].command]).sort((a, b) => b[0] - a[0]).slice(0, 3);
for (const [ms, command] of slowest) console.log(`  slowest   ${fmt(ms)}  ${JSON.stringify(command.length > 60 ? `${command.slice(0, 60)}…` : command)}`);
const p99 = pct(medians, 99);
if (p99 >= 3) {
  console.log(`  per-command p99 ${fmt(p99)} is over the 3 ms target`);
  process.exitCode = 1;
}
