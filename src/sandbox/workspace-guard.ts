/**
 * The check after the commands: what appeared at a protected path (which no mount can hold before
 * it exists) is removed once no command is running, before anything on the host can use it. Only
 * then, since a command running alongside could move things while we look or swap a directory for
 * a symlink while we remove. The baseline is the scan taken when the first of the running commands
 * started.
 */
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { posix } from 'node:path';
import type { Snapshot } from './command-mounts.js';
import { GIT_DIR_PARENTS, gitDirIntrusions } from './git-dir.js';
import { errorMessage } from '../error-text.js';

export interface Intrusion {
  /** Workspace-relative path, or `.git/...`. */
  rel: string;
  why: string;
  /** `kept-writable`: removed except what the policy lets commands write inside it; `failed`: left in place. */
  outcome: 'removed' | 'kept-writable' | 'failed';
}

/** Protected entries and git-dir paths that are in `after` but were not in `before`. Pure. */
export function intrusions(workspace: string, before: Snapshot, after: Snapshot): Array<{ path: string; why: string }> {
  const had = new Set(before.scan.found.filter((f) => f.protect !== null && f.hide === null).map((f) => f.id));
  const out: Array<{ path: string; why: string }> = [];
  for (const f of after.scan.found) {
    if (f.protect === null || f.hide !== null || had.has(f.id)) continue;
    out.push({ path: posix.join(workspace, f.rel), why: f.protect });
  }
  const badBefore = new Set(before.scan.badNames);
  for (const name of after.scan.badNames) if (!badBefore.has(name)) out.push({ path: posix.join(workspace, name), why: 'a file name that is not valid UTF-8 cannot be checked' });
  if (after.scan.rootGit !== 'missing' && before.scan.rootGit === 'missing') out.push({ path: posix.join(workspace, '.git'), why: '.git: a new repository at the workspace root' });
  out.push(...gitDirIntrusions(before.git, after.git));
  return out;
}

export class WorkspaceGuard {
  private running = 0;
  private baseline: Snapshot | null = null;

  private readonly writable: string[];

  constructor(
    private readonly workspace: string,
    private readonly take: () => Snapshot | { reasons: string[]; partial?: Snapshot },
    /** Protected paths the policy lets the agent write: kept when a new protected directory holding them is removed. */
    writable: ReadonlyArray<{ comps: readonly string[] }> = [],
  ) {
    this.writable = writable.map((w) => posix.join(workspace, ...w.comps).toLowerCase());
  }

  /** A command is about to start, planned from `snapshot`. */
  begin(snapshot: Snapshot): void {
    if (this.running === 0) this.baseline = snapshot;
    this.running++;
  }

  /** A command ended. When it was the last one running, what appeared since the baseline is removed. */
  end(): Intrusion[] {
    this.running = Math.max(0, this.running - 1);
    if (this.running > 0 || this.baseline === null) return [];
    const before = this.baseline;
    this.baseline = null;
    let after = this.takeSafely();
    if ('reasons' in after) {
      const failed: Intrusion = { rel: '.', why: `the workspace could not be checked after the command (${after.reasons.join('; ')})`, outcome: 'failed' };
      // Too deep or too large to vouch for: what can be seen (the git dir, the tree within reach) still goes.
      return after.partial === undefined ? [failed] : [...this.removeIntrusions(before, after.partial), failed];
    }
    const lockedGit = after.git.kind === 'dir' && after.git.present.some((p) => p.unreadable === true);
    if (after.scan.unreadable.length > before.scan.unreadable.length || lockedGit) {
      // A command made a directory unlistable (chmod 000): it is ours (same uid), so open it and look again.
      const was = new Set(before.scan.unreadable);
      for (const rel of after.scan.unreadable) if (!was.has(rel)) tryChmod(posix.join(this.workspace, rel));
      if (lockedGit) for (const rel of GIT_DIR_PARENTS) tryChmod(posix.join(this.workspace, '.git', rel));
      const again = this.takeSafely();
      if (!('reasons' in again)) after = again;
    }
    return this.removeIntrusions(before, after);
  }

  private removeIntrusions(before: Snapshot, after: Snapshot): Intrusion[] {
    const found: Intrusion[] = [];
    for (const { path, why } of intrusions(this.workspace, before, after)) {
      const holdsWritable = this.writable.some((w) => w.startsWith(`${path.toLowerCase()}/`));
      const ok = this.removeKeepingWritable(path);
      found.push({ rel: posix.relative(this.workspace, path), why, outcome: !ok ? 'failed' : holdsWritable ? 'kept-writable' : 'removed' });
    }
    return found;
  }

  /** The scan, or why there is none: an error looking at what a command left is a reason, never a throw (the run goes on, fail closed). */
  private takeSafely(): Snapshot | { reasons: string[]; partial?: Snapshot } {
    try {
      return this.take();
    } catch (err) {
      return { reasons: [errorMessage(err)] };
    }
  }

  /**
   * A new `.github` made to hold `.github/workflows/ci.yml`, which the policy allows: everything
   * in it goes except the writable paths and the directories leading to them. (A protected path
   * deeper inside a writable one, `.github/workflows/.npmrc`, is an intrusion of its own.)
   */
  private removeKeepingWritable(path: string, top = true): boolean {
    const lower = path.toLowerCase();
    if (!top && this.writable.some((w) => lower === w || lower.startsWith(`${w}/`))) return true;
    if (!this.writable.some((w) => w.startsWith(`${lower}/`))) return remove(path);
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (st?.isDirectory() !== true) return remove(path);
    let ok = true;
    for (const name of readdirSync(path)) ok = this.removeKeepingWritable(posix.join(path, name), false) && ok;
    return ok;
  }
}

function tryChmod(path: string): void {
  try {
    // Only a real directory: a symlink a command left would carry the chmod outside the workspace.
    if (lstatSync(path, { throwIfNoEntry: false })?.isDirectory() !== true) return;
    chmodSync(path, 0o700);
  } catch {
    // Left hidden from later commands (mount-plan.ts hides what cannot be listed).
  }
}

/** Removes a path that may have a name Node cannot spell (non-UTF-8): found by its raw bytes in the parent. */
function remove(path: string): boolean {
  try {
    if (!path.includes('\uFFFD')) {
      rmSync(path, { recursive: true, force: true });
      return true;
    }
    const parent = Buffer.from(posix.dirname(path));
    const lossy = posix.basename(path);
    for (const raw of readdirSync(parent, { encoding: 'buffer' })) {
      if (raw.toString('utf8') === lossy) rmSync(Buffer.concat([parent, Buffer.from('/'), raw]), { recursive: true, force: true });
    }
    return true;
  } catch {
    return false;
  }
}
