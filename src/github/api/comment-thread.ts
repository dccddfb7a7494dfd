/**
 * The recent comment thread of an issue or pull request, through the API, capped. Comments
 * created or edited after the run was requested are left out: someone could otherwise edit their
 * comment between a maintainer's `@warden` and the run, and the maintainer never saw that text.
 */
import type { Octokit } from '@octokit/rest';
import { TASK_LIMITS, type Thread } from '../event/task.js';

export interface ThreadRequest {
  owner: string;
  repo: string;
  number: number;
  /** Comments on the thread at event time, when the payload says; the last page is fetched. */
  count: number | undefined;
  /** The comment that started the run: excluded, and the cut-off time for the rest. */
  trigger?: { id: number; at: string };
}

const PER_PAGE = 100;

export async function fetchThread(octokit: Octokit, req: ThreadRequest): Promise<Thread> {
  if (req.count === 0) return { comments: [], total: 0, editedAfterTrigger: 0 };
  const lastPage = req.count === undefined ? 1 : Math.max(1, Math.ceil(req.count / PER_PAGE));
  const pages = lastPage > 1 ? [lastPage - 1, lastPage] : [1];
  const raw: Awaited<ReturnType<Octokit['rest']['issues']['listComments']>>['data'] = [];
  for (const page of pages) {
    const { data } = await octokit.rest.issues.listComments({ owner: req.owner, repo: req.repo, issue_number: req.number, per_page: PER_PAGE, page });
    raw.push(...data);
  }
  const seen = new Set<number>();
  const cutoff = req.trigger === undefined ? undefined : Date.parse(req.trigger.at);
  let edited = 0;
  const kept: Thread['comments'] = [];
  for (const c of raw) {
    if (seen.has(c.id) || c.id === req.trigger?.id) continue;
    seen.add(c.id);
    const changedAt = Math.max(Date.parse(c.created_at), Date.parse(c.updated_at));
    if (cutoff !== undefined && !(changedAt <= cutoff)) {
      edited += 1;
      continue;
    }
    kept.push({ author: c.user?.login ?? 'ghost', association: c.author_association, createdAt: c.created_at, body: c.body ?? '' });
  }
  kept.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const total = req.count === undefined ? seen.size : Math.max(0, req.count - (req.trigger === undefined ? 0 : 1));
  return { comments: kept.slice(-TASK_LIMITS.threadComments), total: Math.max(total, kept.length), editedAfterTrigger: edited };
}
