/**
 * The per-command part of the mount table: what the path rules hide or protect as the workspace is
 * right now (a previous command, or a host tool, may have changed it), the git dir, and scrubbed
 * copies of the git config files. Runs on the host just before each command.
 */
import { lstatSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { WorkspaceMount } from './bwrap-args.js';
import { gitConfigFiles, scrubGitConfig } from './credential-mask.js';
import { inspectGitDir, planGitDir, type GitDirState } from './git-dir.js';
import { planWorkspaceMounts, type PathKind } from './mount-plan.js';
import type { PathRules } from './path-rules.js';
import { readRegularFile } from './safe-read.js';
import type { ScanResult, TreeScanner } from './tree-scan.js';

export interface Snapshot {
  scan: ScanResult;
  git: GitDirState;
}

export interface PreparedMounts {
  ok: true;
  mounts: WorkspaceMount[];
  /** Read-only and hidden paths (absolute), for explaining EROFS failures. */
  readOnlyPaths: string[];
  /** The workspace as it was planned, for the check after the commands (workspace-guard.ts). */
  snapshot: Snapshot;
}

export type Preparation = PreparedMounts | { ok: false; reasons: string[] };

const ATTEMPTS = 3;

function hostKindOf(abs: string): PathKind {
  try {
    const st = statSync(abs, { throwIfNoEntry: false });
    if (st === undefined) return 'missing';
    return st.isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

export class CommandMounts {
  /** Scrubbed copies, reused while the source file is unchanged. */
  private readonly scrubbed = new Map<string, { key: string; copy: string }>();
  private copies = 0;

  constructor(
    private readonly workspace: string,
    private readonly rules: PathRules,
    private readonly scanner: TreeScanner,
    /** Host directory for the scrubbed copies (not visible in the sandbox). */
    private readonly stateDir: string,
    /** An empty read-only file: what hidden files read as. */
    private readonly emptyFile: string,
  ) {}

  /**
   * Scans until the tree holds still (commands running alongside may be changing it). A tree too
   * large or too deep is no snapshot, but what was found within reach comes along (`partial`):
   * the check after a command still removes what it can see.
   */
  snapshot(): Snapshot | { reasons: string[]; partial?: Snapshot } {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const scan = this.scanner.scan();
      if (scan.overBudget) {
        const reasons = ['the workspace is too large (or too deep) for the sandbox to check which paths its rules cover'];
        return scan.changed ? { reasons } : { reasons, partial: { scan, git: inspectGitDir(this.workspace) } };
      }
      if (!scan.changed) return { scan, git: inspectGitDir(this.workspace) };
    }
    return { reasons: ['the workspace kept changing while the sandbox was being prepared'] };
  }

  /** The mounts for a command starting now, from a scan of the workspace as it is. */
  prepare(): Preparation {
    const snapshot = this.snapshot();
    if ('reasons' in snapshot) return { ok: false, reasons: snapshot.reasons };
    const gitConfig = gitConfigFiles(this.workspace).flatMap((target) => {
      const source = this.scrubbedCopy(target);
      return source === null ? [] : [{ source, target }];
    });
    const plan = planWorkspaceMounts({
      workspace: this.workspace, found: snapshot.scan.found, unreadable: snapshot.scan.unreadable, badNames: snapshot.scan.badNames,
      git: planGitDir(snapshot.git), gitConfig, writable: this.rules.writablePaths(), kindOf: hostKindOf, emptyFile: this.emptyFile,
    });
    if (plan.refused.length > 0) return { ok: false, reasons: plan.refused };
    for (const dir of plan.createDirs) mkdirSync(dir, { recursive: true, mode: 0o755 });
    return { ok: true, mounts: plan.mounts, readOnlyPaths: plan.readOnlyPaths, snapshot };
  }

  private scrubbedCopy(config: string): string | null {
    try {
      const st = lstatSync(config);
      const key = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
      const known = this.scrubbed.get(config);
      if (known?.key === key) return known.copy;
      const text = readRegularFile(config);
      if (text === null) return null;
      const copy = posix.join(this.stateDir, `gitconfig-${++this.copies}`);
      writeFileSync(copy, scrubGitConfig(text).text, { mode: 0o400 });
      // A command still running keeps its bind of the old copy; unlinking does not disturb it.
      if (known !== undefined) unlinkSync(known.copy);
      this.scrubbed.set(config, { key, copy });
      return copy;
    } catch {
      return null; // unreadable: the sandbox cannot read it either
    }
  }
}
