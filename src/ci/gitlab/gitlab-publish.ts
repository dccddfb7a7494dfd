/**
 * Publishing a run to a GitLab merge request, as on GitHub: the agent's review items as
 * discussions on the diff lines (positions from the MR's diff refs; items outside the diff in one
 * note), the changes checked, committed and pushed (src/deliver/) — to the MR's source branch when
 * it lives in the same project, else to Warden's own branch with a draft MR — and a sticky note,
 * updated in place, that ends with what happened whatever went wrong before it. A create whose
 * answer was lost (a dropped connection) is looked for before it counts as failed: never twice.
 */
import type { PublishConfig } from '../../config/index.js';
import { checkCommitPush, claimOwnBranch, type RequestFrom, commitMessageFor, pullBodyFor, pullTitleFor, suggestionRefusals, undeliverable, withoutRefusedSuggestions, type EventFacts } from '../../deliver/index.js';
import type { Logger } from '../../log/index.js';
import type { OutboxContentsRead } from '../../outbox/index.js';
import type { LoadedPolicy } from '../../policy/index.js';
import { isStickyFor, renderFinal, renderReview, REVIEW_MARKER, type Delivery } from '../../report/index.js';
import { readRemoteBranch } from '../../git/index.js';
import type { Changes, GitIdentity, RepositorySnapshot } from '../../git/index.js';
import { createOnce } from '../../net/index.js';
import type { GitlabApi } from './gitlab-client.js';
import { errorMessage } from '../../error-text.js';

export interface GitlabPublishRequest {
  api: GitlabApi;
  projectId: string | number;
  /** The merge request, when the pipeline is for one. */
  mrIid: number | undefined;
  /** The default branch, for a draft MR of a pipeline with none (CI_DEFAULT_BRANCH); undefined: the project is asked. */
  defaultBranch: string | undefined;
  pipelineSource: string;
  config: PublishConfig;
  policy: LoadedPolicy | undefined;
  outbox: OutboxContentsRead;
  changes: Changes | undefined;
  secretValues: readonly string[];
  /** The git remote, e.g. https://gitlab.com/group/project.git. */
  remoteUrl: string;
  token: string;
  /** How the token is sent to git: `oauth2` (access tokens) or `gitlab-ci-token` (CI_JOB_TOKEN). */
  gitUser: string;
  author: GitIdentity;
  runUrl: string | undefined;
  logger: Logger;
}

export interface GitlabPublishOutcome {
  noteUrl?: string;
  commitSha?: string;
  branch?: string;
  mergeRequestUrl?: string;
  discussions: { posted: number; skipped: number };
  delivery: Delivery;
  failures: { call: string; message: string }[];
}

interface MergeRequestFacts {
  iid: number;
  webUrl: string;
  sourceBranch: string;
  targetBranch: string;
  sameProject: boolean;
  diffRefs: { base_sha: string; start_sha: string; head_sha: string } | undefined;
}

