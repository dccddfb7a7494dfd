export const id = 152;
export const ids = [152];
export const modules = {

/***/ 5152:
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

// EXTERNAL MODULE: ./lib/entry/execute-run.js + 36 modules
var execute_run = __webpack_require__(1142);
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
                const withContext = { ...config, prompt: `${config.prompt}${(0,lib_config/* ciContextBlock */.N2)(config.ci)}` };
                // GitLab's client loads only where it is used: start-up time goes to the first request.
                const gitlab = withContext.ci.kind === 'gitlab' ? await (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(115)]).then(__webpack_require__.bind(__webpack_require__, 9481))).gitlabRunOptions(withContext, rawIo) : { options: {}, publishFailed: () => false };
                const code = await (0,execute_run/* executeRun */.l)(withContext, io, gitlab.options);
                return gitlab.publishFailed() ? 1 : code;
            }
            case 'policy':
                return await runPolicyCli(rest, io);
            case 'publish':
                return await (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(891), __webpack_require__.e(187), __webpack_require__.e(665)]).then(__webpack_require__.bind(__webpack_require__, 1671))).runPublishCli(rest, io);
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
