import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Claude Code asks for absolute paths; a relative one is still accepted and resolved against the
 * workspace so a slip costs nothing. Confinement is not decided here but by the permission decider.
 */
export function resolveToolPath(cwd: string, path: string): string {
  return resolve(cwd, path);
}

/**
 * The paths a call must be judged on: the lexical path, plus where it really lands once symlinks
 * are followed, so a link inside the workspace pointing outside it cannot slip past the decider.
 * For a path that does not exist yet, the deepest existing ancestor is resolved.
 */
export function accessPaths(abs: string): string[] {
  const real = realTarget(abs);
  return real === abs ? [abs] : [abs, real];
}

function realTarget(abs: string): string {
  let existing = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync.native(existing);
      return rest.length === 0 ? real : join(real, ...rest.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return abs;
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

/** Workspace-relative for files inside the workspace (summaries), absolute otherwise. */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return abs;
  return rel;
}

/** Device, proc and sys trees: reading can block forever or never end, so they are refused by prefix. */
export function isSystemPath(abs: string): boolean {
  return ['/dev', '/proc', '/sys'].some((root) => abs === root || abs.startsWith(`${root}/`));
}
