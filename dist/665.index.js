export const id = 665;
export const ids = [665];
export const modules = {

/***/ 645:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

var map = {
	"./BurstyRateLimiter": [
		5860
	],
	"./BurstyRateLimiter.js": [
		5860
	],
	"./ExpressBruteFlexible": [
		3966,
		966
	],
	"./ExpressBruteFlexible.js": [
		3966,
		966
	],
	"./RLWrapperBlackAndWhite": [
		7383
	],
	"./RLWrapperBlackAndWhite.js": [
		7383
	],
	"./RLWrapperTimeouts": [
		4016
	],
	"./RLWrapperTimeouts.js": [
		4016
	],
	"./RateLimiterAbstract": [
		8569
	],
	"./RateLimiterAbstract.js": [
		8569
	],
	"./RateLimiterCluster": [
		565
	],
	"./RateLimiterCluster.js": [
		565
	],
	"./RateLimiterDrizzle": [
		673
	],
	"./RateLimiterDrizzle.js": [
		673
	],
	"./RateLimiterDrizzleNonAtomic": [
		5347
	],
	"./RateLimiterDrizzleNonAtomic.js": [
		5347
	],
	"./RateLimiterDynamo": [
		2309
	],
	"./RateLimiterDynamo.js": [
		2309
	],
	"./RateLimiterEtcd": [
		6481
	],
	"./RateLimiterEtcd.js": [
		6481
	],
	"./RateLimiterEtcdNonAtomic": [
		5299
	],
	"./RateLimiterEtcdNonAtomic.js": [
		5299
	],
	"./RateLimiterInsuredAbstract": [
		3847
	],
	"./RateLimiterInsuredAbstract.js": [
		3847
	],
	"./RateLimiterMemcache": [
		3250
	],
	"./RateLimiterMemcache.js": [
		3250
	],
	"./RateLimiterMemory": [
		4544
	],
	"./RateLimiterMemory.js": [
		4544
	],
	"./RateLimiterMongo": [
		820
	],
	"./RateLimiterMongo.js": [
		820
	],
	"./RateLimiterMySQL": [
		174
	],
	"./RateLimiterMySQL.js": [
		174
	],
	"./RateLimiterPostgres": [
		3740
	],
	"./RateLimiterPostgres.js": [
		3740
	],
	"./RateLimiterPrisma": [
		6323
	],
	"./RateLimiterPrisma.js": [
		6323
	],
	"./RateLimiterQueue": [
		2860
	],
	"./RateLimiterQueue.js": [
		2860
	],
	"./RateLimiterRedis": [
		4336
	],
	"./RateLimiterRedis.js": [
		4336
	],
	"./RateLimiterRes": [
		449
	],
	"./RateLimiterRes.js": [
		449
	],
	"./RateLimiterSQLite": [
		3283
	],
	"./RateLimiterSQLite.js": [
		3283
	],
	"./RateLimiterStoreAbstract": [
		5140
	],
	"./RateLimiterStoreAbstract.js": [
		5140
	],
	"./RateLimiterUnion": [
		244
	],
	"./RateLimiterUnion.js": [
		244
	],
	"./RateLimiterValkey": [
		2193
	],
	"./RateLimiterValkey.js": [
		2193
	],
	"./RateLimiterValkeyGlide": [
		3756
	],
	"./RateLimiterValkeyGlide.js": [
		3756
	],
	"./component/BlockedKeys": [
		8830
	],
	"./component/BlockedKeys/": [
		8830
	],
	"./component/BlockedKeys/BlockedKeys": [
		2821
	],
	"./component/BlockedKeys/BlockedKeys.js": [
		2821
	],
	"./component/BlockedKeys/index": [
		8830
	],
	"./component/BlockedKeys/index.js": [
		8830
	],
	"./component/MemoryStorage": [
		8178,
		178
	],
	"./component/MemoryStorage/": [
		8178,
		178
	],
	"./component/MemoryStorage/MemoryStorage": [
		1534
	],
	"./component/MemoryStorage/MemoryStorage.js": [
		1534
	],
	"./component/MemoryStorage/Record": [
		749
	],
	"./component/MemoryStorage/Record.js": [
		749
	],
	"./component/MemoryStorage/index": [
		8178,
		178
	],
	"./component/MemoryStorage/index.js": [
		8178,
		178
	],
	"./component/RateLimiterEtcdTransactionFailedError": [
		3184
	],
	"./component/RateLimiterEtcdTransactionFailedError.js": [
		3184
	],
	"./component/RateLimiterQueueError": [
		7948
	],
	"./component/RateLimiterQueueError.js": [
		7948
	],
	"./component/RateLimiterSetupError": [
		2922
	],
	"./component/RateLimiterSetupError.js": [
		2922
	],
	"./constants": [
		3880,
		880
	],
	"./constants.js": [
		3880,
		880
	]
};
function webpackAsyncContext(req) {
	if(!__webpack_require__.o(map, req)) {
		return Promise.resolve().then(() => {
			var e = new Error("Cannot find module '" + req + "'");
			e.code = 'MODULE_NOT_FOUND';
			throw e;
		});
	}

	var ids = map[req], id = ids[0];
	return Promise.all(ids.slice(1).map(__webpack_require__.e)).then(() => {
		return __webpack_require__.t(id, 7 | 16);
	});
}
webpackAsyncContext.keys = () => (Object.keys(map));
webpackAsyncContext.id = 645;
module.exports = webpackAsyncContext;

/***/ }),

