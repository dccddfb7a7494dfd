/**
 * Builtins that take a variable *name*: bash evaluates an array subscript in the name as
 * arithmetic, and arithmetic runs command substitutions, so `test -v 'a[$(rm -rf ~)]'`,
 * `printf -v "$x" …` with x='a[$(cmd)]', `read`, `mapfile`, `unset`, `declare`, `wait -p` and
 * `getopts` all run code given as data. A name here must be written literally and be a plain name
 * (`x`) or an element with a literal index (`a[1]`, `a[@]`); anything else is refused. Array
 * literals (`a=([i]=v)`) evaluate their subscripts the same way.
 */
import type { ShellWord } from './bash-types.js';
import type { ArithmeticTracker } from './arithmetic-safety.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

const SAFE_NAME = /^[A-Za-z_]\w*(?:\[(?:\d+|@|\*)\])?$/;
/** What `declare x=$(…)` looks like as written: a plain name, then a value known only at run time. */
const WRITTEN_ASSIGNMENT = /^[A-Za-z_]\w*(?:\[\d+\])?\+?=/;
/** Binary operators of `test`: after one of them, the next word is an operand, never a name. */
const TEST_BINARY = new Set(['=', '==', '!=', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef', '-a', '-o', '=~']);
const DECLARATIONS = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);

const unsafe = (cmd: string, w: ShellWord): string =>
  `\`${cmd}\` is given the variable name \`${w.value}\`, ${w.dynamic ? 'which is only known at run time' : 'which is not a plain name'}; bash evaluates a subscript in a name as arithmetic, which runs command substitutions (a[$(cmd)] runs cmd)`;

function checkName(cmd: string, w: ShellWord): string | null {
  return !w.dynamic && SAFE_NAME.test(w.value) ? null : unsafe(cmd, w);
}

/**
 * Operands after getopt-style options. `values` are the letters that take a value; the values of
 * `nameLetters` are variable names too (`read -a NAME`, `wait -p NAME`) and go to `names`.
 */
function afterOptions(args: readonly ShellWord[], values: string, nameLetters: string, names: ShellWord[]): ShellWord[] {
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.value === '--' && !w.dynamic) return args.slice(i + 1);
    if (w.dynamic || !w.value.startsWith('-') || w.value === '-') break;
    for (let k = 1; k < w.value.length; k++) {
      const c = w.value[k] as string;
      if (!values.includes(c)) continue;
      const attached = w.value.slice(k + 1);
      const value = attached === '' ? args[++i] : { ...w, value: attached };
      if (nameLetters.includes(c) && value !== undefined) names.push(value);
      break;
    }
  }
  return args.slice(i);
}

/** `test -v NAME`, `[ -v NAME ]`, `[[ -v NAME ]]`; in test/[ a computed word may itself be `-v`. */
function testNames(name: string, args: readonly ShellWord[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const next = args[i + 1];
    if (next === undefined || next.value === ']' || next.value === ']]') continue;
    const unary = !w.dynamic && (w.value === '-v' || w.value === '-R');
    const mayBeUnary = w.dynamic && name !== '[[' && !(!next.dynamic && TEST_BINARY.has(next.value));
    if ((unary || mayBeUnary) && (next.dynamic || !SAFE_NAME.test(next.value))) return unsafe(name, next);
  }
  return null;
}

function declarationNames(name: string, args: readonly ShellWord[]): string | null {
  for (const w of args) {
    if (!w.dynamic && (w.value.startsWith('-') || w.value.startsWith('+'))) continue;
    if (w.dynamic) {
      if (WRITTEN_ASSIGNMENT.test(w.value)) continue;
      return unsafe(name, w);
    }
    const eq = /^([^=+]*)(\+?=)([\s\S]*)$/.exec(w.value);
    const target = eq === null ? w.value : (eq[1] as string);
    if (!SAFE_NAME.test(target)) return unsafe(name, { ...w, value: target });
    // `declare -a 'a=([$(cmd)]=1)'`: bash reads a quoted compound value as an array literal.
    if (eq !== null && (eq[3] as string).startsWith('(')) return `\`${name} ${w.value}\` assigns an array literal written as one quoted word, whose subscripts bash evaluates as arithmetic`;
  }
  return null;
}

