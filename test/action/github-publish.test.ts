import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTBOX_FILES, RunResultSchema } from '../../src/outbox/index.js';
import { exampleRepoFiles } from '../support/example-files.js';
import { checkoutWorkspace, git } from '../support/github-repo.js';
import { commentableLines, TOKEN_USER } from '../support/github-server.js';
import type { Scene} from '../support/github-scene.js';
import { PR, REPOSITORY, type SceneOptions, scenePerTest, TOKEN } from '../support/github-scene.js';
import { EXAMPLE_DIR, tempDir } from '../support/temp-repo.js';
import type { ScriptTurn } from '../support/model-server.js';
import { turnsFromJsonl } from '../support/script.js';
import { schedulePayload } from '../support/webhook-payloads.js';
import { renderedText } from '../support/rendered-markdown.js';

/** The example repository (a failing test) as files, plus a policy. */
function exampleFiles(policy: string): SceneOptions['base'] {
  return exampleRepoFiles({ '.github/warden.yml': policy });
}

const FIX_POLICY = (push: string): string =>
  `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: ${push}\n`;
const FIX_SCRIPT = (): ScriptTurn[] => turnsFromJsonl(join(EXAMPLE_DIR, 'scenario.jsonl'));

function outbox(runnerTemp: string): string {
  return join(runnerTemp, 'warden', 'outbox');
}

