// What the sandbox adds per command: `true` run directly vs in the bubblewrap sandbox, through the
// same ProcessRunner seam Bash uses. Build first: npx tsc -p tsconfig.json (output in lib/).
// Usage: node bench/sandbox-overhead.mjs [iterations]   (default 40)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDirectRunner } from '../lib/sandbox/direct-runner.js';
import { createSandboxRunner } from '../lib/sandbox/bwrap-runner.js';
import { DEFAULT_SANDBOX_CONFIG } from '../lib/config/sandbox-config.js';

const N = Number(process.argv[2] ?? 40);
const hostEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };
const ws = mkdtempSync(join(tmpdir(), 'warden-bench-'));

const direct = createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
const sandbox = await createSandboxRunner({ config: DEFAULT_SANDBOX_CONFIG, workspace: ws, hostEnv });
const networked = await createSandboxRunner({
  config: { ...DEFAULT_SANDBOX_CONFIG, network: { allow: ['registry.npmjs.org'], allowPrivate: [] } },
  workspace: ws,
  hostEnv,
});

const request = { command: 'true', cwd: ws, timeoutMs: 30_000, signal: new globalThis.AbortController().signal, maxOutputChars: 10_000 };
const runners = { direct, sandbox, 'sandbox+proxy bridge': networked };
const times = Object.fromEntries(Object.keys(runners).map((k) => [k, []]));

// Warm-up, then interleave so load spikes on a shared machine hit every variant alike.
for (const r of Object.values(runners)) await r.run(request);
for (let i = 0; i < N; i++) {
  for (const [name, r] of Object.entries(runners)) {
    const t = performance.now();
    const res = await r.run(request);
    times[name].push(performance.now() - t);
    if (res.exitCode !== 0) throw new Error(`${name}: exit ${res.exitCode}: ${res.output}`);
  }
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, p50: q(0.5), p90: q(0.9), min: s[0] };
};
const base = stats(times.direct);
const f = (x) => x.toFixed(1).padStart(7);
console.log(`sandbox overhead, \`true\`, ${N} runs each (probe: process limit ${sandbox.probe.processLimit}, uid ${sandbox.probe.uid}, bwrap ${sandbox.probe.bwrap?.version})`);
console.log(`${'variant'.padEnd(22)}    mean     p50     p90     min   added(p50) added(mean)  ratio(p50)`);
for (const [name, xs] of Object.entries(times)) {
  const s = stats(xs);
  const added = name === 'direct' ? '' : `${f(s.p50 - base.p50)} ms ${f(s.mean - base.mean)} ms ${(s.p50 / base.p50).toFixed(2).padStart(9)}x`;
  console.log(`${name.padEnd(22)} ${f(s.mean)} ${f(s.p50)} ${f(s.p90)} ${f(s.min)}   ${added}`);
}
// CPU time per command (this process plus every reaped descendant: bwrap, its init, bash, socat),
// which a busy shared machine inflates far less than wall-clock time.
const childCpuMs = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, USER_HZ = 100
};
console.log(`\nCPU per command (runner + children), ${N} runs each, one variant at a time:`);
const cpu = {};
for (const [name, r] of Object.entries(runners)) {
  const self = process.cpuUsage();
  const kids = childCpuMs();
  for (let i = 0; i < N; i++) await r.run(request);
  const used = process.cpuUsage(self);
  cpu[name] = (used.user + used.system) / 1000 / N + (childCpuMs() - kids) / N;
  console.log(`${name.padEnd(22)} ${f(cpu[name])} ms${name === 'direct' ? '' : `   added ${f(cpu[name] - cpu.direct)} ms`}`);
}
const addedP50 = stats(times.sandbox).p50 - base.p50;
console.log(`\nadded per command (p50): ${addedP50.toFixed(1)} ms — target < 15 ms: ${addedP50 < 15 ? 'met' : 'NOT met on this machine'}`);

await Promise.all([direct.dispose(), sandbox.dispose(), networked.dispose()]);
rmSync(ws, { recursive: true, force: true });
