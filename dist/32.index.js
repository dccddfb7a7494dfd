export const id = 32;
export const ids = [32];
export const modules = {

/***/ 1032:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./lib/config/process-io.js
var process_io = __webpack_require__(7916);
// EXTERNAL MODULE: ./lib/config/run-config.js + 1 modules
var run_config = __webpack_require__(8134);
// EXTERNAL MODULE: ./lib/config/usage-error.js
var usage_error = __webpack_require__(2994);
// EXTERNAL MODULE: ./lib/cli-usage.js
var cli_usage = __webpack_require__(5815);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./lib/policy/index.js + 26 modules
var policy = __webpack_require__(3295);
;// CONCATENATED MODULE: ./lib/cli-policy.js





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
    const opts = { homeDir: (0,external_node_os_.homedir)() };
    try {
        switch (sub) {
            case 'check': {
                const { positionals } = parse(rest, {}, true);
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
                const { values } = parse(rest, { policy: { type: 'string' }, tool: { type: 'string' }, input: { type: 'string' }, cwd: { type: 'string' } }, false);
                const cwd = (0,external_node_path_.resolve)(io.cwd, values.cwd ?? '.');
                const evalArgs = { ...opts, policyFile: (0,external_node_path_.resolve)(io.cwd, required(values.policy, '--policy')), tool: required(values.tool, '--tool'), input: jsonObject(required(values.input, '--input')), cwd, root: cwd };
                if (sub === 'eval')
                    io.stdout(`${JSON.stringify(await (0,policy/* policyEval */.NS)(evalArgs), null, 2)}\n`);
                else
                    io.stdout(await (0,policy/* policyExplain */.x1)(evalArgs));
                return 0;
            }
            case 'import-claude-settings': {
                const { positionals } = parse(rest, {}, true);
                const file = positionals[0];
                if (file === undefined)
                    throw new usage_error/* UsageError */.e('policy import-claude-settings: give the settings.json file');
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
                throw new usage_error/* UsageError */.e(`unknown policy command "${sub}"\n${POLICY_USAGE}`);
        }
    }
    catch (err) {
        if (err instanceof policy/* PolicyError */.pn) {
            io.stderr(`${err.message}\n`);
            return err.exitCode;
        }
        if (err instanceof policy/* EvalInputError */.x2)
            throw new usage_error/* UsageError */.e(`--input: ${err.message}`);
        throw err;
    }
}
function parse(args, options, allowPositionals) {
    try {
        return (0,external_node_util_.parseArgs)({ args, options, strict: true, allowPositionals });
    }
    catch (err) {
        throw new usage_error/* UsageError */.e(err.message);
    }
}
function required(value, flag) {
    if (value === undefined)
        throw new usage_error/* UsageError */.e(`missing ${flag}`);
    return value;
}
function jsonObject(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (err) {
        throw new usage_error/* UsageError */.e(`--input: not valid JSON (${err.message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new usage_error/* UsageError */.e('--input: expected a JSON object, e.g. {"command":"npm test"}');
    return value;
}

// EXTERNAL MODULE: ./lib/sandbox/index.js + 20 modules
var sandbox = __webpack_require__(7894);
;// CONCATENATED MODULE: ./lib/cli-sandbox.js






const SANDBOX_USAGE = `Usage:
  warden sandbox exec [--policy FILE] [--cwd DIR] [--timeout SECONDS] -- CMD ARGS...
                       run one command in exactly the sandbox Bash uses; exits with its code
  warden sandbox probe  report what the sandbox enforces on this machine
`;
/** `warden sandbox …`, for debugging a policy's sandbox section by hand. */
async function runSandboxCli(args, io) {
    const [sub, ...rest] = args;
    const out = { write: (t) => io.stdout(t) };
    const err = { write: (t) => io.stderr(t) };
    switch (sub) {
        case 'probe': {
            const report = await (0,sandbox/* probeSandbox */.UB)({ hostEnv: io.env, allowSudoFix: false });
            io.stdout(`${(0,sandbox/* formatProbeReport */.Kb)(report)}\n`);
            return report.available ? 0 : 1;
        }
        case 'exec': {
            let parsed;
            try {
                parsed = (0,external_node_util_.parseArgs)({ args: rest, options: { policy: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'string' } }, strict: true, allowPositionals: true });
            }
            catch (e) {
                throw new usage_error/* UsageError */.e(e.message);
            }
            const { values, positionals } = parsed;
            const cwd = (0,external_node_path_.resolve)(io.cwd, values.cwd ?? '.');
            let config = sandbox/* DEFAULT_SANDBOX_CONFIG */.x_;
            if (values.policy !== undefined) {
                try {
                    config = (await (0,policy/* loadPolicy */.tb)((0,external_node_path_.resolve)(io.cwd, values.policy), { homeDir: (0,external_node_os_.homedir)(), root: cwd })).sandbox;
                }
                catch (e) {
                    if (e instanceof policy/* PolicyError */.pn)
                        throw new usage_error/* UsageError */.e(`invalid policy:\n${e.message}`);
                    throw e;
                }
            }
            const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
            if (timeout !== undefined && !(timeout > 0))
                throw new usage_error/* UsageError */.e(`--timeout ${values.timeout}: expected a positive number of seconds`);
            return (0,sandbox/* sandboxExec */.$B)({ policySandbox: config, cwd, argv: positionals, hostEnv: io.env, out, err, ...(timeout === undefined ? {} : { timeoutMs: timeout * 1000 }) });
        }
        case undefined:
        case 'help':
        case '--help':
            io.stdout(SANDBOX_USAGE);
            return sub === undefined ? 2 : 0;
        default:
            throw new usage_error/* UsageError */.e(`unknown sandbox command "${sub}"\n${SANDBOX_USAGE}`);
    }
}

// EXTERNAL MODULE: ./lib/run-command.js + 47 modules
var run_command = __webpack_require__(4939);
;// CONCATENATED MODULE: ./lib/cli.js







/** The CLI front door: parse, dispatch, map failures to exit codes. */
async function runCli(args, io = (0,process_io/* realProcessIo */.k)()) {
    const [command, ...rest] = args;
    try {
        switch (command) {
            case 'run': {
                const config = (0,run_config/* parseRunConfig */.tn)(rest, io.env, io.cwd);
                if (config === 'help') {
                    io.stdout(cli_usage/* USAGE */.u);
                    return 0;
                }
                return await (0,run_command/* executeRun */.l)(config, io);
            }
            case 'policy':
                return await runPolicyCli(rest, io);
            case 'sandbox':
                return await runSandboxCli(rest, io);
            default:
                throw new usage_error/* UsageError */.e(`unknown command "${command ?? ''}" (try: warden --help)`);
        }
    }
    catch (err) {
        if (err instanceof usage_error/* UsageError */.e) {
            io.stderr(`warden: ${err.message}\n`);
            return 2;
        }
        throw err;
    }
}


/***/ })

};
