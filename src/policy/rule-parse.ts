/**
 * The rule grammar: `Tool`, `Tool(specifier)`, `mcp__server`, `mcp__server__tool`, `mcp__server__*`.
 * Parentheses inside a specifier are escaped as `\(` and `\)`, a backslash as `\\`;
 * balanced unescaped parentheses are accepted as written (`Bash(echo $(date))`).
 */
export interface RuleSyntax {
  toolName: string;
  /** Unescaped specifier, or null for a bare tool name (`Tool(*)` is the same as `Tool`). */
  specifier: string | null;
  /** Offset of the specifier's first character in the rule text, for positioned errors. */
  specifierOffset: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; offset: number };

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const MCP_NAME = /^mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)(?:__([A-Za-z0-9_*-]+))?$/;

export function fail(message: string, offset: number): { ok: false; message: string; offset: number } {
  return { ok: false, message, offset };
}

export function parseRuleText(text: string): Parsed<RuleSyntax> {
  if (text.trim() === '') return fail('empty rule; expected `Tool` or `Tool(specifier)`, e.g. "Bash(npm test *)"', 0);
  if (text !== text.trim()) return fail('rule has leading or trailing spaces; remove them', text.search(/\S/) > 0 ? 0 : text.trimEnd().length);
  const open = text.indexOf('(');
  const name = open === -1 ? text : text.slice(0, open);
  const nameError = checkToolName(name, open !== -1);
  if (nameError) return nameError;
  if (open === -1) {
    if (text.includes(')')) return fail("unexpected ')' without '('", text.indexOf(')'));
    return { ok: true, value: { toolName: name, specifier: null, specifierOffset: text.length } };
  }
  if (!text.endsWith(')') || isEscaped(text, text.length - 1)) {
    return fail(`expected ')' at the end of the rule (escape literal parentheses as \\( and \\))`, text.length);
  }
  const raw = text.slice(open + 1, -1);
  const balance = checkBalance(raw);
  if (balance !== null) return fail(balance.message, open + 1 + balance.offset);
  const specifier = unescape(raw);
  if (specifier.trim() === '') return fail(`empty specifier; write \`${name}\` for every use of the tool`, open + 1);
  return { ok: true, value: { toolName: name, specifier: specifier === '*' ? null : specifier, specifierOffset: open + 1 } };
}

function checkToolName(name: string, hasSpecifier: boolean): { ok: false; message: string; offset: number } | null {
  if (name === '') return fail('missing tool name before "("', 0);
  if (name.startsWith('mcp__')) {
    const m = MCP_NAME.exec(name);
    if (!m) return fail(`malformed MCP rule "${name}"; expected mcp__server, mcp__server__tool or mcp__server__*`, 0);
    const tool = m[2];
    if (tool !== undefined && tool.includes('*') && !/^[A-Za-z0-9_-]*\*$/.test(tool)) {
      return fail('an MCP tool wildcard may only appear once, at the end (mcp__server__get_*)', name.indexOf('*'));
    }
    if (hasSpecifier) return fail('MCP rules take no specifier; name the tool instead (mcp__server__tool)', name.length);
    return null;
  }
  if (!TOOL_NAME.test(name)) {
    const bad = [...name].findIndex((ch, i) => !(i === 0 ? /[A-Za-z]/ : /[A-Za-z0-9_]/).test(ch));
    return fail(`invalid tool name "${name}"; expected a name like Bash, Read or mcp__server__tool`, Math.max(bad, 0));
  }
  return null;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1;
}

function checkBalance(raw: string): { message: string; offset: number } | null {
  const opens: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '(') opens.push(i);
    if (ch === ')' && opens.pop() === undefined) return { message: "unbalanced ')' in specifier; escape it as \\)", offset: i };
  }
  const first = opens[0];
  return first === undefined ? null : { message: "unbalanced '(' in specifier; escape it as \\(", offset: first };
}

function unescape(raw: string): string {
  return raw.replace(/\\([()\\])/g, '$1');
}

/** Writes a specifier back in rule syntax, escaping what `parseRuleText` unescapes. */
export function escapeSpecifier(specifier: string): string {
  return specifier.replace(/[()\\]/g, (ch) => `\\${ch}`);
}
