export const id = 115;
export const ids = [115];
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

/***/ 9068:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  l3: () => (/* reexport */ baseBranchFor),
  E_: () => (/* reexport */ checkCommitPush),
  Ai: () => (/* reexport */ commitMessageFor),
  g0: () => (/* reexport */ ownBranchFor),
  bt: () => (/* reexport */ pullBodyFor),
  FX: () => (/* reexport */ pullTitleFor),
  $b: () => (/* reexport */ pushModeFor),
  K8: () => (/* reexport */ stickyKeyFor),
  et: () => (/* reexport */ subjectOf)
});

// EXTERNAL MODULE: ./lib/report/index.js + 6 modules
var lib_report = __webpack_require__(4670);
;// CONCATENATED MODULE: ./lib/deliver/plan.js

/** How to deliver; `issue_comment` on a PR counts as a PR event (facts.pull is set). */
function pushModeFor(config, facts) {
    if (config.push === 'none')
        return { mode: 'none', why: 'the policy\'s publish.push is none' };
    if (!facts.writeDelivery)
        return { mode: 'none', why: 'a pull request from a fork never gets a push' };
    if (facts.pull !== undefined) {
        if (!facts.pull.sameRepository)
            return { mode: 'none', why: 'the pull request\'s branch is in another repository' };
        return { mode: config.push };
    }
    // Events about no pull request (schedule, dispatch, issues) have no branch to push to: always
    // Warden's own branch with a draft pull request.
    return { mode: 'pull-request' };
}
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'run';
/** Warden's own branch for this task: the same for every run of it, so a repeat updates its PR. */
function ownBranchFor(facts) {
    if (facts.pull !== undefined && facts.number !== undefined)
        return `warden/pr-${facts.number}`;
    if (facts.number !== undefined)
        return `warden/issue-${facts.number}`;
    return `warden/${slug(facts.workflow)}-${slug(facts.eventName)}`;
}
/** The branch a draft PR goes into: the PR's own branch for PR events, else the default branch. */
function baseBranchFor(facts) {
    return facts.pull?.headRef ?? facts.defaultBranch;
}
/** One sticky comment per PR or issue and trigger (workflow and event). */
function stickyKeyFor(facts) {
    if (facts.number === undefined)
        return undefined;
    return `${slug(facts.workflow)}/${facts.eventName}#${facts.number}`;
}
/** What the run is about, for headings ("pull request #7"). */
function subjectOf(facts) {
    if (facts.number === undefined)
        return `the \`${facts.eventName}\` task`;
    return facts.pull !== undefined ? `pull request #${facts.number}` : `issue #${facts.number}`;
}
/** The first line of the agent's report, as a commit subject. */
function reportSubject(result) {
    if (result.outcome.reason !== 'completed')
        return undefined;
    const line = result.outcome.finalText.split('\n').map((l) => l.replace(/^[#>*\-\s]+/, '').trim()).find((l) => l !== '');
    if (line === undefined)
        return undefined;
    return line.length > 68 ? `${line.slice(0, 67)}…` : line;
}
function commitMessageFor(result, facts, runUrl) {
    const subject = reportSubject(result) ?? `changes for ${subjectOf(facts).replace(/`/g, '')}`;
    const report = result.outcome.reason === 'completed' ? result.outcome.finalText.trim().slice(0, 2_000) : '';
    return [`warden: ${subject}`, '', ...(report === '' ? [] : [report, '']), `Warden-Run: ${runUrl ?? 'local'}`, ''].join('\n');
}
function pullTitleFor(result, facts) {
    return `Warden: ${reportSubject(result) ?? `changes for ${subjectOf(facts).replace(/`/g, '')}`}`;
}
function pullBodyFor(result, facts, runUrl) {
    const report = result.outcome.reason === 'completed' ? (0,lib_report/* defuse */.VP)(result.outcome.finalText.trim().slice(0, 20_000)) : '';
    return [
        `Opened by Warden for ${subjectOf(facts)}${runUrl === undefined ? '' : ` ([run](${runUrl}))`}: ${(0,lib_report/* describeVerdict */.XZ)(result.verdict, result.filesChanged.length)}. A person reviews and merges it; Warden never does.`,
        '',
        report,
    ].join('\n');
}

