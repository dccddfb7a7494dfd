// What one judged file costs in system calls alone (issue 13, aim 5: the judged walk, the fallback
// where ripgrep cannot walk a tree by name, stays ~5-6x `rg`). The judged walk (src/tools/
// grep-candidates.ts, fd-paths.ts) opens each file from its directory's descriptor without following
// it, reads its status and where it really is, and reopens it for reading; this times that sequence
// per file over 20,000 files of a tree, next to cheaper sequences and to ripgrep's whole search of
// the same files per file, so the floor of a single-threaded judged walk is printed, not guessed.
// Usage: node bench/judged-open-cost.mjs [--tree DIR]  (a tree search-100k.mjs built, or a new one)
import { spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, readSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tempDir } from './support/temp-dirs.mjs';

const { values } = parseArgs({ options: { tree: { type: 'string' } } });
const O_PATH = 0o10000000;
const { O_NOFOLLOW, O_RDONLY, O_NONBLOCK, O_NOCTTY } = constants;
const READ = O_RDONLY | O_NONBLOCK | O_NOCTTY;
const DIRS = 200;
const PER_DIR = 100;

const root = values.tree ?? tempDir('warden-bench-judged-');
const dirs = [];
for (let a = 0; dirs.length < DIRS; a++) for (let b = 0; b < 10 && dirs.length < DIRS; b++) dirs.push(join(root, `pkg${a}`, `mod${b}`));
for (const dir of dirs) {
  if (existsSync(join(dir, `file${PER_DIR - 1}.ts`))) continue;
  mkdirSync(dir, { recursive: true });
  for (let c = 0; c < PER_DIR; c++) writeFileSync(join(dir, `file${c}.ts`), `// ${c}\n${'const filler = "lorem ipsum";\n'.repeat(30)}`);
}
const names = Array.from({ length: PER_DIR }, (_, c) => `file${c}.ts`);
const sniff = Buffer.allocUnsafe(512);

/** Microseconds per file of `each(dir, dirFd, name)`, the median of 5 passes over every file. */
function perFile(each) {
  const passes = [];
  for (let pass = 0; pass < 5; pass++) {
    const started = process.hrtime.bigint();
    for (const dir of dirs) {
      const dirFd = openSync(dir, O_PATH);
      for (const name of names) each(dir, dirFd, name);
      closeSync(dirFd);
    }
    passes.push(Number(process.hrtime.bigint() - started) / 1e3 / (DIRS * PER_DIR));
  }
  return passes.sort((x, y) => x - y)[2];
}

const sequences = [
  ['the judged walk: O_PATH open via /proc/self/fd/D/name, fstat, readlink, reopen, sniff, 2 closes', (_dir, dirFd, name) => {
    const path = openSync(`/proc/self/fd/${dirFd}/${name}`, O_PATH | O_NOFOLLOW);
    fstatSync(path, { bigint: true });
    readlinkSync(`/proc/self/fd/${path}`);
    const read = openSync(`/proc/self/fd/${path}`, READ);
    closeSync(path);
    readSync(read, sniff, 0, sniff.length, 0);
    closeSync(read);
  }],
  ['one read open via /proc/self/fd/D/name, fstat, readlink, sniff, close', (_dir, dirFd, name) => {
    const read = openSync(`/proc/self/fd/${dirFd}/${name}`, READ | O_NOFOLLOW);
    fstatSync(read, { bigint: true });
    readlinkSync(`/proc/self/fd/${read}`);
    readSync(read, sniff, 0, sniff.length, 0);
    closeSync(read);
  }],
  ['by path, as a name walk would: open, read, close', (dir, _dirFd, name) => {
    const read = openSync(`${dir}/${name}`, READ);
    readSync(read, sniff, 0, sniff.length, 0);
    closeSync(read);
  }],
  ['one lstat by path', (dir, _dirFd, name) => lstatSync(`${dir}/${name}`)],
];

console.log(`system calls per judged file, ${(DIRS * PER_DIR).toLocaleString('en-US')} files under ${root}`);
for (const [label, each] of sequences) console.log(`  ${perFile(each).toFixed(2).padStart(6)} µs  ${label}`);
const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
if (rg !== '') {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    spawnSync(rg, ['-c', 'lorem', ...dirs], { stdio: 'ignore' });
    runs.push(Number(process.hrtime.bigint() - started) / 1e3 / (DIRS * PER_DIR));
  }
  console.log(`  ${runs.sort((x, y) => x - y)[2].toFixed(2).padStart(6)} µs  reference: rg searching the same files (its whole search, all its threads), per file`);
}
