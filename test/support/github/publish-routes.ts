/**
 * The stand-in's routes for what the publisher does: issue comments (create, update), pull
 * request reviews and their comments, and pull requests (list, create, update). Requests are
 * checked against the OpenAPI description by the server before these run, replies after.
 * Like GitHub: comments and pull requests are authored by the token's user (`state.identity`,
 * the Actions bot unless a test says otherwise), a comment may be edited or deleted whoever wrote
 * it (the token has write access), and a review comment must sit on a line of the diff
 * (`commentableLines`, seeded by the test), else 422.
 */
import type { components } from '@octokit/openapi-types';
import { API, errorBody, issueComment, pullRequest, simpleUser, WEB } from './objects.js';
import type { RouteTable } from './route-types.js';
import { isError, issueOf, notFound, paginate, repoOf } from './routes.js';
import { type IssueState, type RepoState, type ReviewCommentFixture, type ReviewFixture } from './state.js';

type Schemas = components['schemas'];

const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** Per pull request: path → lines of the new side that are in the diff. Unset: every line is. */
export const commentableLines = new Map<string, Map<string, Set<number>>>();

function reviewComment(repo: RepoState, issue: IssueState, c: ReviewCommentFixture): Schemas['pull-request-review-comment'] {
  const u = `${API}/repos/${repo.fullName}/pulls`;
  const html = `${WEB}/${repo.fullName}/pull/${issue.number}#discussion_r${c.id}`;
  return {
    url: `${u}/comments/${c.id}`,
    pull_request_review_id: c.reviewId,
    id: c.id,
    node_id: `PRRC_${c.id}`,
    diff_hunk: '@@',
    path: c.path,
    position: c.line,
    original_position: c.line,
    commit_id: c.commitId,
    original_commit_id: c.commitId,
    user: simpleUser(c.user),
    body: c.body,
    created_at: c.createdAt,
    updated_at: c.createdAt,
    html_url: html,
    pull_request_url: `${u}/${issue.number}`,
    author_association: 'NONE',
    _links: { self: { href: `${u}/comments/${c.id}` }, html: { href: html }, pull_request: { href: `${u}/${issue.number}` } },
    line: c.line,
    original_line: c.line,
    side: c.side,
    ...(c.startLine === undefined ? {} : { start_line: c.startLine, original_start_line: c.startLine, start_side: c.side }),
  };
}

function review(repo: RepoState, issue: IssueState, r: ReviewFixture): Schemas['pull-request-review'] {
  const html = `${WEB}/${repo.fullName}/pull/${issue.number}#pullrequestreview-${r.id}`;
  return {
    id: r.id,
    node_id: `PRR_${r.id}`,
    user: simpleUser(r.user),
    body: r.body,
    state: r.state,
    html_url: html,
    pull_request_url: `${API}/repos/${repo.fullName}/pulls/${issue.number}`,
    _links: { html: { href: html }, pull_request: { href: `${API}/repos/${repo.fullName}/pulls/${issue.number}` } },
    submitted_at: r.submittedAt,
    commit_id: r.commitId,
    author_association: 'NONE',
  };
}

function pullOf(repo: RepoState, number: string): (IssueState & { pull: NonNullable<IssueState['pull']> }) | ReturnType<typeof notFound> {
  const issue = issueOf(repo, number);
  if (isError(issue) || issue.pull === undefined) return notFound();
  return issue as IssueState & { pull: NonNullable<IssueState['pull']> };
}