// EXTERNAL MODULE: ./lib/policy/index.js + 35 modules
var policy = __webpack_require__(561);
// EXTERNAL MODULE: ./lib/sandbox/index.js + 42 modules
var sandbox = __webpack_require__(2292);
;// CONCATENATED MODULE: ./lib/deliver/push-changes.js


async function checkCommitPush(req) {
    const changes = req.changes;
    if (changes === undefined)
        return { kind: 'not-pushed', delivery: { kind: 'none', why: 'the changes could not be read from git' } };
    if (changes.files.length === 0)
        return { kind: 'not-pushed', delivery: { kind: 'none', why: 'nothing changed' } };
    const leaked = req.secretValues.filter((v) => v.length >= 8 && req.patch.includes(v));
    if (leaked.length > 0)
        return { kind: 'not-pushed', delivery: { kind: 'refused', reasons: ['the patch contains a secret value of this run (redacted here); it is not delivered'] } };
    const oldPaths = new Map(changes.files.filter((f) => f.oldPath !== undefined).map((f) => [f.path, f.oldPath]));
    const files = (0,sandbox/* changedModes */.ZI)(changes).map((f) => ({ ...f, oldPath: oldPaths.get(f.path) }));
    const reasons = (0,policy/* checkDelivery */.BF)(files, req.patch.length, req.policy, changes.snapshot.topLevel, req.limits);
    if (reasons.length > 0)
        return { kind: 'not-pushed', delivery: { kind: 'refused', reasons } };
    if (req.branch === undefined)
        return { kind: 'not-pushed', delivery: { kind: 'none', why: 'push: branch needs a pull request from this repository; there is none for this event' } };
    const commit = await (0,sandbox/* commitChanges */.PT)(changes, { message: req.message, author: req.author });
    if (commit.kind === 'no-changes')
        return { kind: 'not-pushed', delivery: { kind: 'none', why: 'nothing changed' } };
    const ref = `refs/heads/${req.branch}`;
    // Warden's own branch holds only its latest attempt: a re-run replaces it (force). A PR's branch is
    // the author's: never forced, so a push that raced ours is kept and ours is reported as rejected.
    const pushed = await (0,sandbox/* pushCommit */.Sq)(changes.snapshot, {
        commit: commit.commit,
        remoteUrl: req.remoteUrl,
        ref,
        token: req.token,
        ...(req.username === undefined ? {} : { username: req.username }),
        force: req.mode === 'pull-request',
        ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
    });
    if (!pushed.ok)
        return { kind: 'not-pushed', delivery: { kind: 'failed', call: `git push ${ref}`, message: pushed.message }, commitSha: commit.commit };
    return { kind: 'pushed', branch: req.branch, sha: commit.commit };
}

;// CONCATENATED MODULE: ./lib/deliver/index.js
/** Delivering a run, whatever the forge: the decisions (plan.ts) and check, commit, push (push-changes.ts). */




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

/***/ 9481:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gitlabRunOptions: () => (/* binding */ gitlabRunOptions)
/* harmony export */ });
/* harmony import */ var _config_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1255);
/* harmony import */ var _log_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4355);
/* harmony import */ var _outbox_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6801);
/* harmony import */ var _sandbox_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2292);
/* harmony import */ var _tools_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4024);
/* harmony import */ var _gitlab_delivery_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3384);






/**
 * `warden run` in a GitLab merge-request pipeline: the agent may propose review comments on the
 * MR's diff (from local git, CI_MERGE_REQUEST_DIFF_BASE_SHA to HEAD), and when an access token is
 * given (GITLAB_TOKEN) the outbox is published to the MR when the run ends. Without a token the
 * outbox waits for a `warden publish --gitlab` job.
 */
