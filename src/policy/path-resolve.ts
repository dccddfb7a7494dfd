/**
 * Turning a path a tool names into the two paths the policy judges: the lexical path (after `~`, `.`
 * and `..`) and the real path (every symlink resolved). A path that does not exist yet is judged by
 * its nearest existing ancestor, realpath'd, plus the remaining components; a dangling symlink is
 * followed to where a write would land.
 */
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { errnoCode } from '../error-text.js';

export interface ResolvedPath {
  lexical: string;
  /** Null when the path cannot be resolved (symlink loop, permission error): callers deny. */
  real: string | null;
}

const MAX_SYMLINKS = 40;

export function expandHome(p: string, homeDir: string): string {
  if (p === '~') return homeDir;
  if (p.startsWith('~/')) return path.join(homeDir, p.slice(2));
  return p;
}

export function resolveToolPath(p: string, cwd: string, homeDir: string): ResolvedPath {
  const expanded = expandHome(p, homeDir);
  // Keep `..` unresolved for the real path: `link/..` is the link target's parent, not the cwd.
  const raw = path.isAbsolute(expanded) ? expanded : `${cwd}/${expanded}`;
  return { lexical: path.resolve(cwd, expanded), real: realPath(raw) };
}

/** Whether `absolute` is a directory this process may enter (what a `cd` needs), symlinks followed. */
export function isEnterableDirectory(absolute: string): boolean {
  try {
    if (!statSync(absolute).isDirectory()) return false;
    accessSync(absolute, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Realpath of `absolute`, tolerating components that do not exist yet. */
export function realPath(absolute: string): string | null {
  try {
    return realpathSync.native(absolute);
  } catch (error) {
    if (!isMissing(error)) return null;
  }
  return walk(absolute);
}

// Resolve component by component: `..` applies to the real parent, as the kernel does.
function walk(absolute: string): string | null {
  let pending = absolute.split('/').filter((c) => c !== '');
  let current = '/';
  let links = 0;
  let missing = false;
  while (pending.length > 0) {
    const [head, ...tail] = pending as [string, ...string[]];
    pending = tail;
    if (head === '.') continue;
    if (head === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, head);
    if (missing) {
      current = next;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      if (!isMissing(error)) return null;
      missing = true;
      current = next;
      continue;
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++links > MAX_SYMLINKS) return null;
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      return null;
    }
    if (path.isAbsolute(target)) current = '/';
    pending = [...target.split('/').filter((c) => c !== ''), ...pending];
  }
  return current;
}

/** Whether a file-system error says the path leads to nothing (gone, or a file where a directory was). */
export function isMissing(error: unknown): boolean {
  const code = errnoCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Realpath of a directory the policy anchors at; the lexical path if it does not exist. */
export function realDir(dir: string): string {
  return realPath(path.resolve(dir)) ?? path.resolve(dir);
}
