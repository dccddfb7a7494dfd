/**
 * The suite's two halves (vitest.config.ts): every test file runs in exactly one, `npm test` and
 * `npm run test:attack` run one each and CI runs both; and no test file holds what turns a test red
 * on a busy machine (a clock in an assertion or a loop, a retry, a per-test timeout).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import config, { ATTACK_SUITES } from '../../vitest.config.js';

const ROOT = new URL('../..', import.meta.url).pathname;

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => relative(ROOT, join(ROOT, dir, name)))
    .sort();
}

interface Project {
  test: { name: string; include: string[]; exclude?: string[] };
}
const projects = (config.test?.projects ?? []) as Project[];
const holds = (project: Project, file: string): boolean => picomatch.isMatch(file, project.test.include) && !picomatch.isMatch(file, project.test.exclude ?? []);

describe('the two halves of the test suite', () => {
  const files = filesUnder('test', '.test.ts');

  it('every test file runs in exactly one of them', () => {
    expect(projects.map((p) => p.test.name)).toEqual(['test', 'attack']);
    const notOnce = files.map((file) => [file, projects.filter((p) => holds(p, file)).map((p) => p.test.name)] as const).filter(([, names]) => names.length !== 1);
    expect(notOnce).toEqual([]);
    const [quick, slow] = projects.map((p) => files.filter((f) => holds(p, f)).length);
    expect(quick).toBeGreaterThan(100);
    expect(slow).toBeGreaterThan(10);
  });

  it('each pattern of the slow half names a file (none is left over from a move)', () => {
    expect(ATTACK_SUITES.filter((pattern) => !files.some((f) => picomatch.isMatch(f, pattern)))).toEqual([]);
  });

  it('npm test runs the first half, npm run test:attack the second, CI both', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.test).toBe('vitest run --project test');
    expect(scripts['test:attack']).toBe('vitest run --project attack');
    // `suite`: .ci/run's wrapper, which reports what the kernel saw when a half is killed.
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n').map((line) => line.replace(/^suite /, ''));
    expect(ci.indexOf('npm test')).toBeGreaterThan(0);
    expect(ci.indexOf('npm run test:attack')).toBeGreaterThan(ci.indexOf('npm test'));
  });
});

/** What makes a test fail where the machine is only slow, each with what to do instead. */
const HAZARDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/expect\([^\n]*\b(?:Date|performance)\.now\(\)/, 'a clock in an assertion: assert an effect (a marker, a process gone), or measure in bench/'],
  [/\b(?:while|for)\s*\([^\n]*\b(?:Date|performance)\.now\(\)/, 'a loop bounded by a clock: bound it by a count of cases'],
  [/\bretry:\s*\d/, 'a retry: it retries the assertions too'],
  [/^\s*\}\s*,\s*[\d_]+[^\n]*\)\s*;\s*$/m, 'a per-test timeout: the config has the one hang guard'],
  [/\{\s*timeout:[^}\n]*\}\s*,\s*(?:async\b|\()/, 'a per-test timeout: the config has the one hang guard'],
  [/\bvi\.wait(?:For|Until)\b|\bexpect\.poll\b/, 'a wait with a one-second default limit: test/support/wait-for.ts'],
];

function timingHazards(text: string): string[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const [pattern, why] of HAZARDS) if (pattern.test(line)) found.push(`${index + 1}: ${why}: ${line.trim()}`);
  }
  return found;
}

describe('no test holds a timing check', () => {
  // Taken from tests that were red on a busy machine.
  it.each([
    ['expect(performance.now() - started).toBeLessThan(2000);', 'a clock in an assertion'],
    ['expect(Date.now() - started).toBeLessThan(4_000); // `sleep 5` did not run to the end', 'a clock in an assertion'],
    ['while (Date.now() < until) {', 'a loop bounded by a clock'],
    ["describe.skipIf(BWRAP === null)('prepared sandboxes', { retry: 1 }, () => {", 'a retry'],
    ['  }, 30_000);', 'a per-test timeout'],
    ['  }, 30_000 + runs * 60);', 'a per-test timeout'],
    ["it('never returns a byte', { timeout: Math.max(120_000, ITERATIONS * 300) }, async () => {", 'a per-test timeout'],
    ['  await vi.waitFor(() => {', 'a wait with a one-second default limit'],
  ])('finds %s', (line, why) => {
    expect(timingHazards(line).join('\n')).toContain(why);
  });

  it.each([
    ['await waitFor(() => hostProcessesWith(marker).length === 0, "the jobs to die");'],
    ["{ status: 502, attempt: 2 }, { retry: true, delayMs: 4_000, why: 'server error 502' }"],
    ['const octokit = createGithubClient({ token, retry: { maxRetries: 0 } });'],
    ['    setTimeout(() => controller.abort(), 200);'],
  ])('lets %s be', (line) => {
    expect(timingHazards(line)).toEqual([]);
  });

  it('in any file under test/', () => {
    const found = filesUnder('test', '.ts')
      .filter((file) => file !== 'test/lint/test-suites.test.ts')
      .flatMap((file) => timingHazards(readFileSync(join(ROOT, file), 'utf8')).map((hazard) => `${file}:${hazard}`));
    expect(found).toEqual([]);
  });
});

/**
 * A test that signals a pid it read from a command's output or a file: from empty output that pid
 * is `Number('')`, 0, and `process.kill(0)` signals the test's whole process group — vitest, npm
 * and the CI script with it. That ended a CI run with a bare exit 137 (one failed test, no report).
 */
const RAW_KILL = /\bprocess\.kill\((?!process\.pid\b)(?![^,\n]*,\s*0\s*\))/;

describe('no test signals a process but through killHostProcess', () => {
  it.each([["process.kill(pid, 'SIGKILL');"], ['process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");'], ["if (alive) process.kill(-pid, 'SIGTERM');"]])('finds %s', (line) => {
    expect(RAW_KILL.test(line)).toBe(true);
  });

  it.each([["process.kill(process.pid, 'SIGTERM');"], ['process.kill(pid, 0);'], ["killHostProcess(pid);"], ["child.kill('SIGKILL');"]])('lets %s be', (line) => {
    expect(RAW_KILL.test(line)).toBe(false);
  });

  it('in any file under test/', () => {
    const found = filesUnder('test', '.ts')
      .filter((file) => file !== 'test/lint/test-suites.test.ts' && file !== 'test/support/host-processes.ts')
      .flatMap((file) => readFileSync(join(ROOT, file), 'utf8').split('\n').flatMap((line, i) => (RAW_KILL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });
});
