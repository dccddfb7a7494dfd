import { closeFd, identityOf, inspectFd } from './fd-paths.js';
import { joinAbs, openDirectoryEntry, type WalkRoot } from './file-walk.js';
import type { GlobFilter } from './glob-filter.js';

/*
 * A large tree searched for `src/**\/*.ts` holds its matches in `src` alone: ripgrep, told the
 * glob, still walks every directory beside it and drops their files one by one. Started in `src`,
 * shown at the same path in the confinement (confined-exec.ts `at`), it prints and matches the
 * same paths and reads nothing else. The judged walk prunes the same directories (glob-filter.ts
 * `offTheWay`), so both ways give one answer.
 */

/**
 * The directory beneath the root a walk by name can start in, or undefined: where every file the
 * globs include lies (GlobFilter.within), when the walk would enter each directory on the way to
 * it. A directory it would not enter (a skipped name, one an exclude glob prunes, one the read
 * guard's rules leave out) is skipped by the walk with all beneath it; ripgrep started beneath it
 * would never see it to skip it, so then there is no narrowing.
 */
export function narrowedTo(filter: GlobFilter, skipDirs: ReadonlySet<string>, leftOut: (dir: string) => boolean = () => false): string | undefined {
  const within = filter.within;
  if (within === undefined) return undefined;
  const names = within.split('/');
  for (let i = 1; i <= names.length; i++) {
    const dir = names.slice(0, i).join('/');
    if (skipDirs.has(names[i - 1] ?? '') || filter.prunesDir(dir) || leftOut(dir)) return undefined;
  }
  return within;
}

/** A directory beneath a search root, opened as the walk would reach it. */
export interface NarrowedRoot extends WalkRoot {
  /** Its path relative to the root. */
  rel: string;
  /** `dev:ino`. */
  id: string;
}

/**
 * Opens `rel` beneath the root one name at a time from the root's descriptor, never following a
 * symlink and entering only directories whose real path is under the root's (file-walk.ts
 * openDirectoryEntry). Undefined when some name is not such a directory: the caller searches the
 * whole root, whose walk meets the same. The caller closes `fd`.
 */
export function openBeneath(root: WalkRoot, rel: string): NarrowedRoot | undefined {
  let fd = root.fd;
  for (const name of rel.split('/')) {
    const child = openDirectoryEntry(fd, name, root.real);
    if (fd !== root.fd) closeFd(fd);
    if (child === undefined) return undefined;
    fd = child.fd;
  }
  try {
    const { real, stats } = inspectFd(fd);
    return { fd, abs: joinAbs(root.abs, rel), real, size: stats.size, rel, id: identityOf(stats) };
  } catch {
    closeFd(fd);
    return undefined;
  }
}
