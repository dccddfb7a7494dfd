/**
 * `commit_signing`: Warden's commit, made and checked in the private store as for a push, is made
 * again through GitHub's Git Data API — its new blobs, a tree over the parent's, a commit with no
 * author or committer (so GitHub makes and signs it as the token's bot), then the branch moved as
 * the push would move it (api-tree.ts). The tree GitHub builds must be the tree that was checked,
 * or nothing moves. Any failure fails the delivery with its reason; nothing falls back to a push.
 *
 * GitHub's ref update has no compare-and-swap: a lease is checked by reading the branch just
 * before a forced update, so a push landing between those two requests is overwritten.
 */
import type { Octokit } from '@octokit/rest';
import type { CommitSigner, DeliverCommit } from '../../deliver/index.js';
import { posterIdentity } from '../api/identity.js';
import { commitFiles, commitMessage } from '../../git/index.js';
import { errorMessage, httpStatus } from '../../error-text.js';
import { apiTreeEntries, refStep } from './api-tree.js';

/** The committer of every commit GitHub makes through its API. */
export const GITHUB_COMMITTER = { name: 'GitHub', email: 'noreply@github.com' };

/** Who the commits made here are by (GitHub: the token's bot, committed by GitHub), to know Warden's own branch again. */
export async function apiCommitSigner(octokit: Octokit): Promise<CommitSigner | undefined> {
  const login = await posterIdentity(octokit).login();
  return login === undefined ? undefined : { authorName: login, committer: GITHUB_COMMITTER };
}

export function commitThroughApi(octokit: Octokit, owner: string, repo: string): DeliverCommit {
  return async (c) => {
    let call = 'read the commit\'s files';
    const refused = (message: string): { ok: false; call: string; message: string } => ({ ok: false, call, message });
    try {
      const { startTree, startCommit } = c.snapshot;
      const files = await commitFiles(c.snapshot, startTree, c.tree);
      const mapped = apiTreeEntries(files);
      if ('refused' in mapped) return refused(mapped.refused);
      // One request at a time, as GitHub asks of a client (secondary rate limits).
      call = 'POST /repos/{owner}/{repo}/git/blobs';
      const sent = new Set<string>();
      for (const f of files) {
        if (f.kind !== 'write' || f.content === undefined || sent.has(f.id)) continue;
        const blob = await octokit.rest.git.createBlob({ owner, repo, content: f.content.toString('base64'), encoding: 'base64' });
        if (blob.data.sha !== f.id) return refused(`GitHub stored blob ${blob.data.sha} for ${f.id}`);
        sent.add(f.id);
      }
      call = 'POST /repos/{owner}/{repo}/git/trees';
      const tree = await octokit.rest.git.createTree({ owner, repo, tree: mapped.entries, ...(startCommit === null ? {} : { base_tree: startTree }) });
      if (tree.data.sha !== c.tree) return refused(`GitHub's tree ${tree.data.sha} is not the tree Warden checked (${c.tree}); nothing was pushed`);
      call = 'POST /repos/{owner}/{repo}/git/commits';
      const made = await octokit.rest.git.createCommit({ owner, repo, message: commitMessage(c.message), tree: c.tree, parents: startCommit === null ? [] : [startCommit] });
      if (made.data.tree.sha !== c.tree) return refused(`GitHub's commit ${made.data.sha} has tree ${made.data.tree.sha}, not ${c.tree}; nothing was pushed`);

      const short = c.ref.slice('refs/'.length);
      call = `GET /repos/{owner}/{repo}/git/ref/${short}`;
      let tip: string | undefined;
      try {
        tip = (await octokit.rest.git.getRef({ owner, repo, ref: short })).data.object.sha;
      } catch (err) {
        if (httpStatus(err) !== 404) throw err;
      }
      const step = refStep(c, tip);
      if (step.kind === 'refuse') return refused(step.why);
      if (step.kind === 'create') {
        call = 'POST /repos/{owner}/{repo}/git/refs';
        await octokit.rest.git.createRef({ owner, repo, ref: c.ref, sha: made.data.sha });
      } else {
        call = `PATCH /repos/{owner}/{repo}/git/refs/${short}`;
        await octokit.rest.git.updateRef({ owner, repo, ref: short, sha: made.data.sha, force: step.force });
      }
      return { ok: true, sha: made.data.sha };
    } catch (err) {
      const status = httpStatus(err);
      return refused(status === undefined ? errorMessage(err) : `${status}: ${errorMessage(err)}`);
    }
  };
}
