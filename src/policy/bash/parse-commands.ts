/**
 * Walks a tree-sitter-bash syntax tree and lists, in source order, every simple command anywhere
 * in it (lists, pipelines, subshells, groups, `$()`, backticks, `<()`, heredocs, function bodies,
 * loops, `case`, `if`), with its words, prefix assignments and redirections; plus the variable
 * assignments and function definitions the decision needs. Anything the walk cannot read with
 * certainty is a structural failure: the caller denies the whole command line.
 */
import type { EnvAssignment, ParsedCommand, Redirect, ShellWord, SyntaxEvent, WalkResult } from './bash-types.js';
import { ArithmeticTracker } from './arithmetic-safety.js';
import { checkExpansion } from './expansion-check.js';
import { misparse, tokenMisread } from './misparse-checks.js';
import { mainShellChildren } from './main-shell.js';
import { variablesSetBy } from './name-contexts.js';
import { nameSource } from './name-sources.js';
import { collectRedirect } from './parse-redirects.js';
import { assignedName, assignment, declaration, forStatement, testCommand, type StatementSink } from './parse-statements.js';
import { dynamicWord, literalWord, wordFromNode } from './shell-words.js';
import { withBashTree, type SyntaxNode } from './tree-sitter-loader.js';

/** Characters bash and tree-sitter may disagree about: controls, odd spaces, invisible marks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SUSPICIOUS = /[\0-\x08\x0b-\x1f\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;
/** A line continuation inside a word (`r\⏎m`): bash joins it, the grammar splits it. */
const JOINING_CONTINUATION = /[^\s]\\\n[^\s]/;
const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
/** Nodes with nothing to find beneath them (words are read through their parents). */
const LEAVES = new Set(['comment', 'word', 'raw_string', 'number', 'ansi_c_string', 'string_content', 'heredoc_content', 'variable_name', 'special_variable_name', 'file_descriptor', 'heredoc_start', 'heredoc_end', 'test_operator', 'regex', 'extglob_pattern']);

const fail = (reason: string): WalkResult => ({ ok: false, reason });

/** Parses `source` and walks it, within a syntax-tree depth and a simple-command budget. */
export function walkBash(source: string, maxDepth: number, maxCommands: number): WalkResult {
  const odd = SUSPICIOUS.exec(source);
  if (odd !== null) {
    const code = odd[0].codePointAt(0)?.toString(16).padStart(4, '0') ?? '';
    return fail(`it contains the character U+${code.toUpperCase()}, which shells and parsers may read differently`);
  }
  if (JOINING_CONTINUATION.test(source)) return fail('it has a line continuation inside a word, which the parser cannot follow reliably');
  return withBashTree(source, (tree) => {
    if (tree.rootNode.hasError) return fail('it does not parse as Bash (syntax error or unsupported construct)');
    const misread = tokenMisread(tree.rootNode, source);
    if (misread !== null) return fail(misread);
    // Counted natively first, so an over-budget line is refused without walking it.
    if (tree.rootNode.descendantsOfType('command').length > maxCommands) return fail(`it has more than ${maxCommands} simple commands, more than the analysis checks`);
    return new Walker(maxDepth, maxCommands).run(tree.rootNode);
  });
}

class Walker {
  private readonly events: SyntaxEvent[] = [];
  private readonly pending = new Map<number, Redirect[]>();
  private readonly pendingStdin = new Map<number, { text: string | null }>();
  private readonly arithmetic = new ArithmeticTracker();
  private failure: string | null = null;
  private commandCount = 0;

  constructor(
    private readonly maxDepth: number,
    private readonly maxCommands: number,
  ) {}

  /** Work still to do after a node's children have been walked (see redirectedStatement). */
  private readonly after = new Map<number, () => void>();
  /** Work to do before a node is walked (the next operand of an `&&` chain). */
  private readonly before = new Map<number, () => void>();
  /** `&&` lists inside a chain already read from its top. */
  private readonly chainInner = new Set<number>();
  /** Command nodes that are operands of an `&&` chain of their own. */
  private readonly chained = new Set<number>();
  /** Command nodes piped from a command printing NUL-separated names beneath these directories. */
  private readonly pipedNames = new Map<number, ShellWord[]>();
  /** Statements the shell surely runs itself, in order (main-shell.ts). */
  private readonly main = new Set<number>();
  private nonLinear = false;

