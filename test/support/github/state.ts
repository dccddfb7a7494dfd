/**
 * The GitHub stand-in's memory: repositories, collaborators, issues and pull requests, comments,
 * reviews and refs, as typed fixtures. Routes read and change it; tests seed and inspect it.
 */

export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';
export type AuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIME_CONTRIBUTOR' | 'FIRST_TIMER' | 'MANNEQUIN' | 'NONE';

export interface UserFixture {
  login: string;
  type?: 'User' | 'Bot' | 'Organization';
}

export interface CommentFixture {
  id: number;
  user: UserFixture;
  body: string;
  createdAt: string;
  updatedAt?: string;
  authorAssociation?: AuthorAssociation;
}

export interface ReviewFixture {
  id: number;
  user: UserFixture;
  body: string;
  state: 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'PENDING';
  commitId: string;
  submittedAt: string;
}

/** An inline comment of a review, as the stand-in keeps it. */
export interface ReviewCommentFixture {
  id: number;
  reviewId: number;
  user: UserFixture;
  path: string;
  line: number;
  startLine?: number;
  side: 'LEFT' | 'RIGHT';
  body: string;
  commitId: string;
  createdAt: string;
}

export interface PullFixture {
  head: { repo: string; ref: string; sha: string };
  base: { ref: string; sha: string };
  draft?: boolean;
  reviews?: ReviewFixture[];
  reviewComments?: ReviewCommentFixture[];
}

export interface IssueFixture {
  number: number;
  title: string;
  body: string;
  user: UserFixture;
  state?: 'open' | 'closed';
  labels?: string[];
  comments?: CommentFixture[];
  createdAt?: string;
  /** Present when the issue is a pull request. */
  pull?: PullFixture;
}

export interface RepoFixture {
  owner: string;
  name: string;
  defaultBranch?: string;
  private?: boolean;
  /** login → role; everyone else has no access (`none`). */
  collaborators?: Record<string, RepoRole>;
  issues?: IssueFixture[];
  /** `heads/main` → sha, for the git-data routes the publisher will add. */
  refs?: Record<string, string>;
  /** Protected branches: whether the token may read their rules (the workflow token may not). */
  protection?: Record<string, 'readable' | 'unreadable'>;
}

export interface RepoState {
  owner: string;
  name: string;
  fullName: string;
  id: number;
  defaultBranch: string;
  private: boolean;
  collaborators: Map<string, RepoRole>;
  issues: Map<number, IssueState>;
  refs: Map<string, string>;
  protection: Map<string, 'readable' | 'unreadable'>;
}

export interface IssueState {
  number: number;
  id: number;
  title: string;
  body: string;
  user: UserFixture;
  state: 'open' | 'closed';
  labels: string[];
  comments: CommentFixture[];
  createdAt: string;
  pull: (PullFixture & { reviews: ReviewFixture[]; reviewComments: ReviewCommentFixture[] }) | undefined;
}

/** Who the workflow token acts as: GitHub's Actions bot. */
export const TOKEN_USER: UserFixture = { login: 'github-actions[bot]', type: 'Bot' };

/**
 * Who the token acts as, and what kind of token it is: an installation token (the workflow's, an
 * App's) is refused `GET /user` ("Resource not accessible by integration") but answers GraphQL's
 * `viewer`; a personal token answers both.
 */
export interface TokenIdentity {
  user: UserFixture;
  kind: 'installation' | 'personal';
  /** Whether POST /graphql answers (default true). */
  graphql: boolean;
}

export const EPOCH = '2024-01-01T00:00:00Z';

export interface JobFixture {
  id: number;
  name: string;
  conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out';
  headSha: string;
  steps: { number: number; name: string; conclusion: 'success' | 'failure' | 'skipped' }[];
}

export class GithubState {
  private readonly repos = new Map<string, RepoState>();
  private nextId = 1000;
  /** Who the token acts as: the author of every comment, review and pull request made through the API. */
  identity: TokenIdentity = { user: TOKEN_USER, kind: 'installation', graphql: true };
  /** Where a branch points, for pull requests created through the API (the test's git remote knows). */
  resolveBranch: (repo: RepoState, branch: string) => string | undefined = (repo, branch) => repo.refs.get(`heads/${branch}`);
  /** The bare repository behind the Git Data routes (git-data-routes.ts): the test's git remote. */
  gitDir: (repo: RepoState) => string | undefined = () => undefined;
  /** Commits the Git Data routes made and signed as GitHub (no author or committer given). */
  readonly signedCommits = new Set<string>();
  /** GitHub Actions (actions-routes.ts): each workflow run's jobs, and where a job's log is downloaded from (the 302's target). */
  readonly actions: { runs: Map<number, JobFixture[]>; logUrl: (jobId: number) => string | undefined } = { runs: new Map(), logUrl: () => undefined };

  /** A fresh id for a new object (comments, reviews …), unique within this state. */
  newId(): number {
    return ++this.nextId;
  }

  addRepo(fixture: RepoFixture): RepoState {
    const fullName = `${fixture.owner}/${fixture.name}`;
    const repo: RepoState = {
      owner: fixture.owner,
      name: fixture.name,
      fullName,
      id: this.newId(),
      defaultBranch: fixture.defaultBranch ?? 'main',
      private: fixture.private ?? false,
      collaborators: new Map(Object.entries(fixture.collaborators ?? {}).map(([login, role]) => [login.toLowerCase(), role])),
      issues: new Map(),
      refs: new Map(Object.entries(fixture.refs ?? {})),
      protection: new Map(Object.entries(fixture.protection ?? {})),
    };
    this.repos.set(fullName.toLowerCase(), repo);
    for (const issue of fixture.issues ?? []) this.addIssue(repo, issue);
    return repo;
  }

  addIssue(repo: RepoState, fixture: IssueFixture): IssueState {
    const issue: IssueState = {
      number: fixture.number,
      id: this.newId(),
      title: fixture.title,
      body: fixture.body,
      user: fixture.user,
      state: fixture.state ?? 'open',
      labels: fixture.labels ?? [],
      comments: [...(fixture.comments ?? [])],
      createdAt: fixture.createdAt ?? EPOCH,
      pull: fixture.pull === undefined ? undefined : { ...fixture.pull, reviews: [...(fixture.pull.reviews ?? [])], reviewComments: [...(fixture.pull.reviewComments ?? [])] },
    };
    repo.issues.set(issue.number, issue);
    return issue;
  }

  repo(owner: string, name: string): RepoState | undefined {
    return this.repos.get(`${owner}/${name}`.toLowerCase());
  }

  /** The legacy permission the API reports for a login: maintain → write, triage → read. */
  permissionOf(repo: RepoState, login: string): { permission: 'admin' | 'write' | 'read' | 'none'; role: RepoRole | 'none' } {
    const role = repo.collaborators.get(login.toLowerCase());
    if (role === undefined) return { permission: repo.private ? 'none' : 'read', role: repo.private ? 'none' : 'read' };
    const permission = role === 'admin' ? 'admin' : role === 'maintain' || role === 'write' ? 'write' : 'read';
    return { permission, role };
  }
}
