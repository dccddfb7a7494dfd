/** Whether Landlock can confine a program here (a kernel with it enabled, perl, a known architecture). */
import { chmodSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { landlockExec } from '../../src/sandbox/landlock-exec.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';

export const PERL = await findHostExecutable('perl', process.env.PATH ?? '/usr/bin:/bin', []);

let usable: Promise<boolean> | undefined;

export function landlockUsable(): Promise<boolean> {
  usable ??= (async () => {
    if (PERL === undefined) return false;
    const dir = mkdtempSync(join(tmpdir(), 'warden-landlock-probe-'));
    const fd = openPathFd(dir, true);
    try {
      const result = await landlockExec({ perl: PERL, dirFd: fd, file: '/bin/true', args: [], timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
      if (result.exitCode !== 0) console.warn(`SKIPPING Landlock tests: ${result.output.trim()}`);
      return result.exitCode === 0;
    } finally {
      closeFd(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return usable;
}

/**
 * A search path with only the named programs (symlinks to the host's, or scripts starting `#!`):
 * the tools pick their confiner from it (src/tools/confiners.ts). Without bwrap, Landlock confines.
 */
export function searchPathOf(programs: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'warden-search-path-')));
  for (const [name, target] of Object.entries(programs)) {
    if (target.startsWith('#!')) {
      writeFileSync(join(dir, name), target);
      chmodSync(join(dir, name), 0o755);
    } else symlinkSync(target, join(dir, name));
  }
  return dir;
}
