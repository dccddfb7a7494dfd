/**
 * The sticky comment's paths through the action (node dist/index.js, GitHub stand-in): progress
 * while the run goes, a cancelled job, a crash — each still ends the comment with what happened
 * and where the outbox is. (A model error, budgets and a timeout: github-publish.test.ts.)
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/outbox/index.js';
import { exampleRepoFiles } from '../support/example-files.js';
import { TOKEN_USER } from '../support/github-server.js';
import { PR, Scene } from '../support/github-scene.js';
import { waitFor } from '../support/wait-for.js';
import { renderedText } from '../support/rendered-markdown.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n';

function outbox(runnerTemp: string): string {
  return join(runnerTemp, 'warden', 'outbox');
}

function myComments(scene: Scene): string[] {
  return scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.filter((c) => c.user.login === TOKEN_USER.login).map((c) => c.body) ?? [];
}

function commentWrites(scene: Scene): string[] {
  return [...scene.github.requestsFor('issues/create-comment'), ...scene.github.requestsFor('issues/update-comment')]
    .sort((a, b) => a.seq - b.seq)
    .map((r) => (JSON.parse(r.rawBody) as { body: string }).body);
}

/** Resolves once the working comment exists and the model has a request open: the run is under way. */
async function runUnderWay(scene: Scene): Promise<void> {
  await waitFor(() => scene.github.requestsFor('issues/create-comment').length > 0 && scene.model.requests.length > 0, 'the working comment and a model request');
}

describe('the sticky comment while the run goes, and when it is cut short (dist, GitHub stand-in)', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('progress: the comment shows the turn and the last tool calls while the run goes, then the report', async () => {
    // The second answer takes longer than the 5 s between progress updates, so one is due while it streams.
    scene = await Scene.start({
      base: exampleRepoFiles({ '.github/warden.yml': POLICY }),
      pull: { files: { 'README.md': 'x\n' }, branch: 'b' },
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'src/slug.js' } }] },
        { content: [{ type: 'text', text: 'Read it; nothing to change.' }], delays: { beforeStopMs: 7_000 } },
      ],
    });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden have a look'));
    expect(r.code).toBe(0);
    const writes = commentWrites(scene);
    expect(writes[0]).toContain('Warden is working on pull request #2');
    const progress = writes.filter((b) => b.includes('Turn 1 of at most 50'));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    // Not necessarily the first: on a busy machine an update can fall due before the Read is done.
    expect(progress.some((b) => renderedText(b).includes('Latest tool calls:\nRead src/slug.js — ok')), progress.join('\n----\n')).toBe(true);
    expect(writes.at(-1)).toContain('### Warden: completed · no changes');
    expect(myComments(scene)).toHaveLength(1);
  });

  it.each([
    ['SIGTERM', ['SIGTERM']],
    ['SIGINT, then SIGTERM (how a GitHub runner cancels a job)', ['SIGINT', 'SIGTERM']],
  ] as const)('a cancelled job (%s): the comment ends saying so, and where the outbox is', async (_name, signals) => {
    scene = await Scene.start({
      base: exampleRepoFiles({ '.github/warden.yml': POLICY }),
      pull: { files: { 'README.md': 'x\n' }, branch: 'b' },
      script: [{ content: [{ type: 'text', text: 'Thinking for a long time.' }], delays: { beforeStopMs: 60_000 } }],
    });
    const s = scene;
    let child: ChildProcess | undefined;
    const running = s.run('issue_comment', s.commentPayload('@warden fix it'), {}, undefined, undefined, undefined, (c) => (child = c));
    await runUnderWay(s);
    for (const [i, signal] of signals.entries()) {
      // Apart, as a runner sends them (7.5 s): two signals sent at once may reach two of node's
      // threads and be handled in either order.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      child?.kill(signal);
    }
    const r = await running;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the job was cancelled; stopping the run/);
    const final = myComments(s)[0] ?? '';
    expect(renderedText(final)).toContain(`Warden: aborted: the job was cancelled (${signals[0]})`);
    expect(renderedText(final)).toContain(`Outbox: ${outbox(r.runnerTemp)}`);
    const result = RunResultSchema.parse(JSON.parse(readFileSync(join(outbox(r.runnerTemp), 'result.json'), 'utf8')));
    expect(result).toMatchObject({ finished: true, outcome: { reason: 'aborted', why: `the job was cancelled (${signals[0]})` } });
  });

  it('a crash after the working comment (the outbox cannot be written): the comment says Warden stopped, and where the outbox is', async () => {
    scene = await Scene.start({
      base: exampleRepoFiles({ '.github/warden.yml': POLICY }),
      pull: { files: { 'README.md': 'x\n' }, branch: 'b' },
      script: [{ content: [{ type: 'text', text: 'Done.' }], delays: { beforeStopMs: 1_500 } }],
    });
    const s = scene;
    let temp = '';
    const running = s.run('issue_comment', s.commentPayload('@warden look'), {}, undefined, undefined, undefined, (_c, runnerTemp) => (temp = runnerTemp));
    await runUnderWay(s);
    // The outbox directory becomes a file while the model answers: writing the outbox throws.
    rmSync(outbox(temp), { recursive: true, force: true });
    writeFileSync(outbox(temp), 'in the way\n');
    const r = await running;
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::warden: internal error: .*ENOTDIR/);
    const final = myComments(s)[0] ?? '';
    expect(final).toContain('### Warden stopped before finishing pull request #2');
    expect(renderedText(final)).toMatch(/Warden stopped: internal error: .*ENOTDIR/);
    expect(renderedText(final)).toContain(`Outbox (whatever was written): ${outbox(temp)}`);
  });
});