async function gitlabRunOptions(config, io) {
    const ci = config.ci;
    let failed = false;
    const options = {};
    if (ci.kind !== 'gitlab')
        return { options, publishFailed: () => false };
    if (ci.change !== undefined && ci.diffBaseSha !== undefined && /^[0-9a-f]{40}$/.test(ci.diffBaseSha)) {
        const git = await (0,_sandbox_index_js__WEBPACK_IMPORTED_MODULE_3__/* .createGitRunner */ .ho)({ hostPath: config.hostPath, untrustedRoots: [config.cwd] });
        if (git !== undefined) {
            const diff = await (0,_sandbox_index_js__WEBPACK_IMPORTED_MODULE_3__/* .gitText */ .q_)(git, { cwd: config.cwd, args: ['diff', '-U3', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', ci.diffBaseSha, 'HEAD', '--'], maxOutputBytes: 50_000_000 }).catch(() => undefined);
            if (diff !== undefined)
                options.review = { target: (0,_tools_index_js__WEBPACK_IMPORTED_MODULE_4__/* .reviewTargetFromDiff */ .vI)(diff) };
        }
    }
    const token = (0,_gitlab_delivery_js__WEBPACK_IMPORTED_MODULE_5__/* .gitlabToken */ .Dq)(io.env);
    if (token?.kind === 'access') {
        options.onResult = async (finished) => {
            const logger = (0,_log_index_js__WEBPACK_IMPORTED_MODULE_1__/* .createStreamLogger */ .Jo)((line) => io.stderr(line), (0,_log_index_js__WEBPACK_IMPORTED_MODULE_1__/* .createRedactor */ .lY)([token.value, ...finished.secretValues]));
            const outcome = await (0,_gitlab_delivery_js__WEBPACK_IMPORTED_MODULE_5__/* .deliverToGitlab */ .k5)({
                ci,
                token,
                outbox: (0,_outbox_index_js__WEBPACK_IMPORTED_MODULE_2__/* .readOutbox */ .ec)(finished.outDir),
                changes: finished.changes,
                policy: finished.policy,
                narrowing: {},
                author: _config_index_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_COMMIT_AUTHOR */ .Y9,
                secretValues: [token.value, ...finished.secretValues],
                logger,
            });
            for (const line of (0,_gitlab_delivery_js__WEBPACK_IMPORTED_MODULE_5__/* .describeGitlabOutcome */ .Bo)(outcome))
                logger.info(line);
            if (outcome.failures.length > 0) {
                failed = true;
                logger.error(`publishing to GitLab failed: ${outcome.failures.map((f) => `${f.call}: ${f.message}`).join('; ')} (the outbox is at ${finished.outDir})`);
            }
        };
    }
    return { options, publishFailed: () => failed };
}


/***/ }),

/***/ 6391:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  c: () => (/* reexport */ DEFAULT_RETRY_LIMITS),
  P: () => (/* reexport */ retryDecision)
});

;// CONCATENATED MODULE: ./lib/net/http-retry.js
const DEFAULT_RETRY_LIMITS = { maxRetries: 4, maxWaitMs: 60_000, baseDelayMs: 1_000 };
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
function retryDecision(failure, limits = DEFAULT_RETRY_LIMITS) {
    if (failure.attempt >= limits.maxRetries)
        return { retry: false, why: `gave up after ${limits.maxRetries + 1} attempts` };
    const backoff = limits.baseDelayMs * 2 ** failure.attempt;
    const header = (name) => {
        const v = failure.headers[name];
        return v === undefined ? undefined : String(v);
    };
    const status = failure.status;
    if (status === undefined) {
        if (!IDEMPOTENT.has(failure.method.toUpperCase()))
            return { retry: false, why: 'the connection dropped during a request that may have taken effect' };
        return { retry: true, delayMs: backoff, why: 'the connection dropped' };
    }
    const limited = status === 429 || (status === 403 && (header('retry-after') !== undefined || header('x-ratelimit-remaining') === '0'));
    if (limited) {
        const retryAfter = Number(header('retry-after'));
        const reset = Number(header('x-ratelimit-reset'));
        const wait = Number.isFinite(retryAfter) && header('retry-after') !== undefined
            ? retryAfter * 1000
            : header('x-ratelimit-remaining') === '0' && Number.isFinite(reset)
                ? reset * 1000 - failure.now
                : backoff;
        const delayMs = Math.max(0, Math.ceil(wait));
        if (delayMs > limits.maxWaitMs)
            return { retry: false, why: `rate limited for ${Math.ceil(delayMs / 1000)} s, longer than the ${Math.ceil(limits.maxWaitMs / 1000)} s Warden waits` };
        return { retry: true, delayMs, why: status === 429 ? 'too many requests' : header('x-ratelimit-remaining') === '0' ? 'rate limit reached' : 'secondary rate limit' };
    }
    if (status >= 500)
        return { retry: true, delayMs: backoff, why: `server error ${status}` };
    return { retry: false, why: `HTTP ${status}` };
}

;// CONCATENATED MODULE: ./lib/net/index.js
/** How Warden talks HTTP to the forges it publishes to: one retry policy for GitHub and GitLab alike. */



/***/ })

};
