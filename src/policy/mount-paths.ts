/**
 * Whether a directory is seen at one path only, from the mount table (/proc/self/mountinfo): what
 * the read guard needs before ripgrep walks a tree by name (host-read-guard.ts). A bind mount
 * shows a file or a directory at a second path, and no link count says so: a denied file there has
 * a name the rules do not match. Pure: the table is passed in.
 */

export interface Mount {
  /** `major:minor` of the filesystem. */
  device: string;
  /** The directory of that filesystem the mount shows. */
  root: string;
  mountPoint: string;
}

/** The lines of /proc/self/mountinfo: the device, root and mount point fields (proc_pid_mountinfo(5)). */
export function parseMountInfo(table: string): Mount[] {
  // Octal escapes for space, tab, newline and backslash.
  const unescape = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  const mounts: Mount[] = [];
  for (const line of table.split('\n')) {
    const [, , device, root, mountPoint] = line.split(' ');
    if (device !== undefined && root !== undefined && mountPoint !== undefined) mounts.push({ device, root: unescape(root), mountPoint: unescape(mountPoint) });
  }
  return mounts;
}

/** `dir` is `above` or beneath it (absolute, normal paths). */
function atOrBeneath(dir: string, above: string): boolean {
  return dir === above || above === '/' || dir.startsWith(`${above}/`);
}

/**
 * Whether the tree at `dir` (a real path) is seen at that one path: no mount at or beneath it (a
 * file or directory mounted there is a name nlink does not count), and no other mount shows its
 * filesystem's part at, above or beneath the tree (a bind mount of a directory holding a denied
 * file would show that file under a path no rule matches).
 */
export function seenAtOnePath(dir: string, mounts: readonly Mount[]): boolean {
  if (mounts.some((m) => m.mountPoint !== dir && atOrBeneath(m.mountPoint, dir))) return false;
  // The mount the tree is on: the deepest at or above it (the later one, stacked on the same point).
  let covering: Mount | undefined;
  for (const m of mounts) if (atOrBeneath(dir, m.mountPoint) && (covering === undefined || m.mountPoint.length >= covering.mountPoint.length)) covering = m;
  if (covering === undefined) return false;
  const on = covering;
  const within = on.mountPoint === '/' ? dir : dir.slice(on.mountPoint.length);
  const inFilesystem = on.root === '/' ? within || '/' : `${on.root}${within}`;
  return !mounts.some((m) => m !== on && m.device === on.device && (atOrBeneath(inFilesystem, m.root) || atOrBeneath(m.root, inFilesystem)));
}
