/**
 * Redirections as the decision needs them: `>`, `>>`, `>|`, `&>`, `&>>`, `>&file`, `n>file` are
 * writes; `<file` is a read; `2>&1` and `>&-` duplicate or close descriptors; heredocs and
 * here-strings are data in the command line, and their text is kept for shells that run it.
 */
import type { Redirect } from './bash-types.js';
import { literalWord, wordFromNode } from './shell-words.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

/** Adds the redirection(s) in `node` to `out`; returns heredoc or here-string stdin if any. */
export function collectRedirect(node: SyntaxNode, out: Redirect[]): { text: string | null } | undefined {
  if (node.type === 'heredoc_redirect') {
    out.push({ op: '<<', kind: 'inline', target: null });
    let stdin: { text: string | null } | undefined;
    for (const child of node.children) {
      if (child.type === 'file_redirect' || child.type === 'herestring_redirect') collectRedirect(child, out);
      if (child.type === 'heredoc_body') stdin = { text: heredocText(node, child) };
    }
    return stdin ?? { text: '' };
  }
  if (node.type === 'herestring_redirect') {
    out.push({ op: '<<<', kind: 'inline', target: null });
    const word = node.namedChildren[0];
    const value = word === undefined ? literalWord('') : wordFromNode(word);
    return { text: value.dynamic ? null : `${value.value}\n` };
  }
  const dest = node.childForFieldName('destination');
  const op = node.children.find((c) => !c.isNamed)?.text ?? '>';
  if (dest === null) {
    out.push({ op, kind: 'dup', target: null });
    return undefined;
  }
  const target = wordFromNode(dest);
  let kind: Redirect['kind'];
  if (target.pipe) kind = 'pipe';
  else if ((op === '>&' || op === '<&') && /^(\d+-?|-)$/.test(dest.text)) kind = 'dup';
  else kind = op.startsWith('<') && op !== '<>' ? 'read' : 'write';
  out.push({ op, kind, target });
  return undefined;
}

/** The text a heredoc feeds to stdin; null when bash would expand something inside it first. */
function heredocText(redirect: SyntaxNode, body: SyntaxNode): string | null {
  const start = redirect.children.find((c) => c.type === 'heredoc_start')?.text ?? '';
  const quoted = /['"\\]/.test(start);
  const text = body.text;
  if (quoted) return text;
  if (body.namedChildren.some((c) => c.type !== 'heredoc_content') || /[\\$`]/.test(text)) return null;
  return text;
}
