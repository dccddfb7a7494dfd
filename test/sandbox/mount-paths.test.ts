/**
 * The host's mount table as mount-info.ts reads it (/proc/self/mountinfo lines as the kernel writes
 * them), and where the scan for denied files walks beneath a procfs directory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mountsToScanBeneath, parseMountInfo } from '../../src/sandbox/mount-info.js';

/** A mountinfo line: id, parent, device, root, mount point, options, separator, type, source. */
const line = (id: number, device: string, root: string, mountPoint: string): string => `${id} 1 ${device} ${root} ${mountPoint} rw,relatime - ext4 /dev/x rw`;

describe('the mount table', () => {
  it('reads the escapes of space, tab, newline and backslash', () => {
    const [mount] = parseMountInfo(line(30, '0:40', '/a\\011b', '/x\\040y\\012z\\134w'));
    expect(mount).toEqual({ mountPoint: '/x y\nz\\w', fsType: 'ext4' });
  });

  it('this machine\'s own table parses, each mount point absolute', () => {
    const mounts = parseMountInfo(readFileSync('/proc/self/mountinfo', 'latin1'));
    expect(mounts.length).toBeGreaterThan(0);
    for (const m of mounts) expect(m.mountPoint.startsWith('/'), m.mountPoint).toBe(true);
  });
});

const ROOT = line(20, '254:0', '/', '/');

/** A mountinfo line with its filesystem type. */
const typed = (id: number, mountPoint: string, fsType: string): string => `${id} 1 0:${id} / ${mountPoint} rw - ${fsType} none rw`;
const PROC_MAGIC = 0x9fa0;
const EXT4_MAGIC = 0xef53;

describe('where the scan for denied files walks beneath a directory on procfs or sysfs', () => {
  const table = [ROOT, typed(21, '/proc', 'proc'), typed(22, '/proc/kcore', 'tmpfs'), typed(23, '/proc/sys/fs/binfmt_misc', 'binfmt_misc'), typed(24, '/proc/sys/x', 'proc'), typed(25, '/procx', 'tmpfs'), typed(26, '/sys', 'sysfs')].join('\n');
  const cases: Array<{ name: string; dir: string; magic: number; mountinfo: string; walks: string[] | undefined }> = [
    { name: 'procfs: only the other filesystems mounted beneath it (a container\'s mask, binfmt_misc), not procfs again, not a sibling', dir: '/proc', magic: PROC_MAGIC, mountinfo: table, walks: ['/proc/kcore', '/proc/sys/fs/binfmt_misc'] },
    { name: 'a directory inside procfs', dir: '/proc/sys', magic: PROC_MAGIC, mountinfo: table, walks: ['/proc/sys/fs/binfmt_misc'] },
    { name: 'sysfs with nothing mounted beneath', dir: '/sys', magic: 0x62656572, mountinfo: table, walks: [] },
    { name: 'any other filesystem: all of it', dir: '/work/ws', magic: EXT4_MAGIC, mountinfo: table, walks: undefined },
    { name: 'procfs, with a table it cannot read: all of it', dir: '/proc', magic: PROC_MAGIC, mountinfo: '22 1 254:0 /', walks: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(mountsToScanBeneath(c.dir, () => c.magic, () => c.mountinfo)).toEqual(c.walks);
    });
  }

  it('statfs that fails: all of it', () => {
    expect(mountsToScanBeneath('/proc', () => { throw new Error('ENOSYS'); }, () => table)).toBeUndefined();
  });

  it('this machine\'s /proc is procfs, and its workspace is not', () => {
    expect(mountsToScanBeneath('/proc')).toBeInstanceOf(Array);
    expect(mountsToScanBeneath(process.cwd())).toBeUndefined();
  });
});
