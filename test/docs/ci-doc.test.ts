import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist', 'index.js');

describe('docs/ci.md says what Warden really does', () => {
  it('quotes `warden sandbox probe` exactly as it reads where user namespaces are forbidden', () => {
    // Inside Warden's own sandbox, nested user namespaces are refused (seccomp): the same refusal
    // a container runtime's default profile makes.
    const probe = spawnSync(process.execPath, [DIST, 'sandbox', 'exec', '--cwd', ROOT, '--', process.execPath, DIST, 'sandbox', 'probe'], { encoding: 'utf8' });
    expect(probe.status).toBe(1);
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const quoted = /`warden sandbox probe` tells you[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(quoted).toBeDefined();
    for (const line of (quoted ?? '').split('\n').filter((l) => l.trim() !== '')) expect(probe.stdout).toContain(line);
  });

  it('every example it links exists, and the shell example is valid bash', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    for (const [, link] of doc.matchAll(/\]\(\.\.\/(examples\/[^)]+)\)/g)) expect(() => readFileSync(join(ROOT, link ?? ''))).not.toThrow();
    execFileSync('bash', ['-n', join(ROOT, 'examples', 'ci', 'run-warden.sh')]);
  });
});

interface GitlabJob { image: string; rules: { if: string; when?: string }[]; script: string[] }

describe('examples/ci work when copied', () => {
  const gitlab = parse(readFileSync(join(ROOT, 'examples', 'ci', 'gitlab-ci.yml'), 'utf8')) as Record<string, GitlabJob>;

  it('gitlab-ci.yml: the publish job runs also when the agent\'s job failed (its outbox says why)', () => {
    const publish = gitlab['warden-publish'];
    expect(publish?.rules.length).toBeGreaterThan(0);
    for (const rule of publish?.rules ?? []) expect(rule.when).toBe('always');
  });

  it('gitlab-ci.yml: current Node.js images', () => {
    for (const job of [gitlab.warden, gitlab['warden-publish']]) expect(job?.image).toMatch(/^node:(2[4-9]|[3-9]\d)-/);
  });

  // The agent job's script, up to the run itself, against a real remote: the policy file it hands
  // to `warden run` is the target branch's, or a reads-only one when the target has none.
  it.each([
    ['with a policy on the target branch', 'version: 1\nmode: acceptEdits\n', 'version: 1\nmode: acceptEdits\n'],
    ['without one (never the MR\'s own)', undefined, 'version: 1\n'],
  ])('gitlab-ci.yml: the policy comes from the target branch, %s', (_, targetPolicy, expected) => {
    const origin = makeTempRepo();
    if (targetPolicy !== undefined) {
      mkdirSync(join(origin, '.github'));
      writeFileSync(join(origin, '.github', 'warden.yml'), targetPolicy);
      execFileSync('git', ['add', '.github'], { cwd: origin });
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'policy'], { cwd: origin });
    }
    const branch = execFileSync('git', ['branch', '--show-current'], { cwd: origin, encoding: 'utf8' }).trim();
    const project = join(tempDir(), 'project');
    execFileSync('git', ['clone', '-q', origin, project]);
    // The merge request's own policy, which must not be the one used.
    mkdirSync(join(project, '.github'), { recursive: true });
    writeFileSync(join(project, '.github', 'warden.yml'), 'version: 1\nmode: bypassPermissions\n');
    const steps = (gitlab.warden?.script ?? []).filter((line) => !line.startsWith('npx '));
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', steps.join('\n')], {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: project, CI_PROJECT_DIR: project, CI_MERGE_REQUEST_TARGET_BRANCH_NAME: branch },
      encoding: 'utf8',
    });
    expect(run.stderr + run.stdout).not.toContain('bypassPermissions');
    expect(run.status).toBe(0);
    expect(readFileSync(join(project, '..', 'warden-policy.yml'), 'utf8')).toBe(expected);
  });

  it('Jenkinsfile: says Node.js is needed, and its post steps cope with a run that left no outbox', () => {
    const text = readFileSync(join(ROOT, 'examples', 'ci', 'Jenkinsfile'), 'utf8');
    expect(text).toMatch(/Needs on the agent: Node\.js 20 or newer/);
    expect(text).toContain('if [ -d "$WARDEN_OUT" ]');
    expect(text).toContain('allowEmptyArchive: true');
    expect(text).toContain('allowEmptyResults: true');
    expect(text).toContain("fileExists('warden-out/result.json')");
  });
});