export async function publishGitlabRun(req: GitlabPublishRequest): Promise<GitlabPublishOutcome> {
  const { api, projectId, outbox, config } = req;
  const failures: GitlabPublishOutcome['failures'] = [];
  const out: Partial<GitlabPublishOutcome> = {};
  const attempt = async <T>(call: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err) {
      failures.push({ call, message: errorMessage(err) });
      req.logger.error(`publishing to GitLab: ${call} failed: ${errorMessage(err)}`);
      return undefined;
    }
  };

  const mr = req.mrIid === undefined ? undefined : await attempt('GET /projects/:id/merge_requests/:iid', () => mergeRequest(api, projectId, req.mrIid ?? 0));
  // Who Warden posts as: only a note or a merge request of that user's is Warden's to edit.
  const me = await tokenUserId(api);
  const facts: EventFacts = {
    eventName: req.pipelineSource,
    workflow: 'warden',
    number: req.mrIid,
    pull: mr === undefined ? undefined : { headRef: mr.sourceBranch, headSha: mr.diffRefs?.head_sha ?? '', baseRef: mr.targetBranch, sameRepository: mr.sameProject },
    writeDelivery: mr?.sameProject ?? true,
    defaultBranch: req.defaultBranch,
  };

  // 1. Discussions on the diff.
  let discussions = { posted: 0, skipped: 0 };
  if (config.review && mr !== undefined && outbox.review.length > 0) {
    const posted = await attempt('POST /projects/:id/merge_requests/:iid/discussions', () => postDiscussions(req, mr));
    if (posted !== undefined) discussions = posted;
  }

  // 2. The changes.
  let delivery: Delivery;
  const push = config.push;
  const refused = undeliverable(outbox.result);
  if (refused !== undefined) delivery = refused;
  else if (push === 'none') delivery = { kind: 'none', why: 'the policy\'s publish.push is none (or a flag narrowed it)' };
  else if (mr !== undefined && !mr.sameProject) delivery = { kind: 'none', why: 'a merge request from a fork never gets a push' };
  else {
    const defaultBranch = async (): Promise<string | undefined> => req.defaultBranch ?? (await attempt('GET /projects/:id (the default branch)', () => projectDefaultBranch(api, projectId)));
    let mode = mr === undefined ? 'pull-request' : push;
    // Never a push to the default branch (an MR from `main` into `release`): a draft MR into it instead, saying why.
    let note: string | undefined;
    if (mode === 'branch' && mr !== undefined) {
      const known = await defaultBranch();
      if (known === undefined || mr.sourceBranch === known) {
        mode = 'pull-request';
        note = `not pushed to \`${mr.sourceBranch}\`: ${known === undefined ? 'the project\'s default branch is unknown, and it may be that one' : `\`${known}\` is the project's default branch; Warden never pushes to it`}`;
      }
    }
    let request: number | undefined;
    // Known before anything is pushed: a draft MR needs a target that exists, never a guess.
    const target = mode !== 'pull-request' ? undefined : (mr?.sourceBranch ?? (await defaultBranch()));
    const ownBranch = mr === undefined ? `warden/${req.pipelineSource.replace(/[^a-z0-9]+/gi, '-').toLowerCase() || 'pipeline'}` : `warden/mr-${mr.iid}`;
    const pushed = mode === 'pull-request' && target === undefined ? undefined : await attempt('deliver changes', () =>
      checkCommitPush({
        mode,
        changes: req.changes,
        policy: req.policy,
        limits: { maxFiles: config.maxFiles, maxBytes: config.maxBytes },
        secretValues: req.secretValues,
        branch: mode === 'branch' ? mr?.sourceBranch : ownBranch,
        // Warden's own branch is replaced only when every commit on it is Warden's, leased from the
        // tip judged, and its open MR updated only when Warden's user opened it (deliver/own-branch.ts);
        // else the next free name.
        ...(mode === 'pull-request'
          ? {
              chooseBranch: async (snapshot: RepositorySnapshot) => {
                const claim = await claimOwnBranch(ownBranch, req.author, {
                  requestFrom: (branch) => openRequestFrom(api, projectId, branch, me),
                  readRemote: (branch) => readRemoteBranch(snapshot, { remoteUrl: req.remoteUrl, token: req.token, username: req.gitUser, branch, base: target ?? '' }),
                });
                if (claim.kind === 'none-free') return { refused: `none of Warden's branch names is free: ${claim.passedOver.join('; ')}` };
                if (claim.passedOver.length > 0) note = [note, `a new branch, as ${claim.passedOver.join('; ')}`].filter((n) => n !== undefined).join('; ');
                request = claim.request;
                return { branch: claim.branch, lease: claim.lease };
              },
            }
          : {}),
        remoteUrl: req.remoteUrl,
        token: req.token,
        username: req.gitUser,
        author: req.author,
        message: commitMessageFor(outbox.result, facts, req.runUrl),
        // Asked for and not possible here: delivery fails rather than pushing an unsigned commit.
        ...(config.commitSigning ? { deliverCommit: () => Promise.resolve({ ok: false as const, call: 'publish.commit_signing', message: 'commit signing is made through GitHub\'s API and is not available on GitLab; nothing was pushed' }) } : {}),
      }),
    );
    if (pushed === undefined) delivery = { kind: 'failed', call: failures.at(-1)?.call ?? 'deliver changes', message: failures.at(-1)?.message ?? '' };
    else if (pushed.kind === 'not-pushed') {
      delivery = pushed.delivery;
      if (delivery.kind === 'failed') failures.push({ call: delivery.call, message: delivery.message });
    } else if (mode === 'branch') {
      delivery = { kind: 'pushed', branch: pushed.branch, sha: pushed.sha };
      out.commitSha = pushed.sha;
      out.branch = pushed.branch;
    } else {
      out.commitSha = pushed.sha;
      out.branch = pushed.branch;
      const opened = await attempt('POST /projects/:id/merge_requests', () => draftMergeRequest(req, pushed.branch, target ?? '', facts, request, me));
      if (opened === undefined) delivery = { kind: 'failed', call: 'POST /projects/:id/merge_requests', message: failures.at(-1)?.message ?? '' };
      else {
        delivery = { kind: 'pull_request', url: opened.url, branch: pushed.branch, sha: pushed.sha, updated: opened.updated, ...(note === undefined ? {} : { note }) };
        out.mergeRequestUrl = opened.url;
      }
    }
  }

  // 3. The sticky note, whatever happened above.
  if (config.comment && mr !== undefined) {
    const key = `gitlab/${req.pipelineSource}!${mr.iid}`;
    const body = renderFinal(key, { runUrl: req.runUrl, result: outbox.result, summary: outbox.summary, outbox: outbox.dir, delivery, review: { posted: discussions.posted, skipped: discussions.skipped } });
    const url = await attempt('PUT or POST /projects/:id/merge_requests/:iid/notes', () => stickyNote(api, projectId, mr, key, body, me));
    if (url !== undefined) out.noteUrl = url;
  }
  return { ...out, discussions, delivery, failures };
}

