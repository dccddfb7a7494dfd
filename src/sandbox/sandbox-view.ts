/**
 * What a running sandbox sees, asked of the kernel: the last check before a prepared sandbox
 * (prepared-sandbox.ts) is handed its command. Its mount table was built from the workspace as it
 * was when bubblewrap started; since then anything on the host — a command running alongside, one
 * that ran in between, another process — may have renamed a directory it mounts on, so a mask or
 * a pin can now sit somewhere else while the path it was meant for shows what it hid. Identities
 * and ctimes taken on the host can only suggest that nothing moved (and a ctime does not change
 * within one clock tick). The kernel knows: `/proc/<pid>/mountinfo` prints where each of the
 * sandbox's mounts is *now* (a moved mount point under its new path, a removed one as deleted),
 * and a path looked up under `/proc/<pid>/root` goes through the sandbox's own mounts.
 *
 * So the sandbox is taken only if, for the plan a fresh sandbox would be started from now:
 * - the mounts at or below the workspace are exactly the plan's (and the workspace's own), by
 *   mount point, with nothing more and nothing missing;
 * - what each shows at its path is what it must show: for a source in the workspace (a pin, a
 *   read-only path), the object the host has there now, looked up through the sandbox's own mounts
 *   (bwrap resolves a source and its mount point one after the other: a swap in between would bind
 *   one onto the other); a tmpfs where the plan hides a directory; read-only where the plan says
 *   so. A source nothing can reach (the empty file, a scrubbed git config in the run's state
 *   directory) shows the same wherever its mount is, and where it is, mountinfo said;
 * - every credential mask outside the workspace is mounted at its path (a token file renamed over
 *   on the host leaves the old mask on a deleted name), a directory's as a tmpfs;
 * - its working directory is the directory the host has at that path.
 * - and each of those mounts is the one a look-up of its path reaches, walked down from the root
 *   mount by mount (each sitting on the one the walk is in), and the working directory is held
 *   through the mount a look-up of its path ends in. A path names a place only
 *   through the mounts on the way: a mask bwrap mounted on a file through the workspace's own
 *   mount, while a writer had the file's directory moved out from under its pin, is printed at the
 *   file's path once the directory is back, and every inode matches — but the pin covers the mask,
 *   and the file is read past it. A working directory entered through the pin of another
 *   directory (the writer moved it there for a moment) is the right inode held through the wrong
 *   mount, below which no mask of its own lies. (prepared-sandbox-attack.test.ts)
 * Anything else, or anything that cannot be read, and it is not taken.
 */
import { closeSync, constants, lstatSync, openSync, readFileSync, statfsSync, statSync, type Stats } from 'node:fs';
import { posix } from 'node:path';
import { byDepth, type WorkspaceMount } from './bwrap-args.js';

/** One line of /proc/<pid>/mountinfo, the fields this check needs. */
export interface MountEntry {
  id: number;
  /** The mount it sits on (one not in the table, for the root the table is read from). */
  parentId: number;
  /** `major:minor` of the filesystem. */
  device: string;
  /** The directory of that filesystem the mount shows. */
  root: string;
  mountPoint: string;
  readOnly: boolean;
  fsType: string;
}

/** What must be mounted at a path, and what it must show there. */
export interface ExpectedMount {
  path: string;
  /** `same`: the host object at `source`; `tmpfs`: an empty tmpfs. */
  shows: { same: string } | 'tmpfs';
  readOnly: boolean;
}

export interface ExpectedView {
  workspace: string;
  /** The workspace's own mount, then the plan's, in the order bwrap makes them. */
  mounts: readonly ExpectedMount[];
  /** Credential masks outside the workspace: a mount at each path showing /dev/null (files) or a tmpfs (directories). */
  masks: ReadonlyArray<{ path: string; kind: 'dir' | 'file' }>;
  /** The sandbox's working directory, as the host has it now (symlinks followed). */
  cwd: string;
}

/**
 * Undoes mountinfo's octal escapes (space, tab, newline and backslash are written as \ooo). The
 * text is read as latin1 (one character per byte), so the bytes are put back and read as UTF-8,
 * as Node reads file names.
 */
function unescape(field: string): string {
  // Most mount points are plain ASCII with nothing escaped: nothing to undo.
  if (!/[\\\x80-\xff]/.test(field)) return field;
  return Buffer.from(field.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(Number.parseInt(oct, 8))), 'latin1').toString('utf8');
}