  run(root: SyntaxNode): WalkResult {
    type Step = { node: SyntaxNode; depth: number } | { then: () => void };
    const stack: Step[] = [{ node: root, depth: 0 }];
    this.main.add(root.id);
    while (stack.length > 0 && this.failure === null) {
      const step = stack.pop() as Step;
      if ('then' in step) {
        step.then();
        continue;
      }
      const { node, depth } = step;
      if (depth > this.maxDepth) return fail(`it nests deeper than ${this.maxDepth} levels`);
      this.before.get(node.id)?.();
      // A subshell runs its statements in order whether or not it runs itself (its `cd`s end with it).
      if (this.main.has(node.id) || node.type === 'subshell') for (const c of mainShellChildren(node)) this.main.add(c.id);
      if (!this.visit(node)) continue;
      const then = this.after.get(node.id);
      if (then !== undefined) stack.push({ then });
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as SyntaxNode, depth: depth + 1 });
    }
    if (this.failure !== null) return fail(this.failure);
    const arith = this.arithmetic.verdict();
    if (arith !== null) return fail(arith);
    for (const name of this.arithmetic.stored) this.events.push({ kind: 'assign', name, values: null });
    return { ok: true, events: this.events, nonLinear: this.nonLinear };
  }

  /** Handles one node; returns whether to walk its children. */
  private visit(node: SyntaxNode): boolean {
    if (!node.isNamed || LEAVES.has(node.type)) return false;
    const misread = misparse(node);
    if (misread !== null) {
      this.failure = misread;
      return false;
    }
    switch (node.type) {
      case 'command':
        if (++this.commandCount > this.maxCommands) {
          this.failure = `it has more than ${this.maxCommands} simple commands, more than the analysis checks`;
          return false;
        }
        // Bash expands a command's words (running their substitutions) before it runs it.
        this.after.set(node.id, () => this.command(node));
        return true;
      case 'redirected_statement':
        this.redirectedStatement(node);
        return true;
      case 'variable_assignment':
        assignment(node, this.statements);
        return true;
      case 'declaration_command':
      case 'unset_command':
        declaration(node, this.statements);
        return true;
      case 'test_command':
        testCommand(node, this.statements);
        return true;
      case 'function_definition': {
        this.nonLinear = true;
        const name = node.childForFieldName('name');
        if (name !== null) this.events.push({ kind: 'function', name: wordFromNode(name).value });
        return true;
      }
      case 'for_statement':
        this.nonLinear = true;
        forStatement(node, this.statements);
        return true;
      case 'while_statement':
        this.nonLinear = true;
        return true;
      case 'subshell':
        this.events.push({ kind: 'flow', flow: 'sub-open' });
        this.after.set(node.id, () => this.events.push({ kind: 'flow', flow: 'sub-close' }));
        return true;
      case 'list':
        this.andChain(node);
        return true;
      case 'pipeline':
        this.pipeline(node);
        return true;
      case 'command_substitution':
        if (node.text.startsWith('`') && node.text.includes('\\')) {
          this.failure = 'a backtick substitution contains a backslash (nested backticks are parsed differently by bash)';
        }
        this.bareRedirects(node);
        return true;
      case 'expansion': {
        const verdict = checkExpansion(node, this.arithmetic);
        this.failure = verdict.failure;
        if (verdict.assigns !== null) this.unknownValue(verdict.assigns);
        return true;
      }
      case 'c_style_for_statement':
        this.nonLinear = true;
        this.failure = this.arithmetic.context(node);
        return true;
      case 'arithmetic_expansion':
      case 'subscript':
        this.failure = this.arithmetic.context(node);
        return true;
      case 'compound_statement':
        if (node.child(0)?.type === '((') this.failure = this.arithmetic.context(node);
        return true;
      default:
        return true;
    }
  }

  /** At the top of an `a && b && c` chain: flow events around its operands (a left-leaning tree). */
  private andChain(node: SyntaxNode): void {
    const isAnd = (n: SyntaxNode | null | undefined): n is SyntaxNode => n?.type === 'list' && n.child(1)?.type === '&&';
    // Inner lists of a chain are visited after its top (pre-order); asking for a node's parent is
    // slow in web-tree-sitter, so the top records them instead.
    if (this.chainInner.has(node.id) || !isAnd(node)) return;
    const operands: SyntaxNode[] = [];
    let n: SyntaxNode = node;
    while (isAnd(n)) {
      const right = n.child(2);
      if (right !== null) operands.unshift(right);
      n = n.child(0) as SyntaxNode;
      if (isAnd(n)) this.chainInner.add(n.id);
    }
    operands.unshift(n);
    this.events.push({ kind: 'flow', flow: 'and-open' });
    for (const [k, op] of operands.entries()) {
      const command = op.type === 'redirected_statement' ? op.childForFieldName('body') : op;
      if (command?.type === 'command') this.chained.add(command.id);
      if (k > 0) this.before.set(op.id, () => this.events.push({ kind: 'flow', flow: 'and-next' }));
    }
    this.after.set(node.id, () => this.events.push({ kind: 'flow', flow: 'and-close' }));
  }

  /** Each stage of `a | b` whose stdin comes from a command printing names (find -print0 …). */
  private pipeline(node: SyntaxNode): void {
    const stages = node.namedChildren.map((c) => (c.type === 'redirected_statement' ? c.childForFieldName('body') : c));
    for (let k = 1; k < stages.length; k++) {
      const prev = stages[k - 1];
      const cur = stages[k];
      if (prev?.type !== 'command' || cur?.type !== 'command') continue;
      const name = prev.childForFieldName('name')?.namedChildren[0];
      if (name === undefined) continue;
      const roots = nameSource([wordFromNode(name), ...prev.childrenForFieldName('argument').map((a) => wordFromNode(a))]);
      if (roots !== null) this.pipedNames.set(cur.id, roots);
    }
  }

  /** A variable set in a way the analysis cannot follow: its value is unknown from here on. */
  private unknownValue(name: string): void {
    this.arithmetic.assignedUnknown(name);
    this.events.push({ kind: 'assign', name, values: null });
  }

  private push(command: ParsedCommand): void {
    this.events.push({ kind: 'command', command });
  }

  private command(node: SyntaxNode): void {
    const words: ShellWord[] = [];
    const env: EnvAssignment[] = [];
    const redirects = this.pending.get(node.id) ?? [];
    let stdin = this.pendingStdin.get(node.id);
    for (const child of node.children) {
      if (child.type === 'variable_assignment') {
        const value = child.childForFieldName('value');
        env.push({ name: assignedName(child), value: value === null ? literalWord('') : wordFromNode(value) });
      } else if (REDIRECT_TYPES.has(child.type)) {
        stdin = collectRedirect(child, redirects) ?? stdin;
      }
    }
    const name = node.childForFieldName('name');
    const nameWord = name?.namedChildren[0];
    if (nameWord === undefined) {
      this.failure = 'a command has no name';
      return;
    }
    words.push(wordFromNode(nameWord));
    for (const arg of node.childrenForFieldName('argument')) words.push(arg.isNamed ? wordFromNode(arg) : dynamicWord(arg.text));
    const first = words[0]?.value;
    if (first === 'let') this.failure = this.arithmetic.letCommand(words.slice(1));
    for (const name of variablesSetBy(words)) this.unknownValue(name);
    const piped = this.pipedNames.get(node.id);
    const certain = this.main.has(node.id) ? { certain: true } : {};
    this.push({ words, env, redirects, stdin, role: 'command', ...(this.chained.has(node.id) ? { chained: true } : {}), ...certain, ...(piped === undefined ? {} : { pipedNames: piped }) });
  }

  private redirectedStatement(node: SyntaxNode): void {
    const redirects: Redirect[] = [];
    let stdin: { text: string | null } | undefined;
    for (const child of node.childrenForFieldName('redirect')) stdin = collectRedirect(child, redirects) ?? stdin;
    const body = node.childForFieldName('body');
    if (body?.type === 'command') {
      this.pending.set(body.id, redirects);
      if (stdin !== undefined) this.pendingStdin.set(body.id, stdin);
    } else if (redirects.length > 0) {
      // The grammar hangs `a && cd x && b > f` on the whole list; bash binds it to `b`. Judging it
      // after every command of the body sees every directory a `cd` in it may have moved to.
      this.after.set(node.id, () => this.push({ words: [], env: [], redirects, stdin, role: 'redirect' }));
    }
  }

  /**
   * `$(<file)` reads the file (and `$(>file)` truncates one): the grammar hangs the redirection
   * on the substitution itself, with no command, so it is judged as a redirection of no command.
   */
  private bareRedirects(node: SyntaxNode): void {
    const redirects: Redirect[] = [];
    for (const child of node.namedChildren) if (REDIRECT_TYPES.has(child.type)) collectRedirect(child, redirects);
    if (redirects.length > 0) this.push({ words: [], env: [], redirects, stdin: undefined, role: 'redirect' });
  }

  /** Statement readers (parse-statements.ts) emit through this. */
  private readonly statements: StatementSink = {
    arithmetic: this.arithmetic,
    emit: (event) => this.events.push(event),
    fail: (reason) => {
      this.failure ??= reason;
    },
    unknownValue: (name) => this.unknownValue(name),
  };
}