/** The variable names a builtin is given (`read a b`, `printf -v x`, `unset x` …); null for other commands. */
function builtinNames(cmd: string, args: readonly ShellWord[]): ShellWord[] | null {
  const names: ShellWord[] = [];
  switch (cmd) {
    case 'printf': {
      const first = args[0];
      // A computed first word may be `-v`, and then the next one a name.
      if (first?.dynamic === true) return args.length > 1 ? [first] : [];
      if (first === undefined || !first.value.startsWith('-v')) return [];
      return [first.value === '-v' ? (args[1] ?? first) : { ...first, value: first.value.slice(2) }];
    }
    case 'read':
      return [...afterOptions(args, 'adinNptu', 'a', names), ...names];
    case 'mapfile':
    case 'readarray':
      return afterOptions(args, 'dnOsuCc', '', names);
    case 'getopts':
      return args.slice(1, 2);
    case 'unset':
      return afterOptions(args, '', '', names);
    case 'wait':
      afterOptions(args, 'p', 'p', names);
      return names;
    default:
      return null;
  }
}

/** Why the variable names this command passes to a builtin cannot be trusted, or null. */
export function nameOperandProblem(words: readonly ShellWord[]): string | null {
  const name = words[0];
  if (name === undefined || name.dynamic) return null;
  const cmd = name.value;
  const args = words.slice(1);
  if (cmd === 'test' || cmd === '[' || cmd === '[[') return testNames(cmd, args);
  if (DECLARATIONS.has(cmd)) return declarationNames(cmd, args);
  for (const w of builtinNames(cmd, args) ?? []) {
    const problem = checkName(cmd, w);
    if (problem !== null) return problem;
  }
  return null;
}

/** Variables a builtin sets from data: `read a b`, `mapfile arr`, `printf -v x`, `getopts s x`. */
export function variablesSetBy(words: readonly ShellWord[]): string[] {
  const cmd = words[0]?.value ?? '';
  if (!['read', 'mapfile', 'readarray', 'printf', 'getopts'].includes(cmd)) return [];
  const names = (builtinNames(cmd, words.slice(1)) ?? []).filter((w) => !w.dynamic).map((w) => w.value);
  return names.length > 0 || cmd === 'printf' || cmd === 'getopts' ? names : [cmd === 'read' ? 'REPLY' : 'MAPFILE'];
}

/**
 * `a=([i]=v …)`: bash evaluates each written subscript as arithmetic (for an associative array
 * it is a string). A subscript must be an integer or a name the arithmetic check vouches for.
 */
export function arrayLiteralProblem(array: SyntaxNode, associative: boolean, arithmetic: ArithmeticTracker): string | null {
  for (const element of array.namedChildren) {
    if (!element.text.startsWith('[')) continue;
    const index = writtenSubscript(element.text);
    if (index === null) return `the array literal \`${array.text}\` has an element \`${element.text}\` the analysis cannot read`;
    if (associative) {
      if (/[$`]/.test(index)) return `the array literal \`${array.text}\` has a key computed at run time`;
      continue;
    }
    if (/^\d+$/.test(index)) continue;
    if (/^[A-Za-z_]\w*$/.test(index)) {
      arithmetic.usedName(index);
      continue;
    }
    return `the array literal \`${array.text}\` has the subscript \`${index}\`, which bash evaluates as arithmetic (a[$(cmd)] runs cmd)`;
  }
  return null;
}

/** The subscript of `[SUB]=value` or `[SUB]+=value`, brackets matched; null when it is not one. */
function writtenSubscript(text: string): string | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return /^\+?=/.test(text.slice(i + 1)) ? text.slice(1, i) : null;
  }
  return null;
}
