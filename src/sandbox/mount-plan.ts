/**
 * The workspace part of a command's mount table, from the scan (tree-scan.ts) and the git dir
 * (git-dir.ts). Pure. Hidden paths get an empty tmpfs or an empty read-only file; protected paths
 * that exist are bound read-only; every ancestor of either is pinned (bound onto itself) so no
 * command can move it; writable protected paths are bound writable on top; directories the runner
 * cannot list are hidden. What cannot be held this way (a hidden file with other hard links, a
 * dangling protected symlink, a symlink to a system directory) refuses the command. Protected
 * paths that do not exist get no placeholder: the check after the command removes what appears
 * (workspace-guard.ts). Parent-first, so a deeper mount lands on top. docs/sandbox.md says why.
 */
import { posix } from 'node:path';
import type { WorkspaceMount } from './bwrap-args.js';
import type { GitDirPlan } from './git-dir.js';
import { relFrom, type WritablePath } from './path-rules.js';
import type { Found } from './tree-scan.js';

export type PathKind = 'dir' | 'file' | 'symlink' | 'missing';

export interface PlanInput {
  workspace: string;
  found: readonly Found[];
  unreadable: readonly string[];
  badNames: readonly string[];
  git: GitDirPlan;
  /** Scrubbed copies bound over git config files (credential-mask.ts). */
  gitConfig: ReadonlyArray<{ source: string; target: string }>;
  /** Protected paths the policy lets the agent write. */
  writable: readonly WritablePath[];
  kindOf: (abs: string) => PathKind;
  /** An empty read-only file on the host: what hidden files read as. */
  emptyFile: string;
}

export interface MountPlan {
  mounts: WorkspaceMount[];
  refused: string[];
  /** Absolute paths bound read-only or hidden, for explaining EROFS failures. */
  readOnlyPaths: string[];
  /** Missing writable protected directories to create before the command. */
  createDirs: string[];
}

type Layer = 'pin' | 'ro' | 'hide' | 'hole';

const depth = (p: string): number => p.split('/').length;
const within = (child: string, parent: string): boolean => child === parent || child.startsWith(`${parent}/`);

function isSystemRoot(path: string, workspace: string): boolean {
  return path === '/' || depth(path) <= 2 || within(workspace, path);
}

export function planWorkspaceMounts(input: PlanInput): MountPlan {
  const { workspace } = input;
  const refused = [...input.git.refused];
  const layers = new Map<string, { layer: Layer; source?: string; kind?: 'dir' | 'file' }>();
  const set = (path: string, layer: Layer, extra: { source?: string; kind?: 'dir' | 'file' } = {}): void => {
    const known = layers.get(path)?.layer;
    // At one path: hidden beats read-only beats a hole beats a pin.
    const rank: Record<Layer, number> = { pin: 0, hole: 1, ro: 2, hide: 3 };
    if (known === undefined || rank[layer] > rank[known]) layers.set(path, { layer, ...extra });
  };
  const abs = (rel: string): string => posix.join(workspace, rel);
  const pinAncestors = (rel: string): void => {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) set(abs(parts.slice(0, i).join('/')), 'pin');
  };

  for (const name of input.badNames) refused.push(`${name}: a file name that is not valid UTF-8 cannot be checked by the sandbox; rename or remove it`);
  for (const rel of input.unreadable) {
    if (rel === '') refused.push('the workspace root cannot be listed');
    else {
      set(abs(rel), 'hide', { kind: 'dir' });
      pinAncestors(rel);
    }
  }
  for (const f of input.found) {
    const path = abs(f.rel);
    if (f.hide !== null) {
      if (f.kind === 'symlink') {
        if (f.target === null) continue; // dangling: nothing to read
        if (isSystemRoot(f.target.path, workspace)) {
          refused.push(`${f.rel} (hidden by ${f.hide}) is a symlink to ${f.target.path}, which the sandbox cannot hide; remove the link`);
          continue;
        }
        set(f.target.path, 'hide', { kind: f.target.kind });
      } else if (f.kind !== 'dir' && f.nlink > 1) {
        refused.push(`${f.rel} (hidden by ${f.hide}) has ${f.nlink} hard links; the sandbox cannot hide the other names, so remove them`);
        continue;
      } else set(path, 'hide', { kind: f.kind === 'dir' ? 'dir' : 'file' });
    } else if (f.protect !== null) {
      if (f.kind === 'symlink') {
        if (f.target === null) {
          refused.push(`${f.rel} (${f.protect}) is a symlink to a missing path; creating that path would change a protected file, so replace the link with a real file or remove it`);
          continue;
        }
        if (relFrom(workspace, f.target.path) !== null) set(f.target.path, 'ro');
      } else if (f.kind !== 'dir' && f.nlink > 1) {
        refused.push(`${f.rel} (${f.protect}) has ${f.nlink} hard links; writing another name would change it, so remove them`);
        continue;
      } else set(path, 'ro');
    }
    pinAncestors(f.rel);
  }
  // Scrubbed config copies first: a later read-only bind of the same path does not replace them.
  for (const c of input.gitConfig) set(c.target, 'ro', { source: c.source });
  for (const p of input.git.pins) set(p, 'pin');
  for (const p of input.git.readOnly) set(p, 'ro');

  const createDirs: string[] = [];
  for (const w of input.writable) {
    const path = abs(w.comps.join('/'));
    const covering = [...layers].filter(([p, l]) => p !== path && within(path, p) && (l.layer === 'ro' || l.layer === 'hide'));
    if (covering.length === 0 || covering.some(([, l]) => l.layer === 'hide')) continue;
    const kind = input.kindOf(path);
    if (kind === 'missing' && w.dir) createDirs.push(path);
    else if (kind !== 'dir' && kind !== 'file') continue;
    set(path, 'hole');
  }

  // Keep a mount only where it changes something: the nearest ancestor mount decides what a path is.
  const entries = [...layers].sort(([a], [b]) => depth(a) - depth(b) || a.localeCompare(b));
  const mounts: WorkspaceMount[] = [];
  const readOnlyPaths: string[] = [];
  const kept: Array<{ path: string; layer: Layer }> = [];
  for (const [path, l] of entries) {
    const parent = [...kept].reverse().find((k) => within(path, k.path));
    if (parent?.layer === 'hide') continue;
    if (parent?.layer === 'ro' && (l.layer === 'pin' || (l.layer === 'ro' && l.source === undefined))) continue;
    kept.push({ path, layer: l.layer });
    if (l.layer === 'pin' || l.layer === 'hole') mounts.push({ op: 'bind', path });
    else if (l.layer === 'ro') mounts.push({ op: 'ro-bind', source: l.source ?? path, target: path });
    else if (l.kind === 'dir') mounts.push({ op: 'hide-dir', path });
    else mounts.push({ op: 'hide-file', source: input.emptyFile, path });
    if (l.layer === 'ro' || l.layer === 'hide') readOnlyPaths.push(path);
  }
  return { mounts, refused, readOnlyPaths, createDirs };
}
