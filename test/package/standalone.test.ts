import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_DIR, makeTempRepo, tempDir } from '../support/temp-repo.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the published package stands alone', () => {
  it('declares no dependency at run time: dist/ bundles everything', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies']) {
      expect(Object.keys((pkg[field] as Record<string, string> | undefined) ?? {}), field).toEqual([]);
    }
  });

  describe('npm pack, then npx from a clean cache with the registry unreachable', () => {
    let dir: string;
    let tarball: string;
    // No network: a registry nobody listens on, and a cache of our own.
    const env = (): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: dir,
      npm_config_cache: join(dir, 'npm-cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    });

    beforeAll(() => {
      dir = tempDir();
      execFileSync('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: ROOT, stdio: 'ignore' });
      const file = readdirSync(dir).find((f) => f.endsWith('.tgz'));
      if (file === undefined) throw new Error('npm pack wrote no tarball');
      tarball = join(dir, file);
    });

    it('warden --version', () => {
      const out = execFileSync('npx', ['--yes', '--package', tarball, 'warden', '--version'], { cwd: dir, env: env(), encoding: 'utf8' });
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      expect(out.trim()).toBe(pkg.version);
    });

    it('the offline demo: a replayed agent fixes the failing test', () => {
      const repo = makeTempRepo(join(EXAMPLE_DIR, 'repo'));
      const example = join(tempDir(), 'example');
      cpSync(EXAMPLE_DIR, example, { recursive: true });
      const out = execFileSync(
        'npx',
        ['--yes', '--package', tarball, 'warden', 'run', '--cwd', repo, '--prompt-file', join(example, 'task.md'), '--model', `replay:${join(example, 'scenario.jsonl')}`, '--policy', join(example, 'policy.yml'), '--out', join(dir, 'outbox')],
        { cwd: dir, env: env(), encoding: 'utf8' },
      );
      expect(out).toMatch(/^## Warden run: completed · verdict: changes/m);
      expect(readFileSync(join(repo, 'src', 'slug.js'), 'utf8')).toContain('/\\s+/g');
      expect(JSON.parse(readFileSync(join(dir, 'outbox', 'result.json'), 'utf8'))).toMatchObject({ outcome: { reason: 'completed' }, verdict: 'changes' });
    });

    it('examples/ci/run-warden.sh runs it, reports outcome and verdict, and gates on a blocked run', () => {
      const script = join(ROOT, 'examples', 'ci', 'run-warden.sh');
      const example = join(tempDir(), 'example');
      cpSync(EXAMPLE_DIR, example, { recursive: true });
      const run = (policy: string, out: string) =>
        spawnSync('bash', [script], {
          cwd: makeTempRepo(join(EXAMPLE_DIR, 'repo')),
          env: { ...env(), WARDEN_PACKAGE: tarball, WARDEN_MODEL: `replay:${join(example, 'scenario.jsonl')}`, WARDEN_POLICY_FILE: policy, WARDEN_OUT: out, CI: 'true' },
          encoding: 'utf8',
        });
      const ok = run(join(example, 'policy.yml'), join(dir, 'out-ok'));
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain('outcome: completed, verdict: changes');
      expect(JSON.parse(readFileSync(join(dir, 'out-ok', 'result.json'), 'utf8'))).toMatchObject({ trigger: { source: 'ci', ci: 'generic' } });
      // The same agent under a policy that allows nothing: the loop completes, the gate does not pass.
      writeFileSync(join(dir, 'nothing.yml'), 'version: 1\n');
      const blocked = run(join(dir, 'nothing.yml'), join(dir, 'out-blocked'));
      expect(blocked.stdout).toContain('verdict: blocked');
      expect(blocked.status).toBe(3);
      // Refused before it could write an outbox (its directory is a file): the usage error's exit
      // code 2 and its message come through, not a crash on the missing result.json.
      writeFileSync(join(dir, 'a-file'), '');
      const refused = run(join(example, 'policy.yml'), join(dir, 'a-file'));
      expect(refused.stderr).toContain('warden: --out: ');
      expect(refused.stderr).toContain(`Warden wrote no outbox in ${join(dir, 'a-file')} (exit code 2)`);
      expect(refused.status).toBe(2);
    });
  });
});
