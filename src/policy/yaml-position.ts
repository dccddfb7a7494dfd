/** Mapping a path in the parsed policy (as zod reports it) back to a line and column in the YAML. */
import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export interface Position {
  line: number;
  column: number;
}

export type PathKey = string | number;

function keyOf(key: unknown): unknown {
  return isScalar(key) ? key.value : key;
}

/** The deepest node along `path` (the value node when it exists, else its nearest ancestor). */
export function nodeAt(doc: Document, path: readonly PathKey[]): { node: Node | null; complete: boolean } {
  let node: unknown = doc.contents;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyOf(p.key) === seg);
      if (pair === undefined || pair.value === null) return { node: (pair?.key as Node | undefined) ?? node, complete: false };
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg] !== undefined) {
      node = node.items[seg];
    } else {
      return { node: node as Node | null, complete: false };
    }
  }
  return { node: node as Node | null, complete: true };
}

/** The key node of `key` in the map at `path` (for unknown keys). */
export function keyNodeAt(doc: Document, path: readonly PathKey[], key: string): Node | null {
  const { node, complete } = nodeAt(doc, path);
  if (!complete || !isMap(node)) return node;
  const pair = node.items.find((p) => isPair(p) && keyOf(p.key) === key);
  return (pair?.key as Node | undefined) ?? node;
}

export function positionOf(node: Node | null, lineCounter: LineCounter, extraOffset = 0): Position {
  const start = node?.range?.[0];
  if (start === undefined) return { line: 1, column: 1 };
  return offsetPosition(start + extraOffset, lineCounter);
}

export function offsetPosition(offset: number, lineCounter: LineCounter): Position {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** Where character `offset` of a scalar's value sits in the file (exact for plain and simple quoted strings). */
export function positionInScalar(node: Node | null, offset: number, lineCounter: LineCounter): Position {
  if (!isScalar(node)) return positionOf(node, lineCounter);
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0;
  return positionOf(node, lineCounter, quoted + offset);
}

export function formatPath(path: readonly PathKey[]): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('') || '(top level)';
}
