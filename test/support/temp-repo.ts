import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const EXAMPLE_DIR = join(import.meta.dirname, '..', '..', 'examples', 'fix-failing-test');

/** A real git repository in a temp dir, optionally seeded from a folder, with one commit. */
export function makeTempRepo(from?: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'warden-test-repo-')));
  if (from !== undefined) cpSync(from, dir, { recursive: true });
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'initial');
  return dir;
}

export function tempDir(prefix = 'warden-test-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}
