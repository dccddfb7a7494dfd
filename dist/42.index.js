export const id = 42;
export const ids = [42];
export const modules = {

/***/ 2042:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAction: () => (/* binding */ runAction)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./lib/config/usage-error.js
var usage_error = __webpack_require__(2994);
;// CONCATENATED MODULE: ./lib/config/action-inputs.js


const NUMERIC = [
    ['max_turns', '--max-turns'],
    ['max_cost_usd', '--max-cost-usd'],
    ['timeout_seconds', '--timeout'],
];
/** Maps the action's inputs (action.yml) onto a `warden run` invocation. */
function actionInvocation(read, env) {
    const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
    const out = (0,external_node_path_.join)(env.RUNNER_TEMP ?? (0,external_node_path_.join)(workspace, '..'), 'warden');
    const prompt = read('prompt');
    const promptFile = read('prompt_file');
    if ((prompt === '') === (promptFile === ''))
        throw new usage_error/* UsageError */.e('action inputs: give exactly one of `prompt` or `prompt_file`');
    const args = prompt !== '' ? ['--prompt', prompt] : ['--prompt-file', promptFile];
    args.push('--cwd', workspace, '--transcript', (0,external_node_path_.join)(out, 'transcript.jsonl'), '--summary', (0,external_node_path_.join)(out, 'summary.md'));
    const policy = read('policy');
    if (policy !== '')
        args.push('--policy', policy);
    const model = read('model');
    if (model !== '')
        args.push('--model', model);
    const fallback = read('fallback_model');
    if (fallback !== '')
        args.push('--fallback-model', fallback);
    for (const [input, flag] of NUMERIC) {
        const value = read(input);
        if (value !== '')
            args.push(flag, value);
    }
    const key = read('anthropic_api_key');
    return { args, env: key === '' ? env : { ...env, ANTHROPIC_API_KEY: key }, cwd: workspace };
}

// EXTERNAL MODULE: ./lib/config/process-io.js
var process_io = __webpack_require__(7916);
// EXTERNAL MODULE: ./lib/config/run-config.js + 1 modules
var run_config = __webpack_require__(8134);
// EXTERNAL MODULE: ./lib/report/outcome.js
var outcome = __webpack_require__(5102);
// EXTERNAL MODULE: ./lib/run-command.js + 47 modules
var run_command = __webpack_require__(4939);
;// CONCATENATED MODULE: ./lib/main.js






/**
 * The GitHub Action entry: the inputs become a `warden run`, the outcome becomes step outputs
 * and the job summary. The step fails when the run did not complete.
 */
async function runAction() {
    const core = await __webpack_require__.e(/* import() */ 421).then(__webpack_require__.bind(__webpack_require__, 6421));
    const io = (0,process_io/* realProcessIo */.k)();
    try {
        const key = core.getInput('anthropic_api_key');
        if (key !== '')
            core.setSecret(key);
        const invocation = actionInvocation((name) => core.getInput(name), io.env);
        const config = (0,run_config/* parseRunConfig */.tn)(invocation.args, invocation.env, invocation.cwd);
        if (config === 'help')
            return 0;
        const code = await (0,run_command/* executeRun */.l)(config, io, {
            allowSudoFix: true,
            onResult: async (result) => {
                core.setOutput('outcome', result.outcome.reason);
                core.setOutput('transcript', result.transcriptPath);
                core.setOutput('summary', config.summaryPath ?? '');
                core.setOutput('files_changed', result.filesChanged.join('\n'));
                core.setOutput('turns', String(result.turns));
                await core.summary.addRaw(result.summary).write();
                if (result.outcome.reason !== 'completed')
                    core.setFailed(`warden: ${(0,outcome/* describeOutcome */.S)(result.outcome)}`);
            },
        });
        return code;
    }
    catch (err) {
        if (err instanceof usage_error/* UsageError */.e) {
            core.setFailed(`warden: ${err.message}`);
            return 2;
        }
        core.setFailed(`warden: internal error: ${err.stack ?? String(err)}`);
        return 1;
    }
}


/***/ })

};