async function mergeRequest(api: GitlabApi, projectId: string | number, iid: number): Promise<MergeRequestFacts> {
  const mr = await api.MergeRequests.show(projectId, iid);
  const refs = mr.diff_refs as { base_sha?: unknown; start_sha?: unknown; head_sha?: unknown } | null | undefined;
  const sha = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{40}$/.test(v);
  return {
    iid: mr.iid,
    webUrl: mr.web_url,
    sourceBranch: mr.source_branch,
    targetBranch: mr.target_branch,
    sameProject: mr.source_project_id === mr.target_project_id,
    diffRefs: refs !== null && refs !== undefined && sha(refs.base_sha) && sha(refs.start_sha) && sha(refs.head_sha) ? { base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha } : undefined,
  };
}

/** Inline items as diff discussions; the rest (and everything when the MR has no diff refs) in one note. */
async function postDiscussions(req: GitlabPublishRequest, mr: MergeRequestFacts): Promise<{ posted: number; skipped: number }> {
  const { api, projectId } = req;
  const existing = await api.MergeRequestDiscussions.all(projectId, mr.iid);
  const postedBefore = existing.flatMap((d) =>
    d.notes?.map((n) => {
      const position = n.position as { new_path?: string; new_line?: number | string } | undefined;
      return { path: position?.new_path ?? '', line: position?.new_line === undefined ? null : Number(position.new_line), body: n.body };
    }) ?? [],
  );
  // Warden's earlier review notes, found by their marker: the body items they carry are not repeated.
  const earlier = (await api.MergeRequestNotes.all(projectId, mr.iid, { perPage: 100 })).map((n) => n.body).filter((b) => b.startsWith(REVIEW_MARKER));
  // No suggestion on a file the publisher would refuse to commit (one click would commit it).
  const allowed = withoutRefusedSuggestions(req.outbox.review, suggestionRefusals(req.policy, req.changes, process.cwd()));
  const items = mr.diffRefs === undefined ? allowed.map((i) => ({ ...i, placement: 'body' as const })) : allowed;
  const review = renderReview(items, postedBefore, `Review by Warden (${req.outbox.result.model}).`, earlier);
  for (const c of review.comments) {
    const refs = mr.diffRefs;
    if (refs === undefined) break;
    await createOnce(
      async () => api.MergeRequestDiscussions.create(projectId, mr.iid, c.body, {
        position: { baseSha: refs.base_sha, startSha: refs.start_sha, headSha: refs.head_sha, positionType: 'text', newPath: c.path, oldPath: c.path, newLine: String(c.line) },
      }),
      async () => (await api.MergeRequestDiscussions.all(projectId, mr.iid)).find((d) => d.notes?.some((n) => n.body === c.body && (n.position as { new_path?: string } | undefined)?.new_path === c.path && Number((n.position as { new_line?: unknown } | undefined)?.new_line) === c.line)),
    );
  }
  if (review.bodyItems > 0) {
    await createOnce(
      async () => api.MergeRequestNotes.create(projectId, mr.iid, review.body),
      async () => (await api.MergeRequestNotes.all(projectId, mr.iid, { perPage: 100 })).find((n) => n.body === review.body),
    );
  }
  return { posted: review.comments.length, skipped: review.skipped };
}

