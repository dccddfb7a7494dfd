/**
 * The comments of one issue or pull request as the sticky comment sees them: list, create,
 * update, delete, and who Warden posts as. An interface so the convergence of concurrent runs can
 * be driven through every interleaving in a test; `githubCommentStore` is the real one.
 */
import type { Octokit } from '@octokit/rest';
import { isStickyFor } from '../../report/index.js';
import { posterIdentity, sameLogin } from '../api/identity.js';

export interface ListedComment {
  id: number;
  /** The author's login; undefined for a deleted account. */
  author: string | undefined;
  body: string;
  url: string;
}

export interface CommentStore {
  /** Who Warden posts as, or undefined while it cannot be told (then nothing listed is Warden's). */
  me(): Promise<string | undefined>;
  list(): Promise<ListedComment[]>;
  /** Posts a comment; its author is then known to be Warden. */
  create(body: string): Promise<ListedComment>;
  /** Rewrites one; throws with `status: 404` when it is gone. */
  update(id: number, body: string): Promise<ListedComment>;
  /** Deletes one; one already gone is not an error. */
  remove(id: number): Promise<void>;
}

export interface StickyPick {
  /** The earliest of Warden's comments for this key: the one every run converges on. */
  keep: number | undefined;
  /** Warden's later ones for the same key: duplicates, to delete. */
  duplicates: number[];
}

/**
 * Which comment is the sticky one. Only comments by Warden's own account count — a marker anyone
 * else wrote is never adopted, edited or deleted — and of those the earliest (ids only grow) wins,
 * so every run that looks decides the same way whatever order the runs posted in.
 */
export function pickSticky(comments: readonly ListedComment[], key: string, me: string): StickyPick {
  const mine = comments.filter((c) => sameLogin(c.author, me) && isStickyFor(c.body, key)).map((c) => c.id);
  mine.sort((a, b) => a - b);
  return { keep: mine[0], duplicates: mine.slice(1) };
}

export interface IssueRef {
  owner: string;
  repo: string;
  /** The PR or issue. */
  number: number;
}

export function githubCommentStore(octokit: Octokit, issue: IssueRef): CommentStore {
  const { owner, repo, number } = issue;
  const identity = posterIdentity(octokit);
  const listed = (c: { id: number; user?: { login: string } | null; body?: string; html_url: string }): ListedComment => ({ id: c.id, author: c.user?.login, body: c.body ?? '', url: c.html_url });
  return {
    me: () => identity.login(),
    async list() {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100 });
      return comments.map(listed);
    },
    async create(body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
      if (data.user?.login !== undefined) identity.learn(data.user.login);
      return listed(data);
    },
    async update(id, body) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body });
      return listed(data);
    },
    async remove(id) {
      try {
        await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id });
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
    },
  };
}
