/**
 * The stand-in's routes, one per operation id. Add more the same way (the publisher's comments,
 * reviews and pulls): the server checks the request against the description before the handler
 * runs, and the handler's reply against it after.
 */
import { collaborator, errorBody, fullRepository, issueComment, publicUser, pullRequest } from './objects.js';
import type { ErrorReply, RouteTable } from './route-types.js';
import type { GithubState, IssueState, RepoState } from './state.js';

export function notFound(what = 'Not Found'): ErrorReply {
  return { status: 404, body: errorBody(what) };
}

export function repoOf(state: GithubState, params: { owner: string; repo: string }): RepoState | ErrorReply {
  return state.repo(params.owner, params.repo) ?? notFound();
}

export function issueOf(repo: RepoState, number: string): IssueState | ErrorReply {
  return repo.issues.get(Number(number)) ?? notFound();
}

export const isError = (v: object): v is ErrorReply => 'status' in v && 'body' in v;

/** `per_page` (default 30, at most 100) and `page`, with the `Link` header GitHub sends. */
export function paginate<T>(items: readonly T[], query: URLSearchParams, url: string): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Math.max(1, Number(query.get('per_page') ?? 30)));
  const page = Math.max(1, Number(query.get('page') ?? 1));
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const links: string[] = [];
  const at = (p: number): string => `<${url}?per_page=${perPage}&page=${p}>`;
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`, `${at(page - 1)}; rel="prev"`);
  return { page: items.slice((page - 1) * perPage, page * perPage), headers: links.length === 0 ? {} : { link: links.join(', ') } };
}

export function registerDefaultRoutes(table: RouteTable): void {
  table.route('repos/get-collaborator-permission-level', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const { permission, role } = state.permissionOf(repo, params.username);
    const user = { login: params.username, type: params.username.endsWith('[bot]') ? ('Bot' as const) : ('User' as const) };
    return { status: 200, body: { permission, role_name: role, user: role === 'none' ? null : collaborator(user, role) } };
  });

  table.route('issues/list-comments', ({ params, query, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = issueOf(repo, params.issue_number);
    if (isError(issue)) return issue;
    const all = issue.comments.map((c) => issueComment(repo, issue.number, c));
    const { page, headers } = paginate(all, query, `${baseUrl}/repos/${repo.fullName}/issues/${issue.number}/comments`);
    return { status: 200, body: page, headers };
  });

  table.route('pulls/get', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const issue = issueOf(repo, params.pull_number);
    if (isError(issue) || issue.pull === undefined) return notFound();
    return { status: 200, body: pullRequest(state, repo, issue) };
  });

  table.route('repos/get', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    return { status: 200, body: fullRepository(repo) };
  });

  // An installation token (the workflow's, an App's) has no user: GitHub refuses it.
  table.route('users/get-authenticated', ({ state }) => {
    if (state.identity.kind === 'installation') return { status: 403, body: errorBody('Resource not accessible by integration') };
    return { status: 200, body: publicUser(state.identity.user) };
  });
}
