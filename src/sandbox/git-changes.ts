import { findHostExecutable, hostExec } from './host-exec.js';

/**
 * Files that differ from HEAD in the workspace (modified, added, deleted, untracked), from git
 * itself: tools report what they wrote, but a Bash command can change files too.
 * Returns undefined when the workspace is not a git repository or git is missing.
 */
export async function gitChangedFiles(cwd: string, hostPath: string): Promise<string[] | undefined> {
  const git = await findHostExecutable('git', hostPath, [cwd]);
  if (git === undefined) return undefined;
  const result = await hostExec({
    file: git,
    args: ['-c', 'core.quotepath=off', 'status', '--porcelain=v1', '-z', '--untracked-files=all'],
    cwd,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    maxOutputChars: 5_000_000,
    env: { PATH: hostPath, GIT_OPTIONAL_LOCKS: '0' },
  });
  if (result.exitCode !== 0) return undefined;
  const files: string[] = [];
  const entries = result.output.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? '';
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    // A rename is followed by its source path, which is not a changed file of its own.
    if (entry[0] === 'R' || entry[0] === 'C') i += 1;
  }
  return files.sort();
}
