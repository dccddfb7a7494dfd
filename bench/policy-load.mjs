// Policy load time: p50/p99 over 200 loads of a realistic policy (extends a preset, ~40 rules,
// rule examples for paths, hosts and commands, a sandbox section). Aim: p50 < 20 ms.
// Run after `npx tsc -p tsconfig.json`: node bench/policy-load.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPolicy } from '../lib/policy/index.js';

const POLICY = `# yaml-language-server: $schema=../schema/warden-policy.schema.json
version: 1
mode: dontAsk
extends: [maintainer]
permissions:
  allow:
    - Read
    - Glob
    - Grep
    - "Edit(src/**)"
    - "Edit(test/**)"
    - "Edit(docs/**/*.md)"
    - "Edit(package.json)"
    - "Bash(npm ci)"
    - "Bash(npm test *)"
    - "Bash(npm run lint *)"
    - "Bash(npm run build *)"
    - "Bash(npx vitest *)"
    - "Bash(npx tsc *)"
    - "Bash(git diff *)"
    - "Bash(git log *)"
    - "Bash(git status *)"
    - "Bash(git add *)"
    - "Bash(git commit *)"
    - { rule: "Bash(node scripts/*.mjs *)", reason: "repo scripts", examples: { match: ["node scripts/gen.mjs --check"], not_match: ["node -e 1"] } }
    - { rule: "WebFetch(domain:*.github.com)", examples: { match: ["https://docs.github.com/en/actions"], not_match: ["https://github.com.evil.io/"] } }
    - "WebFetch(domain:registry.npmjs.org)"
    - "WebFetch(domain:nodejs.org)"
    - "mcp__github__get_*"
  deny:
    - { rule: "Read(.env)", reason: "secrets stay out of the model's context", examples: { match: [".env", "packages/a/.env"], not_match: ["src/a.ts", ".env.example"] } }
    - "Read(.env.*.local)"
    - "Read(~/.ssh/**)"
    - "Read(~/.aws/**)"
    - "Read(//etc/shadow)"
    - { rule: "Edit(src/generated/**)", reason: "generated; run npm run gen instead", examples: { match: ["src/generated/api.ts"] } }
    - { rule: "Bash(git push *)", reason: "Warden pushes after the run", examples: { match: ["git push origin main", "git push"], not_match: ["git status"] } }
    - "Bash(rm -rf *)"
    - "Bash(curl *)"
    - "Bash(wget *)"
    - "Bash(npm publish *)"
    - "mcp__github__delete_*"
  ask:
    - "Bash(npm install *)"
    - "Edit(package-lock.json)"
sandbox:
  mode: required
  network: { allow: ["registry.npmjs.org", "*.pythonhosted.org", "github.com"], allow_private: [] }
  env: { allow: ["CI", "NODE_ENV"], secrets: ["NPM_TOKEN"] }
  protected_paths: ["deploy/", "scripts/release.sh"]
`;

const base = mkdtempSync(path.join(tmpdir(), 'warden-bench-'));
const file = path.join(base, 'repo', '.github', 'warden.yml');
const home = path.join(base, 'home');
mkdirSync(path.dirname(file), { recursive: true });
mkdirSync(home);
writeFileSync(file, POLICY);

const t0 = performance.now();
const first = await loadPolicy(file, { homeDir: home });
const cold = performance.now() - t0;

// The first loads also pay for JIT compilation; report them apart from the steady state.
const warm = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await loadPolicy(file, { homeDir: home });
  warm.push(performance.now() - start);
}

// Wall time, and CPU time of this process (stable when other jobs share the machine).
const times = [];
const cpu = [];
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  await loadPolicy(file, { homeDir: home });
  const used = process.cpuUsage(startCpu);
  times.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const at = (list, p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
const pct = (p) => at(times, p);
const rules = first.rules.allow.length + first.rules.deny.length + first.rules.ask.length;
console.log(`policy load (${rules} rules, extends ${first.presets.join(',')}, examples incl. Bash):`);
console.log(`  first load (includes Bash parser start): ${cold.toFixed(1)} ms`);
console.log(`  next 10 loads (JIT warm-up): max ${Math.max(...warm).toFixed(1)} ms`);
console.log(`  wall p50 ${pct(50).toFixed(2)} ms  p99 ${pct(99).toFixed(2)} ms  (200 loads)  target < 20 ms`);
console.log(`  cpu  p50 ${at(cpu, 50).toFixed(2)} ms  p99 ${at(cpu, 99).toFixed(2)} ms`);
rmSync(base, { recursive: true, force: true });
