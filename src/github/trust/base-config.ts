/**
 * Trusted configuration comes from the base. For an event about a pull request, the policy file,
 * the project instructions (CLAUDE.md, AGENTS.md) and a workspace `prompt_file` are read from the
 * base branch's commit, never from the pull request's head or the working tree, so a pull request
 * cannot widen the rules of the run that reviews it. When the pull request changes one of them,
 * a notice names the file (it ends up in the summary).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../../config/index.js';
import type { GitRunner } from '../../git/index.js';
import { readCommitFile, type CommitFile } from '../workspace/commit-files.js';

export const INSTRUCTION_FILES = ['CLAUDE.md', 'AGENTS.md'] as const;

export interface TrustedConfig {
  /** The base commit everything below was read from. */
  commit: string;
  /** The policy's text and the absolute path it stands for (it anchors `/path` rules); null: the base has none. */
  policy: { file: string; text: string } | null;
  instructions: { file: string; text: string }[];
  /** A `prompt_file` read the same way; undefined when none was given. */
  promptText: string | undefined;
  /** For the run's notices: which of these the pull request changes. */
  notices: string[];
}

export interface BaseConfigRequest {
  git: GitRunner;
  workspace: string;
  commit: string;
  /** The `policy` input, or the default `.github/warden.yml`. */
  policyPath: string;
  promptFile: string | undefined;
  /** Files the pull request changes (from its diff). */
  changed: ReadonlySet<string>;
}

export async function readBaseConfig(req: BaseConfigRequest): Promise<TrustedConfig> {
  const notices: string[] = [];
  const short = req.commit.slice(0, 12);
  const readTrusted = async (input: string, what: string): Promise<{ file: string; text: string } | null> => {
    const rel = workspacePath(req.workspace, input);
    if (rel === null) {
      // Outside the workspace: not part of the pull request, read as it is.
      const file = resolve(req.workspace, input);
      return { file, text: readFileSync(file, 'utf8') };
    }
    const base = await readCommitFile(req.git, req.workspace, req.commit, rel);
    const changed = req.changed.has(rel) || workingTreeDiffers(req.workspace, rel, base);
    if (changed) notices.push(changeNotice(rel, what, base, short));
    if (base.kind === 'not-a-file') throw new UsageError(`${rel} in the base commit ${short} is not a regular file (mode ${base.mode}); refusing to use it as ${what}`);
    return base.kind === 'file' ? { file: join(req.workspace, rel), text: base.text } : null;
  };

  const policy = await readTrusted(req.policyPath, 'the policy');
  const instructions: TrustedConfig['instructions'] = [];
  for (const file of INSTRUCTION_FILES) {
    const found = await readTrusted(file, 'project instructions');
    if (found !== null) instructions.push({ file, text: found.text });
  }
  let promptText: string | undefined;
  if (req.promptFile !== undefined) {
    const found = await readTrusted(req.promptFile, 'the prompt file');
    if (found === null) throw new UsageError(`prompt_file ${req.promptFile} does not exist in the base commit ${short}`);
    promptText = found.text;
  }
  return { commit: req.commit, policy, instructions, promptText, notices };
}

/** The path relative to the workspace with `/` separators, or null when it lies outside it. */
export function workspacePath(workspace: string, input: string): string | null {
  const abs = isAbsolute(input) ? input : resolve(workspace, input);
  const rel = relative(workspace, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

function workingTreeDiffers(workspace: string, rel: string, base: CommitFile): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(join(workspace, rel), 'utf8');
  } catch {
    current = undefined;
  }
  return base.kind === 'file' ? current !== base.text : current !== undefined;
}

function changeNotice(rel: string, what: string, base: CommitFile, short: string): string {
  if (base.kind === 'absent') return `This pull request adds \`${rel}\`; it is not used as ${what}: the base branch (${short}) has none, and configuration comes only from the base.`;
  return `This pull request changes \`${rel}\`; the run uses the base branch's version (${short}) as ${what}, not the pull request's.`;
}
