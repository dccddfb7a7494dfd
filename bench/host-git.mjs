// What host git costs on a realistic checkout: ~20k files, a few hundred commits, packed like a
// fresh clone. Times the snapshot taken before a run and changedFiles / diffPatch / diffStat /
// commitChanges / pushCommit after it, next to the plain `git status` Warden used before.
// Build first: npx tsc -p tsconfig.json (output in lib/).
// Usage: node bench/host-git.mjs [runs]   (default 5)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Buffer } from 'node:buffer';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotRepository } from '../lib/git/host-git-snapshot.js';
import { changedFiles, diffPatch, diffStat } from '../lib/git/host-git-changes.js';
import { commitChanges } from '../lib/git/host-git-commit.js';
import { pushCommit } from '../lib/git/host-git-push.js';

const RUNS = Number(process.argv[2] ?? 5);
const FILES = 20_000;
const COMMITS = 300;
const here = dirname(fileURLToPath(import.meta.url));
const cache = join(here, '.cache', `host-git-${FILES}-${COMMITS}`);
const env = { PATH: process.env.PATH, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', ...args], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 30 });

/** A bare origin built with fast-import: one commit with FILES files, then COMMITS-1 commits touching one file each. */
function origin() {
  if (existsSync(join(cache, 'HEAD'))) return cache;
  mkdirSync(cache, { recursive: true });
  git(cache, 'init', '-q', '--bare');
  git(cache, 'symbolic-ref', 'HEAD', 'refs/heads/main');
  const lines = [];
  const line = (i, v) => `file ${i} version ${v} ${'x'.repeat(20 + (i % 60))}\n`.repeat(5 + (i % 40));
  const path = (i) => `pkg${i % 50}/mod${i % 23}/f${i}.txt`;
  let mark = 0;
  for (let c = 0; c < COMMITS; c++) {
    const message = `commit ${c}`;
    lines.push('commit refs/heads/main', `mark :${++mark}`, `committer b <b@example.invalid> ${1_700_000_000 + c} +0000`, `data ${message.length}`, message);
    if (c > 0) lines.push(`from :${mark - 1}`);
    const touched = c === 0 ? Array.from({ length: FILES }, (_, i) => i) : [(c * 7919) % FILES];
    for (const i of touched) {
      const data = line(i, c);
      lines.push(`M 100644 inline ${path(i)}`, `data ${Buffer.byteLength(data)}`, data.slice(0, -1));
    }
    lines.push('');
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: cache, env, input: `${lines.join('\n')}\n`, maxBuffer: 1 << 30 });
  git(cache, 'gc', '-q');
  return cache;
}

const ms = (t) => performance.now() - t;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (name, xs) => console.log(`${name.padEnd(44)} ${median(xs).toFixed(0).padStart(6)} ms   (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`);

const bare = origin();
const times = { status: [], snapshot: [], unchanged: [], changed: [], patch: [], stat: [], commit: [], push: [] };
let shape = '';
for (let run = 0; run < RUNS; run++) {
  const root = mkdtempSync(join(tmpdir(), 'warden-bench-hostgit-'));
  const ws = join(root, 'ws');
  const remote = join(root, 'remote.git');
  git(root, 'clone', '-q', `file://${bare}`, ws);
  git(root, 'clone', '-q', '--bare', bare, remote);
  let t = performance.now();
  git(ws, 'status', '--porcelain', '--untracked-files=all');
  times.status.push(ms(t));

  t = performance.now();
  const r = await snapshotRepository({ workspace: ws, hostPath: process.env.PATH, stateDir: join(root, 'state') });
  times.snapshot.push(ms(t));
  if (r.kind !== 'repository') throw new Error(r.reason);
  const s = r.snapshot;

  t = performance.now();
  await changedFiles(s);
  times.unchanged.push(ms(t));

  // A typical agent run: a few edits, new files, deletions, a rename.
  for (let i = 0; i < 5; i++) writeFileSync(join(ws, `pkg${i}/mod${i}/f${i}.txt`), `edited ${i}\n`);
  for (let i = 0; i < 3; i++) writeFileSync(join(ws, `new-${i}.txt`), `new ${i}\n`);
  unlinkSync(join(ws, 'pkg7/mod7/f7.txt'));
  git(ws, 'mv', 'pkg8/mod8/f8.txt', 'pkg8/mod8/renamed.txt');
  t = performance.now();
  const c = await changedFiles(s);
  times.changed.push(ms(t));
  t = performance.now();
  const patch = await diffPatch(c);
  times.patch.push(ms(t));
  t = performance.now();
  await diffStat(c);
  times.stat.push(ms(t));
  t = performance.now();
  const commit = await commitChanges(c, { message: 'bench', author: { name: 'b', email: 'b@example.invalid' } });
  times.commit.push(ms(t));
  t = performance.now();
  const pushed = await pushCommit(s, { commit: commit.commit, remoteUrl: `file://${remote}`, ref: 'refs/heads/bench' });
  times.push.push(ms(t));
  if (!pushed.ok) throw new Error(pushed.message);
  shape = `${c.files.length} changed files, patch ${patch.length} bytes`;
  rmSync(root, { recursive: true, force: true });
}

const count = git(bare, 'rev-list', '--count', 'main').trim();
const files = git(bare, 'ls-tree', '-r', '--name-only', 'main').split('\n').length - 1;
console.log(`host git on ${files} files, ${count} commits (packed clone), ${RUNS} runs; after the run: ${shape}`);
row('git status (what Warden ran before)', times.status);
row('snapshotRepository (before the run)', times.snapshot);
row('changedFiles, nothing changed', times.unchanged);
row('changedFiles, 11 paths changed', times.changed);
row('diffPatch', times.patch);
row('diffStat', times.stat);
row('commitChanges', times.commit);
row('pushCommit (file://, remote has the start)', times.push);