/***/ 3384:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  k5: () => (/* binding */ deliverToGitlab),
  Bo: () => (/* binding */ describeGitlabOutcome),
  Dq: () => (/* binding */ gitlabToken)
});

// EXTERNAL MODULE: ./lib/config/index.js + 10 modules
var lib_config = __webpack_require__(1255);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./node_modules/@gitbeaker/core/dist/index.mjs
var dist = __webpack_require__(5833);
// EXTERNAL MODULE: ./node_modules/@gitbeaker/requester-utils/dist/index.mjs
var requester_utils_dist = __webpack_require__(3888);
// EXTERNAL MODULE: ./lib/net/index.js + 1 modules
var net = __webpack_require__(6391);
;// CONCATENATED MODULE: ./lib/ci/gitlab/gitlab-client.js
/**
 * The GitLab client: @gitbeaker's resources with a request handler of ours, so GitLab calls follow
 * the same retry policy as GitHub's (src/net/): 5xx and dropped connections with backoff, 429
 * after `retry-after`, bounded — where @gitbeaker/rest's own handler retries only 429 and 502 and
 * ignores `retry-after`. Otherwise it does what @gitbeaker/rest's does: fetch, parse, throw
 * GitbeakerRequestError naming the status.
 */




function createGitlabClient(opts) {
    const limits = { ...net/* DEFAULT_RETRY_LIMITS */.c, ...opts.retry };
    const wait = opts.sleep ?? ((ms) => (0,promises_.setTimeout)(ms));
    const handler = async (endpoint, raw) => {
        const options = (raw ?? {});
        const base = options.prefixUrl === undefined ? undefined : options.prefixUrl.endsWith('/') ? options.prefixUrl : `${options.prefixUrl}/`;
        const url = new URL(endpoint, base);
        url.search = options.searchParams ?? '';
        const method = options.method ?? 'GET';
        for (let attempt = 0;; attempt++) {
            let response;
            let dropped;
            try {
                response = await fetch(url, { method, ...(options.headers === undefined ? {} : { headers: options.headers }), ...(options.body === undefined ? {} : { body: options.body }) });
            }
            catch (err) {
                dropped = err;
            }
            if (response?.ok === true)
                return parse(response);
            const headers = response === undefined ? {} : Object.fromEntries(response.headers.entries());
            const decision = (0,net/* retryDecision */.P)({ method, status: response?.status, headers, attempt, now: Date.now() }, limits);
            if (!decision.retry) {
                if (response === undefined)
                    throw dropped;
                const text = await response.text();
                const request = new Request(url, { method });
                throw new requester_utils_dist/* GitbeakerRequestError */.UN(`${method} ${url.pathname}: ${response.status} ${describe(text)}`, { cause: { description: describe(text), request, response } });
            }
            await response?.body?.cancel();
            opts.logger.warn(`GitLab API ${method} ${url.pathname}: ${decision.why}; retrying in ${(decision.delayMs / 1000).toFixed(1)} s (retry ${attempt + 1} of ${limits.maxRetries})`);
            await wait(decision.delayMs);
        }
    };
    const requesterFn = (0,requester_utils_dist/* createRequesterFn */.PD)((_, reqo) => Promise.resolve(reqo), handler);
    const host = new URL(opts.apiUrl).origin;
    const prefix = new URL(opts.apiUrl).pathname.replace(/\/api\/v4\/?$/, '');
    return new dist/* Gitlab */.mJr({
        host: `${host}${prefix}`,
        requesterFn,
        ...(opts.token.kind === 'job' ? { jobToken: opts.token.value } : { token: opts.token.value }),
    });
}
async function parse(response) {
    const headers = Object.fromEntries(response.headers.entries());
    if (response.status === 204)
        return { body: null, headers, status: 204 };
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const body = type === 'application/json' ? (await response.json()) : (await response.text());
    return { body, headers, status: response.status };
}
function describe(text) {
    try {
        const json = JSON.parse(text);
        const m = json.message ?? json.error;
        return typeof m === 'string' ? m : JSON.stringify(m ?? json);
    }
    catch {
        return text.slice(0, 300);
    }
}

