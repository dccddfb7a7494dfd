/**
 * The project's GitHub workflow runs every test: a runner is not root, so the `ci` job skips what
 * needs root, and the `as-root` job runs those files under sudo. Checked here because the workflow
 * cannot run on this machine: its shape, and that the files it picks are every file that asks for
 * root, directly (`getuid`) or through a helper's gate (`canBindMount`, `mounts`, `canMount`).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');

interface Step {
  uses?: string;
  run?: string;
  name?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
}

const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8')) as Workflow;
const SUDO_VITEST = 'sudo -E env "PATH=$PATH" npx vitest run';

const testFiles = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('test', f));
const source = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Names a helper (a non-test file) exports whose value depends on being root. */
function rootGates(): Set<string> {
  const gates = new Set<string>();
  for (const file of testFiles.filter((f) => !f.endsWith('.test.ts'))) {
    for (const line of source(file).split('\n')) {
      const name = /^export (?:const|function) (\w+)/.exec(line)?.[1];
      // canBindMount itself mounts; the others are consts computed from getuid or canBindMount.
      if (name !== undefined && (/getuid|canBindMount\(\)/.test(line) || name === 'canBindMount')) gates.add(name);
    }
  }
  return gates;
}

/** Test files that ask whether they run as root: directly, or by importing a root gate. */
function rootGatedFiles(): string[] {
  const gates = [...rootGates()];
  return testFiles
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => {
      const text = source(f);
      if (/getuid/.test(text)) return true;
      return gates.some((g) => new RegExp(`import \\{[^}]*\\b${g}\\b[^}]*\\}`).test(text) && new RegExp(`(?:runIf|skipIf)\\(${g}\\b|\\b${g}\\(\\)`).test(text));
    })
    .sort();
}

describe('the GitHub workflow', () => {
  it('keeps the ci job: .ci/run on a runner, bubblewrap allowed its user namespaces', () => {
    const runs = workflow.jobs.ci?.steps.map((s) => s.run) ?? [];
    expect(runs).toContain('bash .ci/run');
    expect(runs).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
  });

  const rootJob = Object.values(workflow.jobs).find((job) => job.steps.some((s) => s.run?.includes(SUDO_VITEST) === true));
  it('has a job running tests under sudo, after installing what they need', () => {
    expect(rootJob).toBeDefined();
    const steps = rootJob?.steps ?? [];
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout@') === true);
    expect(checkout?.with?.['persist-credentials']).toBe(false);
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@') === true)?.with?.['node-version']).toBe(20);
    const runs = steps.map((s) => s.run ?? '');
    const at = (pattern: RegExp): number => runs.findIndex((r) => pattern.test(r));
    const test = at(/sudo -E env "PATH=\$PATH" npx vitest run/);
    for (const need of [/apt-get install[^\n]*bubblewrap[^\n]*ripgrep[^\n]*socat/, /^npm ci\b/, /apparmor_restrict_unprivileged_userns=0/]) {
      expect(at(need), String(need)).toBeGreaterThanOrEqual(0);
      expect(at(need), String(need)).toBeLessThan(test);
    }
  });

  it('runs under sudo every test file that asks for root', () => {
    const script = rootJob?.steps.find((s) => s.run?.includes(SUDO_VITEST) === true)?.run ?? '';
    // The step's own lines, but the file list printed instead of run.
    const listing = script.split('\n').filter((line) => !line.includes(SUDO_VITEST)).join('\n');
    const picked = execFileSync('bash', ['-c', `${listing}\nprintf '%s\\n' "\${files[@]}"`], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((l) => l !== '');
    const gated = rootGatedFiles();
    // Counters: the gates are found, and so are files gated each way.
    expect(gated.length).toBeGreaterThan(3);
    expect(gated).toContain(relative(ROOT, join(ROOT, 'test', 'host-git', 'snapshot.test.ts')));
    expect(gated.filter((f) => !picked.includes(f))).toEqual([]);
  });
});
