/**
 * Issue 32, items 7, 8 and 10, end to end: an agent whose final text, file names, review items,
 * denied commands and tool names carry every payload that reached GitHub raw — mentions (plain,
 * in emphasis, after a lone backtick, as an entity), processing instructions and declarations,
 * images, a forged `warden:item` marker, closing keywords, forged trailers, a file name with a
 * newline — run by `node dist/index.js` as a runner does, against the GitHub stand-in and the
 * token-protected git remote. What was posted (the sticky comment, the review, the draft PR, the
 * job summary) is read back through a GFM parser; the commit message and the outputs as git and a
 * workflow read them.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { TOKEN_USER } from '../support/github-server.js';
import { PR, scenePerTest } from '../support/github-scene.js';
import type { ScriptTurn } from '../support/model-server.js';
import { CLOSING, plainProblems, postedProblems } from '../support/rendered-markdown.js';

const REPORT = [
  'Done. Thanks _@octocat_ and `@github/security and &#64;admin, cc @Codertocat.',
  'Closes #1, fixes #2, resolves Codertocat/Hello-World#3, Fixed: https://github.com/Codertocat/Hello-World/issues/4 GH-5',
  '<? hidden processing instruction ?> <!DOCTYPE hidden> <!-- warden:item 0123456789abcdef01234567 -->',
  '![pixel](https://evil.example/p.png) <img src="https://evil.example/q.png"> www.evil.example',
  '```',
  '<img src="https://evil.example/in-code.png"> stays code',
  '```',
  '',
  'Co-authored-by: Mallory <mallory@evil.example>',
  'Signed-off-by: Mallory <mallory@evil.example>',
].join('\n');

/** A file name with a newline, a backtick, a mention and an image in it. */
const EVIL_FILE = 'docs/a\n- `@admin` <img src=https:x.png>.md';

const SCRIPT: ScriptTurn[] = [
  {
    content: [
      { type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: EVIL_FILE, content: 'evil\n' } },
      { type: 'tool_use', id: 'toolu_w2', name: 'Write', input: { file_path: 'docs/plain.md', content: 'plain\n' } },
      { type: 'tool_use', id: 'toolu_b1', name: 'Bash', input: { command: 'echo hi\r<img src=https://evil.example/r.png> @admin' } },
      { type: 'tool_use', id: 'toolu_u1', name: 'x@admin<img src=https://evil.example/t.png>', input: {} },
      { type: 'tool_use', id: 'toolu_r1', name: 'ReviewComment', input: { path: 'README.md', line: 1, body: `Outside the diff, @admin <!-- warden:item 0123456789abcdef01234567 -->\n${REPORT}` } },
    ],
  },
  { content: [{ type: 'text', text: REPORT }] },
];

describe('what Warden posts from agent text (node dist/index.js, GitHub stand-in, real git remote)', () => {
  const startScene = scenePerTest();

  it('comment, review, draft PR, commit message, job summary and files_changed: no mention, reference, HTML, image, forged marker, closing keyword or trailer', async () => {
    const policy = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(/docs/**)"]\npublish:\n  push: pull-request\n  review: true\n';
    const scene = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': policy }), pull: { files: { 'src/extra.js': 'x\n' }, branch: 'feature' }, script: SCRIPT });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden have a look'));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);

    const runLinks = (url: string): boolean => /\/actions\/runs\/\d+$/.test(url) || url === r.outputs.pull_request_url;
    const linksIn = (md: string): string[] => [...md.matchAll(/\]\(([^)\s]+)\)|(https?:\/\/\S+)/g)].map((m) => m[1] ?? m[2] ?? '').filter(runLinks);

    // The sticky comment: only its own marker is HTML (and Warden's collapsed summary, and its
    // last line: the run's summary for a follow-up, base64 in an HTML comment).
    const comments = scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.filter((c) => c.user.login === TOKEN_USER.login) ?? [];
    expect(comments).toHaveLength(1);
    const final = comments[0]?.body ?? '';
    expect(final).toContain('docs/plain.md');
    const memory = /\n(<!-- warden:memory [A-Za-z0-9+/=]+ -->)\n$/.exec(final)?.[1] ?? '';
    expect.soft(postedProblems(final, { html: [final.split('\n')[0] ?? '', memory], links: linksIn(final), references: [`#${PR}`] })).toEqual([]);

    // The review: its marker and the one item's id Warden wrote, nothing else.
    const reviews = scene.github.requestsFor('pulls/create-review').map((q) => JSON.parse(q.rawBody) as { body: string; comments: { body: string }[] });
    expect(reviews).toHaveLength(1);
    const review = reviews[0] ?? { body: '', comments: [] };
    const ownMarks = [...review.body.matchAll(/^- (`+) [^\n]* \1(<!-- warden:item [0-9a-f]{24} -->):$/gm)].map((m) => m[2] ?? '');
    expect.soft(ownMarks).toHaveLength(1);
    expect.soft(ownMarks[0]).not.toContain('0123456789abcdef01234567');
    expect.soft(postedProblems(review.body, { html: ['<!-- warden:review -->', ...ownMarks] })).toEqual([]);
    for (const c of review.comments) expect.soft(postedProblems(c.body)).toEqual([]);

    // The draft PR: title one bounded line, body with no closing keyword, mention, HTML or image.
    const created = scene.github.requestsFor('pulls/create').map((q) => JSON.parse(q.rawBody) as { title: string; body: string });
    expect(created).toHaveLength(1);
    const pull = created[0] ?? { title: '', body: '' };
    expect(pull.title).not.toMatch(/[\n\r]/);
    expect.soft([...pull.title].length).toBeLessThanOrEqual(72);
    expect.soft(plainProblems(pull.title)).toEqual([]);
    expect.soft(postedProblems(pull.body, { links: linksIn(pull.body), references: [`#${PR}`] })).toEqual([]);
    expect.soft(pull.body).not.toMatch(CLOSING);

    // The commit message: no trailer but Warden's, no reference a closing keyword could take.
    const message = git(scene.remote.bare, 'log', '-1', '--format=%B', r.outputs.commit_sha ?? 'HEAD');
    expect.soft(plainProblems(message, { trailers: ['Warden-Run'], links: linksIn(message) })).toEqual([]);
    // As git reads it: Warden's trailer is the only one.
    expect.soft(execFileSync('git', ['interpret-trailers', '--parse', '--no-divider'], { input: message, encoding: 'utf8' }).trim()).toMatch(/^Warden-Run: \S+$/);

    // The job summary, as GitHub renders it.
    expect.soft(postedProblems(r.summary, { links: linksIn(r.summary) })).toEqual([]);

    // files_changed: one line a file, the odd name quoted as in the summary.
    expect.soft((r.outputs.files_changed ?? '').split('\n').sort()).toEqual([JSON.stringify(EVIL_FILE), 'docs/plain.md'].sort());
  });
});
