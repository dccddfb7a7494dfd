// The attacker: a process that, as fast as it can, swaps a workspace file for a symlink to
// /proc/self/environ, a hard link to a Read-denied file and a symlink to a file outside the
// workspace, and a directory for symlinks to /proc/self and to a directory outside. It runs
// until killed, writing how many swaps it made to <count file> now and then.
// argv: <src dir> <denied file, or - for none> <outside dir> <count file>
import { linkSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [src, denied, outside, countFile] = process.argv.slice(2);
const notes = join(src, 'notes.txt');
const sub = join(src, 'sub');
const hold = join(src, '.sub-hold');
const stage = join(src, '.stage');

const swapFile = (make) => {
  rmSync(stage, { force: true });
  make(stage);
  renameSync(stage, notes);
};
const swapDir = (target) => {
  try {
    renameSync(sub, hold); // the real directory steps aside
  } catch {
    rmSync(sub, { force: true });
    return;
  }
  rmSync(stage, { force: true });
  symlinkSync(target, stage);
  renameSync(stage, sub);
  rmSync(sub, { force: true }); // the symlink goes, the directory comes back
  renameSync(hold, sub);
};

// Written aside, then renamed over: the test kills this process with SIGKILL at any moment, and a
// kill between writeFileSync's truncate and its write left an empty file, read as 0 swaps.
const reportSwaps = (swaps) => {
  writeFileSync(`${countFile}.next`, String(swaps));
  renameSync(`${countFile}.next`, countFile);
};

mkdirSync(sub, { recursive: true });
let swaps = 0;
for (let i = 0; ; i++) {
  if (i % 200 === 0) reportSwaps(swaps);
  swaps += 8;
  try {
    swapFile((p) => symlinkSync('/proc/self/environ', p));
    swapFile((p) => writeFileSync(p, 'plain notes\n'));
    if (denied !== '-') {
      swapFile((p) => linkSync(denied, p));
      swapFile((p) => writeFileSync(p, 'plain notes\n'));
      swapFile((p) => symlinkSync(denied, p));
    }
    swapFile((p) => symlinkSync(join(outside, 'a.txt'), p));
    swapFile((p) => writeFileSync(p, 'plain notes\n'));
    if (i % 2 === 0) swapDir('/proc/self');
    else swapDir(outside);
  } catch {
    // A reader holding a name for a moment is fine; keep swapping.
  }
}
