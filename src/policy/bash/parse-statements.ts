/**
 * Statements the walker reads as a whole rather than word by word: standalone assignments,
 * declaration builtins (whose operands the grammar parses as assignments), test expressions and
 * `for`/`select` heads. Each reports what it finds through a StatementSink.
 */
import type { ShellWord, SyntaxEvent } from './bash-types.js';
import type { ArithmeticTracker } from './arithmetic-safety.js';
import { arrayLiteralProblem } from './name-contexts.js';
import { dynamicWord, literalWord, wordFromNode } from './shell-words.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

/** What a statement reader reports to the walker. */
export interface StatementSink {
  arithmetic: ArithmeticTracker;
  emit: (event: SyntaxEvent) => void;
  /** The first failure wins; the walk stops at it. */
  fail: (reason: string | null) => void;
  /** A variable now holds a value the analysis cannot follow. */
  unknownValue: (name: string) => void;
}

const ARITH_COMPARISONS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const WORD_TYPES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'concatenation', 'simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'number']);

/** The variable an assignment node sets: `PATH[0]=x` sets PATH. */
export function assignedName(node: SyntaxNode): string {
  return (node.childForFieldName('name')?.text ?? '').replace(/\[[\s\S]*$/, '');
}

/** `NAME=value` as a statement of its own: the value is known for the rest of the line, or not. */
export function assignment(node: SyntaxNode, sink: StatementSink): void {
  if (node.parent?.type === 'command') return; // a prefix: recorded with its command
  const name = assignedName(node);
  const value = node.childForFieldName('value');
  const word = value === null ? literalWord('') : wordFromNode(value);
  // In `declare -A m=(…)` the declaration checks the literal, knowing whether it is associative.
  if (value?.type === 'array' && node.parent?.type !== 'declaration_command') sink.fail(arrayLiteralProblem(value, false, sink.arithmetic));
  sink.arithmetic.assigned(name, value);
  sink.emit({ kind: 'assign', name, values: word.dynamic || value?.type === 'array' ? null : [word] });
}

/** `export`/`declare`/`local`/`readonly`/`typeset`/`unset`: a builtin command with its words. */
export function declaration(node: SyntaxNode, sink: StatementSink): void {
  const words: ShellWord[] = [literalWord(node.child(0)?.text ?? '')];
  const associative = node.namedChildren.some((c) => /^-[a-zA-Z]*A/.test(c.text));
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') {
      const value = child.childForFieldName('value');
      if (value?.type === 'array') sink.fail(arrayLiteralProblem(value, associative, sink.arithmetic));
      const name = child.childForFieldName('name')?.text ?? '';
      const v = value === null ? literalWord('') : wordFromNode(value);
      words.push(v.dynamic ? dynamicWord(child.text) : literalWord(`${name}=${v.value}`));
    } else {
      const word = child.type === 'variable_name' ? literalWord(child.text) : wordFromNode(child);
      words.push(word);
      // `export "LD_PRELOAD=x"` assigns too; a computed word may assign anything.
      const assign = /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=([\s\S]*)$/.exec(word.value);
      if (word.dynamic && child.type !== 'variable_name') sink.fail(`\`${node.text}\` declares a variable whose name or value is computed at run time`);
      else if (assign !== null) sink.emit({ kind: 'assign', name: assign[1] as string, values: [literalWord(assign[2] as string)] });
    }
  }
  const flags = words.slice(1).filter((w) => w.value.startsWith('-') || w.value.startsWith('+'));
  if (flags.some((w) => /[ni]/.test(w.value))) {
    sink.fail(`\`${node.text}\` declares an integer or reference variable, whose assignments can run code or rename other variables`);
  }
  // `unset x`: x may now be empty, whatever the line assigned before.
  if (node.type === 'unset_command') for (const w of words.slice(1)) if (/^[A-Za-z_]\w*$/.test(w.value)) sink.unknownValue(w.value);
  sink.emit({ kind: 'command', command: { words, env: [], redirects: [], stdin: undefined, role: 'command' } });
}

/** `[ … ]`, `[[ … ]]`: one command whose words are the expression's operands and operators. */
export function testCommand(node: SyntaxNode, sink: StatementSink): void {
  const open = node.child(0)?.text ?? '[';
  const words: ShellWord[] = [literalWord(open)];
  const flatten = (n: SyntaxNode): void => {
    if (n.type === 'binary_expression' && open === '[[') {
      const op = n.childForFieldName('operator')?.text ?? '';
      if (ARITH_COMPARISONS.has(op)) sink.fail(sink.arithmetic.testOperands(n));
    }
    if (WORD_TYPES.has(n.type)) {
      words.push(wordFromNode(n));
      return;
    }
    if (n.childCount === 0) {
      words.push(literalWord(n.text)); // operators: `-f`, `==`, `!`, `]]`
      return;
    }
    for (const c of n.children) flatten(c);
  };
  for (const child of node.children.slice(1)) flatten(child);
  sink.emit({ kind: 'command', command: { words, env: [], redirects: [], stdin: undefined, role: 'command' } });
}

/** `for x in …` and `select x in …`: the values the variable takes. */
export function forStatement(node: SyntaxNode, sink: StatementSink): void {
  const variable = node.childForFieldName('variable')?.text ?? '';
  const values = node.childrenForFieldName('value').map((v) => wordFromNode(v));
  const known = node.children.some((c) => c.type === 'in') && values.every((v) => !v.dynamic);
  sink.arithmetic.assignedList(variable, values);
  // `select` sets the variable to the item chosen from its input, or to nothing, and REPLY to the input.
  const select = node.child(0)?.type === 'select';
  if (select) sink.unknownValue('REPLY');
  sink.emit({ kind: 'assign', name: variable, values: known ? (select ? [...values, literalWord('')] : values) : null });
}
