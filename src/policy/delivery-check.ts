/**
 * Which changes may leave the runner: the check the publisher makes on a patch before anything is
 * pushed, whatever made the changes (a tool, an allowed command, or something that got past the
 * layers before). Pure; refusals name the file and the reason.
 */
import path from 'node:path';
import { sizeReasons } from './delivery-content.js';
import type { LoadedPolicy } from './loaded-policy.js';
import { writeBarrier } from './path-decision.js';
import { BUILTIN_PROTECTED_PATHS, CI_CONFIG_PATHS, protectedEntriesFor, type ProtectedPath } from './protected-paths.js';

export interface DeliveredFile {
  /** Repository-relative path after the change. */
  path: string;
  /** For renames and copies: where it came from (also checked). */
  oldPath?: string | undefined;
  /** The git mode after the change: 100644, 100755, 120000 (symlink), 160000 (submodule); absent when deleted. */
  mode?: string | undefined;
  /** Size of the content committed for it (a symlink: its target); absent when deleted or a submodule. */
  bytes?: number | undefined;
}

export interface DeliveryLimits {
  maxFiles: number;
  maxBytes: number;
}

const WORKFLOWS = /^\.github\/workflows(\/|$)/i;

/**
 * Reasons the patch must not be delivered; empty when it may. `localActions`: the local actions and
 * workflows the repository's own workflows run (local-actions.ts), CI configuration like the fixed list.
 */
export function checkDelivery(files: readonly DeliveredFile[], policy: LoadedPolicy | undefined, root: string, limits: DeliveryLimits, localActions: readonly ProtectedPath[] = []): string[] {
  const reasons: string[] = [];
  if (files.length > limits.maxFiles) reasons.push(`the patch touches ${files.length} files; the policy's publish.max_files is ${limits.maxFiles}`);
  // What is committed, not the patch: a binary patch is compressed (delivery-content.ts).
  reasons.push(...sizeReasons(files, limits.maxBytes));
  for (const file of files) {
    for (const p of new Set([file.path, ...(file.oldPath === undefined ? [] : [file.oldPath])])) {
      const why = deliveryRefusal(p, policy, root, localActions);
      if (why !== null) reasons.push(`\`${p}\`: ${why}`);
    }
    if (file.mode === '120000') reasons.push(`\`${file.path}\`: adds or changes a symbolic link, which a patch cannot be trusted to keep inside the repository`);
    if (file.mode === '160000') reasons.push(`\`${file.path}\`: changes a submodule`);
  }
  return reasons;
}

/**
 * Why a change to this repository-relative path would be refused, or null: the one answer for a
 * commit and for a review suggestion (which one click turns into a commit).
 */
export function deliveryRefusal(rel: string, policy: LoadedPolicy | undefined, root: string, localActions: readonly ProtectedPath[] = []): string | null {
  const policyRel = policy === undefined ? null : relativeTo(policy.root, policy.file);
  if (WORKFLOWS.test(rel)) return 'changes a workflow under .github/workflows/, which runs with the repository\'s secrets: a person must make this change';
  const abs = path.join(root, rel);
  // Every CI system's configuration, on GitHub and GitLab delivery alike, whatever the rules allow.
  const ci = protectedEntriesFor(abs, root, [...CI_CONFIG_PATHS, ...localActions])[0];
  if (ci !== undefined) return `changes CI configuration (${ci.path}: ${ci.reason}): a person must make this change`;
  if (policyRel !== null && rel.toLowerCase() === policyRel.toLowerCase()) return 'changes the Warden policy file';
  if (policy === undefined) {
    const entry = protectedEntriesFor(abs, root, BUILTIN_PROTECTED_PATHS)[0];
    return entry === undefined ? null : `is a protected path (${entry.path}: ${entry.reason})`;
  }
  const barrier = writeBarrier(abs, { policy, cwd: root, toolName: 'Edit' });
  return barrier === null ? null : barrier.reason;
}

function relativeTo(root: string, file: string): string | null {
  const rel = path.relative(root, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}
