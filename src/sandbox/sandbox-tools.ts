/** Small process and file helpers the probe and the runner share. */
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { buildSeccompFilter, type SeccompArch, type SeccompOptions } from './seccomp-filter.js';
import { spawnGroup } from './spawn-group.js';

const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** An executable by name, from absolute PATH entries and the system directories. */
export function findTool(name: string, pathList: string): string | null {
  for (const dir of [...pathList.split(':'), ...SYSTEM_DIRS]) {
    if (!dir.startsWith('/')) continue;
    const candidate = posix.join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** Runs a fixed argv with an empty environment, output captured (stdout and stderr together). */
export async function runCapture(file: string, args: string[], opts: { timeoutMs: number }): Promise<{ code: number | null; output: string }> {
  const r = await spawnGroup({ ...opts, file, args, cwd: '/', env: {}, signal: new AbortController().signal, maxOutputChars: 64_000 });
  return { code: r.exitCode, output: r.output };
}

/** Writes the seccomp program once; returns its path. */
export function writeSeccompFile(dir: string, arch: SeccompArch, opts: SeccompOptions = { allowUnix: false }): string {
  const file = posix.join(dir, 'seccomp.bpf');
  writeFileSync(file, buildSeccompFilter(arch, opts), { mode: 0o400 });
  return file;
}