// EXTERNAL MODULE: ./lib/deliver/index.js + 2 modules
var deliver = __webpack_require__(9068);
// EXTERNAL MODULE: ./lib/report/index.js + 6 modules
var report = __webpack_require__(4670);
;// CONCATENATED MODULE: ./lib/ci/gitlab/gitlab-publish.js


async function publishGitlabRun(req) {
    const { api, projectId, outbox, config } = req;
    const failures = [];
    const out = {};
    const attempt = async (call, work) => {
        try {
            return await work();
        }
        catch (err) {
            failures.push({ call, message: err.message });
            req.logger.error(`publishing to GitLab: ${call} failed: ${err.message}`);
            return undefined;
        }
    };
    const mr = req.mrIid === undefined ? undefined : await attempt('GET /projects/:id/merge_requests/:iid', () => mergeRequest(api, projectId, req.mrIid ?? 0));
    const facts = {
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
        if (posted !== undefined)
            discussions = posted;
    }
    // 2. The changes.
    let delivery;
    const push = config.push;
    if (outbox.result.verdict !== 'changes')
        delivery = { kind: 'none', why: 'nothing changed' };
    else if (push === 'none')
        delivery = { kind: 'none', why: 'the policy\'s publish.push is none (or a flag narrowed it)' };
    else if (mr !== undefined && !mr.sameProject)
        delivery = { kind: 'none', why: 'a merge request from a fork never gets a push' };
    else {
        const mode = mr === undefined ? 'pull-request' : push;
        const ownBranch = mr === undefined ? `warden/${req.pipelineSource.replace(/[^a-z0-9]+/gi, '-').toLowerCase() || 'pipeline'}` : `warden/mr-${mr.iid}`;
        const pushed = await attempt('deliver changes', () => (0,deliver/* checkCommitPush */.E_)({
            mode,
            changes: req.changes,
            patch: outbox.patch,
            policy: req.policy,
            limits: { maxFiles: config.maxFiles, maxBytes: config.maxBytes },
            secretValues: req.secretValues,
            branch: mode === 'branch' ? mr?.sourceBranch : ownBranch,
            remoteUrl: req.remoteUrl,
            token: req.token,
            username: req.gitUser,
            author: req.author,
            message: (0,deliver/* commitMessageFor */.Ai)(outbox.result, facts, req.runUrl),
        }));
        if (pushed === undefined)
            delivery = { kind: 'failed', call: 'deliver changes', message: failures.at(-1)?.message ?? '' };
        else if (pushed.kind === 'not-pushed') {
            delivery = pushed.delivery;
            if (delivery.kind === 'failed')
                failures.push({ call: delivery.call, message: delivery.message });
        }
        else if (mode === 'branch') {
            delivery = { kind: 'pushed', branch: pushed.branch, sha: pushed.sha };
            out.commitSha = pushed.sha;
            out.branch = pushed.branch;
        }
        else {
            out.commitSha = pushed.sha;
            out.branch = pushed.branch;
            const target = mr?.sourceBranch ?? req.defaultBranch;
            const opened = await attempt('POST /projects/:id/merge_requests', () => draftMergeRequest(req, pushed.branch, target, facts));
            if (opened === undefined)
                delivery = { kind: 'failed', call: 'POST /projects/:id/merge_requests', message: failures.at(-1)?.message ?? '' };
            else {
                delivery = { kind: 'pull_request', url: opened.url, branch: pushed.branch, sha: pushed.sha, updated: opened.updated };
                out.mergeRequestUrl = opened.url;
            }
        }
    }
    // 3. The sticky note, whatever happened above.
    if (config.comment && mr !== undefined) {
        const key = `gitlab/${req.pipelineSource}!${mr.iid}`;
        const body = (0,report/* renderFinal */.RR)(key, { runUrl: req.runUrl, result: outbox.result, summary: outbox.summary, outbox: outbox.dir, delivery, review: { posted: discussions.posted, skipped: discussions.skipped } });
        const url = await attempt('PUT or POST /projects/:id/merge_requests/:iid/notes', () => stickyNote(api, projectId, mr, key, body));
        if (url !== undefined)
            out.noteUrl = url;
    }
    return { ...out, discussions, delivery, failures };
}
async function mergeRequest(api, projectId, iid) {
    const mr = await api.MergeRequests.show(projectId, iid);
    const refs = mr.diff_refs;
    const sha = (v) => typeof v === 'string' && /^[0-9a-f]{40}$/.test(v);
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
async function postDiscussions(req, mr) {
    const { api, projectId } = req;
    const existing = await api.MergeRequestDiscussions.all(projectId, mr.iid);
    const postedBefore = existing.flatMap((d) => d.notes?.map((n) => {
        const position = n.position;
        return { path: position?.new_path ?? '', line: position?.new_line === undefined ? null : Number(position.new_line), body: n.body };
    }) ?? []);
    const items = mr.diffRefs === undefined ? req.outbox.review.map((i) => ({ ...i, placement: 'body' })) : req.outbox.review;
    const review = (0,report/* renderReview */.Fs)(items, postedBefore, `Review by Warden (${req.outbox.result.model}).`);
    for (const c of review.comments) {
        const refs = mr.diffRefs;
        if (refs === undefined)
            break;
        await api.MergeRequestDiscussions.create(projectId, mr.iid, c.body, {
            position: { baseSha: refs.base_sha, startSha: refs.start_sha, headSha: refs.head_sha, positionType: 'text', newPath: c.path, oldPath: c.path, newLine: String(c.line) },
        });
    }
    if (items.some((i) => i.placement === 'body') && review.skipped < items.length)
        await api.MergeRequestNotes.create(projectId, mr.iid, review.body);
    return { posted: review.comments.length, skipped: review.skipped };
}
async function stickyNote(api, projectId, mr, key, body) {
    const notes = await api.MergeRequestNotes.all(projectId, mr.iid, { perPage: 100 });
    const mine = notes.filter((n) => (0,report/* isStickyFor */.pk)(n.body, key)).at(-1);
    if (mine !== undefined) {
        await api.MergeRequestNotes.edit(projectId, mr.iid, mine.id, { body });
        return `${mr.webUrl}#note_${mine.id}`;
    }
    const created = await api.MergeRequestNotes.create(projectId, mr.iid, body);
    return `${mr.webUrl}#note_${created.id}`;
}
/** Warden's own branch as a draft MR; a repeated task updates its open one. */
async function draftMergeRequest(req, branch, target, facts) {
    const { api, projectId, outbox } = req;
    const title = `Draft: ${(0,deliver/* pullTitleFor */.FX)(outbox.result, facts)}`;
    const description = (0,report/* defuse */.VP)((0,deliver/* pullBodyFor */.bt)(outbox.result, facts, req.runUrl));
    const open = await api.MergeRequests.all({ projectId, sourceBranch: branch, state: 'opened' });
    const existing = open[0];
    if (existing !== undefined) {
        await api.MergeRequests.edit(projectId, existing.iid, { title, description });
        return { url: existing.web_url, updated: true };
    }
    const created = await api.MergeRequests.create(projectId, branch, target, title, { description });
    return { url: created.web_url, updated: false };
}

;// CONCATENATED MODULE: ./lib/ci/index.js
/** Publishing outside GitHub: GitLab merge requests. Entered from src/entry/ only. */



;// CONCATENATED MODULE: ./lib/entry/gitlab-delivery.js


function gitlabToken(env) {
    const access = env.WARDEN_GITLAB_TOKEN ?? env.GITLAB_TOKEN;
    if (access !== undefined && access !== '')
        return { kind: 'access', value: access, gitUser: 'oauth2' };
    const job = env.CI_JOB_TOKEN;
    if (job !== undefined && job !== '')
        return { kind: 'job', value: job, gitUser: 'gitlab-ci-token' };
    return undefined;
}
/** Publishes an outbox to the pipeline's merge request (or, without one, as a draft MR). */
async function deliverToGitlab(req) {
    const { ci } = req;
    if (ci.kind !== 'gitlab')
        throw new lib_config/* UsageError */.eb('publish --gitlab: not in a GitLab CI job (GITLAB_CI is not true)');
    if (ci.apiUrl === undefined || ci.projectId === undefined || ci.projectUrl === undefined)
        throw new lib_config/* UsageError */.eb('publish --gitlab: CI_API_V4_URL, CI_PROJECT_ID and CI_PROJECT_URL must be set (GitLab sets them in every job)');
    const { config, ignored } = (0,lib_config/* narrowPublish */.jp)(req.policy?.publish ?? lib_config/* DEFAULT_PUBLISH_CONFIG */.d6, req.narrowing);
    for (const i of ignored)
        req.logger.warn(`ignored, it would widen the policy: ${i}`);
    const api = createGitlabClient({ apiUrl: ci.apiUrl, token: { kind: req.token.kind, value: req.token.value }, logger: req.logger });
    return publishGitlabRun({
        api,
        projectId: ci.projectId,
        mrIid: ci.change,
        defaultBranch: ci.defaultBranch ?? 'main',
        pipelineSource: ci.event ?? 'pipeline',
        config,
        policy: req.policy,
        outbox: req.outbox,
        changes: req.changes,
        secretValues: req.secretValues,
        remoteUrl: ci.projectUrl,
        token: req.token.value,
        gitUser: req.token.gitUser,
        author: req.author,
        runUrl: ci.url,
        logger: req.logger,
    });
}
function describeGitlabOutcome(outcome) {
    const lines = [];
    if (outcome.noteUrl !== undefined)
        lines.push(`note: ${outcome.noteUrl}`);
    if (outcome.discussions.posted > 0)
        lines.push(`discussions: ${outcome.discussions.posted} posted`);
    if (outcome.commitSha !== undefined)
        lines.push(`commit: ${outcome.commitSha} on ${outcome.branch ?? ''}`);
    if (outcome.mergeRequestUrl !== undefined)
        lines.push(`merge request: ${outcome.mergeRequestUrl}`);
    return lines;
}


/***/ }),

