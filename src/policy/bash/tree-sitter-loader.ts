/**
 * The Bash grammar, loaded once: `await initBashParser()` at start-up, then `parseBash` is
 * synchronous. The wasm files are looked up next to the running module first (the ncc bundle
 * copies them into `dist/`), then in `node_modules` above it (unbundled `lib/`, tests).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as WebTreeSitter from 'web-tree-sitter';
import untypedShim from './tree-sitter-shim.cjs';

type TreeSitterModule = typeof WebTreeSitter;
export type SyntaxNode = WebTreeSitter.Node;
export type SyntaxTree = WebTreeSitter.Tree;

// The shim is script-style CommonJS, which TypeScript types as an empty module: say what it is.
const treeSitter = untypedShim as TreeSitterModule;
const here = dirname(fileURLToPath(import.meta.url));

/** Finds `file` beside this module, or in `node_modules/<pkg>/` of this or a parent directory. */
export function locateAsset(pkg: string, file: string, start: string = here): string {
  const beside = join(start, file);
  if (existsSync(beside)) return beside;
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkg, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) break;
  }
  throw new Error(`cannot find ${file} beside ${start} or in node_modules/${pkg} above it`);
}

let parser: WebTreeSitter.Parser | null = null;
let loading: Promise<void> | null = null;

async function load(): Promise<void> {
  // The CommonJS build reads the free variable __dirname when it starts; ncc's ESM output has none.
  (globalThis as { __dirname?: string }).__dirname ??= here;
  const runtimeWasm = locateAsset('web-tree-sitter', 'web-tree-sitter.wasm');
  await treeSitter.Parser.init({ locateFile: () => runtimeWasm });
  const language = await treeSitter.Language.load(locateAsset('tree-sitter-bash', 'tree-sitter-bash.wasm'));
  const p = new treeSitter.Parser();
  p.setLanguage(language);
  // The first parse starts V8's wasm tier-up; a child process spawned in that same macrotask
  // was measured to take ~1 s to start (build-notes §2, problem 6). Parse once here and let one
  // timer tick pass, so the agent's first command does not pay for it.
  p.parse('ls -la && cat package.json | wc -l')?.delete();
  await new Promise((resolve) => setTimeout(resolve, 0));
  parser = p;
}

/** Loads the grammar once; later calls return the same promise. */
export function initBashParser(): Promise<void> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export function isBashParserReady(): boolean {
  return parser !== null;
}

/**
 * Parses synchronously and hands the tree to `use`; the tree lives in wasm memory and is freed
 * afterwards, so nothing from it may escape `use`. Throws if `initBashParser()` has not completed.
 */
export function withBashTree<T>(source: string, use: (tree: SyntaxTree) => T): T {
  if (parser === null) throw new Error('the Bash parser is not loaded: await initBashParser() first');
  const tree = parser.parse(source);
  if (tree === null) throw new Error('the Bash parser returned no tree');
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}
