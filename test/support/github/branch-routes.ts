/**
 * The stand-in's branch routes: `GET …/branches/{branch}` (whether it is protected, which anyone
 * with read access sees) and `GET …/branches/{branch}/protection` (its rules, which need the
 * administration permission: the workflow token is refused it with 403, as on GitHub). Where a
 * branch points comes from the test's git remote (`state.resolveBranch`); which branches are
 * protected, and whether the token may read their rules, from `repo.protection`.
 */
import type { components } from '@octokit/openapi-types';
import { API, errorBody, WEB } from './objects.js';
import type { RouteTable } from './route-types.js';
import { isError, notFound, repoOf } from './routes.js';

type Schemas = components['schemas'];

function commit(fullName: string, sha: string): Schemas['commit'] {
  const url = `${API}/repos/${fullName}/commits/${sha}`;
  return {
    url,
    sha,
    node_id: `C_${sha.slice(0, 12)}`,
    html_url: `${WEB}/${fullName}/commit/${sha}`,
    comments_url: `${url}/comments`,
    commit: { url: `${API}/repos/${fullName}/git/commits/${sha}`, author: null, committer: null, message: '', comment_count: 0, tree: { sha, url: `${API}/repos/${fullName}/git/trees/${sha}` } },
    author: null,
    committer: null,
    parents: [],
  };
}

export function registerBranchRoutes(table: RouteTable): void {
  table.route('repos/get-branch', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const sha = state.resolveBranch(repo, params.branch);
    if (sha === undefined) return notFound('Branch not found');
    const protectionUrl = `${API}/repos/${repo.fullName}/branches/${params.branch}/protection`;
    return {
      status: 200,
      body: {
        name: params.branch,
        commit: commit(repo.fullName, sha),
        _links: { self: `${API}/repos/${repo.fullName}/branches/${params.branch}`, html: `${WEB}/${repo.fullName}/tree/${params.branch}` },
        protected: repo.protection.has(params.branch),
        protection: { enabled: repo.protection.has(params.branch) },
        protection_url: protectionUrl,
      },
    };
  });

  table.route('repos/get-branch-protection', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const rules = repo.protection.get(params.branch);
    if (rules === 'unreadable') return { status: 403, body: errorBody('Resource not accessible by integration') };
    if (rules === undefined) return notFound('Branch not protected');
    return { status: 200, body: { url: `${API}/repos/${repo.fullName}/branches/${params.branch}/protection`, enabled: true, name: params.branch } };
  });
}
