/**
 * commit_signing: the commit Warden delivers is made through GitHub's Git Data API (so GitHub signs
 * it) and is, in content, the commit the git path pushes — same tree, byte for byte — with the same
 * rules for moving the branch, and any failure of the API fails the delivery with nothing pushed.
 * Real Octokit, the OpenAPI-checked stand-in writing into the real bare repository that the
 * smart-HTTP server serves, real host git.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkCommitPush } from '../../src/deliver/index.js';
import { commitThroughApi } from '../../src/github/publish/api-commit.js';
import { errorBody } from '../support/github/objects.js';
import { git } from '../support/github-repo.js';
import { CommitScene, fiveFilePatch, modeOnlyPatch, NAME, OWNER, TOKEN } from '../support/commit-scene.js';

let scene: CommitScene | undefined;
afterEach(async () => {
  await scene?.close();
  scene = undefined;
});
const start = async (branches: string[]): Promise<CommitScene> => (scene = await CommitScene.start(branches));

describe('commit_signing: the API path makes the git path\'s commit', () => {
  it.each([
    ['an added, a modified, a deleted, an executable and a binary file', fiveFilePatch],
    ['a mode change alone (no blob to send)', modeOnlyPatch],
  ])('%s: the same tree SHA and the same files checked out; the commit is signed, its parent the start; no git push', async (_name, patch) => {
    const s = await start(['via-git', 'via-api']);
    const changes = await s.changes(patch);
    const byGit = await s.deliver(changes, 'via-git', false);
    expect(byGit.delivery.kind).toBe('pushed');
    const pushesBefore = s.pushes();
    const byApi = await s.deliver(changes, 'via-api', true);
    expect(byApi.delivery).toEqual({ kind: 'pushed', branch: 'via-api', sha: s.tip('via-api') });
    expect(byApi.commitSha).toBe(s.tip('via-api'));
    expect(s.pushes()).toBe(pushesBefore);

    const tree = (b: string): string => git(s.remote.bare, 'rev-parse', `refs/heads/${b}^{tree}`);
    expect(tree('via-api')).toBe(tree('via-git'));
    expect(tree('via-api')).toBe(changes.tree);
    expect(tree('via-api')).not.toBe(tree('main'));
    expect(s.checkout('via-api')).toEqual(s.checkout('via-git'));

    const tip = s.tip('via-api') ?? '';
    expect(tip).not.toBe(s.tip('via-git'));
    expect(s.github.state.signedCommits.has(tip)).toBe(true);
    expect(git(s.remote.bare, 'rev-parse', `${tip}^@`)).toBe(s.remote.main);
    // GitHub's own commit: no author or committer sent, the message as the git path's.
    const sent = JSON.parse(s.github.requestsFor('git/create-commit')[0]?.rawBody ?? '{}') as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['message', 'parents', 'tree']);
    expect(git(s.remote.bare, 'log', '-1', '--format=%B', tip)).toBe(git(s.remote.bare, 'log', '-1', '--format=%B', 'refs/heads/via-git'));
  });

  it('the five-file patch in the files checked out: each kind as written', async () => {
    const s = await start(['via-api']);
    await s.deliver(await s.changes(fiveFilePatch), 'via-api', true);
    const files = s.checkout('via-api');
    expect(files.get('bin/run.sh')?.mode).toBe('exec');
    expect(files.get('assets/logo.png')?.bytes.equals((await import('../support/commit-scene.js')).BINARY)).toBe(true);
    expect(files.has('old/obsolete.txt')).toBe(false);
    expect(files.get('src/app.js')?.bytes.toString()).toBe('export const answer = 43;\n');
    expect(files.get('docs/added.md')?.bytes.toString()).toBe('a new page\n');
  });
});

describe('commit_signing: the branch moves as the push would move it (lease, fast forward), on both paths', () => {
  /** Delivers to Warden's own branch `own` with the lease the judge gave, by either path. */
  async function leased(s: CommitScene, signing: boolean, lease: string): Promise<{ kind: string; tip: string | undefined }> {
    const changes = await s.changes(fiveFilePatch);
    const out = await checkCommitPush({
      mode: 'pull-request', changes, policy: undefined, limits: { maxFiles: 50, maxBytes: 1_000_000 }, secretValues: [], branch: 'own',
      chooseBranch: () => Promise.resolve({ branch: 'own', lease }),
      remoteUrl: `${s.git.url}/${OWNER}/${NAME}`, token: TOKEN, author: { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' }, message: 'warden: leased',
      ...(signing ? { deliverCommit: commitThroughApi(s.octokit, OWNER, NAME) } : {}),
    });
    return { kind: out.kind, tip: s.tip('own') };
  }

  /** Warden's branch from an earlier run: a commit beside main (not its ancestor). */
  function earlierAttempt(s: CommitScene): string {
    const tree = git(s.remote.bare, 'rev-parse', 'refs/heads/main^{tree}');
    const sha = git(s.remote.bare, 'commit-tree', tree, '-p', s.remote.main, '-m', 'earlier attempt');
    git(s.remote.bare, 'update-ref', 'refs/heads/own', sha);
    return sha;
  }

  it.each([false, true])('signing %s: leased from the tip judged, a branch not fast-forward is replaced', async (signing) => {
    const s = await start([]);
    const earlier = earlierAttempt(s);
    const r = await leased(s, signing, earlier);
    expect(r.kind).toBe('pushed');
    expect(r.tip).not.toBe(earlier);
  });

  it.each([false, true])('signing %s: the branch moved after it was judged: refused, not overwritten', async (signing) => {
    const s = await start([]);
    const earlier = earlierAttempt(s);
    const pushedSince = git(s.remote.bare, 'commit-tree', git(s.remote.bare, 'rev-parse', `${earlier}^{tree}`), '-p', earlier, '-m', 'a person pushed');
    git(s.remote.bare, 'update-ref', 'refs/heads/own', pushedSince);
    const r = await leased(s, signing, earlier);
    expect(r).toEqual({ kind: 'not-pushed', tip: pushedSince });
  });

  it.each([false, true])('signing %s: judged absent, created since: refused, not overwritten', async (signing) => {
    const s = await start([]);
    const created = earlierAttempt(s);
    expect(await leased(s, signing, '')).toEqual({ kind: 'not-pushed', tip: created });
  });

  it.each([false, true])('signing %s: judged absent and still absent: created', async (signing) => {
    const s = await start([]);
    const r = await leased(s, signing, '');
    expect(r.kind).toBe('pushed');
    expect(r.tip).toBeDefined();
  });

  it.each([false, true])('signing %s: a pull request\'s branch that moved on is not rewound (no fast forward)', async (signing) => {
    const s = await start(['feature']);
    const changes = await s.changes(fiveFilePatch);
    const moved = git(s.remote.bare, 'commit-tree', git(s.remote.bare, 'rev-parse', 'refs/heads/main^{tree}'), '-p', s.remote.main, '-m', 'the author pushed');
    git(s.remote.bare, 'update-ref', 'refs/heads/feature', moved);
    const out = await s.deliver(changes, 'feature', signing);
    expect(out.delivery.kind).toBe('failed');
    expect(s.tip('feature')).toBe(moved);
  });

  it('the refusal names the branch and both tips', async () => {
    const s = await start([]);
    const earlier = earlierAttempt(s);
    const moved = git(s.remote.bare, 'commit-tree', git(s.remote.bare, 'rev-parse', `${earlier}^{tree}`), '-p', earlier, '-m', 'a person pushed');
    git(s.remote.bare, 'update-ref', 'refs/heads/own', moved);
    const changes = await s.changes(fiveFilePatch);
    const out = await checkCommitPush({
      mode: 'pull-request', changes, policy: undefined, limits: { maxFiles: 50, maxBytes: 1_000_000 }, secretValues: [], branch: 'own',
      chooseBranch: () => Promise.resolve({ branch: 'own', lease: earlier }),
      remoteUrl: `${s.git.url}/${OWNER}/${NAME}`, token: TOKEN, author: { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' }, message: 'warden: leased',
      deliverCommit: commitThroughApi(s.octokit, OWNER, NAME),
    });
    expect(out).toMatchObject({ kind: 'not-pushed', delivery: { kind: 'failed', call: 'GET /repos/{owner}/{repo}/git/ref/heads/own', message: `refs/heads/own moved to ${moved.slice(0, 12)} after Warden judged it at ${earlier.slice(0, 12)}; not overwritten` } });
  });
});

