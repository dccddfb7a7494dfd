/**
 * One simulated GitHub world for an action test: a real git remote served over smart HTTP with
 * the workflow token, the REST stand-in holding the same repository (collaborators, the pull
 * request, its comments), the scripted model, and GitHub's example payloads adapted to match.
 */
import type { IssueCommentCreatedEvent, PullRequestEvent } from '@octokit/webhooks-types';
import { afterEach } from 'vitest';
import { GitHttpServer } from './git-http-server.js';
import { AppStandIn, GithubServer, TOKEN_USER, type AppOptions, type CommentFixture, type RepoRole } from './github-server.js';
import { checkoutWorkspace, git as runGit, makeRemote, pushPull, type Files, type PushedPull, type Remote } from './github-repo.js';
import { ModelServer, type ScriptTurn } from './model-server.js';
import { runActionDist, type ActionEnvironment, type ActionResult } from './action-runner.js';
import { webhook } from './webhook-payloads.js';

export const OWNER = 'Codertocat';
export const NAME = 'Hello-World';
export const REPOSITORY = `${OWNER}/${NAME}`;
export const TOKEN = 'ghs_e2eWorkflowToken_0123456789abcdefXYZ';
export const API_KEY = 'sk-ant-e2e-test-key-0123456789';
export const PR = 2;

export interface SceneOptions {
  base: Files;
  /** The pull request's changes (pushed as refs/pull/2/head and refs/pull/2/merge). */
  pull?: { files: Files; branch?: string; title?: string; body?: string; author?: string; headRepo?: string };
  collaborators?: Record<string, RepoRole>;
  comments?: CommentFixture[];
  script?: ScriptTurn[];
  /** What actions/checkout left: the default branch, or the pull request's merge commit. */
  checkout?: 'main' | 'merge';
  /** A GitHub App: the API and the git remote then take only the tokens it issued, never the workflow token. */
  app?: AppOptions;
}

export class Scene {
  private constructor(
    readonly remote: Remote,
    readonly git: GitHttpServer,
    readonly github: GithubServer,
    readonly model: ModelServer,
    readonly workspace: string,
    readonly pull: PushedPull | undefined,
    private readonly options: SceneOptions,
    readonly app: AppStandIn | undefined,
  ) {}

