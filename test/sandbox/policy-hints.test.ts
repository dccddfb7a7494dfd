/**
 * Every message that tells a user what to write in the policy must be valid policy (a refusal
 * once named `sandbox.network.allowPrivate`; the key is `allow_private`):
 * - each hint the sandbox builds (policy-hints.ts), as the messages carrying it print it, is pasted
 *   into a policy file and loaded by the real loader;
 * - every dotted policy key (`sandbox.…`, `permissions.…`, `publish.…`) and every rule
 *   (`Edit(…)`, `Bash(…)` …) written in a string anywhere in src/ is checked against the real
 *   schema and loader. Strings are found with the TypeScript parser, so code that merely reads
 *   `config.sandbox.mode` is not mistaken for a hint, and a renamed key breaks this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { parsePolicy, PolicySchema } from '../../src/policy/index.js';
import { allowPrivateHint, editAllowHint, flowYaml, networkAllowHint, sandboxOffHint, type PolicyHint } from '../../src/sandbox/policy-hints.js';
import { checkHostAllowed, checkResolved } from '../../src/sandbox/host-check.js';
import { explainCommand } from '../../src/sandbox/denials.js';

const SRC = join(import.meta.dirname, '../../src');

async function loads(yaml: string): Promise<void> {
  await parsePolicy(`version: 1\n${yaml}\n`, 'hint.yml', { homeDir: '/home/u', root: '/w' });
}

/** The YAML a message tells the user to write: after "in the policy: " up to the closing parenthesis or the end. */
function pastedYaml(message: string): string {
  const m = /in the policy: (.*?)\)?$/.exec(message);
  if (m?.[1] === undefined) throw new Error(`no hint in: ${message}`);
  return m[1];
}

describe('hints the sandbox builds load as policy', () => {
  const hints: Array<[string, PolicyHint]> = [
    ['network allow', networkAllowHint('registry.npmjs.org')],
    ['network allow, wildcard', networkAllowHint('*.example.com')],
    ['allow_private', allowPrivateHint('db.internal')],
    ['Edit allow for a file', editAllowHint('.npmrc', false)],
    ['Edit allow for a directory', editAllowHint('.github/workflows', true)],
    ['Edit allow, a name YAML would misread', editAllowHint('a: b#c', false)],
    ['sandbox off', sandboxOffHint()],
  ];
  test.each(hints)('%s', async (_name, hint) => {
    expect(hint.yaml).toBe(flowYaml(hint.fragment));
    await loads(hint.yaml);
    expect(hint.key.split('.')[0]).toBe(Object.keys(hint.fragment)[0]);
  });

  test('as the refusal messages print them', async () => {
    const messages = [
      checkHostAllowed('registry.npmjs.org', []),
      checkResolved('db.internal', ['10.0.0.5'], []),
      checkResolved('local.test', ['127.0.0.1'], []),
    ].map((v) => (v.allowed ? '' : v.reason));
    const table = { workspace: '/w', writable: ['/w'], protectedPaths: ['/w/.husky', '/w/.npmrc'], masked: [], describe: (abs: string) => ({ reason: null, hidden: false, isDir: abs.endsWith('husky') }) };
    for (const v of explainCommand({ exitCode: 1, timedOut: false, output: "cp: cannot create regular file '.husky/x': Read-only file system\nrm: cannot remove '.npmrc': Device or resource busy", cwd: '/w', table, networkAllow: [], proxyLog: [] })) messages.push(v.message);
    expect(messages).toHaveLength(5);
    for (const message of messages) await loads(pastedYaml(message));
    expect(messages[1]).toContain('sandbox.network.allow_private');
  });

  test('the metadata service is never suggested', () => {
    const v = checkResolved('meta.test', ['169.254.169.254'], []);
    expect(v.allowed ? '' : v.reason).not.toContain('in the policy:');
  });
});

/** Every string literal and template text in src/, with where it is. */
function sourceStrings(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const files = (readdirSync(SRC, { recursive: true, encoding: 'utf8' })).filter((f) => /\.(ts|cts|mts)$/.test(f));
  for (const rel of files) {
    const text = readFileSync(join(SRC, rel), 'utf8');
    const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        out.push({ where: `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text: node.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** The schema below `path`, or null when the policy has no such key. */
function schemaAt(path: readonly string[]): unknown {
  let node: unknown = PolicySchema;
  for (const key of path) {
    // Optional and described wrappers: look through to the object.
    while (typeof (node as { unwrap?: unknown }).unwrap === 'function') node = (node as { unwrap: () => unknown }).unwrap();
    const shape = (node as { shape?: Record<string, unknown> }).shape;
    if (shape === undefined || !(key in shape)) return null;
    node = shape[key];
  }
  return node;
}

describe('policy keys and rules named in src/ exist', () => {
  const strings = sourceStrings();
  test('dotted keys', () => {
    const found: string[] = [];
    const bad: string[] = [];
    for (const { where, text } of strings) {
      for (const m of text.matchAll(/(?<![\w.$/-])(sandbox|permissions|publish)((?:\.[A-Za-z_][\w]*)+)/g)) {
        const path = [m[1] ?? '', ...(m[2] ?? '').slice(1).split('.')];
        if (/^(ts|js|md|yml|yaml|json)$/.test(path[path.length - 1] ?? '')) continue; // a file name
        found.push(path.join('.'));
        if (schemaAt(path) === null) bad.push(`${where}: ${path.join('.')}`);
      }
    }
    expect(bad).toEqual([]);
    // Counted, so the scan cannot pass by finding nothing.
    expect(found.length).toBeGreaterThan(10);
    expect(found).toEqual(expect.arrayContaining(['sandbox.network.allow', 'sandbox.network.allow_private', 'sandbox.mode', 'publish.push']));
  });

  test('rules written out in full (no ${…} in them) load as allow rules', async () => {
    const rules = new Set<string>();
    for (const { text } of strings) {
      for (const m of text.matchAll(/\b(?:Edit|Write|Read|Bash|WebFetch|NotebookEdit)\((?:[^()`'"\s]|\([^()]*\))+\)/g)) rules.add(m[0]);
    }
    expect(rules.size).toBeGreaterThan(3);
    const bad: string[] = [];
    for (const rule of rules) {
      try {
        await loads(`permissions: { allow: [${JSON.stringify(rule)}] }`);
      } catch (err) {
        bad.push(`${rule}: ${(err as Error).message}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
