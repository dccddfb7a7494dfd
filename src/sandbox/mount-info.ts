/**
 * The host's mount table (`/proc/self/mountinfo`), read for the scan for denied files: what lies
 * beneath a procfs or sysfs directory (`mountsToScanBeneath`).
 */
import { readFileSync, statfsSync } from 'node:fs';

/** Undoes mountinfo's octal escapes (space, tab, newline, backslash); the latin1 text's bytes are read back as UTF-8, as Node reads names. */
function unescape(field: string): string {
  if (!/[\\\x80-\xff]/.test(field)) return field;
  return Buffer.from(field.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(Number.parseInt(oct, 8))), 'latin1').toString('utf8');
}

/** The mount point and filesystem type of each line of /proc/<pid>/mountinfo; throws on a line it cannot read (fail closed). */
export function parseMountInfo(text: string): Array<{ mountPoint: string; fsType: string }> {
  return text.split('\n').filter((line) => line !== '').map((line) => {
    const fields = line.split(' ');
    const sep = fields.indexOf('-', 6);
    const [mountPoint, fsType] = [fields[4], fields[sep + 1]];
    if (sep === -1 || !/^\d+ \d+ /.test(line) || mountPoint === undefined || fsType === undefined) throw new Error(`unreadable mountinfo line: ${JSON.stringify(line.slice(0, 200))}`);
    return { mountPoint: unescape(mountPoint), fsType };
  });
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