  static async start(options: SceneOptions): Promise<Scene> {
    const remote = makeRemote(OWNER, NAME, options.base);
    const pushed = options.pull === undefined ? undefined : pushPull(remote, PR, options.pull.files, options.pull.branch === undefined ? {} : { branch: options.pull.branch });
    const app = options.app === undefined ? undefined : new AppStandIn(options.app);
    const git = await GitHttpServer.start(remote.root, app === undefined ? TOKEN : (token) => app.isLive(token));
    const p = options.pull;
    const github = await GithubServer.start({
      ...(app === undefined ? { token: TOKEN } : { app }),
      repos: [
        {
          owner: OWNER,
          name: NAME,
          collaborators: options.collaborators ?? { Codertocat: 'admin' },
          issues:
            pushed === undefined || p === undefined
              ? [{ number: 1, title: 'Spelling error in the README file', body: 'It looks like you accidently spelled \'commit\' with two \'t\'s.', user: { login: 'Codertocat' }, comments: options.comments ?? [] }]
              : [
                  {
                    number: PR,
                    title: p.title ?? 'Update the README with new information.',
                    body: p.body ?? 'This is a pretty simple change that we need to pull into master.',
                    user: { login: p.author ?? 'Codertocat' },
                    comments: options.comments ?? [],
                    pull: { head: { repo: p.headRepo ?? REPOSITORY, ref: p.branch ?? 'changes', sha: pushed.head }, base: { ref: 'main', sha: pushed.base } },
                  },
                ],
        },
      ],
    });
    // Pull requests created through the API point where the git remote says their branches do.
    github.state.resolveBranch = (_repo, branch) => {
      try {
        return runGit(remote.bare, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`);
      } catch {
        return undefined;
      }
    };
    github.state.gitDir = () => remote.bare;
    const model = await ModelServer.start({ script: options.script ?? [{ content: [{ type: 'text', text: 'Looked at it; nothing to change.' }] }] });
    const ref = options.checkout === 'merge' && pushed !== undefined ? `refs/pull/${PR}/merge` : 'refs/heads/main';
    const workspace = checkoutWorkspace(remote, `${git.url}/${OWNER}/${NAME}`, ref);
    return new Scene(remote, git, github, model, workspace, pushed, options, app);
  }

  /** The pull request payload GitHub would send, from its example, matched to this repository. */
  pullPayload(action: 'opened' | 'synchronize' | 'reopened' | 'ready_for_review' | 'closed' = 'opened'): PullRequestEvent {
    const pushed = this.requirePull();
    const p = webhook('pull_request', action);
    const o = this.options.pull;
    p.pull_request.head.sha = pushed.head;
    p.pull_request.base.sha = pushed.base;
    p.pull_request.base.ref = 'main';
    if (o?.branch !== undefined) p.pull_request.head.ref = o.branch;
    if (o?.title !== undefined) p.pull_request.title = o.title;
    if (o?.body !== undefined) p.pull_request.body = o.body;
    if (o?.author !== undefined) p.pull_request.user = { ...p.pull_request.user, login: o.author };
    if (o?.headRepo !== undefined && o.headRepo !== REPOSITORY && p.pull_request.head.repo !== null) {
      const [owner = '', name = ''] = o.headRepo.split('/');
      p.pull_request.head.repo = { ...p.pull_request.head.repo, full_name: o.headRepo, name, fork: true, owner: { ...p.pull_request.head.repo.owner, login: owner } };
    }
    return p;
  }

  /** An `issue_comment: created` on the pull request (or on issue #1 when there is none). */
  commentPayload(body: string, author = 'Codertocat', type: 'User' | 'Bot' = 'User'): IssueCommentCreatedEvent {
    const p = webhook('issue_comment', 'created') as IssueCommentCreatedEvent;
    p.comment.body = body;
    p.comment.user = { ...p.comment.user, login: author, type };
    p.sender = { ...p.sender, login: author, type };
    p.comment.created_at = '2030-01-01T00:00:00Z';
    if (this.pull !== undefined) {
      const o = this.options.pull;
      p.issue.number = PR;
      p.issue.title = o?.title ?? 'Update the README with new information.';
      p.issue.body = o?.body ?? 'This is a pretty simple change that we need to pull into master.';
      p.issue.pull_request = { url: `https://api.github.com/repos/${REPOSITORY}/pulls/${PR}`, html_url: `https://github.com/${REPOSITORY}/pull/${PR}`, diff_url: '', patch_url: '' };
    }
    p.issue.comments = (this.options.comments?.length ?? 0) + 1;
    return p;
  }

  run(eventName: string, payload: unknown, inputs: Record<string, string> = {}, args?: string[], workspace = this.workspace, extraEnv?: Record<string, string>, onSpawn?: ActionEnvironment['onSpawn']): Promise<ActionResult> {
    return runActionDist({
      ...(args === undefined ? {} : { args }),
      ...(onSpawn === undefined ? {} : { onSpawn }),
      ...(extraEnv === undefined ? {} : { extraEnv }),
      eventName,
      payload,
      workspace,
      repository: REPOSITORY,
      apiUrl: this.github.url,
      serverUrl: this.git.url,
      githubToken: TOKEN,
      modelUrl: this.model.url,
      inputs: { anthropic_api_key: API_KEY, ...inputs },
    });
  }

  /** The first user message the model received (the task), as text. */
  taskText(): string {
    const first = this.model.requests[0]?.body.messages[0];
    if (first === undefined) return '';
    return typeof first.content === 'string' ? first.content : first.content.map((b) => ('text' in b && typeof b.text === 'string' ? b.text : '')).join('');
  }

  /** The body of the comment Warden posted on the pull request (its sticky comment), or ''. */
  stickyComment(): string {
    return this.github.state.repo(OWNER, NAME)?.issues.get(PR)?.comments.find((c) => c.user.login === TOKEN_USER.login)?.body ?? '';
  }

  systemText(): string {
    return JSON.stringify(this.model.requests[0]?.body.system ?? '');
  }

  async close(): Promise<void> {
    await this.git.close();
    await this.github.close();
    await this.model.close();
  }

  private requirePull(): PushedPull {
    if (this.pull === undefined) throw new Error('this scene has no pull request');
    return this.pull;
  }
}

/** Starts one scene per test and closes it after each (call in a describe): `const scene = await startScene({...})`. */
export function scenePerTest(): (options: SceneOptions) => Promise<Scene> {
  let current: Scene | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (options) => (current = await Scene.start(options));
}
