// Module hooks that let a plain `node` child run the TypeScript sources: `.js` specifiers that
// name a `.ts` file are resolved to it, and `.ts` files are transpiled (types erased) on load.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// `.cts` files here are written to be valid JavaScript (vitest does not transform them either).
const MAPPED = [
  [/\.js$/, '.ts', 'module'],
  [/\.cjs$/, '.cts', 'commonjs'],
];

export async function resolve(specifier, context, next) {
  if (context.parentURL?.endsWith('.ts') && (specifier.startsWith('.') || specifier.startsWith('/'))) {
    for (const [from, to, format] of MAPPED) {
      if (!from.test(specifier)) continue;
      const candidate = new URL(specifier.replace(from, to), context.parentURL);
      if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, format, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.endsWith('.cts')) return { format: 'commonjs', shortCircuit: true };
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
