/**
 * Which mounts keep protected paths read-only inside the writable workspace, including paths that
 * do not exist yet. The planner is pure (it is handed a `kindOf` lookup); the stub registry is the
 * small impure part that creates and later removes placeholders on the host.
 *
 * Rules, per protected path, walking from the workspace root:
 *  - an existing directory on the way is *pinned* (bound onto itself, still writable): a mount point
 *    cannot be renamed or removed, so `mv .git .git2 && mkdir -p .git/hooks` fails with EBUSY;
 *  - the protected path itself, when it exists, is bound read-only onto itself;
 *  - the first missing component gets a placeholder (an empty directory, or an empty file when it is
 *    the last component and names a file), created on the host just before the command and bound
 *    read-only, so nothing can be created under that name; it is removed again afterwards;
 *  - a non-directory on the way (e.g. a `.git` file pointing elsewhere) is bound read-only: nothing
 *    can exist under it, and it cannot be swapped for a directory;
 *  - a symlink on the way is refused: a link cannot be pinned (bwrap follows it), and the agent
 *    could replace it with a directory. The command is not run and the reason is reported.
 */
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, rmdirSync, unlinkSync, constants as fsc } from 'node:fs';
import { posix } from 'node:path';
import type { SandboxConfig } from '../config/index.js';

export type PathKind = 'dir' | 'file' | 'symlink' | 'missing';

/** The sandbox's own list (the mount layer), in addition to the policy's `protectedPaths`. Trailing `/`: a directory. */
export const SANDBOX_PROTECTED_PATHS: readonly string[] = [
  '.git/hooks/', '.git/config', '.github/workflows/', '.claude/', '.mcp.json', '.vscode/', '.idea/',
  '.gitmodules', '.husky/', '.npmrc', '.envrc',
];

export interface ProtectedEntry {
  /** Normalized, workspace-relative. */
  rel: string;
  kind: 'dir' | 'file';
}

export interface ProtectedPlan {
  pins: string[];
  readOnly: string[];
  stubs: Array<{ path: string; kind: 'dir' | 'file' }>;
  refused: Array<{ rel: string; reason: string }>;
}

/** Guess for entries without a trailing slash: a last component with an extension (`x.yml`, `.mcp.json`) names a file. */
function entryKind(raw: string, last: string): 'dir' | 'file' {
  if (raw.endsWith('/')) return 'dir';
  return /.\.[A-Za-z0-9]+$/.test(last) || SANDBOX_PROTECTED_PATHS.includes(raw) ? 'file' : 'dir';
}

function normalizeRel(raw: string): string | null {
  const trimmed = raw.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed.startsWith('/') || trimmed.includes('\0')) return null;
  const parts = trimmed.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return parts.join('/');
}

const within = (child: string, parent: string): boolean => child === parent || child.startsWith(`${parent}/`);

/**
 * Built-in list plus the policy's, minus what the policy lets the agent write (an entry is writable
 * when it or an ancestor is listed), minus entries nested in another entry (already read-only).
 */
export function effectiveProtectedPaths(config: Pick<SandboxConfig, 'protectedPaths' | 'writableProtectedPaths'>): {
  entries: ProtectedEntry[];
  invalid: string[];
} {
  const invalid: string[] = [];
  const writable = config.writableProtectedPaths.map(normalizeRel).filter((w): w is string => w !== null);
  const byRel = new Map<string, ProtectedEntry>();
  for (const raw of [...SANDBOX_PROTECTED_PATHS, ...config.protectedPaths]) {
    const rel = normalizeRel(raw);
    if (rel === null) {
      invalid.push(raw);
      continue;
    }
    if (writable.some((w) => within(rel, w))) continue;
    if (!byRel.has(rel)) byRel.set(rel, { rel, kind: entryKind(raw, rel.split('/').pop() ?? rel) });
  }
  const all = [...byRel.values()];
  const entries = all.filter((e) => !all.some((o) => o !== e && within(e.rel, o.rel) && e.rel !== o.rel));
  return { entries: entries.sort((a, b) => a.rel.localeCompare(b.rel)), invalid };
}

