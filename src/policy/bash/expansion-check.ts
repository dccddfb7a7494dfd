/**
 * The operator of a `${…}` expansion, read as bash reads it: operands run substitutions (walked
 * like any word), offsets and lengths are arithmetic (`${x:off:len}`), `${!x}` follows a name and
 * `${x@P}` runs a prompt string. An operator this table does not know is refused.
 */
import type { ArithmeticTracker } from './arithmetic-safety.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

export interface ExpansionVerdict {
  /** Why the expansion is refused, or null. */
  failure: string | null;
  /** A variable the expansion assigns (`${x:=v}`, `${x=v}`): its value is no longer known. */
  assigns: string | null;
}

/** Defaults and alternatives: the operand is a word, walked as such. */
const WORD_OPERATORS = new Set([':-', '-', ':=', '=', ':?', '?', ':+', '+']);
/** Patterns: removal, replacement and case modification. */
const PATTERN_OPERATORS = new Set(['#', '##', '%', '%%', '/', '//', '/#', '/%', '^', '^^', ',', ',,']);
/** Transformations that only quote or describe the value (`@P` runs it as a prompt string). */
const SAFE_TRANSFORMS = new Set(['Q', 'E', 'A', 'a', 'U', 'u', 'L', 'K', 'k']);
const PARAMETER = new Set(['variable_name', 'special_variable_name', 'subscript']);

const ok = (assigns: string | null = null): ExpansionVerdict => ({ failure: null, assigns });
const refuse = (failure: string): ExpansionVerdict => ({ failure, assigns: null });

/** The index of a subscript node, as written (`@` in `a[@]`). */
function subscriptIndex(node: SyntaxNode): string | null {
  return node.type === 'subscript' ? (node.childForFieldName('index')?.text ?? null) : null;
}

export function checkExpansion(node: SyntaxNode, arithmetic: ArithmeticTracker): ExpansionVerdict {
  const kids = node.children;
  const text = node.text;
  if (kids[0]?.type !== '${' || kids.at(-1)?.type !== '}') return refuse(`\`${text}\` is not an expansion the analysis can read`);
  let i = 1;
  const prefix = kids[i]?.isNamed === false && (kids[i]?.type === '!' || kids[i]?.type === '#') ? (kids[i++] as SyntaxNode).type : null;
  const param = kids[i] !== undefined && PARAMETER.has((kids[i] as SyntaxNode).type) ? (kids[i++] as SyntaxNode) : null;
  const rest = kids.slice(i, -1);
  const op = rest[0];
  if (op === undefined) {
    if (prefix !== '!' || param === null) return ok();
    // `${!a[@]}` lists the keys; any other `${!x}` expands the variable that x names.
    const index = subscriptIndex(param);
    if (index === '@' || index === '*') return ok();
    return refuse(`\`${text}\` expands the variable whose name is stored in \`${param.text}\`; bash evaluates a subscript in that name (a[$(cmd)] runs cmd), so the analysis cannot tell what it runs`);
  }
  if (op.isNamed) return refuse(`\`${text}\` has a part after the name that the analysis does not know`);
  if (prefix === '!') {
    if ((op.type === '*' || op.type === '@') && rest.length === 1 && param?.type === 'variable_name') return ok(); // names with a prefix
    return refuse(`\`${text}\` expands the variable whose name is stored in \`${param?.text ?? ''}\`, which the analysis cannot follow`);
  }
  if (prefix === '#') return refuse(`\`${text}\` combines a length with an operator, which the analysis does not read`);
  if (WORD_OPERATORS.has(op.type)) {
    return ok((op.type === '=' || op.type === ':=') && param?.type === 'variable_name' ? param.text : null);
  }
  if (PATTERN_OPERATORS.has(op.type)) return ok();
  if (op.type === '@') {
    const transform = rest[1];
    if (rest.length === 2 && transform !== undefined && !transform.isNamed && SAFE_TRANSFORMS.has(transform.type)) return ok();
    return refuse(`\`${text}\` uses a parameter transformation that can run commands stored in the variable (only @Q, @E, @A, @a, @U, @u, @L, @K and @k are read)`);
  }
  if (op.type === ':') {
    // `${x:offset}`, `${x:offset:length}`: both are arithmetic.
    const operands = rest.slice(1).filter((n) => n.isNamed);
    const strays = rest.slice(1).filter((n) => !n.isNamed && n.type !== ':');
    if (strays.length > 0 || rest.filter((n) => n.type === ':').length > 2) return refuse(`\`${text}\` has an offset the analysis cannot read`);
    return { failure: arithmetic.operands(operands, text), assigns: null };
  }
  return refuse(`\`${text}\` uses the operator \`${op.type}\`, which the analysis does not know`);
}
