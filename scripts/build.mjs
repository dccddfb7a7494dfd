// Build: tsc to lib/, then ncc bundles lib/index.js into dist/, then the wasm assets that the
// bundle loads at run time are copied beside it (ncc would corrupt them; see CONTRIBUTING.md).
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (file, args) => execFileSync(file, args, { cwd: root, stdio: 'inherit' });

rmSync(join(root, 'lib'), { recursive: true, force: true });
rmSync(join(root, 'dist'), { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.json']);
// The published JSON Schemas come from the zod schemas just compiled (tests check the committed copies).
await (await import(join(root, 'lib', 'policy', 'index.js'))).writePolicyJsonSchema(join(root, 'schema', 'warden-policy.schema.json'));
(await import(join(root, 'lib', 'outbox', 'index.js'))).writeOutboxSchemas(root);
// --license: the licence texts of every package bundled, beside index.js (MIT and most others ask
// that their notice travel with the code).
run(bin('ncc'), ['build', 'lib/index.js', '-o', 'dist', '-m', '--no-source-map-register', '--license', 'licenses.txt', '--quiet']);
// ncc's -m minifies index.js only, not the chunks it splits off, and those (the SDK, zod, our own
// code: 3.5 MB as written) are parsed before the first model request: minified they are half the
// size and start-up is about 50 ms shorter (bench/first-request.mjs). Same options as ncc's own.
for (const chunk of readdirSync(join(root, 'dist')).filter((name) => /^\d+\.index\.js$/.test(name))) {
  const file = join(root, 'dist', chunk);
  const out = await minify(readFileSync(file, 'utf8'), { module: true, compress: false, mangle: { keep_classnames: true, keep_fnames: true } });
  if (out.code === undefined) throw new Error(`terser produced nothing for ${chunk}`);
  writeFileSync(file, out.code);
}

const assets = [
  ['node_modules/web-tree-sitter/web-tree-sitter.wasm', 'web-tree-sitter.wasm'],
  ['node_modules/tree-sitter-bash/tree-sitter-bash.wasm', 'tree-sitter-bash.wasm'],
];
for (const [from, to] of assets) copyFileSync(join(root, from), join(root, 'dist', to));
// The grammar is copied, not bundled, so ncc did not list it: its notice is added in ncc's format.
const grammar = JSON.parse(readFileSync(join(root, 'node_modules/tree-sitter-bash/package.json'), 'utf8'));
appendFileSync(join(root, 'dist', 'licenses.txt'), `\n\n${grammar.name}\n${grammar.license}\n${readFileSync(join(root, 'node_modules/tree-sitter-bash/LICENSE'), 'utf8')}`);
writeFileSync(join(root, 'dist', 'package.json'), '{ "type": "module" }\n');

const entry = join(root, 'dist', 'index.js');
const code = readFileSync(entry, 'utf8');
if (!code.startsWith('#!')) writeFileSync(entry, `#!/usr/bin/env node\n${code}`);
chmodSync(entry, 0o755);
