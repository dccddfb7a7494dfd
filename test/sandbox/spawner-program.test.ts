/**
 * The spawner's program (src/sandbox/spawner-program.ts) runs as its own text, `node -e`: a name it
 * took from its module would be undefined there (or renamed by the bundler), and only on the path
 * that uses it. So the file may hold nothing but type imports, types and the one function, and the
 * compiler then refuses any name the function did not get from Node or from `host`. The messages
 * are checked by the compiler too: both ends are typed by spawner-protocol.ts, and both switch
 * exhaustively over what they receive (`npm run typecheck` fails on a field or kind one end lacks).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SPAWNER_SOURCE } from '../../src/sandbox/spawner.js';

const SRC = join(import.meta.dirname, '..', '..', 'src', 'sandbox');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** What a top-level statement is, for the list below. */
function kindOf(statement: ts.Statement): string {
  if (ts.isImportDeclaration(statement)) return statement.importClause?.isTypeOnly === true ? 'type import' : `value import: ${statement.getText()}`;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return 'type';
  if (ts.isFunctionDeclaration(statement)) return `function ${statement.name?.text ?? '(anonymous)'}`;
  return `other: ${statement.getText().slice(0, 80)}`;
}

/** Every identifier in `node`, and whether it reads `import.meta`. */
function identifiers(node: ts.Node, found = new Set<string>()): Set<string> {
  if (ts.isIdentifier(node)) found.add(node.text);
  if (ts.isMetaProperty(node)) found.add('import.meta');
  ts.forEachChild(node, (child) => void identifiers(child, found));
  return found;
}

describe('the spawner program', () => {
  test('is one self-contained function: its file imports only types and declares nothing else it could reach for', () => {
    const kinds = parse('spawner-program.ts').statements.map(kindOf);
    expect(kinds.filter((k) => k !== 'type import' && k !== 'type')).toEqual(['function spawnerProgram']);
    expect(kinds.filter((k) => k === 'type import').length).toBeGreaterThan(0);
  });

  test('names none of CommonJS\'s module variables, which the bundler rewrites (Node\'s modules come in `host`)', () => {
    const fn = parse('spawner-program.ts').statements.find(ts.isFunctionDeclaration);
    expect(fn).toBeDefined();
    const names = identifiers(fn ?? ts.factory.createEmptyStatement());
    expect(names.size).toBeGreaterThan(50); // the walk saw the body
    for (const name of ['require', 'module', 'exports', '__dirname', '__filename', 'import.meta']) expect(names.has(name), name).toBe(false);
  });

  test('both ends type their messages with spawner-protocol.ts and declare none of their own', () => {
    for (const file of ['spawner.ts', 'spawner-program.ts']) {
      const source = parse(file);
      const fromProtocol = source.statements.filter(ts.isImportDeclaration).filter((i) => (i.moduleSpecifier as ts.StringLiteral).text === './spawner-protocol.js');
      expect(fromProtocol.map((i) => i.getText()).join('\n'), file).toMatch(/\bFromSpawner\b[\s\S]*\bToSpawner\b|\bToSpawner\b[\s\S]*\bFromSpawner\b/);
      // A message written out again here would be a second definition: `{ t: '…'; id: … }` in a type.
      const typed = source.statements.filter((s) => ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)).map((s) => s.getText());
      expect(typed.filter((text) => /\bt:\s*'[^']*';\s*id\b/.test(text)), file).toEqual([]);
    }
  });

  test('its source for `node -e` is the compiled function, called with Node\'s modules', () => {
    expect(SPAWNER_SOURCE).toMatch(/^\/\/ warden-spawner: /);
    expect(SPAWNER_SOURCE).toContain("require('node:child_process').spawn");
    expect(() => new Script(SPAWNER_SOURCE)).not.toThrow(); // it compiles (not run here)
  });
});
