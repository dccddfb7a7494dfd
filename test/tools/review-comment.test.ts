import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewCommentTool, createReviewSink } from '../../src/tools/review-comment.js';
import { reviewTargetFromDiff } from '../../src/tools/review-target.js';
import { makeTempRepo } from '../support/temp-repo.js';
import { context, run, workspace } from './tool-harness.js';

describe('reviewTargetFromDiff', () => {
  it('reads the new-side ranges of every hunk, per file, from real git output', () => {
    const repo = makeTempRepo();
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    writeFileSync(join(repo, 'a.txt'), `${lines.join('\n')}\n`);
    writeFileSync(join(repo, 'gone.txt'), 'bye\n');
    writeFileSync(join(repo, 'café "q".txt'), 'x\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e.invalid', ...args], { cwd: repo, encoding: 'utf8' });
    git('add', '-A');
    git('commit', '-qm', 'base');
    lines[4] = 'changed 5';
    lines[30] = 'changed 31';
    writeFileSync(join(repo, 'a.txt'), `${lines.join('\n')}\n`);
    writeFileSync(join(repo, 'new.txt'), 'one\ntwo\n');
    writeFileSync(join(repo, 'café "q".txt'), 'y\n');
    git('rm', '-q', 'gone.txt');
    git('add', '-A');
    git('commit', '-qm', 'head');
    const target = reviewTargetFromDiff(git('diff', '-U3', 'HEAD~1', 'HEAD'));
    expect(target.get('a.txt')).toEqual([{ start: 2, end: 8 }, { start: 28, end: 34 }]);
    expect(target.get('new.txt')).toEqual([{ start: 1, end: 2 }]);
    expect(target.get('café "q".txt')).toEqual([{ start: 1, end: 1 }]);
    expect(target.has('gone.txt')).toBe(false);
  });
});

describe('ReviewComment', () => {
  const target = new Map([['src/a.ts', [{ start: 10, end: 20 }]]]);

  it('records an inline comment on a diff line and a body item elsewhere, and posts nothing itself', async () => {
    const sink = createReviewSink();
    const tool = createReviewCommentTool({ target, sink });
    const dir = workspace();
    const inline = await run(tool, { path: 'src/a.ts', line: 12, start_line: 11, body: 'Off by one.', suggestion: 'for (let i = 0; i < n; i++)' }, context(dir));
    expect(inline.isError).toBeUndefined();
    expect(inline.content).toContain('inline');
    const outside = await run(tool, { path: `${dir}/src/a.ts`, line: 40, body: 'Also here.' }, context(dir));
    expect(outside.content).toContain('review\'s body');
    const straddling = await run(tool, { path: 'src/a.ts', line: 22, start_line: 19, body: 'Range leaves the hunk.' }, context(dir));
    expect(straddling.content).toContain('review\'s body');
    expect(sink.items()).toEqual([
      { path: 'src/a.ts', line: 12, startLine: 11, body: 'Off by one.', suggestion: 'for (let i = 0; i < n; i++)', placement: 'inline' },
      { path: 'src/a.ts', line: 40, body: 'Also here.', placement: 'body' },
      { path: 'src/a.ts', line: 22, startLine: 19, body: 'Range leaves the hunk.', placement: 'body' },
    ]);
    expect(tool.isReadOnly({ path: 'x', line: 1, body: 'b' })).toBe(true);
    expect(tool.access({ path: 'x', line: 1, body: 'b' }, context(dir))).toEqual({ kind: 'none' });
  });

  it.each([
    [{ path: '../outside.ts', line: 1, body: 'x' }, /outside the repository/],
    [{ path: '/etc/passwd', line: 1, body: 'x' }, /outside the repository/],
    [{ path: 'src/a.ts', line: 3, start_line: 5, body: 'x' }, /start_line \(5\) is after line \(3\)/],
  ])('refuses %j', async (input, message) => {
    const sink = createReviewSink();
    const out = await run(createReviewCommentTool({ target, sink }), input, context(workspace()));
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(message);
    expect(sink.count()).toBe(0);
  });

  it('stops at the per-run maximum', async () => {
    const sink = createReviewSink();
    const tool = createReviewCommentTool({ target, sink, maxItems: 2 });
    const dir = workspace();
    for (const line of [11, 12]) expect((await run(tool, { path: 'src/a.ts', line, body: 'b' }, context(dir))).isError).toBeUndefined();
    const third = await run(tool, { path: 'src/a.ts', line: 13, body: 'b' }, context(dir));
    expect(third.isError).toBe(true);
    expect(sink.count()).toBe(2);
  });
});