export function registerPublishRoutes(table: RouteTable): void {
  table.route('issues/create-comment', ({ params, body, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = issueOf(repo, params.issue_number);
    if (isError(issue)) return issue;
    const comment = { id: state.newId(), user: state.identity.user, body: body.body, createdAt: now() };
    issue.comments.push(comment);
    return { status: 201, body: issueComment(repo, issue.number, comment) };
  });

  table.route('issues/update-comment', ({ params, body, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    for (const issue of repo.issues.values()) {
      const comment = issue.comments.find((c) => c.id === Number(params.comment_id));
      if (comment === undefined) continue;
      // Like GitHub: a token with write access may edit anyone's comment (it then shows the new
      // text under the original author's name), so the publisher must never pick someone else's.
      comment.body = body.body;
      comment.updatedAt = now();
      return { status: 200, body: issueComment(repo, issue.number, comment) };
    }
    return notFound();
  });

  table.route('issues/delete-comment', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    for (const issue of repo.issues.values()) {
      const at = issue.comments.findIndex((c) => c.id === Number(params.comment_id));
      if (at < 0) continue;
      // Anyone's, as on GitHub with write access.
      issue.comments.splice(at, 1);
      return { status: 204 };
    }
    return notFound();
  });

  table.route('pulls/list-review-comments', ({ params, query, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = pullOf(repo, params.pull_number);
    if (isError(issue)) return issue;
    const all = issue.pull.reviewComments.map((c) => reviewComment(repo, issue, c));
    const { page, headers } = paginate(all, query, `${baseUrl}/repos/${repo.fullName}/pulls/${issue.number}/comments`);
    return { status: 200, body: page, headers };
  });

  table.route('pulls/list-reviews', ({ params, query, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = pullOf(repo, params.pull_number);
    if (isError(issue)) return issue;
    const all = issue.pull.reviews.map((r) => review(repo, issue, r));
    const { page, headers } = paginate(all, query, `${baseUrl}/repos/${repo.fullName}/pulls/${issue.number}/reviews`);
    return { status: 200, body: page, headers };
  });

  table.route('pulls/create-review', ({ params, body, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = pullOf(repo, params.pull_number);
    if (isError(issue)) return issue;
    const lines = commentableLines.get(`${repo.fullName}#${issue.number}`);
    for (const c of body?.comments ?? []) {
      const line = c.line ?? 0;
      const allowed = lines === undefined || lines.get(c.path)?.has(line) === true;
      if (!allowed) return { status: 422, body: errorBody(`Unprocessable Entity: "Line could not be resolved" (${c.path}:${line})`) };
    }
    const event = body?.event ?? 'PENDING';
    const fixture: ReviewFixture = {
      id: state.newId(),
      user: state.identity.user,
      body: body?.body ?? '',
      state: event === 'APPROVE' ? 'APPROVED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : event === 'COMMENT' ? 'COMMENTED' : 'PENDING',
      commitId: body?.commit_id ?? issue.pull.head.sha,
      submittedAt: now(),
    };
    issue.pull.reviews.push(fixture);
    for (const c of body?.comments ?? []) {
      issue.pull.reviewComments.push({
        id: state.newId(),
        reviewId: fixture.id,
        user: state.identity.user,
        path: c.path,
        line: c.line ?? 0,
        ...(c.start_line === undefined ? {} : { startLine: c.start_line }),
        side: c.side === 'LEFT' ? 'LEFT' : 'RIGHT',
        body: c.body,
        commitId: fixture.commitId,
        createdAt: fixture.submittedAt,
      });
    }
    return { status: 200, body: review(repo, issue, fixture) };
  });

  table.route('pulls/list', ({ params, query, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const wanted = query.get('state') ?? 'open';
    const head = query.get('head');
    const pulls = [...repo.issues.values()].filter((i) => i.pull !== undefined && (wanted === 'all' || i.state === wanted));
    const matching = head === null ? pulls : pulls.filter((i) => `${(i.pull?.head.repo ?? '').split('/')[0] ?? ''}:${i.pull?.head.ref ?? ''}`.toLowerCase() === head.toLowerCase());
    // The list holds the simple form: labels always carry a description string.
    const simple = matching.map((i) => {
      const full = pullRequest(state, repo, i);
      return { ...full, labels: full.labels.map((l) => ({ ...l, description: l.description ?? '' })), requested_teams: [], requested_reviewers: [] };
    });
    const { page, headers } = paginate(simple, query, `${baseUrl}/repos/${repo.fullName}/pulls`);
    return { status: 200, body: page, headers };
  });

  table.route('pulls/create', ({ params, body, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const headSha = state.resolveBranch(repo, body.head ?? '');
    const baseSha = state.resolveBranch(repo, body.base);
    if (headSha === undefined || baseSha === undefined) return { status: 422, body: errorBody(`Validation Failed: head ${body.head ?? ''} or base ${body.base} does not exist`) };
    const open = [...repo.issues.values()].find((i) => i.state === 'open' && i.pull?.head.ref === body.head);
    if (open !== undefined) return { status: 422, body: errorBody(`Validation Failed: A pull request already exists for ${repo.owner}:${body.head ?? ''}.`) };
    const number = Math.max(0, ...repo.issues.keys()) + 1;
    const issue = state.addIssue(repo, {
      number,
      title: body.title ?? '',
      body: body.body ?? '',
      user: state.identity.user,
      createdAt: now(),
      pull: { head: { repo: repo.fullName, ref: body.head ?? '', sha: headSha }, base: { ref: body.base, sha: baseSha }, draft: body.draft ?? false },
    });
    return { status: 201, body: pullRequest(state, repo, issue) };
  });

  table.route('pulls/update', ({ params, body, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = pullOf(repo, params.pull_number);
    if (isError(issue)) return issue;
    if (body?.title !== undefined) issue.title = body.title;
    if (body?.body !== undefined) issue.body = body.body;
    issue.pull.head.sha = state.resolveBranch(repo, issue.pull.head.ref) ?? issue.pull.head.sha;
    return { status: 200, body: pullRequest(state, repo, issue) };
  });
}
