// The measurements of bench/commit-signing.mjs: each run a fresh scene, both paths delivering the
// same captured changes to their own branch (the order alternating), timed around the publisher's
// delivery (checks, commit, then git push or the API calls), and the API requests counted.
import { CommitScene, fiveFilePatch } from '../../test/support/commit-scene.js';

const RUNS = Number(process.argv[2] ?? 7);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const byGit: number[] = [];
const byApi: number[] = [];
let gitDataCalls = 0;
for (let i = 0; i < RUNS; i++) {
  const scene = await CommitScene.start(['via-git', 'via-api']);
  const changes = await scene.changes(fiveFilePatch);
  const time = async (branch: string, signing: boolean): Promise<number> => {
    const t0 = performance.now();
    const out = await scene.deliver(changes, branch, signing);
    const ms = performance.now() - t0;
    if (out.delivery.kind !== 'pushed') throw new Error(`${branch}: ${JSON.stringify(out.delivery)}`);
    return ms;
  };
  const before = scene.github.requests.length;
  if (i % 2 === 0) {
    byGit.push(await time('via-git', false));
    byApi.push(await time('via-api', true));
  } else {
    byApi.push(await time('via-api', true));
    byGit.push(await time('via-git', false));
  }
  gitDataCalls = scene.github.requests.slice(before).filter((q) => q.operation?.startsWith('git/') === true).length;
  await scene.close();
}
const f = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`commit_signing over ${RUNS} runs, the five-file patch, GitHub stand-in + real git remote (loopback):`);
console.log(`  git push path: median ${median(byGit).toFixed(0)} ms (${f(byGit)})`);
console.log(`  API path:      median ${median(byApi).toFixed(0)} ms (${f(byApi)}); ${gitDataCalls} Git Data requests (blobs, tree, commit, ref read, ref update)`);
console.log(`  ratio API / git: ${(median(byApi) / median(byGit)).toFixed(2)}x`);