/**
 * The user the token posts as (`GET /user`), or undefined where it cannot say (a job token may not
 * ask, or the call failed): then no note or merge request on GitLab counts as Warden's, and Warden
 * posts its own rather than edit one that only looks like it.
 */
async function tokenUserId(api: GitlabApi): Promise<number | undefined> {
  try {
    const user: { id?: unknown } = await api.Users.showCurrentUser();
    return typeof user.id === 'number' ? user.id : undefined;
  } catch {
    return undefined;
  }
}

const authorId = (item: { author?: unknown }): number | undefined => {
  const id = (item.author as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
};

/** A sticky note of Warden's: its marker, written by Warden's user — anyone can copy a marker. */
const isWardensNote = (note: { body: string; author?: unknown }, key: string, me: number | undefined): boolean => me !== undefined && authorId(note) === me && isStickyFor(note.body, key);

/** The open merge request from `branch`: none, Warden's (its iid), or someone else's. */
async function openRequestFrom(api: GitlabApi, projectId: string | number, branch: string, me: number | undefined): Promise<RequestFrom<number>> {
  const open = await api.MergeRequests.all({ projectId, sourceBranch: branch, state: 'opened' });
  const first = open[0];
  if (first === undefined) return { kind: 'none' };
  if (me !== undefined && authorId(first) === me) return { kind: 'wardens', ref: first.iid };
  const username = (first.author as { username?: unknown } | null | undefined)?.username;
  return { kind: 'foreign', author: typeof username === 'string' ? `@${username}` : 'a user Warden cannot tell from itself' };
}

async function stickyNote(api: GitlabApi, projectId: string | number, mr: MergeRequestFacts, key: string, body: string, me: number | undefined): Promise<string> {
  const notes = await api.MergeRequestNotes.all(projectId, mr.iid, { perPage: 100 });
  const mine = notes.filter((n) => isWardensNote(n, key, me)).at(-1);
  if (mine !== undefined) {
    await api.MergeRequestNotes.edit(projectId, mr.iid, mine.id, { body });
    return `${mr.webUrl}#note_${mine.id}`;
  }
  const created = await createOnce(
    async () => api.MergeRequestNotes.create(projectId, mr.iid, body),
    async () => (await api.MergeRequestNotes.all(projectId, mr.iid, { perPage: 100 })).filter((n) => isWardensNote(n, key, me)).at(-1),
  );
  return `${mr.webUrl}#note_${created.id}`;
}

async function projectDefaultBranch(api: GitlabApi, projectId: string | number): Promise<string> {
  let answer: unknown;
  try {
    answer = (await api.Projects.show(projectId)).default_branch;
  } catch (err) {
    throw new Error(`the default branch is unknown: CI_DEFAULT_BRANCH is not set and the project could not be read (${errorMessage(err)}); no draft merge request is opened against a guess`, { cause: err });
  }
  if (typeof answer !== 'string' || answer === '') throw new Error('the default branch is unknown: CI_DEFAULT_BRANCH is not set and the project does not say (an empty repository?); no draft merge request is opened against a guess');
  return answer;
}

/** Warden's own branch as a draft MR; a repeated task updates its open one (`request`: its iid, judged Warden's when the branch was claimed). */
async function draftMergeRequest(req: GitlabPublishRequest, branch: string, target: string, facts: EventFacts, request: number | undefined, me: number | undefined): Promise<{ url: string; updated: boolean }> {
  const { api, projectId, outbox } = req;
  const title = `Draft: ${pullTitleFor(outbox.result, facts)}`;
  const description = pullBodyFor(outbox.result, facts, req.runUrl);
  if (request !== undefined) {
    const edited = await api.MergeRequests.edit(projectId, request, { title, description });
    return { url: edited.web_url, updated: true };
  }
  const url = await createOnce(
    async () => (await api.MergeRequests.create(projectId, branch, target, title, { description })).web_url,
    async () => (await api.MergeRequests.all({ projectId, sourceBranch: branch, state: 'opened' })).find((m) => me !== undefined && authorId(m) === me)?.web_url,
  );
  return { url, updated: false };
}
