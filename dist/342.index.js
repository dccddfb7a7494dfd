export const id = 342;
export const ids = [342];
export const modules = {

/***/ 342:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runAction: () => (/* binding */ runAction)
/* harmony export */ });
/**
 * The GitHub Action entry. Until GitHub delivery lands this only explains itself: the action
 * runs, fails clearly, and points at the CLI, rather than pretending to do work.
 */
async function runAction() {
    const core = await __webpack_require__.e(/* import() */ 421).then(__webpack_require__.bind(__webpack_require__, 6421));
    core.setFailed('warden: the GitHub Action entry is not implemented yet; run `npx warden-ci run --prompt …` in a step instead.');
    return 1;
}


/***/ })

};