describe('commit_signing: a failure of the API fails the delivery, with the reason, and nothing is pushed', () => {
  it('GitHub refuses the tree (422): delivery failed, named; no commit, no ref moved, no git push', async () => {
    const s = await start(['feature']);
    s.github.route('git/create-tree', () => ({ status: 422, body: errorBody('tree.sha a1b2 is not a valid blob (injected)') }));
    const out = await s.deliver(await s.changes(fiveFilePatch), 'feature', true);
    expect(out.delivery).toMatchObject({ kind: 'failed', call: 'POST /repos/{owner}/{repo}/git/trees', message: expect.stringMatching(/^422: tree\.sha a1b2 is not a valid blob \(injected\)/) as unknown });
    expect(s.tip('feature')).toBe(s.remote.main);
    expect(s.pushes()).toBe(0);
    expect(s.github.requestsFor('git/create-commit')).toHaveLength(0);
    expect(s.github.requestsFor('git/update-ref')).toHaveLength(0);
  });

  it('GitHub builds another tree than the one checked: refused before any commit or ref', async () => {
    const s = await start(['feature']);
    // A tree missing one of the entries sent: what a lossy encoding (a binary file as text) would make.
    s.github.route('git/create-tree', ({ params, state }) => {
      const dir = state.gitDir(state.repo(params.owner, params.repo) ?? (undefined as never)) ?? '';
      return { status: 201, body: { sha: git(dir, 'rev-parse', 'refs/heads/main^{tree}'), truncated: false, tree: [] } };
    });
    const changes = await s.changes(fiveFilePatch);
    const out = await s.deliver(changes, 'feature', true);
    expect(out.delivery).toMatchObject({ kind: 'failed', call: 'POST /repos/{owner}/{repo}/git/trees', message: expect.stringContaining(`is not the tree Warden checked (${changes.tree}); nothing was pushed`) as unknown });
    expect(s.tip('feature')).toBe(s.remote.main);
    expect(s.pushes()).toBe(0);
    expect(s.github.requestsFor('git/create-commit')).toHaveLength(0);
  });
});