const DIGITS = /^\d+$/;
const idOf = (field: string | undefined): number => (field !== undefined && DIGITS.test(field) ? Number(field) : Number.NaN);

/** Parses /proc/<pid>/mountinfo; throws on a line it cannot read (fail closed). */
export function parseMountInfo(text: string): MountEntry[] {
  const entries: MountEntry[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const fields = line.split(' ');
    const sep = fields.indexOf('-', 6);
    const [device, root, mountPoint] = [fields[2], fields[3], fields[4]];
    const options = fields[5];
    const fsType = fields[sep + 1];
    const id = idOf(fields[0]);
    const parentId = idOf(fields[1]);
    if (sep === -1 || device === undefined || root === undefined || mountPoint === undefined || options === undefined || fsType === undefined || Number.isNaN(id) || Number.isNaN(parentId)) {
      throw new Error(`unreadable mountinfo line: ${JSON.stringify(line.slice(0, 200))}`);
    }
    entries.push({ id, parentId, device, root: unescape(root), mountPoint: unescape(mountPoint), readOnly: options === 'ro' || options.startsWith('ro,'), fsType });
  }
  return entries;
}

/**
 * The mounts bwrap makes at or below the workspace for this plan (bwrap-args.ts decides the same
 * from the same inputs): the workspace itself, then the plan's, parent first; a read-only
 * workspace gets no writable binds, a hidden one only its tmpfs.
 */
export function expectedWorkspaceMounts(workspace: string, access: 'write' | 'read' | 'hidden', mounts: readonly WorkspaceMount[]): ExpectedMount[] {
  if (access === 'hidden') return [{ path: workspace, shows: 'tmpfs', readOnly: false }];
  const own: ExpectedMount = { path: workspace, shows: { same: workspace }, readOnly: access === 'read' };
  const applied = byDepth(mounts, (m) => (m.op === 'ro-bind' ? m.target : m.path)).filter((m) => access === 'write' || m.op !== 'bind');
  return [own, ...applied.map((m): ExpectedMount => {
    switch (m.op) {
      case 'bind':
        return { path: m.path, shows: { same: m.path }, readOnly: false };
      case 'ro-bind':
        return { path: m.target, shows: { same: m.source }, readOnly: true };
      case 'hide-dir':
        return { path: m.path, shows: 'tmpfs', readOnly: false };
      case 'hide-file':
        return { path: m.path, shows: { same: m.source }, readOnly: true };
    }
  })];
}

/** How the checks below reach the disk; the tests pass the real ones. */
export interface ViewIo {
  readMountInfo(pid: number): string;
  /** lstat of a path; the caller decides whether it is in the sandbox or on the host. */
  lstat(path: string): Stats;
  /** stat of a path, following links (for /proc/<pid>/cwd and the host's working directory). */
  stat(path: string): Stats;
  /** The id of the mount the directory at `path` is held through (links followed: /proc/<pid>/cwd). */
  mountIdOf(path: string): number;
}

const sameObject = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;
const isInsideOrAt = (root: string, p: string): boolean => p === root || p.startsWith(`${root}/`);

/**
 * Why the sandbox whose pid 1 is `pid` does not see what a fresh one started now would, or null
 * when it does. Paths are compared as the kernel prints them: names that are not valid UTF-8 do
 * not compare equal and fail closed.
 */