/***/ 1671:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PUBLISH_USAGE: () => (/* binding */ PUBLISH_USAGE),
  governingPolicy: () => (/* binding */ governingPolicy),
  runPublishCli: () => (/* binding */ runPublishCli),
  writeOutputs: () => (/* binding */ writeOutputs)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./lib/config/index.js + 10 modules
var lib_config = __webpack_require__(1255);
// EXTERNAL MODULE: ./lib/github/index.js + 24 modules
var github = __webpack_require__(5187);
// EXTERNAL MODULE: ./lib/log/index.js + 3 modules
var log = __webpack_require__(4355);
// EXTERNAL MODULE: ./lib/outbox/index.js + 4 modules
var lib_outbox = __webpack_require__(6801);
// EXTERNAL MODULE: ./lib/entry/load-policy.js
var load_policy = __webpack_require__(5309);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./lib/sandbox/index.js + 42 modules
var sandbox = __webpack_require__(2292);
;// CONCATENATED MODULE: ./lib/entry/patch-changes.js





/** The run's changes, rebuilt on this checkout: it must be the commit the patch was made against. */
async function changesFromPatch(outbox, cwd, hostPath, logger) {
    if (outbox.result.verdict !== 'changes' || outbox.patch.length === 0)
        return undefined;
    const snap = await (0,sandbox/* snapshotRepository */.Pf)({ workspace: cwd, hostPath, stateDir: (0,external_node_path_.join)((0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'warden-publish-')), 'host-git') });
    if (snap.kind !== 'repository')
        throw new lib_config/* UsageError */.eb(`publish: ${cwd} is not a checkout git can read (${snap.reason})`);
    const want = outbox.result.startingCommit;
    if (want === null || snap.snapshot.startCommit !== want) {
        throw new lib_config/* UsageError */.eb(`publish: ${cwd} is at ${snap.snapshot.startCommit ?? 'no commit'}, but the patch was made against ${want ?? 'no commit'}: check out that commit (actions/checkout with ref: ${want ?? '…'})`);
    }
    if (snap.snapshot.modifiedAtStart.length > 0)
        throw new lib_config/* UsageError */.eb(`publish: ${cwd} has local changes (${snap.snapshot.modifiedAtStart.slice(0, 3).join(', ')}): publish from a clean checkout`);
    const applied = await (0,sandbox/* applyPatch */.X6)(snap.snapshot, outbox.patch);
    if (!applied.ok)
        throw new lib_config/* UsageError */.eb(`publish: the outbox's changes.patch does not apply to ${want}: ${applied.message}`);
    logger.info(`applied changes.patch to ${want.slice(0, 12)}`);
    return (0,sandbox/* changedFiles */.Y_)(snap.snapshot, {});
}

