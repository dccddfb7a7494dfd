/** zod issues on the policy file, restated for a person and located in the YAML. */
import type { Document, LineCounter } from 'yaml';
import { z } from 'zod';
import type { PolicyIssue } from './policy-error.js';
import { PolicySchema } from './policy-schema.js';
import { formatPath, keyNodeAt, nodeAt, positionOf, type PathKey } from './yaml-position.js';

/** The object schema at `path`, to list the keys it accepts. */
function objectAt(path: readonly PathKey[]): z.ZodObject | null {
  let schema: z.ZodType = PolicySchema;
  for (const seg of path) {
    schema = unwrap(schema);
    if (schema instanceof z.ZodObject && typeof seg === 'string') schema = (schema.shape as Record<string, z.ZodType>)[seg] ?? z.never();
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else if (schema instanceof z.ZodRecord && typeof seg === 'string') schema = schema.valueType as z.ZodType;
    else return null;
  }
  schema = unwrap(schema);
  return schema instanceof z.ZodObject ? schema : null;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodUnion) {
      const obj = (s.options as z.ZodType[]).find((o) => o instanceof z.ZodObject);
      if (obj === undefined) return s;
      s = obj;
    } else return s;
  }
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function valueAt(data: unknown, path: readonly PathKey[]): unknown {
  let v = data;
  for (const seg of path) v = v !== null && typeof v === 'object' ? (v as Record<PathKey, unknown>)[seg] : undefined;
  return v;
}

function message(issue: z.core.$ZodIssue, data: unknown): string {
  const where = formatPath(issue.path as PathKey[]);
  const got = valueAt(data, issue.path as PathKey[]);
  if (got === undefined && (issue.code === 'invalid_value' || issue.code === 'invalid_type')) {
    return `${where}: missing; expected ${where === 'version' ? '"version: 1"' : issue.code === 'invalid_type' ? issue.expected : 'a value'}`;
  }
  switch (issue.code) {
    case 'invalid_value':
      return `${where}: got ${describeValue(got)}; expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}`;
    case 'invalid_type':
      return `${where}: got ${describeValue(got)}; expected ${issue.expected === 'object' ? 'a mapping' : issue.expected === 'array' ? 'a list' : issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    case 'invalid_union':
      return `${where}: got ${describeValue(got)}; expected a rule string such as "Bash(npm test *)" or a mapping {rule, reason, examples}`;
    case 'too_small':
      // A number out of its range says the range; a list or string too short is empty.
      if (issue.origin === 'number') return `${where}: got ${describeValue(got)}; must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`;
      return `${where}: must not be empty`;
    case 'too_big':
      return `${where}: got ${describeValue(got)}; must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'invalid_key':
      return `${where}: ${issue.issues.map((i) => i.message).join('; ')}`;
    case 'invalid_format':
      if (issue.format === 'url') return `${where}: ${JSON.stringify(got)} is not an http(s) URL`;
      return `${where}: ${JSON.stringify(got)} is not an environment variable name (letters, digits, _)`;
    default:
      return `${where}: ${issue.message}`;
  }
}

export function schemaIssues(issues: readonly z.core.$ZodIssue[], data: unknown, doc: Document, lineCounter: LineCounter, file: string): PolicyIssue[] {
  const out: PolicyIssue[] = [];
  for (const issue of issues) {
    const path = issue.path as PathKey[];
    if (issue.code === 'unrecognized_keys') {
      const accepted = Object.keys(objectAt(path)?.shape ?? {});
      for (const key of issue.keys) {
        const pos = positionOf(keyNodeAt(doc, path, key), lineCounter);
        const under = path.length === 0 ? '' : ` under ${formatPath(path)}`;
        out.push({ file, ...pos, message: `unknown key "${key}"${under}; expected one of: ${accepted.join(', ')}` });
      }
      continue;
    }
    const { node } = nodeAt(doc, path);
    out.push({ file, ...positionOf(node, lineCounter), message: message(issue, data) });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
