/**
 * Statements the shell surely runs itself, once, in order (only their `cd` can be taken to move it,
 * PathChecker.changeDirectory): the top level, `{ … }`, inside `( … )`, the first operand of an
 * `&&`/`||` list, a body whose redirections cannot fail; not `&`, pipelines, substitutions, branches,
 * later operands, loops or functions.
 */
import type { SyntaxNode } from './tree-sitter-loader.js';

/** Redirections that cannot fail: to or from /dev/null, or duplicating or closing a descriptor. */
const CANNOT_FAIL = /^(?:\d*|&)(?:>|>>|>\||&>|&>>|<)\/dev\/null$|^\d*[<>]&(?:\d+|-)$/;

/** The children of such a statement that are such statements too. */
export function mainShellChildren(node: SyntaxNode): SyntaxNode[] {
  switch (node.type) {
    case 'program':
    case 'subshell':
    case 'compound_statement': {
      const kids = node.children;
      return kids.filter((c, i) => c.isNamed && kids[i + 1]?.type !== '&');
    }
    case 'list': {
      const left = node.child(0);
      return left === null ? [] : [left];
    }
    case 'redirected_statement': {
      // A redirection that fails skips the statement (`{ cd src; } > missing/f`); only ones that cannot are kept.
      const body = node.childForFieldName('body');
      return body === null || !node.childrenForFieldName('redirect').every((r) => CANNOT_FAIL.test(r.text.replace(/\s+/g, ''))) ? [] : [body];
    }
    default:
      return [];
  }
}
