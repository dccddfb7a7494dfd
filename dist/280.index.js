export const id = 280;
export const ids = [280];
export const modules = {

/***/ 1280:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAction: () => (/* binding */ runAction)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./lib/config/index.js + 10 modules
var lib_config = __webpack_require__(1255);
// EXTERNAL MODULE: ./lib/deliver/index.js + 2 modules
var deliver = __webpack_require__(9068);
// EXTERNAL MODULE: ./lib/github/index.js + 24 modules
var github = __webpack_require__(5187);
// EXTERNAL MODULE: ./lib/log/index.js + 3 modules
var log = __webpack_require__(4355);
// EXTERNAL MODULE: ./lib/outbox/index.js + 4 modules
var lib_outbox = __webpack_require__(6801);
// EXTERNAL MODULE: ./lib/report/index.js + 6 modules
var report = __webpack_require__(4670);
// EXTERNAL MODULE: ./lib/sandbox/index.js + 42 modules
var sandbox = __webpack_require__(2292);
// EXTERNAL MODULE: ./lib/tools/index.js + 28 modules
var tools = __webpack_require__(4024);
// EXTERNAL MODULE: ./lib/entry/execute-run.js + 36 modules
var execute_run = __webpack_require__(1142);
;// CONCATENATED MODULE: ./lib/entry/publish-finished.js


/** Publishes a run that just finished in this job, from its outbox as written (the same path `warden publish` takes). */
async function publishFinished(req) {
    if (req.octokit === undefined)
        return { delivery: { kind: 'none', why: 'no github_token' }, failures: [] };
    const outbox = (0,lib_outbox/* readOutbox */.ec)(req.finished.outDir);
    return (0,github/* publishRun */.ZM)({
        octokit: req.octokit,
        owner: req.env.owner,
        repo: req.env.repo,
        facts: req.facts,
        config: req.config,
        policy: req.finished.policy,
        outbox,
        changes: req.finished.changes,
        secretValues: req.finished.secretValues,
        token: req.token,
        // As the pull request was fetched: github.com answers with or without `.git`.
        remoteUrl: `${req.env.serverUrl}/${req.env.owner}/${req.env.repo}`,
        author: req.author,
        runUrl: req.env.runUrl,
        logger: req.logger,
        sticky: req.sticky,
    });
}

// EXTERNAL MODULE: ./lib/entry/terminal-safe-io.js
var terminal_safe_io = __webpack_require__(2931);
;// CONCATENATED MODULE: ./lib/entry/action.js













/** How often the sticky comment may change while the run goes. */
const PROGRESS_EVERY_MS = 5_000;
/**
 * The GitHub Action entry: the event and the inputs become a `warden run` (or, for an event that
 * does not concern Warden or an actor who may not start runs, a notice and exit 0 before any model
 * request); the run is delivered — sticky comment, review, changes — and its outcome becomes step
 * outputs and the job summary. The step fails when the run did not complete or delivery failed.
 */
async function runAction() {
    const core = await __webpack_require__.e(/* import() */ 421).then(__webpack_require__.bind(__webpack_require__, 6421));
    const io = (0,terminal_safe_io/* terminalSafeIo */.o)((0,lib_config/* realProcessIo */.k2)());
    // setFailed writes a workflow command itself; what goes into it must not carry escape sequences.
    const fail = (message) => core.setFailed((0,log/* terminalSafe */.kJ)(`warden: ${message}`));
    let sticky;
    try {
        // Masked at once, before anything can print it; the run registers the other secrets later.
        const masked = new Set();
        const mask = (value) => {
            if (value === '' || masked.has(value))
                return;
            masked.add(value);
            core.setSecret(value);
        };
        mask(core.getInput('anthropic_api_key'));
        mask(core.getInput('github_token'));
        const inputs = (0,lib_config/* readActionInputs */.Ui)((name) => core.getInput(name));
        const env = (0,lib_config/* githubEnvironment */.RZ)(io.env);
        const logger = (0,log/* createStreamLogger */.Jo)((line) => io.stderr(line), (0,log/* createRedactor */.lY)([inputs.anthropicApiKey, inputs.githubToken]));
        const git = await (0,sandbox/* createGitRunner */.ho)({ hostPath: io.env.PATH ?? '/usr/bin:/bin', untrustedRoots: [env.workspace] });
        if (git === undefined)
            throw new lib_config/* UsageError */.eb('git is not on PATH: the action needs it to read the event\'s commits');
        let octokit;
        const client = () => {
            if (inputs.githubToken === '')
                throw new lib_config/* UsageError */.eb('action inputs: `github_token` is empty (its default is `${{ github.token }}`)');
            octokit ??= (0,github/* createGithubClient */.zZ)({ token: inputs.githubToken, apiUrl: env.apiUrl, logger });
            return octokit;
        };
        const prepared = await (0,github/* prepareRun */.Z0)({ env, inputs, payloadText: readEventFile(env.eventPath), git, octokit: client });
        if (prepared.kind === 'skip') {
            core.notice((0,log/* terminalSafe */.kJ)(`warden: ${prepared.notice}`));
            core.setOutput('outcome', 'skipped');
            await core.summary.addRaw(`## Warden: nothing to do\n\n${(0,log/* terminalSafe */.kJ)(prepared.notice)}\n`).write();
            return 0;
        }
        const invocation = (0,lib_config/* actionInvocation */.J6)(inputs, io.env, { prompt: prepared.prompt, policyFromBase: prepared.trusted !== undefined });
        const parsed = (0,lib_config/* parseRunConfig */.tn)(invocation.args, invocation.env, invocation.cwd);
        if (parsed === 'help')
            return 0;
        // The event says what GITHUB_REF cannot (an issue_comment runs on the default branch): the number and the verified actor.
        const config = { ...parsed, trigger: { ...parsed.trigger, ...prepared.trigger } };
        const facts = eventFacts(prepared, env);
        const key = (0,deliver/* stickyKeyFor */.K8)(facts);
        const what = (0,deliver/* subjectOf */.et)(facts);
        let publish = lib_config/* DEFAULT_PUBLISH_CONFIG */.d6;
        const progress = progressTracker();
        let publishFailed = false;
        const code = await (0,execute_run/* executeRun */.l)(config, io, {
            allowSudoFix: true,
            registerSecret: mask,
            review: prepared.reviewDiff === undefined ? undefined : { target: (0,tools/* reviewTargetFromDiff */.vI)(prepared.reviewDiff) },
            ...(prepared.trusted === undefined ? {} : { trusted: prepared.trusted }),
            ...(prepared.ceiling === undefined ? {} : { ceiling: prepared.ceiling }),
            notices: prepared.notices,
            onStart: async (policy) => {
                const narrowed = (0,lib_config/* narrowPublish */.jp)(policy?.publish ?? lib_config/* DEFAULT_PUBLISH_CONFIG */.d6, inputs.publish);
                publish = narrowed.config;
                for (const ignored of narrowed.ignored)
                    core.warning((0,log/* terminalSafe */.kJ)(`warden: input ignored, it would widen the policy: ${ignored}`));
                if (!publish.comment || key === undefined || facts.number === undefined)
                    return;
                const comment = new github/* StickyComment */.HU(client(), { owner: env.owner, repo: env.repo, number: facts.number, key }, logger, { throttleMs: PROGRESS_EVERY_MS });
                sticky = { comment, key, what, runUrl: env.runUrl, outbox: config.outDir };
                // Best effort: a run is not refused because its first comment could not be posted.
                await comment.start((0,report/* renderWorking */.EB)(key, { runUrl: env.runUrl, what })).catch((err) => logger.warn(`could not post the working comment: ${err.message}`));
            },
            onEvent: (event) => {
                if (sticky === undefined || !progress.see(event))
                    return;
                sticky.comment.progress((0,report/* renderProgress */.EY)(sticky.key, { runUrl: env.runUrl, what, turn: progress.turn, maxTurns: config.maxTurns, recent: progress.recent() }));
            },
            onResult: async (finished) => {
                const { result, summary, outDir } = finished;
                setRunOutputs(core, result, outDir);
                await core.summary.addRaw(summary).write();
                const published = await publishFinished({
                    finished,
                    facts,
                    config: publish,
                    octokit: inputs.githubToken === '' ? undefined : client(),
                    env,
                    token: inputs.githubToken,
                    author: inputs.commitAuthor,
                    sticky: sticky?.comment,
                    logger,
                });
                const set = (name, value) => core.setOutput(name, value ?? '');
                set('comment_url', published.commentUrl);
                set('commit_sha', published.commitSha);
                set('branch', published.branch);
                set('pull_request_url', published.pullRequestUrl);
                sticky = undefined; // the final report is written (or its failure is below)
                if (published.failures.length > 0) {
                    publishFailed = true;
                    fail(`publishing failed: ${published.failures.map((f) => `${f.call}: ${f.message}`).join('; ')} (the outbox is at ${outDir})`);
                }
                else if (result.outcome.reason !== 'completed') {
                    fail((0,report/* describeOutcome */.SS)(result.outcome));
                }
            },
        });
        return publishFailed ? 1 : code;
    }
    catch (err) {
        const message = failureMessage(err);
        await finishInterrupted(sticky, message);
        fail(message);
        return err instanceof lib_config/* UsageError */.eb ? 2 : 1;
    }
}
function setRunOutputs(core, result, outDir) {
    core.setOutput('outcome', result.outcome.reason);
    core.setOutput('verdict', result.verdict);
    core.setOutput('transcript', result.transcriptPath);
    core.setOutput('summary', (0,external_node_path_.join)(outDir, lib_outbox/* OUTBOX_FILES */.K2.summary));
    core.setOutput('outbox', outDir);
    if (result.structuredOutput !== undefined)
        core.setOutput('structured_output', JSON.stringify(result.structuredOutput));
    core.setOutput('files_changed', result.filesChanged.join('\n'));
    core.setOutput('turns', String(result.turns));
    core.setOutput('cost_usd', result.costUsd === null ? '' : result.costUsd.toFixed(4));
    core.setOutput('input_tokens', String(result.usage.inputTokens + result.usage.cacheReadTokens + result.usage.cacheWriteTokens));
    core.setOutput('output_tokens', String(result.usage.outputTokens));
    core.setOutput('denials', String(result.records.filter((r) => r.type === 'tool_call' && r.status === 'denied').length));
}
/** Never a silent run: a crash after the working comment still ends it with what happened. */
async function finishInterrupted(sticky, reason) {
    if (sticky === undefined)
        return;
    await sticky.comment.finish((0,report/* renderInterrupted */.F6)(sticky.key, { runUrl: sticky.runUrl, what: sticky.what, reason: `Warden stopped: ${reason}`, outbox: sticky.outbox })).catch(() => undefined);
}
function eventFacts(prepared, env) {
    const pull = prepared.pull;
    return {
        eventName: env.eventName,
        workflow: env.workflow,
        number: prepared.trigger.number,
        pull: pull === undefined ? undefined : { headRef: pull.headRef, headSha: pull.headSha, baseRef: pull.baseRef, sameRepository: !pull.fork },
        writeDelivery: prepared.writeDelivery,
        defaultBranch: prepared.event.defaultBranch ?? 'main',
    };
}
/** The current turn and the last few tool calls, for the progress comment; says when it changed. */
function progressTracker() {
    const calls = [];
    let turn = 0;
    return {
        get turn() {
            return turn;
        },
        see(event) {
            if (event.type === 'model_response')
                turn = event.turn;
            else if (event.type === 'tool_result') {
                const r = event.outcome.record;
                calls.push({ tool: r.tool, input: (0,report/* describeInput */.eG)(r.tool, r.input), status: r.status });
                if (calls.length > 5)
                    calls.shift();
            }
            else
                return false;
            return true;
        },
        recent: () => [...calls],
    };
}
function readEventFile(path) {
    try {
        return (0,external_node_fs_.readFileSync)(path, 'utf8');
    }
    catch (err) {
        throw new lib_config/* UsageError */.eb(`GITHUB_EVENT_PATH ${path}: cannot read (${err.code ?? err.message})`);
    }
}
function failureMessage(err) {
    if (err instanceof lib_config/* UsageError */.eb || err instanceof github/* PullFetchError */.wb)
        return err.message;
    return apiFailure(err) ?? `internal error: ${err.stack ?? String(err)}`;
}
/** An Octokit RequestError, named by its call: "GitHub API GET /repos/o/r/…: 500 …". */
function apiFailure(err) {
    if (typeof err !== 'object' || err === null || !('status' in err) || !('request' in err))
        return undefined;
    const request = err.request;
    const message = err instanceof Error ? err.message : '';
    return `GitHub API ${String(request.method)} ${String(request.url)} failed (${String(err.status)}): ${message}`;
}


/***/ })

};
