/**
 * No import cycle between the folders of src/: each can be read and changed with only what lies
 * below it in mind. The graph is built from the import statements of every .ts file (type-only
 * imports included: a type is a dependency on its owner's meaning too); a node is a folder
 * (first path segment under src/) or a top-level file. eslint.boundaries.js forbids the known
 * back edges one by one; this test catches any loop the table would let through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

interface FolderGraph {
  /** node → node → one import that makes that edge, as `file: specifier`. */
  edges: Map<string, Map<string, string>>;
  files: number;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.isFile() && e.name.endsWith('.ts') ? [path] : [];
  });
}

function nodeOf(srcRoot: string, file: string): string {
  const [first = '', ...rest] = relative(srcRoot, file).split(sep);
  return rest.length === 0 ? first.replace(/\.[jt]s$/, '') : first;
}

function folderGraph(srcRoot: string): FolderGraph {
  const edges = new Map<string, Map<string, string>>();
  const files = tsFiles(srcRoot);
  for (const file of files) {
    const from = nodeOf(srcRoot, file);
    const out = edges.get(from) ?? new Map<string, string>();
    edges.set(from, out);
    // preProcessFile lists static imports, re-exports, `import type` and dynamic import() alike.
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const rel = relative(srcRoot, target);
      if (rel.startsWith('..')) continue;
      const to = nodeOf(srcRoot, target);
      if (to !== from && !out.has(to)) out.set(to, `${relative(srcRoot, file)}: ${spec}`);
    }
  }
  return { edges, files: files.length };
}

/** One cycle of the graph, as its nodes in order (the first repeated at the end), or undefined. */
function findCycle(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== undefined) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.get(node) !== undefined) continue;
    const found = visit(node);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The cycle with the import that makes each of its edges. */
function describeCycle(graph: FolderGraph, cycle: readonly string[]): string {
  return cycle.slice(1).map((to, i) => `${cycle[i]} → ${to}  (${graph.edges.get(cycle[i] ?? '')?.get(to) ?? '?'})`).join('\n');
}

const graphOf = (pairs: [string, string][]): Map<string, Map<string, string>> => {
  const edges = new Map<string, Map<string, string>>();
  for (const [from, to] of pairs) {
    edges.set(from, (edges.get(from) ?? new Map<string, string>()).set(to, `${from}.ts`));
    if (!edges.has(to)) edges.set(to, new Map());
  }
  return edges;
};

describe('findCycle', () => {
  it.each<[string, [string, string][], string[] | undefined]>([
    ['a chain', [['entry', 'runner'], ['runner', 'tools'], ['tools', 'sandbox'], ['sandbox', 'policy']], undefined],
    ['a diamond', [['entry', 'tools'], ['entry', 'policy'], ['tools', 'access'], ['policy', 'access']], undefined],
    ['the old circle', [['policy', 'tools'], ['tools', 'sandbox'], ['sandbox', 'policy']], ['policy', 'tools', 'sandbox', 'policy']],
    ['two folders', [['git', 'sandbox'], ['sandbox', 'git']], ['git', 'sandbox', 'git']],
    ['a loop below an acyclic start', [['entry', 'a'], ['a', 'b'], ['b', 'c'], ['c', 'a']], ['a', 'b', 'c', 'a']],
  ])('%s', (_name, pairs, cycle) => {
    expect(findCycle(graphOf(pairs))).toEqual(cycle);
  });
});

describe('the folders of src/ import one another without a cycle', () => {
  const graph = folderGraph(new URL('../../src', import.meta.url).pathname);

  it('reads every file and the imports between the folders', () => {
    // Not vacuous: the walk found the tree, and the folders depend on one another.
    expect(graph.files).toBeGreaterThan(300);
    expect(graph.edges.get('entry')?.size).toBeGreaterThan(8);
    expect(graph.edges.get('tools')?.has('sandbox')).toBe(true);
    expect(graph.edges.get('sandbox')?.has('policy')).toBe(true);
  });

  it('has no cycle', () => {
    const cycle = findCycle(graph.edges);
    expect(cycle === undefined ? '' : `import cycle between the folders of src/:\n${describeCycle(graph, cycle)}`).toBe('');
  });
});
