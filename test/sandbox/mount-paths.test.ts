/**
 * Whether a tree is seen at one path only (mount-info.ts seenAtOnePath): the read guard lets ripgrep walk a
 * tree by name only then, since a bind mount shows a denied file at a second path that no link
 * count reveals. A table of mount layouts, from /proc/self/mountinfo lines as the kernel writes them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mountsToScanBeneath, parseMountInfo, seenAtOnePath } from '../../src/sandbox/mount-info.js';

/** A mountinfo line: id, parent, device, root, mount point, options, separator, type, source. */
const line = (id: number, device: string, root: string, mountPoint: string): string => `${id} 1 ${device} ${root} ${mountPoint} rw,relatime - ext4 /dev/x rw`;

const ROOT = line(20, '254:0', '/', '/');
const PROC = line(21, '0:20', '/', '/proc');
const TMPFS = line(22, '0:30', '/', '/tmp');

const cases: Array<{ name: string; dir: string; table: string[]; seenOnce: boolean }> = [
  { name: 'one root filesystem', dir: '/work/ws/src', table: [ROOT, PROC], seenOnce: true },
  { name: 'the tree on another filesystem than the root', dir: '/tmp/ws/src', table: [ROOT, TMPFS], seenOnce: true },
  { name: 'a file bind-mounted beneath the tree', dir: '/work/ws/src', table: [ROOT, line(30, '254:0', '/work/ws/.env', '/work/ws/src/notes.txt')], seenOnce: false },
  { name: 'another filesystem mounted beneath the tree', dir: '/work/ws', table: [ROOT, line(30, '0:40', '/', '/work/ws/cache')], seenOnce: false },
  { name: 'the tree is a bind mount of a directory that holds a denied file', dir: '/work/ws/pub/view', table: [ROOT, line(30, '254:0', '/work/ws/a', '/work/ws/pub/view')], seenOnce: false },
  { name: 'the tree lies beneath such a bind mount', dir: '/work/ws/pub/view/sub', table: [ROOT, line(30, '254:0', '/work/ws/a', '/work/ws/pub/view')], seenOnce: false },
  { name: 'a directory of the tree bind-mounted elsewhere', dir: '/work/ws', table: [ROOT, line(30, '254:0', '/work/ws/a', '/mnt/a')], seenOnce: false },
  { name: 'a directory above the tree bind-mounted elsewhere', dir: '/work/ws/src', table: [ROOT, line(30, '254:0', '/work', '/mnt/w')], seenOnce: false },
  // GitHub's container jobs: the workspace and the runner's files bind-mounted from one host disk.
  {
    name: 'a container job: siblings of the workspace on the same disk',
    dir: '/__w/repo/repo',
    table: [line(1, '0:50', '/', '/'), line(2, '8:1', '/home/runner/work', '/__w'), line(3, '8:1', '/home/runner/work/_temp/_github_home', '/github/home'), line(4, '8:1', '/var/lib/docker/containers/c/hosts', '/etc/hosts')],
    seenOnce: true,
  },
  {
    name: 'a container job that also mounts the workspace\'s parent',
    dir: '/__w/repo/repo',
    table: [line(1, '0:50', '/', '/'), line(2, '8:1', '/home/runner/work', '/__w'), line(3, '8:1', '/home/runner', '/runner')],
    seenOnce: false,
  },
  { name: 'a mount point written with octal escapes, beneath the tree', dir: '/work/ws', table: [ROOT, line(30, '0:40', '/', '/work/ws/a\\040b')], seenOnce: false },
  { name: 'no mount covers the tree (an empty table)', dir: '/work/ws', table: [], seenOnce: false },
  { name: 'a table it cannot read', dir: '/work/ws/src', table: [ROOT, '22 1 254:0 /'], seenOnce: false },
];

describe('a tree seen at one path', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(seenAtOnePath(c.dir, () => c.table.join('\n'))).toBe(c.seenOnce);
    });
  }

  it('reads the escapes of space, tab, newline and backslash', () => {
    const [mount] = parseMountInfo(line(30, '0:40', '/a\\011b', '/x\\040y\\012z\\134w'));
    expect(mount).toMatchObject({ device: '0:40', root: '/a\tb', mountPoint: '/x y\nz\\w' });
  });

  it('this machine\'s own table parses, each mount point absolute', () => {
    const mounts = parseMountInfo(readFileSync('/proc/self/mountinfo', 'latin1'));
    expect(mounts.length).toBeGreaterThan(0);
    for (const m of mounts) expect(m.mountPoint.startsWith('/'), m.mountPoint).toBe(true);
  });
});

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
