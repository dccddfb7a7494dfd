/**
 * GitHub's published OpenAPI description (@octokit/openapi, api.github.com), loaded once per
 * process: operations matched by method and path template, and ajv validators for path and query
 * parameters, JSON request bodies and JSON responses, compiled on first use and cached.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
  multiSegment: boolean;
}

export interface Operation {
  id: string;
  method: string;
  template: string;
  parameters: ParameterSpec[];
  /** The JSON request body's schema, when the operation takes one. */
  body: { schema: JsonObject; required: boolean; contentTypes: string[] } | undefined;
  responses: Record<string, JsonObject>;
  regex: RegExp;
  pathNames: string[];
  literalSegments: number;
}

export interface Matched {
  op: Operation;
  params: Record<string, string>;
}

interface Spec {
  operations: Operation[];
  byId: Map<string, Operation>;
  ajv: Ajv;
  components: JsonObject;
  validators: Map<string, ValidateFunction>;
}

let loaded: Spec | undefined;

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function load(): Spec {
  if (loaded !== undefined) return loaded;
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  const components = doc.components;
  const paths = doc.paths;
  if (!isObject(components) || !isObject(paths) || !isObject(components.schemas)) throw new Error('unexpected OpenAPI document');
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  // ajv-formats is CommonJS; its default export is the plugin function.
  const addFormats = addFormatsPlugin as unknown as (a: Ajv) => Ajv;
  addFormats(ajv);
  // Formats the description uses that ajv-formats does not define: not checked.
  for (const name of ['int64', 'int32', 'uri-template', 'binary', 'repo.nwo', 'ssh-key', 'ssh-key fingerprint', 'hostname']) ajv.addFormat(name, true);
  ajv.addSchema({ $id: 'gh', components: { schemas: nullables(components.schemas) } });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete', 'head'].includes(method) || !isObject(raw)) continue;
      const id = typeof raw.operationId === 'string' ? raw.operationId : `${method} ${template}`;
      const params = [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])].map((p) => parameter(p, components));
      operations.push(operation(id, method.toUpperCase(), template, params, raw, components));
    }
  }
  // Literal segments first: `/pulls/comments` before `/pulls/{pull_number}`.
  operations.sort((a, b) => b.literalSegments - a.literalSegments || a.pathNames.length - b.pathNames.length);
  loaded = { operations, byId: new Map(operations.map((o) => [o.id, o])), ajv, components, validators: new Map() };
  return loaded;
}

function resolveRef(value: Json | undefined, components: JsonObject): Json | undefined {
  let current = value;
  for (let i = 0; i < 8 && isObject(current) && typeof current.$ref === 'string'; i++) {
    const parts = current.$ref.replace(/^#\/components\//, '').split('/');
    let node: Json | undefined = components;
    for (const part of parts) node = isObject(node) ? node[part] : undefined;
    current = node;
  }
  return current;
}

function parameter(raw: Json, components: JsonObject): ParameterSpec {
  const p = resolveRef(raw, components);
  if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') throw new Error('bad parameter in the OpenAPI description');
  const where = p.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') throw new Error(`bad parameter location ${where}`);
  return { name: p.name, in: where, required: p.required === true, schema: isObject(p.schema) ? p.schema : {}, multiSegment: p['x-multi-segment'] === true };
}

function operation(id: string, method: string, template: string, parameters: ParameterSpec[], raw: JsonObject, components: JsonObject): Operation {
  const pathNames: string[] = [];
  let literal = 0;
  const pattern = template
    .split('/')
    .map((segment) => {
      const m = /^\{([^}]+)\}$/.exec(segment);
      if (m === null) {
        if (segment !== '') literal += 1;
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }
      const name = m[1] ?? '';
      pathNames.push(name);
      return parameters.find((p) => p.name === name)?.multiSegment === true ? '(.+)' : '([^/]+)';
    })
    .join('/');
  const requestBody = resolveRef(raw.requestBody, components);
  let body: Operation['body'];
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const json = requestBody.content['application/json'];
    body = { schema: isObject(json) && isObject(json.schema) ? json.schema : {}, required: requestBody.required === true, contentTypes: Object.keys(requestBody.content) };
  }
  const responses: Record<string, JsonObject> = {};
  if (isObject(raw.responses)) {
    for (const [status, r] of Object.entries(raw.responses)) {
      const resolved = resolveRef(r, components);
      const content = isObject(resolved) ? resolved.content : undefined;
      const json = isObject(content) ? content['application/json'] : undefined;
      if (isObject(json) && isObject(json.schema)) responses[status] = json.schema;
    }
  }
  return { id, method, template, parameters, body, responses, regex: new RegExp(`^${pattern}$`), pathNames, literalSegments: literal };
}

