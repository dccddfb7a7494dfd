/**
 * Which statements the shell surely runs itself, once, in written order: the top level, `{ … }`
 * groups and the inside of a `( … )` subshell (the walker brackets a subshell, after which the
 * directory is the one before it), but not what is sent to the background with `&`; the first
 * operand of an `&&`/`||` list; the body of a statement whose redirections cannot fail. Everything else — pipeline stages, subshells,
 * substitutions, `if`/`case` branches, later list operands, loop and function bodies — may run in
 * another shell, or not at all. Only a `cd` the shell surely runs can be taken to have moved it
 * (PathChecker.changeDirectory).
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
