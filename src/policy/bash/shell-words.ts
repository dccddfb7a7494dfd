/**
 * From a tree-sitter word node to a ShellWord: quote removal done the way bash does it, and
 * everything that depends on run-time state (expansions, substitutions, brace expansion) marked
 * dynamic instead of guessed.
 */
import type { EnvAssignment, ShellWord } from './bash-types.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

/** A word fully known statically. */
export function literalWord(value: string): ShellWord {
  return { value, dynamic: false, glob: false, tilde: false, pipe: false, variable: null };
}

const INPUT = '<stdin';

/**
 * File names a command takes from data the analysis cannot read: `xargs` input, a file of names
 * (`--files0-from`, `tar -T`), object names on stdin. `source` names them in messages; `binding`
 * is set when the names are known to lie beneath some directories (`find src -print0 | xargs -0`),
 * and is the variable those directories are bound to. Unbound, such a word matches no literal in
 * an allow rule, and as a file operand it is an unseen read (decide-bash.ts).
 */
export function inputWord(source = 'stdin', binding: string | null = null): ShellWord {
  return dynamicWord(`<${source}>`, { name: binding ?? INPUT, quoted: true });
}

export function isInputWord(w: ShellWord): boolean {
  return w.dynamic && (w.variable?.name.startsWith(INPUT) ?? false);
}

/** The `NAME=value` words at `words[from…]` (static ones only), and the index of the first other word. */
export function leadingAssignments(words: readonly ShellWord[], from = 0, keepLast = false): { assignments: EnvAssignment[]; index: number } {
  const assignments: EnvAssignment[] = [];
  let i = from;
  for (; i < words.length - (keepLast ? 1 : 0); i++) {
    const w = words[i] as ShellWord;
    const m = /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(w.value);
    if (m === null || w.dynamic) break;
    assignments.push({ name: m[1] as string, value: literalWord(m[2] as string) });
  }
  return { assignments, index: i };
}

/** A word whose value is only known at run time; `raw` is its source text. */
export function dynamicWord(raw: string, variable: ShellWord['variable'] = null, pipe = false): ShellWord {
  return { value: raw, dynamic: true, glob: false, tilde: false, pipe, variable };
}

/**
 * Pieces of a word: the value after quote removal, and `live`, the same string with every quoted
 * or escaped character replaced by NUL, so glob, brace and tilde detection sees only what the
 * shell would interpret.
 */
interface Pieces {
  value: string;
  live: string;
  dynamic: boolean;
}

const QUOTED = '\0';

function bare(text: string): Pieces {
  let value = '';
  let live = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      i++;
      if (next === undefined || next === '\n') continue;
      value += next;
      live += QUOTED;
      continue;
    }
    value += c;
    live += c;
  }
  // `$name`, `${`, `$(` or a backtick the grammar left inside a word: never trust it as literal.
  return { value, live, dynamic: /\$[\w{(@*#?!$-]|`/.test(live) };
}

function doubleQuoted(text: string): Pieces {
  let value = '';
  let unescaped = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length && '$`"\\\n'.includes(text[i + 1] as string)) {
      const next = text[i + 1] as string;
      i++;
      if (next !== '\n') value += next;
      unescaped += QUOTED;
      continue;
    }
    value += c;
    unescaped += c;
  }
  return { value, live: QUOTED.repeat(value.length), dynamic: /\$[\w{(@*#?!$-]|`/.test(unescaped) };
}

function variableOf(node: SyntaxNode): string | null {
  const named = node.namedChildren;
  if (named.length !== 1) return null;
  const only = named[0];
  if (only?.type !== 'variable_name') return null;
  // `${x}` must be exactly the braces and the name: no operator, index or transformation.
  if (node.type === 'expansion' && node.text !== `\${${only.text}}`) return null;
  return only.text;
}

function piecesOf(node: SyntaxNode): Pieces | null {
  switch (node.type) {
    case 'word':
      return bare(node.text);
    case 'number':
      return { value: node.text, live: node.text, dynamic: false };
    case 'raw_string':
      return { value: node.text.slice(1, -1), live: QUOTED.repeat(Math.max(0, node.text.length - 2)), dynamic: false };
    case 'ansi_c_string': {
      // Escapes are not decoded: `$'\x72m'` is only known at run time (docs/policy.md).
      const body = node.text.slice(2, -1);
      return body.includes('\\') ? null : { value: body, live: QUOTED.repeat(body.length), dynamic: false };
    }
    case 'string':
      return stringPieces(node);
    case 'concatenation': {
      let value = '';
      let live = '';
      let dynamic = false;
      for (const part of node.children) {
        const p = piecesOf(part);
        if (p === null) return null;
        value += p.value;
        live += p.live;
        dynamic ||= p.dynamic;
      }
      return { value, live, dynamic };
    }
    default:
      return null;
  }
}

/** A double-quoted string: literal content and gaps decoded; any expansion inside makes it dynamic. */
function stringPieces(node: SyntaxNode): Pieces | null {
  const start = node.startIndex + 1;
  const end = node.endIndex - 1;
  const whole = node.text;
  let at = start;
  let value = '';
  let dynamic = false;
  const literal = (from: number, to: number): void => {
    if (to <= from) return;
    const p = doubleQuoted(whole.slice(from - node.startIndex, to - node.startIndex));
    value += p.value;
    dynamic ||= p.dynamic;
  };
  for (const child of node.children) {
    if (child.startIndex < start || child.endIndex > end) continue; // the quotes themselves
    literal(at, child.startIndex);
    if (child.type === 'string_content') literal(child.startIndex, child.endIndex);
    else if (child.type === '$') value += '$';
    else return null;
    at = child.endIndex;
  }
  literal(at, end);
  return { value, live: QUOTED.repeat(value.length), dynamic };
}

const BRACE_EXPANSION = /\{[^{}\0]*(,|\.\.)[^{}\0]*\}/;

/** The ShellWord for a word node (argument, command name, redirect target, assignment value). */
export function wordFromNode(node: SyntaxNode): ShellWord {
  const raw = node.text;
  if (node.type === 'simple_expansion' || node.type === 'expansion') return dynamicWord(raw, nameOrNull(node, false));
  if (node.type === 'process_substitution') return dynamicWord(raw, null, true);
  if (node.type === 'string' && node.namedChildren.length === 1) {
    const inner = node.namedChildren[0];
    if (inner !== undefined && (inner.type === 'simple_expansion' || inner.type === 'expansion') && raw === `"${inner.text}"`) {
      return dynamicWord(raw, nameOrNull(inner, true));
    }
  }
  const p = piecesOf(node);
  if (p === null || p.dynamic || BRACE_EXPANSION.test(p.live)) return dynamicWord(raw);
  return { value: p.value, dynamic: false, glob: /[*?[]/.test(p.live), tilde: p.live.startsWith('~'), pipe: false, variable: null };
}

function nameOrNull(node: SyntaxNode, quoted: boolean): ShellWord['variable'] {
  const name = variableOf(node);
  return name === null ? null : { name, quoted };
}
