/*
 * Loads web-tree-sitter's CommonJS build. ncc bundles a plain `require` from a CommonJS file
 * (the package's ESM build breaks under ncc and gets its wasm corrupted; see build notes §2).
 * Written as script-style CommonJS rather than `import x = require()` / `export =` because vitest
 * does not transform `.cts` files: this file must also be valid JavaScript. The loader types it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment -- the point of this file: the CommonJS build, typed by the loader
module.exports = require('web-tree-sitter');