/** The remote branch checked out fresh, its tests run. */
function testsPassOn(scene: Scene, branch: string): boolean {
  const dir = tempDir();
  git(dir, 'clone', '-q', '--branch', branch, scene.remote.bare, 'checkout');
  try {
    execFileSync('node', ['--test'], { cwd: join(dir, 'checkout'), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('delivery: the action posts what the agent proposed (node dist/index.js, GitHub stand-in, real git remote)', () => {
  const startScene = scenePerTest();

  it('@warden fix the failing test on a same-repo PR: sticky comment, commit on the PR branch whose tests pass, every output', async () => {
    const scene = await startScene({
      base: exampleFiles(FIX_POLICY('branch')),
      pull: { files: { 'README.md': '# slugs\n\nNow documented.\n' }, branch: 'docs-slugs' },
      script: FIX_SCRIPT(),
    });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);

    // The comment: created at the start as a working note, then replaced by the report.
    const created = scene.github.requestsFor('issues/create-comment');
    const updated = scene.github.requestsFor('issues/update-comment');
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0]?.rawBody ?? '{}')).toMatchObject({ body: expect.stringContaining('Warden is working on pull request #2') as unknown });
    expect(updated.length).toBeGreaterThanOrEqual(1);
    const comments = scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.filter((c) => c.user.login === TOKEN_USER.login) ?? [];
    expect(comments).toHaveLength(1);
    const final = comments[0]?.body ?? '';
    expect(final).toContain('### Warden: completed · changes (1 file)');
    expect(renderedText(final)).toContain('Changed:\nsrc/slug.js\n');
    expect(renderedText(final)).toMatch(/Pushed [0-9a-f]{12} to docs-slugs\./);

    // The commit: on the PR's branch on the remote, Warden's identity, and the tests pass there.
    const tip = git(scene.remote.bare, 'rev-parse', 'refs/heads/docs-slugs');
    expect(r.outputs.commit_sha).toBe(tip);
    expect(git(scene.remote.bare, 'log', '-1', '--format=%an <%ae>|%P', tip)).toBe(`warden[bot] <warden[bot]@users.noreply.github.com>|${scene.pull?.head ?? ''}`);
    expect(git(scene.remote.bare, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
    expect(testsPassOn(scene, 'docs-slugs')).toBe(true);

    // Every output.
    expect(r.outputs).toMatchObject({ outcome: 'completed', verdict: 'changes', branch: 'docs-slugs', files_changed: 'src/slug.js', denials: '0' });
    expect(r.outputs.comment_url).toMatch(/issuecomment-\d+$/);
    expect(Number(r.outputs.cost_usd)).toBeGreaterThan(0);
    expect(Number(r.outputs.input_tokens)).toBeGreaterThan(0);
    expect(Number(r.outputs.output_tokens)).toBeGreaterThan(0);
    expect(r.outputs.pull_request_url).toBe('');
    for (const name of Object.values(OUTBOX_FILES)) expect(existsSync(join(outbox(r.runnerTemp), name)), name).toBe(true);
    // The token reached git only as the push's credentials: nothing in the workspace's config.
    expect(readFileSync(join(scene.workspace, '.git', 'config'), 'utf8')).not.toContain('ghs_');
  });

  it('a second @warden run on the same PR updates its sticky comment instead of adding one', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('none')), pull: { files: { 'README.md': 'x\n' }, branch: 'b' } });
    const first = await scene.run('issue_comment', scene.commentPayload('@warden look at this'));
    expect(first.code).toBe(0);
    scene.model.push({ content: [{ type: 'text', text: 'Second look: still fine.' }] });
    const second = await scene.run('issue_comment', scene.commentPayload('@warden look again'));
    expect(second.code).toBe(0);
    const mine = scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.filter((c) => c.user.login === TOKEN_USER.login) ?? [];
    expect(mine).toHaveLength(1);
    expect(renderedText(mine[0]?.body ?? '')).toContain('Second look: still fine.');
    expect(second.outputs.comment_url).toBe(first.outputs.comment_url);
  });

  it('pull_request review: one COMMENT review, an inline suggestion on a diff line, an off-diff item in the body; a second identical run posts no review, a third only its new item', async () => {
    const policy = 'version: 1\nmode: dontAsk\npublish:\n  review: true\n';
    const items = (more: { path: string; line: number; body: string }[] = []): ScriptTurn[] => [
      {
        content: [
          { type: 'tool_use', id: 'toolu_r1', name: 'ReviewComment', input: { path: 'src/slug.js', line: 3, body: 'Only the first space is replaced.', suggestion: "  return title.trim().toLowerCase().replace(/\\s+/g, '-');" } },
          { type: 'tool_use', id: 'toolu_r2', name: 'ReviewComment', input: { path: 'README.md', line: 1, body: 'Mention slugify in the README.' } },
          ...more.map((input, i) => ({ type: 'tool_use' as const, id: `toolu_m${i}`, name: 'ReviewComment', input })),
        ],
      },
      { content: [{ type: 'text', text: 'Comments.' }] },
    ];
    const base = exampleFiles(policy);
    const scene = await startScene({
      base,
      checkout: 'merge',
      pull: { files: { 'src/slug.js': `${base['src/slug.js'] ?? ''}// touched\n` }, branch: 'touch' },
      script: items(),
    });
    const pullPayload = scene.pullPayload('opened');
    const first = await scene.run('pull_request', pullPayload, { prompt: 'Review this pull request.' });
    expect(first.code).toBe(0);
    const reviews = scene.github.requestsFor('pulls/create-review');
    expect(reviews).toHaveLength(1);
    const body = JSON.parse(reviews[0]?.rawBody ?? '{}') as { event: string; commit_id: string; body: string; comments: { path: string; line: number; side: string; body: string }[] };
    expect(body.event).toBe('COMMENT');
    expect(body.commit_id).toBe(scene.pull?.head);
    expect(body.comments).toEqual([{ path: 'src/slug.js', line: 3, side: 'RIGHT', body: "Only the first space is replaced.\n\n```suggestion\n  return title.trim().toLowerCase().replace(/\\s+/g, '-');\n```" }]);
    expect(body.body).toMatch(/^- ` README\.md:1 `<!-- warden:item [0-9a-f]{24} -->:$/m);
    expect(renderedText(body.body)).toContain('README.md:1:\nMention slugify in the README.');

    // The same review again: neither the inline comment nor the body item is repeated, so no review at all.
    scene.model.push(...items());
    const second = await scene.run('pull_request', pullPayload, { prompt: 'Review this pull request.' });
    expect(second.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create-review')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/list-reviews').length).toBeGreaterThanOrEqual(2);
    const sticky = scene.stickyComment();
    expect(sticky).toContain('Review: 0 comment(s) posted, 2 already posted before.');

    // A third run with one new off-diff item: a review with only that item in its body.
    scene.model.push(...items([{ path: 'README.md', line: 1, body: 'And link to the tests.' }]));
    const third = await scene.run('pull_request', pullPayload, { prompt: 'Review this pull request.' });
    expect(third.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create-review')).toHaveLength(2);
    const newer = JSON.parse(scene.github.requestsFor('pulls/create-review')[1]?.rawBody ?? '{}') as { comments: unknown[]; body: string };
    expect(newer.comments).toEqual([]);
    expect(renderedText(newer.body)).toContain('And link to the tests.');
    expect(newer.body).not.toContain('Mention slugify');
    commentableLines.clear();
  });

  it('schedule: a branch and a draft PR; a second run updates that PR; a run with nothing to do opens nothing', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('pull-request')), script: FIX_SCRIPT() });
    const first = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(first.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    const created = JSON.parse(scene.github.requestsFor('pulls/create')[0]?.rawBody ?? '{}') as { head: string; base: string; draft: boolean; title: string };
    expect(created).toMatchObject({ head: first.outputs.branch, base: 'main', draft: true });
    expect(first.outputs.branch).toMatch(/^warden\//);
    expect(first.outputs.pull_request_url).toMatch(/\/pull\/\d+$/);
    expect(git(scene.remote.bare, 'rev-parse', `refs/heads/${first.outputs.branch ?? ''}`)).toBe(first.outputs.commit_sha);
    expect(testsPassOn(scene, first.outputs.branch ?? '')).toBe(true);

    // Each scheduled job starts from a fresh checkout of the default branch.
    const freshCheckout = (): void => {
      git(scene.workspace ?? '', 'reset', '-q', '--hard');
      git(scene.workspace ?? '', 'clean', '-qfdx');
    };
    freshCheckout();
    scene.model.push(...FIX_SCRIPT());
    const second = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(second.code).toBe(0);
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/update')).toHaveLength(1);
    expect(second.outputs.pull_request_url).toBe(first.outputs.pull_request_url);

    freshCheckout();
    scene.model.push({ content: [{ type: 'text', text: 'Nothing to do today.' }] });
    const idle = await scene.run('schedule', schedulePayload(), { prompt: 'Fix the failing test.' });
    expect(idle.code).toBe(0);
    expect(idle.outputs.verdict).toBe('no_changes');
    expect(scene.github.requestsFor('pulls/create')).toHaveLength(1);
    expect(scene.github.requestsFor('pulls/update')).toHaveLength(1);
    expect(idle.outputs.commit_sha).toBe('');
  });

  it('a change to .github/workflows/ or the policy file is refused, named, and nothing is pushed', async () => {
    // The policy itself lets the agent edit both (explicitly naming the protected paths): the
    // layer before delivery is switched off, and delivery still refuses.
    const policy = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Edit(/.github/workflows/**)", "Edit(/.github/warden.yml)"]\npublish:\n  push: branch\n';
    const scene = await startScene({
      base: { ...exampleFiles(policy), '.github/workflows/ci.yml': 'on: push\n' },
      pull: { files: { 'README.md': 'x\n' }, branch: 'feature' },
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'Read', input: { file_path: '.github/workflows/ci.yml' } }, { type: 'tool_use', id: 'toolu_r2', name: 'Read', input: { file_path: '.github/warden.yml' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: '.github/workflows/ci.yml', content: 'on: [push, pull_request_target]\n' } }, { type: 'tool_use', id: 'toolu_w2', name: 'Write', input: { file_path: '.github/warden.yml', content: 'version: 1\nmode: bypassPermissions\n' } }] },
        { content: [{ type: 'text', text: 'Widened CI.' }] },
      ],
    });
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/feature');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden widen CI'));
    expect(r.outputs.verdict).toBe('changes');
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/feature')).toBe(before);
    expect(r.outputs.commit_sha).toBe('');
    const final = scene.stickyComment();
    expect(final).toContain('**The changes were not delivered:**');
    expect(renderedText(final)).toContain('`.github/workflows/ci.yml`: changes a workflow');
    expect(renderedText(final)).toContain('`.github/warden.yml`: changes the Warden policy file');
  });

  it.each<[string, ScriptTurn[], Record<string, string>, RegExp, number]>([
    ['a model error', [{ error: { status: 400, message: 'bad request (scripted)' } }], {}, /model error: the Anthropic API refused the request \(HTTP 400 invalid_request_error/, 1],
    ['an exhausted turn budget', FIX_SCRIPT(), { max_turns: '2' }, /stopped: reached max turns \(2\)/, 1],
    ['an exhausted cost budget (max_cost_usd)', FIX_SCRIPT().slice(0, 1), { max_cost_usd: '0.000001' }, /Warden: stopped: budget max_cost_usd exhausted \(limit 0\.000001, spent 0\.\d+\)/, 1],
    ['a timeout', [{ content: [{ type: 'text', text: 'Thinking slowly.' }], delays: { beforeStopMs: 8_000 } }], { timeout_seconds: '2' }, /stopped: run timeout of 2 s reached/, 1],
  ])('%s: the comment still ends with what happened, and where the outbox is', async (_name, script, inputs, headline, code) => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('branch')), pull: { files: { 'README.md': 'x\n' }, branch: 'b' }, script });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix it'), inputs);
    expect(r.code).toBe(code);
    const final = scene.stickyComment();
    expect(renderedText(final)).toMatch(headline);
    expect(renderedText(final)).toContain(`Outbox: ${outbox(r.runnerTemp)}`);
    expect(RunResultSchema.parse(JSON.parse(readFileSync(join(outbox(r.runnerTemp), 'result.json'), 'utf8'))).finished).toBe(true);
  });

  it('GitHub answers 500 and a secondary rate limit while publishing: retried, delivered', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('branch')), pull: { files: { 'README.md': 'x\n' }, branch: 'b' }, script: FIX_SCRIPT() });
    scene.github.injectFault({ fault: { kind: 'status', status: 500 }, operation: 'issues/update-comment', times: 1 });
    scene.github.injectFault({ fault: { kind: 'secondary-rate-limit', retryAfterSeconds: 1 }, operation: 'issues/update-comment', times: 1 });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/server error 500; retrying/);
    expect(r.stderr).toMatch(/secondary rate limit; retrying in 1\.0 s/);
    const final = scene.stickyComment();
    expect(final).toContain('### Warden: completed · changes (1 file)');
  });

  it('GitHub keeps failing: the step fails naming the call, the outbox path is in the outputs', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('none')), pull: { files: { 'README.md': 'x\n' }, branch: 'b' } });
    scene.github.injectFault({ fault: { kind: 'status', status: 503 }, operation: 'issues/update-comment', times: 50 });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden look'), {});
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::warden: publishing failed: the sticky comment .*Server Error/);
    expect(r.outputs.outbox).toBe(outbox(r.runnerTemp));
    expect(existsSync(join(outbox(r.runnerTemp), 'result.json'))).toBe(true);
  });

  it('the push is rejected (the branch moved on): the comment says so, the step fails naming git push', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('branch')), pull: { files: { 'README.md': 'x\n' }, branch: 'moving' }, script: FIX_SCRIPT() });
    // Someone pushes to the PR branch while the agent works (here: before the run starts).
    const other = tempDir();
    git(other, 'clone', '-q', '--branch', 'moving', scene.remote.bare, 'w');
    git(join(other, 'w'), 'commit', '-q', '--allow-empty', '-m', 'a human was faster');
    git(join(other, 'w'), 'push', '-q', 'origin', 'moving');
    const theirs = git(scene.remote.bare, 'rev-parse', 'refs/heads/moving');
    const r = await scene.run('issue_comment', scene.commentPayload('@warden fix the failing test'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::warden: publishing failed: git push refs\/heads\/moving: push to refs\/heads\/moving rejected/);
    expect(git(scene.remote.bare, 'rev-parse', 'refs/heads/moving')).toBe(theirs);
    const final = scene.stickyComment();
    expect(renderedText(final)).toContain('Delivery failed at git push refs/heads/moving');
    expect(final).toContain('The patch is in the outbox.');
    expect(REPOSITORY).toBe('Codertocat/Hello-World');
  });
});

describe('the two-job workflow: the agent without write access, then `warden publish OUTBOX` with it', () => {
  const startScene = scenePerTest();

  it('job 1 delivers nothing; job 2, a separate process with only the outbox and a fresh checkout, posts the comment and pushes the commit', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('branch')), pull: { files: { 'README.md': 'docs\n' }, branch: 'two-jobs' }, script: FIX_SCRIPT() });
    const payload = scene.commentPayload('@warden fix the failing test');
    const agent = await scene.run('issue_comment', payload, { comment: 'false', push: 'none' });
    expect(agent.code).toBe(0);
    expect(agent.outputs.verdict).toBe('changes');
    expect(scene.github.requestsFor('issues/create-comment')).toHaveLength(0);
    const before = git(scene.remote.bare, 'rev-parse', 'refs/heads/two-jobs');
    expect(agent.outputs.commit_sha).toBe('');

    // Job 2: a new runner, a fresh checkout of the commit the patch was made against, the outbox as an artifact.
    // The artifact is downloaded into the checkout (actions/download-artifact's default path is the workspace).
    const fresh = checkoutWorkspace(scene.remote, `${scene.git.url}/Codertocat/Hello-World`, 'refs/pull/2/head');
    const artifact = join(fresh, 'warden-outbox');
    cpSync(outbox(agent.runnerTemp), artifact, { recursive: true });
    const publish = await scene.run('issue_comment', payload, {}, ['publish', 'warden-outbox'], fresh, { GITHUB_TOKEN: TOKEN });
    expect(publish.stderr).not.toContain('internal error');
    expect(publish.code).toBe(0);
    const tip = git(scene.remote.bare, 'rev-parse', 'refs/heads/two-jobs');
    expect(tip).not.toBe(before);
    expect(publish.outputs.commit_sha).toBe(tip);
    // Only the patch's file: none of the outbox's files, although they sit untracked in the checkout.
    expect(git(scene.remote.bare, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
    expect(testsPassOn(scene, 'two-jobs')).toBe(true);
    const final = scene.stickyComment();
    expect(final).toContain('### Warden: completed · changes (1 file)');
    expect(renderedText(final)).toContain(`Outbox: ${artifact}`);
  });

  it('refuses a checkout of another commit, and an outbox whose result.json was tampered with', async () => {
    const scene = await startScene({ base: exampleFiles(FIX_POLICY('branch')), pull: { files: { 'README.md': 'docs\n' }, branch: 'two-jobs' }, script: FIX_SCRIPT() });
    const payload = scene.commentPayload('@warden fix the failing test');
    const agent = await scene.run('issue_comment', payload, { comment: 'false', push: 'none' });
    const artifact = join(tempDir(), 'outbox');
    cpSync(outbox(agent.runnerTemp), artifact, { recursive: true });
    const onMain = checkoutWorkspace(scene.remote, `${scene.git.url}/Codertocat/Hello-World`);
    const wrong = await scene.run('issue_comment', payload, {}, ['publish', artifact], onMain, { GITHUB_TOKEN: TOKEN });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/but the patch was made against [0-9a-f]{40}: check out that commit/);

    const result = JSON.parse(readFileSync(join(artifact, 'result.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(artifact, 'result.json'), JSON.stringify({ ...result, verdict: 'ship-it' }));
    const tampered = await scene.run('issue_comment', payload, {}, ['publish', artifact], onMain, { GITHUB_TOKEN: TOKEN });
    expect(tampered.code).toBe(2);
    expect(tampered.stderr).toMatch(/result\.json: not a Warden result \(verdict/);

    // A patch that writes into the outbox directory (which lies in the checkout): the file would be
    // left out of the commit as Warden's own, so the whole patch is refused rather than cut.
    writeFileSync(join(artifact, 'result.json'), JSON.stringify(result));
    const fresh = checkoutWorkspace(scene.remote, `${scene.git.url}/Codertocat/Hello-World`, 'refs/pull/2/head');
    const inside = join(fresh, 'warden-outbox');
    cpSync(artifact, inside, { recursive: true });
    const extra = 'diff --git a/warden-outbox/extra.txt b/warden-outbox/extra.txt\nnew file mode 100644\nindex 0000000..ce01362\n--- /dev/null\n+++ b/warden-outbox/extra.txt\n@@ -0,0 +1 @@\n+hello\n';
    writeFileSync(join(inside, 'changes.patch'), Buffer.concat([readFileSync(join(artifact, 'changes.patch')), Buffer.from(extra)]));
    const into = await scene.run('issue_comment', payload, {}, ['publish', 'warden-outbox'], fresh, { GITHUB_TOKEN: TOKEN });
    expect(into.code).toBe(2);
    expect(into.stderr).toMatch(/changes\.patch writes `warden-outbox\/extra\.txt`, which cannot be delivered/);
    expect(scene.github.requestsFor('issues/create-comment')).toHaveLength(0);
  });
});
