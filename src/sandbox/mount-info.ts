/**
 * The host's mount table (`/proc/self/mountinfo`), read for the scan for denied files: what lies
 * beneath a procfs or sysfs directory (`mountsToScanBeneath`).
 */
import { readFileSync, statfsSync } from 'node:fs';

/** One line of /proc/<pid>/mountinfo, the fields read here. */
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

const isInsideOrAt = (root: string, p: string): boolean => p === root || p.startsWith(`${root}/`);

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
