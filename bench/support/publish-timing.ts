// The measurements of bench/publish-timing.mjs, run through test/tools/race/ts-register.mjs so
// the GitHub stand-in and the scene from the tests are used as they are.
import { join } from 'node:path';
import { EXAMPLE_DIR } from '../../test/support/temp-repo.js';
import { exampleRepoFiles } from '../../test/support/example-files.js';
import { Scene } from '../../test/support/github-scene.js';
import { turnsFromJsonl } from '../../test/support/script.js';

const RUNS = Number(process.argv[2] ?? 5);

function exampleFiles(): Record<string, string> {
  return exampleRepoFiles({ '.github/warden.yml': 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: branch\n' });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const toComment: number[] = [];
const publishing: number[] = [];
const whole: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const scene = await Scene.start({ base: exampleFiles(), pull: { files: { 'README.md': `run ${i}\n` }, branch: `bench-${i}` }, script: turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl')) });
  const started = Date.now();
  const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
  const ended = Date.now();
  if (r.code !== 0) throw new Error(`run ${i} exited ${r.code}: ${r.stdout.slice(-500)}`);
  const created = scene.github.requestsFor('issues/create-comment')[0]?.receivedAt;
  const lastModel = Math.max(...(scene.model.requests.at(-1)?.events.map((e) => e.at) ?? [NaN]));
  const lastGithub = Math.max(...scene.github.requests.map((q) => q.receivedAt));
  if (created === undefined) throw new Error('no sticky comment');
  toComment.push(created - started);
  publishing.push(Math.max(lastGithub, ended) - lastModel);
  whole.push(ended - started);
  await scene.close();
}
console.log(`publish timing over ${RUNS} runs of "@warden fix the failing test" (node dist/index.js, GitHub stand-in, real git remote, push to the PR branch):`);
console.log(`  step start → sticky comment exists: median ${median(toComment)} ms (aim: within seconds; ${toComment.join(', ')})`);
console.log(`  agent's last answer → published (review, commit, push, final comment, exit): median ${median(publishing)} ms (${publishing.join(', ')})`);
console.log(`  whole step: median ${median(whole)} ms`);
