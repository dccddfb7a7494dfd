export const id = 518;
export const ids = [518];
export const modules = {

/***/ 3518:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./lib/config/index.js + 10 modules
var lib_config = __webpack_require__(1255);
// EXTERNAL MODULE: ./lib/entry/usage.js
var usage = __webpack_require__(3123);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./lib/policy/index.js + 35 modules
var policy = __webpack_require__(561);
;// CONCATENATED MODULE: ./lib/entry/policy-command.js





const POLICY_USAGE = `Usage:
  warden policy check [FILE]                       validate a policy, run its rule examples, warn on dead rules
  warden policy eval --policy FILE --tool NAME --input JSON [--cwd DIR]
                                                   print the decision a run would make, as JSON
  warden policy explain --policy FILE --tool NAME --input JSON [--cwd DIR]
                                                   the same for a person: every rule tried and why
  warden policy import-claude-settings FILE        convert a Claude Code settings.json to a policy (YAML on stdout)
`;
/** `warden policy …`: exit 0 on success (whatever the decision), 1 for an invalid policy in `check`, 2 for bad usage. */
async function runPolicyCli(args, io) {
    const [sub, ...rest] = args;
    if (sub !== undefined && (0,lib_config/* wantsHelp */.lx)(rest)) {
        io.stdout(POLICY_USAGE);
        return 0;
    }
    const opts = { homeDir: (0,external_node_os_.homedir)() };
    try {
        switch (sub) {
            case 'check': {
                const { positionals } = (0,lib_config/* parseFlags */.bQ)({ args: rest, options: {}, allowPositionals: true });
                const file = (0,external_node_path_.resolve)(io.cwd, positionals[0] ?? policy/* DEFAULT_POLICY_PATH */.lo);
                const result = await (0,policy/* policyCheck */.Xd)(file, opts);
                for (const issue of result.errors)
                    io.stderr(`error: ${(0,policy/* formatIssue */.Hd)(issue)}\n`);
                for (const issue of result.warnings)
                    io.stderr(`warning: ${(0,policy/* formatIssue */.Hd)(issue)}\n`);
                io.stdout(result.ok ? `${file}: ok (${result.warnings.length} warning(s))\n` : `${file}: invalid\n`);
                return result.ok ? 0 : 1;
            }
            case 'eval':
            case 'explain': {
                const { values } = (0,lib_config/* parseFlags */.bQ)({ args: rest, options: { policy: { type: 'string' }, tool: { type: 'string' }, input: { type: 'string' }, cwd: { type: 'string' } }, allowPositionals: false });
                const cwd = (0,external_node_path_.resolve)(io.cwd, values.cwd ?? '.');
                const evalArgs = { ...opts, policyFile: (0,external_node_path_.resolve)(io.cwd, required(values.policy, '--policy')), tool: required(values.tool, '--tool'), input: jsonObject(required(values.input, '--input')), cwd, root: cwd };
                if (sub === 'eval')
                    io.stdout(`${JSON.stringify(await (0,policy/* policyEval */.NS)(evalArgs), null, 2)}\n`);
                else
                    io.stdout(await (0,policy/* policyExplain */.x1)(evalArgs));
                return 0;
            }
            case 'import-claude-settings': {
                const { positionals } = (0,lib_config/* parseFlags */.bQ)({ args: rest, options: {}, allowPositionals: true });
                const file = positionals[0];
                if (file === undefined)
                    throw new lib_config/* UsageError */.eb('policy import-claude-settings: give the settings.json file');
                const result = await (0,policy/* importClaudeSettings */.F7)((0,external_node_path_.resolve)(io.cwd, file));
                for (const warning of result.warnings)
                    io.stderr(`warning: ${warning}\n`);
                io.stdout(result.yaml);
                return 0;
            }
            case undefined:
            case 'help':
            case '--help':
                io.stdout(POLICY_USAGE);
                return sub === undefined ? 2 : 0;
            default:
                throw new lib_config/* UsageError */.eb(`unknown policy command "${sub}"\n${POLICY_USAGE}`);
        }
    }
    catch (err) {
        if (err instanceof policy/* PolicyError */.pn) {
            io.stderr(`${err.message}\n`);
            return err.exitCode;
        }
        if (err instanceof policy/* EvalInputError */.x2)
            throw new lib_config/* UsageError */.eb(`--input: ${err.message}`);
        throw err;
    }
}
function required(value, flag) {
    if (value === undefined)
        throw new lib_config/* UsageError */.eb(`missing ${flag}`);
    return value;
}
function jsonObject(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (err) {
        throw new lib_config/* UsageError */.eb(`--input: not valid JSON (${err.message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new lib_config/* UsageError */.eb('--input: expected a JSON object, e.g. {"command":"npm test"}');
    return value;
}

// EXTERNAL MODULE: ./lib/sandbox/index.js + 42 modules
var sandbox = __webpack_require__(2292);
// EXTERNAL MODULE: ./lib/entry/load-policy.js
var load_policy = __webpack_require__(5309);
;// CONCATENATED MODULE: ./lib/entry/sandbox-command.js





const SANDBOX_USAGE = `Usage:
  warden sandbox exec [--policy FILE] [--cwd DIR] [--timeout SECONDS] -- CMD ARGS...
                       run one command in exactly the sandbox Bash uses; exits with its code
  warden sandbox probe  report what the sandbox enforces on this machine
`;
/** `warden sandbox …`, for debugging a policy's sandbox section by hand. */
async function runSandboxCli(args, io) {
    const [sub, ...rest] = args;
    if (sub !== undefined && (0,lib_config/* wantsHelp */.lx)(rest)) {
        io.stdout(SANDBOX_USAGE);
        return 0;
    }
    const out = { write: (t) => io.stdout(t) };
    const err = { write: (t) => io.stderr(t) };
    switch (sub) {
        case 'probe': {
            const report = await (0,sandbox/* probeSandbox */.UB)({ hostEnv: io.env, allowSudoFix: false });
            io.stdout(`${(0,sandbox/* formatProbeReport */.Kb)(report)}\n`);
            return report.available ? 0 : 1;
        }
        case 'exec': {
            const { values, positionals } = (0,lib_config/* parseFlags */.bQ)({ args: rest, options: { policy: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'string' } }, allowPositionals: true });
            const cwd = (0,external_node_path_.resolve)(io.cwd, values.cwd ?? '.');
            const config = values.policy === undefined ? sandbox/* DEFAULT_SANDBOX_CONFIG */.x_ : (await (0,load_policy/* loadPolicyOrUsageError */.T)((0,external_node_path_.resolve)(io.cwd, values.policy), cwd)).sandbox;
            const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
            if (timeout !== undefined && !(timeout > 0))
                throw new lib_config/* UsageError */.eb(`--timeout ${values.timeout}: expected a positive number of seconds`);
            return (0,sandbox/* sandboxExec */.$B)({ policySandbox: config, cwd, argv: positionals, hostEnv: io.env, out, err, ...(timeout === undefined ? {} : { timeoutMs: timeout * 1000 }) });
        }
        case undefined:
        case 'help':
        case '--help':
            io.stdout(SANDBOX_USAGE);
            return sub === undefined ? 2 : 0;
        default:
            throw new lib_config/* UsageError */.eb(`unknown sandbox command "${sub}"\n${SANDBOX_USAGE}`);
    }
}

// EXTERNAL MODULE: ./lib/entry/execute-run.js + 35 modules
var execute_run = __webpack_require__(5397);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./lib/github/index.js + 26 modules
var github = __webpack_require__(3988);
// EXTERNAL MODULE: ./lib/log/index.js + 3 modules
var log = __webpack_require__(4355);
// EXTERNAL MODULE: ./lib/outbox/index.js + 4 modules
var lib_outbox = __webpack_require__(6801);
;// CONCATENATED MODULE: ./lib/entry/publish-command.js









const PUBLISH_USAGE = `Usage:
  warden publish OUTBOX [--cwd DIR] [--push none|branch|pull-request] [--no-comment] [--no-review]
                        [--commit-author "Name <email>"]
      deliver an outbox written earlier (warden run --out, or the action's \`outbox\` output):
      the sticky comment, the review and the changes, in a GitHub Actions job holding the write
      token (GITHUB_TOKEN); DIR is a fresh checkout of the outbox's starting commit
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
    return publishGithub(io, outbox, cwd, narrowing, author);
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
function writeOutputs(file, outputs) {
    if (file === undefined || file === '')
        return;
    (0,external_node_fs_.writeFileSync)(file, '', { flag: 'a' });
    for (const [name, value] of Object.entries(outputs)) {
        const delimiter = `warden_${Math.random().toString(36).slice(2)}`;
        (0,external_node_fs_.appendFileSync)(file, `${name}<<${delimiter}\n${value ?? ''}\n${delimiter}\n`);
    }
}

// EXTERNAL MODULE: ./lib/entry/terminal-safe-io.js
var terminal_safe_io = __webpack_require__(2931);
;// CONCATENATED MODULE: ./lib/entry/cli.js







/** The CLI front door: parse, dispatch, map failures to exit codes. */
async function runCli(args, rawIo = (0,lib_config/* realProcessIo */.k2)()) {
    const [command, ...rest] = args;
    const io = (0,terminal_safe_io/* terminalSafeIo */.o)(rawIo);
    try {
        switch (command) {
            case 'run': {
                const config = (0,lib_config/* parseRunConfig */.tn)(rest, io.env, io.cwd);
                if (config === 'help') {
                    io.stdout(usage/* USAGE */.u);
                    return 0;
                }
                // In a CI system, the agent is told where it runs (the change, branches, commit).
                return await (0,execute_run/* executeRun */.l)({ ...config, prompt: `${config.prompt}${(0,lib_config/* ciContextBlock */.N2)(config.ci)}` }, io);
            }
            case 'policy':
                return await runPolicyCli(rest, io);
            case 'publish':
                return await runPublishCli(rest, io);
            case 'sandbox':
                // `sandbox exec` passes the command's own output through untouched, as running it by hand would.
                return await runSandboxCli(rest, rawIo);
            default:
                throw new lib_config/* UsageError */.eb(`unknown command "${command ?? ''}" (try: warden --help)`);
        }
    }
    catch (err) {
        if (err instanceof lib_config/* UsageError */.eb) {
            io.stderr(`warden: ${err.message}\n`);
            return 2;
        }
        throw err;
    }
}


/***/ })

};
