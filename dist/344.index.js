export const id = 344;
export const ids = [344];
export const modules = {

/***/ 8344:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runAction: () => (/* binding */ runAction)
/* harmony export */ });
/* harmony import */ var _config_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(499);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var _log_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4355);
/* harmony import */ var _outbox_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9794);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5623);
/* harmony import */ var _execute_run_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6955);
/* harmony import */ var _terminal_safe_io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2931);







/**
 * The GitHub Action entry: the inputs become a `warden run`, the outcome becomes step outputs
 * and the job summary. The step fails when the run did not complete.
 */
async function runAction() {
    const core = await __webpack_require__.e(/* import() */ 421).then(__webpack_require__.bind(__webpack_require__, 6421));
    const io = (0,_terminal_safe_io_js__WEBPACK_IMPORTED_MODULE_6__/* .terminalSafeIo */ .o)((0,_config_index_js__WEBPACK_IMPORTED_MODULE_0__/* .realProcessIo */ .k2)());
    // setFailed writes a workflow command itself; what goes into it must not carry escape sequences.
    const fail = (message) => core.setFailed((0,_log_index_js__WEBPACK_IMPORTED_MODULE_2__/* .terminalSafe */ .kJ)(`warden: ${message}`));
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
        const invocation = (0,_config_index_js__WEBPACK_IMPORTED_MODULE_0__/* .actionInvocation */ .J6)((name) => core.getInput(name), io.env);
        const config = (0,_config_index_js__WEBPACK_IMPORTED_MODULE_0__/* .parseRunConfig */ .tn)(invocation.args, invocation.env, invocation.cwd);
        if (config === 'help')
            return 0;
        const code = await (0,_execute_run_js__WEBPACK_IMPORTED_MODULE_5__/* .executeRun */ .l)(config, io, {
            allowSudoFix: true,
            registerSecret: mask,
            onResult: async (result, summary, outDir) => {
                core.setOutput('outcome', result.outcome.reason);
                core.setOutput('verdict', result.verdict);
                core.setOutput('transcript', result.transcriptPath);
                core.setOutput('summary', (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(outDir, _outbox_index_js__WEBPACK_IMPORTED_MODULE_3__/* .OUTBOX_FILES */ .K2.summary));
                core.setOutput('outbox', outDir);
                if (result.structuredOutput !== undefined)
                    core.setOutput('structured_output', JSON.stringify(result.structuredOutput));
                core.setOutput('files_changed', result.filesChanged.join('\n'));
                core.setOutput('turns', String(result.turns));
                await core.summary.addRaw(summary).write();
                if (result.outcome.reason !== 'completed')
                    fail((0,_report_index_js__WEBPACK_IMPORTED_MODULE_4__/* .describeOutcome */ .SS)(result.outcome));
            },
        });
        return code;
    }
    catch (err) {
        if (err instanceof _config_index_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb) {
            fail(err.message);
            return 2;
        }
        fail(`internal error: ${err.stack ?? String(err)}`);
        return 1;
    }
}


/***/ })

};
