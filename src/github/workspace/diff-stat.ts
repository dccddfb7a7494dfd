/** The files a pull request changes, from local git: merge base to head, `--numstat`. */
import { gitText, type GitRunner } from '../../git/index.js';
import type { DiffStat, FileStat } from '../event/task.js';

/** `git diff --numstat -z --no-renames` output → one entry per file. Pure. */
export function parseNumstat(output: string): FileStat[] {
  const files: FileStat[] = [];
  for (const entry of output.split('\0')) {
    const m = /^(-|\d+)\t(-|\d+)\t([\s\S]+)$/.exec(entry.replace(/^\n/, ''));
    if (m === null) continue;
    const binary = m[1] === '-' && m[2] === '-';
    files.push({ path: m[3] ?? '', added: binary ? null : Number(m[1]), deleted: binary ? null : Number(m[2]) });
  }
  return files;
}

export async function diffStat(git: GitRunner, cwd: string, base: string, head: string): Promise<DiffStat> {
  const mb = await git.run({ cwd, args: ['merge-base', base, head] });
  const mergeBase = mb.exitCode === 0 ? mb.stdout.toString('utf8').trim() : '';
  const from = /^[0-9a-f]{40}$/.test(mergeBase) ? mergeBase : base;
  const out = await gitText(git, { cwd, args: ['diff', '--numstat', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', from, head, '--'] });
  return { from, to: head, fromMergeBase: from === mergeBase, files: parseNumstat(out) };
}

/** The unified diff from `from` to `head` (3 lines of context), for the lines a review may comment on. */
export async function unifiedDiff(git: GitRunner, cwd: string, from: string, head: string): Promise<string> {
  return gitText(git, { cwd, args: ['diff', '-U3', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', from, head, '--'], maxOutputBytes: 50_000_000 });
}
