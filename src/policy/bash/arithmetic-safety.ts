/**
 * Bash evaluates the value of a variable used in arithmetic (`$((x))`, `((x))`, `[[ $x -eq 1 ]]`,
 * `${a[x]}`, `let`) as an expression, and an array subscript inside that value runs command
 * substitutions: with x='a[$(rm -rf ~)]', `echo $((x))` runs rm. So a variable may appear in
 * arithmetic only when this command line gives it an integer literal and nothing else; anything
 * computed (a substitution, a string, a positional parameter) makes the command line fail.
 */
import type { ShellWord } from './bash-types.js';
import type { SyntaxNode } from './tree-sitter-loader.js';

const NAME = /^[A-Za-z_]\w*$/;
const INTEGER = /^-?(\d+|0[xX][0-9a-fA-F]+|\d+#[0-9a-zA-Z@_]+)$/;

export class ArithmeticTracker {
  /** Names used in arithmetic. */
  private readonly used = new Set<string>();
  /** Per name: true while every assignment seen is an integer literal; set once one is. */
  private readonly integer = new Map<string, boolean>();
  /** Names arithmetic assigns (`x=5`, `x++`): their values are no longer what the line wrote. */
  readonly stored = new Set<string>();

  /** Walks an arithmetic context; returns a failure reason, or null. */
  context(node: SyntaxNode): string | null {
    if (node.type === 'subscript') {
      const index = node.childForFieldName('index');
      if (index === null || index.type === 'number' || ['@', '*'].includes(index.text)) return null;
      return this.expression(index, node.text);
    }
    if (node.type === 'c_style_for_statement') {
      const parts = ['initializer', 'condition', 'update'].flatMap((f) => node.childrenForFieldName(f)).filter((p) => p.type !== 'variable_assignment');
      return this.operands(parts, node.text);
    }
    return this.operands(node.namedChildren, node.text);
  }

  /** Nodes evaluated as arithmetic (`${x:off:len}`); returns the first failure reason, or null. */
  operands(nodes: readonly SyntaxNode[], context: string): string | null {
    for (const n of nodes) {
      const r = this.expression(n, context);
      if (r !== null) return r;
    }
    return null;
  }

  /** `[[ a -eq b ]]`: both operands are evaluated as arithmetic. */
  testOperands(node: SyntaxNode): string | null {
    return this.operands([node.childForFieldName('left'), node.childForFieldName('right')].filter((n) => n !== null), node.text);
  }

  /** `let x=y+1 …`: every name in the arguments is used, and each `name=<integer>` assigns. */
  letCommand(args: ShellWord[]): string | null {
    for (const arg of args) {
      if (arg.dynamic || /[$`]/.test(arg.value)) return `\`let ${arg.value}\` evaluates a computed expression (an expansion or substitution inside arithmetic can run code)`;
      const assign = /^([A-Za-z_]\w*)=(.*)$/.exec(arg.value);
      if (assign !== null && INTEGER.test(assign[2] ?? '')) this.note(assign[1] ?? '', true);
      for (const m of arg.value.matchAll(/([A-Za-z_]\w*)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|([A-Za-z_]\w*)\s*(?:\+\+|--)|(?:\+\+|--)\s*([A-Za-z_]\w*)/g)) this.stored.add(m[1] ?? m[2] ?? m[3] ?? '');
      for (const name of arg.value.match(/[A-Za-z_]\w*/g) ?? []) this.used.add(name);
    }
    return null;
  }

  /** A name evaluated as arithmetic outside an arithmetic node (an array literal's subscript). */
  usedName(name: string): void {
    if (NAME.test(name)) this.used.add(name);
  }

  /** A `name=value` assignment outside arithmetic. */
  assigned(name: string, value: SyntaxNode | null): void {
    const integer = value !== null && (value.type === 'arithmetic_expansion' || INTEGER.test(value.text));
    this.note(name, integer);
  }

  /** `for name in values`: integers only if every value is one. */
  assignedList(name: string, values: ShellWord[]): void {
    this.note(name, values.length > 0 && values.every((v) => !v.dynamic && INTEGER.test(v.value)));
  }

  /** `read name`, `mapfile name` …: a value from outside. */
  assignedUnknown(name: string): void {
    this.note(name, false);
  }

  /** After the walk: every name used in arithmetic must hold integers only. */
  verdict(): string | null {
    for (const name of this.used) {
      const ok = this.integer.get(name);
      if (ok === true) continue;
      const why = ok === undefined ? 'is not set to a number in this command' : 'is set to something other than a number';
      return `\`${name}\` is used in arithmetic but ${why}; bash would evaluate its value as code (a[$(cmd)] runs cmd)`;
    }
    return null;
  }

  private note(name: string, integer: boolean): void {
    if (!NAME.test(name)) return;
    const before = this.integer.get(name);
    this.integer.set(name, integer && before !== false);
  }

  private expression(node: SyntaxNode, context: string): string | null {
    switch (node.type) {
      case 'number':
        return null;
      case 'variable_name':
      case 'word':
        if (INTEGER.test(node.text)) return null;
        if (!NAME.test(node.text)) return `\`${context}\` has an arithmetic operand \`${node.text}\` that cannot be checked`;
        this.used.add(node.text);
        return null;
      case 'simple_expansion':
      case 'expansion': {
        if (/^\$\{#\w+\}$/.test(node.text) || /^\$[#?$!]$/.test(node.text)) return null; // lengths and status: numbers
        const inner = node.namedChildren[0];
        if (inner?.type === 'variable_name' && NAME.test(inner.text) && node.namedChildren.length === 1) {
          this.used.add(inner.text);
          return null;
        }
        return `\`${context}\` uses \`${node.text}\` in arithmetic, whose value cannot be checked`;
      }
      case 'command_substitution':
      case 'string':
      case 'raw_string':
      case 'concatenation':
        return `\`${context}\` evaluates computed text (\`${node.text}\`) as arithmetic, which can run code`;
      case 'binary_expression': {
        const op = node.childForFieldName('operator')?.text ?? '';
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        // Arithmetic stores numbers, so `x+=1` or `x=y*2` keep x numeric; only a literal
        // `x=5` vouches for x, since the others read x's earlier (possibly inherited) value.
        if (op === '=' && left !== null && right !== null && NAME.test(left.text) && INTEGER.test(right.text)) this.note(left.text, true);
        if (/^[-+*/%&|^]?=$|^(<<|>>)=$/.test(op) && left !== null && NAME.test(left.text)) this.stored.add(left.text);
        break;
      }
      case 'unary_expression':
      case 'postfix_expression': {
        const target = node.namedChildren[0];
        if (/\+\+|--/.test(node.text) && target !== undefined && NAME.test(target.text)) this.stored.add(target.text);
        break;
      }
      default:
        break;
    }
    return this.operands(node.namedChildren, context);
  }
}
