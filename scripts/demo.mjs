// The offline demo: copies the example repository to a temp dir and runs Warden on it with a
// replayed model, so the whole job can be seen with no API key and no network.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const example = join(root, 'examples', 'fix-failing-test');
const work = mkdtempSync(join(tmpdir(), 'warden-demo-'));
cpSync(join(example, 'repo'), work, { recursive: true });
const git = (...args) => execFileSync('git', args, { cwd: work, stdio: 'ignore' });
git('init', '-q');
git('-c', 'user.name=demo', '-c', 'user.email=demo@example.invalid', 'add', '-A');
git('-c', 'user.name=demo', '-c', 'user.email=demo@example.invalid', 'commit', '-qm', 'example repository');

// The demo runs under the example's policy, inside the bubblewrap sandbox. On a machine without
// bubblewrap (macOS, a bare container) it says so and opts out explicitly, as a policy must.
let policy = join(example, 'policy.yml');
if (spawnSync('bwrap', ['--version'], { stdio: 'ignore' }).status !== 0) {
  policy = join(work, '..', `${work.split('/').pop()}-policy.yml`);
  writeFileSync(policy, `${readFileSync(join(example, 'policy.yml'), 'utf8')}sandbox:\n  mode: off\n`);
  console.error('warden demo: bubblewrap (bwrap) is not installed, so this demo runs with `sandbox.mode: off`.');
  console.error('             On Debian/Ubuntu: sudo apt-get install bubblewrap\n');
}
const transcript = join(work, '..', `${work.split('/').pop()}-transcript.jsonl`);
console.error(`warden demo: working on a copy of examples/fix-failing-test/repo in ${work}\n`);
const result = spawnSync(
  process.execPath,
  [
    join(root, 'dist', 'index.js'),
    'run',
    '--cwd', work,
    '--model', `replay:${join(example, 'scenario.jsonl')}`,
    '--prompt-file', join(example, 'task.md'),
    '--policy', policy,
    '--transcript', transcript,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
// What the agent did to the copy, as git sees it, and where to look further.
const diff = execFileSync('git', ['-c', 'core.pager=cat', 'diff', '--stat', '--patch'], { cwd: work, encoding: 'utf8' });
console.log(`\nwarden demo: the change the agent made (git diff in the copy):\n\n${diff === '' ? '(none)\n' : diff}`);
console.log(`warden demo: the copy is in ${work} (cd there and run \`npm test\`); the transcript is ${transcript}`);
process.exit(result.status ?? 1);