// EXTERNAL MODULE: ./lib/entry/gitlab-delivery.js + 3 modules
var gitlab_delivery = __webpack_require__(3384);
;// CONCATENATED MODULE: ./lib/entry/publish-command.js









const PUBLISH_USAGE = `Usage:
  warden publish [--gitlab] OUTBOX [--cwd DIR] [--push none|branch|pull-request] [--no-comment] [--no-review]
                        [--commit-author "Name <email>"]
      deliver an outbox written earlier (warden run --out, or the action's \`outbox\` output):
      the sticky comment, the review and the changes, in a GitHub Actions job holding the write
      token (GITHUB_TOKEN), or with --gitlab on the pipeline's merge request (GITLAB_TOKEN, else
      CI_JOB_TOKEN); DIR is a fresh checkout of the outbox's starting commit
`;
/**
 * `warden publish`: the second job of the safest workflow. The agent ran in a job with a read-only
 * token; this one, which holds the write token, never runs the agent and takes nothing on trust:
 * the outbox is checked against its schemas, the patch is applied to a fresh checkout of the commit
 * it was made against through host git with a fixed configuration, and the result goes through the
 * same checks as in one job — under the policy that governed the run, narrowed by these flags.
 */
async function runPublishCli(args, io) {
    if ((0,lib_config/* wantsHelp */.lx)(args)) {
        io.stdout(PUBLISH_USAGE);
        return 0;
    }
    const { values, positionals } = (0,lib_config/* parseFlags */.bQ)({
        args,
        options: {
            gitlab: { type: 'boolean' },
            cwd: { type: 'string' },
            push: { type: 'string' },
            'no-comment': { type: 'boolean' },
            'no-review': { type: 'boolean' },
            'commit-author': { type: 'string' },
        },
        allowPositionals: true,
    });
    if (positionals.length !== 1)
        throw new lib_config/* UsageError */.eb(`publish: give exactly one outbox directory\n${PUBLISH_USAGE}`);
    const dir = (0,external_node_path_.resolve)(io.cwd, positionals[0] ?? '');
    const push = values.push;
    if (push !== undefined && !lib_config/* PUSH_MODES */.qf.includes(push))
        throw new lib_config/* UsageError */.eb(`--push ${push}: expected ${lib_config/* PUSH_MODES */.qf.join(', ')}`);
    let outbox;
    try {
        outbox = (0,lib_outbox/* readOutbox */.ec)(dir);
    }
    catch (err) {
        if (err instanceof lib_outbox/* OutboxError */.wc)
            throw new lib_config/* UsageError */.eb(`publish: ${err.message}`);
        throw err;
    }
    const narrowing = { ...(values['no-comment'] === true ? { comment: false } : {}), ...(values['no-review'] === true ? { review: false } : {}), ...(push === undefined ? {} : { push: push }) };
    const author = (0,lib_config/* parseAuthor */.RV)(values['commit-author'] ?? '');
    const cwd = (0,external_node_path_.resolve)(io.cwd, values.cwd ?? io.env.GITHUB_WORKSPACE ?? '.');
    if (values.gitlab === true)
        return publishGitlab(io, outbox, cwd, narrowing, author);
    return publishGithub(io, outbox, cwd, narrowing, author);
}
async function publishGitlab(io, outbox, cwd, narrowing, author) {
    const token = (0,gitlab_delivery/* gitlabToken */.Dq)(io.env);
    if (token === undefined)
        throw new lib_config/* UsageError */.eb('publish --gitlab: no token (set GITLAB_TOKEN to a project access token with api and write_repository scopes, as a masked CI/CD variable)');
    const logger = (0,log/* createStreamLogger */.Jo)((line) => io.stderr(line), (0,log/* createRedactor */.lY)([token.value]));
    const policy = await governingPolicy(outbox, cwd);
    const changes = await changesFromPatch(outbox, cwd, io.env.PATH ?? '/usr/bin:/bin', logger);
    const outcome = await (0,gitlab_delivery/* deliverToGitlab */.k5)({ ci: (0,lib_config/* detectCi */.Ay)(io.env), token, outbox, changes, policy, narrowing, author, secretValues: [token.value], logger });
    for (const line of (0,gitlab_delivery/* describeGitlabOutcome */.Bo)(outcome))
        io.stdout(`${line}\n`);
    if (outcome.failures.length > 0) {
        io.stderr(`warden publish: failed: ${outcome.failures.map((f) => `${f.call}: ${f.message}`).join('; ')}\n`);
        return 1;
    }
    return 0;
}
async function publishGithub(io, outbox, cwd, narrowing, author) {
    const env = (0,lib_config/* githubEnvironment */.RZ)(io.env);
    const token = io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN ?? '';
    if (token === '')
        throw new lib_config/* UsageError */.eb('publish: GITHUB_TOKEN is not set (give the job `permissions:` and `env: GITHUB_TOKEN: ${{ github.token }}`)');
    const logger = (0,log/* createStreamLogger */.Jo)((line) => io.stderr(line), (0,log/* createRedactor */.lY)([token]));
    let payload;
    try {
        payload = (0,external_node_fs_.readFileSync)(env.eventPath, 'utf8');
    }
    catch (err) {
        throw new lib_config/* UsageError */.eb(`GITHUB_EVENT_PATH ${env.eventPath}: cannot read (${err.code ?? err.message})`);
    }
    const parsed = (0,github/* parseEvent */.wj)(env.eventName, payload, `${env.owner}/${env.repo}`);
    if (parsed.kind === 'invalid')
        throw new lib_config/* UsageError */.eb(parsed.message);
    if (parsed.kind === 'ignored') {
        io.stdout(`warden publish: ${parsed.reason}; nothing to publish.\n`);
        return 0;
    }
    const octokit = (0,github/* createGithubClient */.zZ)({ token, apiUrl: env.apiUrl, logger });
    const facts = await (0,github/* eventFactsFor */.vF)(parsed.event, octokit, env.owner, env.repo, env.workflow);
    const policy = await governingPolicy(outbox, cwd);
    const { config, ignored } = (0,lib_config/* narrowPublish */.jp)(policy?.publish ?? lib_config/* DEFAULT_PUBLISH_CONFIG */.d6, narrowing);
    for (const i of ignored)
        logger.warn(`flag ignored, it would widen the policy: ${i}`);
    const changes = await changesFromPatch(outbox, cwd, io.env.PATH ?? '/usr/bin:/bin', logger);
    const published = await (0,github/* publishRun */.ZM)({
        octokit,
        owner: env.owner,
        repo: env.repo,
        facts,
        config,
        policy,
        outbox,
        changes,
        secretValues: [token],
        token,
        remoteUrl: `${env.serverUrl}/${env.owner}/${env.repo}`,
        author,
        runUrl: env.runUrl,
        logger,
        sticky: undefined,
    });
    const outputs = {
        comment_url: published.commentUrl,
        commit_sha: published.commitSha,
        branch: published.branch,
        pull_request_url: published.pullRequestUrl,
    };
    writeOutputs(io.env.GITHUB_OUTPUT, outputs);
    for (const [k, v] of Object.entries(outputs))
        if (v !== undefined)
            io.stdout(`${k}: ${v}\n`);
    if (published.failures.length > 0) {
        io.stderr(`warden publish: failed: ${published.failures.map((f) => `${f.call}: ${f.message}`).join('; ')}\n`);
        return 1;
    }
    return 0;
}
/** The policy recorded in the outbox (as the run loaded it), anchored at this checkout. */
async function governingPolicy(outbox, cwd) {
    if (outbox.policy === undefined)
        return undefined;
    return (0,load_policy/* parsePolicyOrUsageError */.q)(outbox.policy.text, outbox.policy.file, cwd, `the outbox ${outbox.dir}`);
}
function writeOutputs(file, outputs) {
    if (file === undefined || file === '')
        return;
    (0,external_node_fs_.writeFileSync)(file, '', { flag: 'a' });
    for (const [name, value] of Object.entries(outputs)) {
        const delimiter = `warden_${Math.random().toString(36).slice(2)}`;
        (0,external_node_fs_.appendFileSync)(file, `${name}<<${delimiter}\n${value ?? ''}\n${delimiter}\n`);
    }
}


/***/ })

};