export function planProtectedPaths(workspace: string, entries: readonly ProtectedEntry[], kindOf: (abs: string) => PathKind): ProtectedPlan {
  const pins = new Set<string>();
  const readOnly = new Set<string>();
  const stubs = new Map<string, 'dir' | 'file'>();
  const refused: ProtectedPlan['refused'] = [];
  for (const entry of entries) {
    const parts = entry.rel.split('/');
    const ancestors: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const abs = posix.join(workspace, ...parts.slice(0, i + 1));
      const last = i === parts.length - 1;
      const kind = kindOf(abs);
      if (kind === 'symlink') {
        refused.push({ rel: entry.rel, reason: `${posix.relative(workspace, abs)} is a symlink, which the sandbox cannot keep in place` });
        break;
      }
      if (kind === 'missing') {
        if (!stubs.has(abs)) stubs.set(abs, last ? entry.kind : 'dir');
        ancestors.forEach((a) => pins.add(a));
        break;
      }
      if (last || kind === 'file') {
        readOnly.add(abs);
        ancestors.forEach((a) => pins.add(a));
        break;
      }
      ancestors.push(abs);
    }
  }
  // A stub or read-only path never needs pinning as well; a pin under a read-only path is pointless.
  const ro = [...readOnly, ...stubs.keys()];
  const keptPins = [...pins].filter((p) => !ro.some((r) => within(p, r)));
  return { pins: keptPins, readOnly: [...readOnly], stubs: [...stubs].map(([path, kind]) => ({ path, kind })), refused };
}

export function hostKindOf(abs: string): PathKind {
  const st = lstatSync(abs, { throwIfNoEntry: false });
  if (st === undefined) return 'missing';
  if (st.isSymbolicLink()) return 'symlink';
  return st.isDirectory() ? 'dir' : 'file';
}

/** Inode numbers are reused at once on ext4; inode plus birth time tells our placeholder from a newer file. */
function identity(path: string): string | null {
  const st = lstatSync(path, { throwIfNoEntry: false });
  return st === undefined ? null : `${st.dev}:${st.ino}:${st.birthtimeMs}`;
}

/**
 * Placeholders on the host, shared by concurrent commands. A file placeholder is removed when the
 * last command using it ends (an empty `.npmrc` or `.mcp.json` would otherwise end up in a commit);
 * a directory placeholder is empty, which git ignores, so it stays until the end of the run
 * (`releaseAll`) and later commands reuse it. Only what is still the empty file or directory we
 * created is ever removed.
 */
export class StubRegistry {
  private readonly stubs = new Map<string, { refs: number; id: string; kind: 'dir' | 'file' }>();

  /** Is this path a placeholder of ours (still the same inode)? The planner treats it as missing. */
  owns(path: string): boolean {
    const known = this.stubs.get(path);
    if (known === undefined) return false;
    if (identity(path) === known.id) return true;
    this.stubs.delete(path);
    return false;
  }

  /** Creates (or shares) each placeholder; false when one could not be made (the path appeared meanwhile). */
  acquire(stubs: ReadonlyArray<{ path: string; kind: 'dir' | 'file' }>): { ok: boolean; acquired: string[] } {
    const acquired: string[] = [];
    for (const stub of stubs) {
      const known = this.stubs.get(stub.path);
      if (known !== undefined && known.kind === stub.kind && this.owns(stub.path)) {
        known.refs++;
        acquired.push(stub.path);
        continue;
      }
      try {
        if (stub.kind === 'dir') mkdirSync(stub.path, { mode: 0o755 });
        else closeSync(openSync(stub.path, fsc.O_CREAT | fsc.O_EXCL | fsc.O_WRONLY | fsc.O_NOFOLLOW, 0o444));
        this.stubs.set(stub.path, { refs: 1, id: identity(stub.path) ?? '', kind: stub.kind });
        acquired.push(stub.path);
      } catch {
        this.release(acquired);
        return { ok: false, acquired: [] };
      }
    }
    return { ok: true, acquired };
  }

  release(paths: readonly string[]): void {
    for (const path of paths) {
      const known = this.stubs.get(path);
      if (known === undefined) continue;
      known.refs = Math.max(0, known.refs - 1);
      if (known.refs === 0 && known.kind === 'file') this.remove(path, known);
    }
  }

  releaseAll(): void {
    for (const [path, known] of [...this.stubs]) this.remove(path, known);
  }

  private remove(path: string, known: { id: string; kind: 'dir' | 'file' }): void {
    this.stubs.delete(path);
    try {
      if (identity(path) !== known.id) return;
      const st = lstatSync(path);
      if (known.kind === 'dir' && st.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
      if (known.kind === 'file' && st.isFile() && st.size === 0) unlinkSync(path);
    } catch {
      // Already gone.
    }
  }
}