export function viewMismatch(pid: number, expected: ExpectedView, io: ViewIo): string | null {
  let entries: MountEntry[];
  try {
    entries = parseMountInfo(io.readMountInfo(pid));
  } catch (err) {
    return `its mount table cannot be read: ${(err as Error).message}`;
  }
  const root = `/proc/${pid}/root`;
  // What a look-up of a path reaches, walked down from the root as the kernel walks it: at each
  // mount point, the mount that sits on the one the walk is in, then any stacked on that. A mount
  // at a path that sits on a mount the walk does not pass through (under a pin mounted after it,
  // or under an old /dev that bwrap covered) is not reached. Undefined: the walk cannot be told.
  const byPath = new Map<string, MountEntry[]>();
  for (const e of entries) byPath.set(e.mountPoint, [...(byPath.get(e.mountPoint) ?? []), e]);
  const walked = new Map<string, MountEntry | undefined>();
  const reached = (path: string): MountEntry | undefined => {
    if (walked.has(path)) return walked.get(path);
    const here = byPath.get(path) ?? [];
    let at: MountEntry | undefined;
    if (path === '/') {
      const roots = here.filter((e) => !here.some((o) => o.id === e.parentId));
      at = roots.length === 1 ? roots[0] : undefined;
    } else at = reached(posix.dirname(path));
    for (let n = 0; at !== undefined && n < here.length; n++) {
      const under: MountEntry = at;
      const on = here.filter((e) => e !== under && e.parentId === under.id);
      if (on.length === 0) break;
      at = on.length === 1 ? on[0] : undefined;
    }
    walked.set(path, at);
    return at;
  };
  /** The mount a look-up of `path` ends on, if one is mounted at that very path. */
  const mountedAt = (path: string): MountEntry | undefined => {
    const at = reached(path);
    return at?.mountPoint === path ? at : undefined;
  };

  // Exactly the expected mount points at or below the workspace, no more, no fewer (a credential
  // mask may lie there too, when the workspace holds a home directory).
  const inWorkspace = (p: string): boolean => isInsideOrAt(expected.workspace, p);
  const actual = entries.filter((e) => inWorkspace(e.mountPoint)).map((e) => e.mountPoint).sort();
  const wanted = [...expected.mounts.map((m) => m.path), ...expected.masks.map((m) => m.path)].filter(inWorkspace).sort();
  if (actual.length !== wanted.length || actual.some((p, i) => p !== wanted[i])) {
    const extra = actual.filter((p) => !wanted.includes(p));
    const missing = wanted.filter((p) => !actual.includes(p));
    return `its mounts in the workspace are not the plan's (${[...missing.map((p) => `missing ${p}`), ...extra.map((p) => `extra ${p}`)].join(', ') || 'stacked differently'})`;
  }
  // Directories already seen in the sandbox not to be symlinks.
  const plainDirs = new Set<string>();
  const inSandbox = (path: string): Stats | string => {
    // Each component looked at without following links: a symlink inside would be resolved
    // against the host's root, not the sandbox's.
    const parts = path.split('/').filter((x) => x !== '');
    let p = root;
    for (const [i, part] of parts.entries()) {
      p = `${p}/${part}`;
      const last = i === parts.length - 1;
      if (!last && plainDirs.has(p)) continue;
      try {
        const st = io.lstat(p);
        if (last) return st;
        if (!st.isDirectory()) return `${path} passes through something other than a directory in the sandbox`;
        plainDirs.add(p);
      } catch (err) {
        return `${path} cannot be looked at in the sandbox (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
      }
    }
    return `${path} is not a path`;
  };
  for (const m of expected.mounts) {
    const entry = mountedAt(m.path);
    if (entry === undefined) return `a look-up of ${m.path} in it reaches no mount there`;
    if (entry.readOnly !== m.readOnly) return `${m.path} is ${entry.readOnly ? 'read-only' : 'writable'} in it`;
    if (m.shows === 'tmpfs') {
      if (entry.fsType !== 'tmpfs') return `${m.path} is not a tmpfs in it`;
      continue;
    }
    // A source no command can reach (the empty file, a scrubbed copy in the run's state directory)
    // is what the mount shows wherever it is; that it is at its path, mountinfo said. A source in
    // the workspace could have been swapped while bwrap resolved it.
    if (!inWorkspace(m.shows.same)) continue;
    const seen = inSandbox(m.path);
    if (typeof seen === 'string') return seen;
    let host: Stats;
    try {
      host = io.lstat(m.shows.same);
    } catch (err) {
      return `${m.shows.same} cannot be looked at on the host (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
    }
    if (!sameObject(seen, host)) return `${m.path} in it is not ${m.shows.same} as the host has it now`;
  }
  // A mask's source (/dev/null, a tmpfs) is out of everyone's reach: a mount at its path is enough.
  for (const mask of expected.masks) {
    const entry = mountedAt(mask.path);
    if (entry === undefined) return `the credential mask at ${mask.path} is not where it was mounted, on the way a look-up goes`;
    if (mask.kind === 'dir' && entry.fsType !== 'tmpfs') return `${mask.path} is not hidden by a tmpfs in it`;
  }
  // A hidden workspace is an empty tmpfs: the working directory is its root, which the host has not.
  const hidden = expected.mounts.some((m) => m.path === expected.workspace && m.shows === 'tmpfs');
  const cwdThere = hidden ? inSandbox(expected.cwd) : null;
  if (typeof cwdThere === 'string') return cwdThere;
  try {
    if (!sameObject(io.stat(`/proc/${pid}/cwd`), cwdThere ?? io.stat(expected.cwd))) return `its working directory is not ${expected.cwd} as ${hidden ? 'its own look-up' : 'the host'} has it now`;
    // The same directory, held through the mount a look-up of its path goes through.
    if (io.mountIdOf(`/proc/${pid}/cwd`) !== reached(expected.cwd)?.id) return `its working directory is not held through the mount at ${expected.cwd}`;
  } catch (err) {
    return `its working directory cannot be compared (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  return null;
}

export const realViewIo: ViewIo = {
  readMountInfo: (pid) => readFileSync(`/proc/${pid}/mountinfo`, 'latin1'),
  lstat: (path) => lstatSync(path),
  stat: (path) => statSync(path),
  mountIdOf: (path) => {
    const fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const id = /^mnt_id:\s*(\d+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
      if (id === undefined) throw Object.assign(new Error('no mnt_id in fdinfo'), { code: 'ENOMNTID' });
      return Number(id);
    } finally {
      closeSync(fd);
    }
  },
};

/**
 * Whether this process's mount table has a mount point below `workspace` (unreadable: as if it
 * had). Every sandbox copies those, and the check above would refuse each prepared one.
 */
export function hostHasMountsInside(workspace: string, mountInfo: () => string = () => readFileSync('/proc/self/mountinfo', 'latin1')): boolean {
  try {
    return parseMountInfo(mountInfo()).some((e) => e.mountPoint !== workspace && isInsideOrAt(workspace, e.mountPoint));
  } catch {
    return true;
  }
}

/**
 * Whether the tree at `dir` (a real path) is seen at that one path, so that no link count can
 * miss a name of a file in it (the read guard asks before ripgrep walks a tree by name,
 * host-read-guard.ts): no mount at or beneath it (a file or directory mounted there is a name nlink
 * does not count), and no other mount shows its filesystem's part at, above or beneath the tree (a
 * bind mount of a directory holding a denied file shows that file under a path no rule matches).
 * Unreadable: as if it were not.
 */
export function seenAtOnePath(dir: string, mountInfo: () => string = () => readFileSync('/proc/self/mountinfo', 'latin1')): boolean {
  let mounts: MountEntry[];
  try {
    mounts = parseMountInfo(mountInfo());
  } catch {
    return false;
  }
  // Mount points and roots are absolute; the root itself holds every path.
  const atOrBeneath = (p: string, above: string): boolean => above === '/' || isInsideOrAt(above, p);
  if (mounts.some((m) => m.mountPoint !== dir && atOrBeneath(m.mountPoint, dir))) return false;
  // The mount the tree is on: the deepest at or above it (the later one, stacked on the same point).
  let covering: MountEntry | undefined;
  for (const m of mounts) if (atOrBeneath(dir, m.mountPoint) && (covering === undefined || m.mountPoint.length >= covering.mountPoint.length)) covering = m;
  if (covering === undefined) return false;
  const on = covering;
  const within = on.mountPoint === '/' ? dir : dir.slice(on.mountPoint.length);
  const inFilesystem = on.root === '/' ? within || '/' : `${on.root}${within}`;
  return !mounts.some((m) => m !== on && m.device === on.device && (atOrBeneath(inFilesystem, m.root) || atOrBeneath(m.root, inFilesystem)));
}

// procfs and sysfs (statfs magic numbers): the kernel's own files, which have no link or rename.
const NO_LINKS_FS = new Set([0x9fa0, 0x62656572]);
const NO_LINKS_FS_TYPES = new Set(['proc', 'sysfs']);

/**
 * Where a scan for files the policy denies must look beneath `dir` (a real path) for files that
 * could have another name, when `dir` is on procfs or sysfs: none of their own files can be linked
 * or renamed, so only the other filesystems mounted beneath it (a container's masks, binfmt_misc)
 * are walked. Undefined when `dir` is on another filesystem, or when it cannot be told: walk it
 * all. (A `Read(//proc/**)` rule would otherwise have the scan count /proc's hundreds of
 * thousands of entries, run out of its budget, and leave every denied file unproven.)
 */
export function mountsToScanBeneath(dir: string, fsType: (dir: string) => number = (d) => statfsSync(d).type, mountInfo: () => string = () => readFileSync('/proc/self/mountinfo', 'latin1')): string[] | undefined {
  try {
    if (!NO_LINKS_FS.has(fsType(dir))) return undefined;
    return parseMountInfo(mountInfo())
      .filter((m) => m.mountPoint !== dir && isInsideOrAt(dir, m.mountPoint) && !NO_LINKS_FS_TYPES.has(m.fsType))
      .map((m) => m.mountPoint);
  } catch {
    return undefined;
  }
}
