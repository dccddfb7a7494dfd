/**
 * Full REST objects as GitHub returns them, built from the stand-in's state and typed with
 * @octokit/openapi-types, so a missing or misspelt field is a compile error (and the server also
 * checks every response against the OpenAPI description).
 */
import type { components } from '@octokit/openapi-types';
import { EPOCH, type CommentFixture, type IssueState, type RepoState, type UserFixture } from './state.js';

type Schemas = components['schemas'];

export const API = 'https://api.github.com';
export const WEB = 'https://github.com';

function idOf(login: string): number {
  let h = 7;
  for (const ch of login.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) % 10_000_000;
  return h + 1;
}

export function simpleUser(user: UserFixture): Schemas['simple-user'] {
  const login = user.login;
  const u = `${API}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id: idOf(login),
    node_id: `U_${idOf(login)}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${idOf(login)}?v=4`,
    gravatar_id: '',
    url: u,
    html_url: `${WEB}/${encodeURIComponent(login)}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
    type: user.type ?? 'User',
    site_admin: false,
  };
}

export function collaborator(user: UserFixture, roleName: string): Schemas['collaborator'] {
  return { ...simpleUser(user), role_name: roleName, permissions: { pull: true, triage: roleName !== 'read', push: ['write', 'maintain', 'admin'].includes(roleName), maintain: ['maintain', 'admin'].includes(roleName), admin: roleName === 'admin' } };
}

/** A repository object; `fullName` may name a fork that the state does not hold. */
export function repository(repo: Pick<RepoState, 'owner' | 'name' | 'id' | 'defaultBranch' | 'private'>, fork = false): Schemas['repository'] {
  const full = `${repo.owner}/${repo.name}`;
  const u = `${API}/repos/${full}`;
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.name,
    full_name: full,
    license: null,
    forks: 0,
    owner: simpleUser({ login: repo.owner }),
    private: repo.private,
    html_url: `${WEB}/${full}`,
    description: null,
    fork,
    url: u,
    archive_url: `${u}/{archive_format}{/ref}`,
    assignees_url: `${u}/assignees{/user}`,
    blobs_url: `${u}/git/blobs{/sha}`,
    branches_url: `${u}/branches{/branch}`,
    collaborators_url: `${u}/collaborators{/collaborator}`,
    comments_url: `${u}/comments{/number}`,
    commits_url: `${u}/commits{/sha}`,
    compare_url: `${u}/compare/{base}...{head}`,
    contents_url: `${u}/contents/{+path}`,
    contributors_url: `${u}/contributors`,
    deployments_url: `${u}/deployments`,
    downloads_url: `${u}/downloads`,
    events_url: `${u}/events`,
    forks_url: `${u}/forks`,
    git_commits_url: `${u}/git/commits{/sha}`,
    git_refs_url: `${u}/git/refs{/sha}`,
    git_tags_url: `${u}/git/tags{/sha}`,
    git_url: `git://github.com/${full}.git`,
    issue_comment_url: `${u}/issues/comments{/number}`,
    issue_events_url: `${u}/issues/events{/number}`,
    issues_url: `${u}/issues{/number}`,
    keys_url: `${u}/keys{/key_id}`,
    labels_url: `${u}/labels{/name}`,
    languages_url: `${u}/languages`,
    merges_url: `${u}/merges`,
    milestones_url: `${u}/milestones{/number}`,
    notifications_url: `${u}/notifications{?since,all,participating}`,
    pulls_url: `${u}/pulls{/number}`,
    releases_url: `${u}/releases{/id}`,
    ssh_url: `git@github.com:${full}.git`,
    stargazers_url: `${u}/stargazers`,
    statuses_url: `${u}/statuses/{sha}`,
    subscribers_url: `${u}/subscribers`,
    subscription_url: `${u}/subscription`,
    tags_url: `${u}/tags`,
    teams_url: `${u}/teams`,
    trees_url: `${u}/git/trees{/sha}`,
    clone_url: `${WEB}/${full}.git`,
    mirror_url: null,
    hooks_url: `${u}/hooks`,
    svn_url: `${WEB}/${full}`,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 0,
    default_branch: repo.defaultBranch,
    open_issues_count: 0,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    pushed_at: EPOCH,
    created_at: EPOCH,
    updated_at: EPOCH,
    open_issues: 0,
    watchers: 0,
  };
}

