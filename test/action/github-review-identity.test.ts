/**
 * Only Warden's own earlier review comments hold an item back (dist, GitHub stand-in): someone
 * else who posts, first, a review comment identical to the one Warden is about to post (same path,
 * line and body) does not silence it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { NAME, OWNER, PR, Scene } from '../support/github-scene.js';

describe('the review: items held back only by Warden\'s own earlier comments (dist, GitHub stand-in)', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('a review comment by someone else, identical to Warden\'s item, does not stop Warden posting it', async () => {
    const base = exampleRepoFiles({ '.github/warden.yml': 'version: 1\nmode: dontAsk\npublish:\n  review: true\n' });
    scene = await Scene.start({
      base,
      checkout: 'merge',
      pull: { files: { 'src/slug.js': `${base['src/slug.js'] ?? ''}// touched\n` }, branch: 'touch' },
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'ReviewComment', input: { path: 'src/slug.js', line: 3, body: 'Only the first space is replaced.' } }] },
        { content: [{ type: 'text', text: 'One comment.' }] },
      ],
    });
    const pull = scene.github.state.repo(OWNER, NAME)?.issues.get(PR)?.pull;
    if (pull === undefined) throw new Error('no pull');
    pull.reviews.push({ id: 900, user: { login: 'mallory' }, body: 'Looks fine.', state: 'COMMENTED', commitId: pull.head.sha, submittedAt: '2024-01-01T00:00:00Z' });
    pull.reviewComments.push({ id: 901, reviewId: 900, user: { login: 'mallory' }, path: 'src/slug.js', line: 3, side: 'RIGHT', body: 'Only the first space is replaced.', commitId: pull.head.sha, createdAt: '2024-01-01T00:00:00Z' });
    const r = await scene.run('pull_request', scene.pullPayload('opened'), { prompt: 'Review this pull request.' });
    expect(r.code, r.stderr).toBe(0);
    const created = scene.github.requestsFor('pulls/create-review');
    expect(created).toHaveLength(1);
    expect((JSON.parse(created[0]?.rawBody ?? '{}') as { comments: { path: string; line: number }[] }).comments).toMatchObject([{ path: 'src/slug.js', line: 3 }]);
  });
});