/** `#/components/schemas/x` → `gh#/components/schemas/x`, so inline schemas reach the shared components. */
function anchored(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `gh${v}` : anchored(v);
  return nullables(out);
}

/**
 * OpenAPI 3.0's `nullable: true` beside `allOf`/`anyOf` and no `type` (branch protection's
 * `required_pull_request_reviews`…), which ajv refuses to compile: the same as "that, or null".
 */
function nullables(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(nullables);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' && isObject(v) ? Object.fromEntries(Object.entries(v).map(([name, p]) => [name, nullables(p)])) : nullables(v);
  if (out.nullable !== true || 'type' in out) return out;
  const { nullable: _nullable, ...rest } = out;
  return { anyOf: [rest, { type: 'null' }] };
}

function validator(key: string, schema: JsonObject): ValidateFunction {
  const spec = load();
  let v = spec.validators.get(key);
  if (v === undefined) {
    v = spec.ajv.compile(anchored(schema) as JsonObject);
    spec.validators.set(key, v);
  }
  return v;
}

export function operationById(id: string): Operation | undefined {
  return load().byId.get(id);
}

export function matchOperation(method: string, path: string): Matched | { methods: string[] } | undefined {
  const methods: string[] = [];
  for (const op of load().operations) {
    const m = op.regex.exec(path);
    if (m === null) continue;
    if (op.method !== method) {
      methods.push(op.method);
      continue;
    }
    const params: Record<string, string> = {};
    op.pathNames.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { op, params };
  }
  return methods.length > 0 ? { methods } : undefined;
}

function coerce(schema: JsonObject, raw: string): Json {
  const s = resolveRef(schema, load().components);
  const type = isObject(s) ? s.type : undefined;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (type === 'array') return raw.split(',');
  return raw;
}

function errorsOf(v: ValidateFunction, what: string): string[] {
  return (v.errors ?? []).slice(0, 5).map((e) => `${what}${e.instancePath}: ${e.message ?? 'invalid'}${e.params !== undefined && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** Every way the request departs from the description; empty when it conforms. */
export function checkRequest(op: Operation, params: Record<string, string>, query: URLSearchParams, contentType: string, rawBody: string): string[] {
  const problems: string[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = params[p.name];
    if (value === undefined) {
      problems.push(`path parameter ${p.name} is missing`);
      continue;
    }
    const v = validator(`${op.id} path ${p.name}`, p.schema);
    if (!v(coerce(p.schema, value))) problems.push(...errorsOf(v, `path parameter ${p.name}`));
  }
  const known = new Map(op.parameters.filter((x) => x.in === 'query').map((x) => [x.name, x]));
  for (const name of new Set(query.keys())) {
    const p = known.get(name);
    if (p === undefined) {
      problems.push(`unknown query parameter ${name}`);
      continue;
    }
    const values = query.getAll(name);
    const v = validator(`${op.id} query ${name}`, p.schema);
    if (!v(coerce(p.schema, values.join(',')))) problems.push(...errorsOf(v, `query parameter ${name}`));
  }
  for (const p of known.values()) if (p.required && !query.has(p.name)) problems.push(`required query parameter ${p.name} is missing`);

  const hasBody = rawBody.trim() !== '';
  if (op.body === undefined) {
    if (hasBody && op.method !== 'GET' && op.method !== 'DELETE') problems.push('the operation takes no request body');
    if (hasBody && (op.method === 'GET' || op.method === 'DELETE')) problems.push(`a ${op.method} request with a body`);
    return problems;
  }
  if (!hasBody) {
    if (op.body.required) problems.push('the request body is required');
    return problems;
  }
  if (!op.body.contentTypes.includes('application/json')) return problems;
  if (!contentType.toLowerCase().startsWith('application/json')) problems.push(`content-type ${contentType || '(none)'} for a JSON body`);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return [...problems, 'the request body is not JSON'];
  }
  const v = validator(`${op.id} body`, op.body.schema);
  if (!v(body)) problems.push(...errorsOf(v, 'body'));
  return problems;
}

/** A stand-in response that does not match what GitHub documents is a bug in the stand-in's fixtures. */
export function checkResponse(op: Operation, status: number, body: unknown): string[] {
  const schema = op.responses[String(status)];
  if (schema === undefined) {
    if (status >= 400) return [];
    return op.responses[String(status)] === undefined && Object.keys(op.responses).length > 0 && body !== undefined && status !== 204 ? [`status ${status} is not documented for ${op.id}`] : [];
  }
  const v = validator(`${op.id} response ${status}`, schema);
  return v(body) ? [] : errorsOf(v, `response ${status}`);
}
