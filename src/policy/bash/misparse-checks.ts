/**
 * Tree shapes bash never produces: where tree-sitter-bash builds one, with no ERROR node, its
 * reading of the line is not bash's, so the analysis must refuse the line rather than trust it.
 * All were found by the differential test against real bash (test/policy/bash-differential.test.ts).
 */
import type { SyntaxNode } from './tree-sitter-loader.js';

const SIMPLE_COMMAND_TYPES = new Set(['command', 'declaration_command', 'unset_command', 'test_command']);
/** Nodes whose children are separate shell words (or redirections), never parts of one word. */
const WORD_LIST_TYPES = new Set([...SIMPLE_COMMAND_TYPES, 'for_statement', 'case_statement', 'case_item', 'file_redirect', 'herestring_redirect', 'redirected_statement']);
const WORDISH = new Set(['command_name', 'variable_assignment', 'variable_name', 'word', 'string', 'raw_string', 'ansi_c_string', 'concatenation', 'simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'number', 'translated_string', 'brace_expression']);
const REDIRECTS = new Set(['file_redirect', 'herestring_redirect', 'heredoc_redirect']);

/** Why the grammar's reading of `node` cannot be bash's, or null. */
export function misparse(node: SyntaxNode): string | null {
  if (SIMPLE_COMMAND_TYPES.has(node.type) && spansUnquotedNewline(node)) {
    return 'the parser read words from two lines as one command, which bash never does; the line is ambiguous';
  }
  if (WORD_LIST_TYPES.has(node.type) && splitsOneWord(node)) {
    return 'the parser split what bash reads as one word (such as a quoted string and a backslash escape after it) in two; the line is ambiguous';
  }
  if (node.type === 'variable_assignment' && /\s/.test(node.childForFieldName('name')?.text ?? '')) {
    return 'the parser read an assignment with a blank in its subscript (`a[ 1]=x`), which bash reads as a command; the line is ambiguous';
  }
  if (node.type === 'heredoc_redirect' && /[;&|()<>\s]/.test(node.children.find((c) => c.type === 'heredoc_start')?.text ?? '')) {
    return 'a heredoc delimiter runs into an operator (`<<E;`), which the parser takes as part of the delimiter and bash does not';
  }
  if (node.type === 'heredoc_redirect' && hidesSubstitution(node)) {
    return "a heredoc with an unquoted delimiter contains a command substitution (`…` or $(…)) that bash would run but the parser reads as plain text; quote the delimiter (<<'EOF') if the body is meant as text";
  }
  if (node.type === 'heredoc_redirect' && endsInsideLine(node)) {
    return 'the parser ended a heredoc at a line that is not its delimiter alone (such as ` E)` inside `$(…)`); bash reads on, so the line is ambiguous';
  }
  if (node.type === 'heredoc_redirect' && bodyStartsLate(node)) {
    return 'the parser started a heredoc body after a later line than bash does (a pipeline continued on the next line); the line is ambiguous';
  }
  return null;
}

/** An unquoted heredoc body holding `` `cmd` `` or `$(cmd)` (after a leading tab) the grammar left as text. */
function hidesSubstitution(node: SyntaxNode): boolean {
  const start = node.children.find((c) => c.type === 'heredoc_start')?.text ?? '';
  if (/['"\\]/.test(start)) return false;
  return node.children.some((c) => {
    if (c.type !== 'heredoc_body') return false;
    if (c.text.includes('`')) return true;
    const written = c.text.match(/\$\((?!\()/g)?.length ?? 0;
    return written > c.descendantsOfType('command_substitution').length;
  });
}

/** A heredoc ended at a line that is not its delimiter alone (`<<-"E"` inside `$(…)` ended at ` E)`, seed 14). */
function endsInsideLine(node: SyntaxNode): boolean {
  const end = node.children.find((c) => c.type === 'heredoc_end');
  if (end === undefined) return false;
  const source = node.tree.rootNode.text;
  const lineStart = source.lastIndexOf('\n', end.startIndex - 1) + 1;
  const before = source.slice(lineStart, end.startIndex);
  const stripTabs = /^<<-/.test(node.children.find((c) => !c.isNamed)?.text ?? '');
  const after = source[end.endIndex];
  return !(before === '' || (stripTabs && /^\t+$/.test(before))) || (after !== undefined && after !== '\n' && after !== '\r');
}

/** A body starting later than the line after `<<E` (`cat <<E |⏎E⏎echo; rm x <<E⏎E` hid `rm`). */
function bodyStartsLate(node: SyntaxNode): boolean {
  const start = node.children.find((c) => c.type === 'heredoc_start');
  const body = node.children.find((c) => c.type === 'heredoc_body');
  if (start === undefined || body === undefined) return false;
  const between = node.text.slice(start.endIndex - node.startIndex, body.startIndex - node.startIndex);
  return between.split('\n').length > 2;
}

/** Does some pair of adjacent children satisfy `test`? */
function anyPair(node: SyntaxNode, test: (prev: SyntaxNode, next: SyntaxNode) => boolean): boolean {
  const kids = node.children;
  return kids.some((next, i) => i > 0 && test(kids[i - 1] as SyntaxNode, next));
}

/**
 * A newline between two words of one command: bash never continues a command so, but the grammar
 * joined `a | b | echo hi\nrm -rf / || c` into one `echo` with no ERROR node.
 */
const spansUnquotedNewline = (node: SyntaxNode): boolean => anyPair(node, (prev, next) => node.text.slice(prev.endIndex - node.startIndex, next.startIndex - node.startIndex).includes('\n'));

/**
 * A word starting right where a word or redirection ends, which bash reads as one word: the grammar
 * split `"r"\m -rf x` (bash runs `rm -rf x`), `x="a"\b rm …`, `cat <".en"\v`, and `''\$` (a lone
 * `$` is an unnamed argument).
 */
function splitsOneWord(node: SyntaxNode): boolean {
  const args = new Set(node.childrenForFieldName('argument').map((c) => c.id));
  return anyPair(node, (prev, next) => prev.endIndex === next.startIndex && (WORDISH.has(next.type) || args.has(next.id)) && (WORDISH.has(prev.type) || REDIRECTS.has(prev.type)));
}

/**
 * Misreads visible only token by token, or null:
 * - text between two tokens holding a backslash that does not start a line continuation:
 *   tree-sitter-bash skips `\ ` and `\<tab>` between words as if they were blanks, where bash
 *   starts a word with an escaped blank (`grep \ -e .env` read as `grep -e .env`, no file, while
 *   bash runs grep with the pattern ` -e` on `.env`);
 * - a bare word holding a newline: after a comment inside a pipeline, `\rm` on the next line was
 *   read as an argument of the command before the comment (`a | b # c⏎\rm -rf x`);
 * - a bare word holding an unescaped blank: `echo ] ]` and `echo } {` were read as one argument;
 * - an unescaped backtick inside a word or operator token: two substitutions read as one;
 * - a `$'…'` string the grammar ends elsewhere than bash (it reads `\\'` as an escaped quote).
 */
export function tokenMisread(root: SyntaxNode, source: string): string | null {
  let end = 0;
  const stack: SyntaxNode[] = [root];
  const hidesEscape = (gap: string): boolean => /\\(?!\r?\n)/.test(gap);
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (node.childCount === 0) {
      if (hidesEscape(source.slice(end, node.startIndex))) return ESCAPED_BLANK;
      if (node.type === 'word' && node.text.includes('\n')) return 'the parser read text from two lines as one word, which bash never does; the line is ambiguous';
      if (node.type === 'word' && /(?:^|[^\\])(?:\\\\)*[ \t]/.test(node.text)) return 'the parser read two words as one (`] ]`, `} {`), which bash never does; the line is ambiguous';
      // Unescaped, a backtick always opens a substitution: inside a word or an operator token it means
      // two substitutions were misread as one (`` $(echo `a` `b`) `` read `b` as text).
      if (MAY_NOT_HOLD_BACKTICK(node) && /(?:^|[^\\])(?:\\\\)*`/.test(node.text)) return 'the parser read a backtick substitution as part of a word; the line is ambiguous';
      if (node.type === 'ansi_c_string' && ansiCEnd(node.text) !== node.text.length - 1) return "the parser ended a `$'…'` string elsewhere than bash does (a backslash before its closing quote); the line is ambiguous";
      if (HIDES_EXPANSION.has(node.type) && UNPARSED_EXPANSION.test(node.text)) {
        return `the parser read \`${node.text}\` as plain text, where bash would expand it (a command substitution or expansion inside a pattern, such as \`\${x%%$(cmd)}\`); the line is refused`;
      }
      end = Math.max(end, node.endIndex);
      continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.child(i) as SyntaxNode);
  }
  return hidesEscape(source.slice(end)) ? ESCAPED_BLANK : null;
}

/** Leaf tokens bash still expands (the grammar leaves `${x%%…}`, `[[ =~ ]]`, `case` patterns as text). */
const HIDES_EXPANSION = new Set(['regex', 'extglob_pattern', 'word', 'string_content']);
const UNPARSED_EXPANSION = /(?:^|[^\\])(?:\\\\)*(?:\$[({[]|`)/;

/** Tokens where an unescaped backtick cannot be text (single quotes, comments and heredoc bodies can hold one). */
const MAY_NOT_HOLD_BACKTICK = (node: SyntaxNode): boolean => node.type === 'word' || node.type === 'string_content' || (!node.isNamed && node.type !== '`');

/** Where bash ends `$'…'`: at the first quote not escaped by a backslash (`\\` escapes itself). */
function ansiCEnd(text: string): number {
  let i = 2;
  while (i < text.length && text[i] !== "'") i += text[i] === '\\' ? 2 : 1;
  return i;
}

const ESCAPED_BLANK = 'it has a backslash-escaped blank between words, which the parser skips and bash keeps as part of a word';