/** `GET /repos/{owner}/{repo}`: the repository with the counts only the full form carries. */
export function fullRepository(repo: RepoState): Schemas['full-repository'] {
  return { ...repository(repo), pushed_at: EPOCH, created_at: EPOCH, updated_at: EPOCH, has_discussions: false, network_count: 0, subscribers_count: 0 };
}

/** `GET /user` for a personal token: the public form of the user. */
export function publicUser(user: UserFixture): Schemas['public-user'] {
  return { ...simpleUser(user), name: null, company: null, blog: null, location: null, email: null, hireable: null, bio: null, public_repos: 0, public_gists: 0, followers: 0, following: 0, created_at: EPOCH, updated_at: EPOCH };
}

export function issueComment(repo: RepoState, issueNumber: number, c: CommentFixture): Schemas['issue-comment'] {
  const u = `${API}/repos/${repo.fullName}`;
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${u}/issues/comments/${c.id}`,
    body: c.body,
    html_url: `${WEB}/${repo.fullName}/issues/${issueNumber}#issuecomment-${c.id}`,
    user: simpleUser(c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt ?? c.createdAt,
    issue_url: `${u}/issues/${issueNumber}`,
    author_association: c.authorAssociation ?? 'NONE',
  };
}

function link(href: string): Schemas['link'] {
  return { href };
}

/** The head repository of a pull request: the base itself, or a fork the state need not hold. */
function headRepository(state: { repo: (owner: string, name: string) => RepoState | undefined }, base: RepoState, fullName: string): Schemas['repository'] {
  const [owner = '', name = ''] = fullName.split('/');
  const known = state.repo(owner, name);
  if (known !== undefined) return repository(known, known !== base);
  return repository({ owner, name, id: idOf(fullName), defaultBranch: base.defaultBranch, private: base.private }, true);
}

export function pullRequest(state: { repo: (owner: string, name: string) => RepoState | undefined }, repo: RepoState, issue: IssueState): Schemas['pull-request'] {
  const pull = issue.pull;
  if (pull === undefined) throw new Error(`#${issue.number} is not a pull request`);
  const u = `${API}/repos/${repo.fullName}`;
  const headRepo = headRepository(state, repo, pull.head.repo);
  const html = `${WEB}/${repo.fullName}/pull/${issue.number}`;
  return {
    url: `${u}/pulls/${issue.number}`,
    id: issue.id,
    node_id: `PR_${issue.id}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${u}/issues/${issue.number}`,
    commits_url: `${u}/pulls/${issue.number}/commits`,
    review_comments_url: `${u}/pulls/${issue.number}/comments`,
    review_comment_url: `${u}/pulls/comments{/number}`,
    comments_url: `${u}/issues/${issue.number}/comments`,
    statuses_url: `${u}/statuses/${pull.head.sha}`,
    number: issue.number,
    state: issue.state,
    locked: false,
    title: issue.title,
    user: simpleUser(issue.user),
    body: issue.body,
    labels: issue.labels.map((name, i) => ({ id: i + 1, node_id: `LA_${i + 1}`, url: `${u}/labels/${encodeURIComponent(name)}`, name, description: null, color: 'ededed', default: false })),
    milestone: null,
    created_at: issue.createdAt,
    updated_at: issue.createdAt,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    head: { label: `${headRepo.owner.login}:${pull.head.ref}`, ref: pull.head.ref, repo: headRepo, sha: pull.head.sha, user: headRepo.owner },
    base: { label: `${repo.owner}:${pull.base.ref}`, ref: pull.base.ref, repo: repository(repo), sha: pull.base.sha, user: simpleUser({ login: repo.owner }) },
    _links: {
      comments: link(`${u}/issues/${issue.number}/comments`),
      commits: link(`${u}/pulls/${issue.number}/commits`),
      statuses: link(`${u}/statuses/${pull.head.sha}`),
      html: link(html),
      issue: link(`${u}/issues/${issue.number}`),
      review_comments: link(`${u}/pulls/${issue.number}/comments`),
      review_comment: link(`${u}/pulls/comments{/number}`),
      self: link(`${u}/pulls/${issue.number}`),
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: pull.draft ?? false,
    merged: false,
    mergeable: true,
    mergeable_state: 'clean',
    merged_by: null,
    comments: issue.comments.length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

/** GitHub's error body. */
export function errorBody(message: string): Schemas['basic-error'] {
  return { message, documentation_url: 'https://docs.github.com/rest' };
}
