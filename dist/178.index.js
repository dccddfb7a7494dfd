export const id = 178;
export const ids = [178];
export const modules = {

/***/ 8178:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const MemoryStorage = __webpack_require__(1534);

module.exports = MemoryStorage;


/***/ })

};
