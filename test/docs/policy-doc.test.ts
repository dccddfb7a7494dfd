/**
 * docs/policy.md ties what the policy and the Bash analyser guarantee to tests: corpus ids
 * (`X411–X423`, `B086`), test files (`decider-bash.test.ts`) and test titles quoted after a file
 * (`decider-bash.test.ts`: "a glob is judged…"). This keeps every one of them pointing at something
 * that exists, and every guarantee of the Bash section tied to at least one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'policy.md'), 'utf8');

/** Every test file under test/, by base name and by path from the repository root. */
function testFiles(dir = join(ROOT, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
}
const FILES = testFiles();
const findFile = (cited: string): string | undefined => FILES.find((f) => relative(ROOT, f) === cited || f.endsWith(`/${cited}`));

const corpusIds = new Set(
  ['bash-attacks.json', 'bash-benign.json'].flatMap((name) => (JSON.parse(readFileSync(join(ROOT, 'test', 'policy', 'corpus', name), 'utf8')) as { cases: Array<{ id: string }> }).cases.map((c) => c.id)),
);

/** `X411–X423` → every id of the range; `X466` → itself. */
function citedIds(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(/\b([XB])(\d{3})(?:\s*[–-]\s*\1?(\d{3}))?\b/g)) {
    const [, letter = '', from = '', to] = m;
    for (let n = Number(from); n <= Number(to ?? from); n++) ids.push(`${letter}${String(n).padStart(3, '0')}`);
  }
  return ids;
}

/** Test titles: the strings given to test()/it() (and the first string of each table row). */
function titles(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const unquote = (s: string): string => s.replace(/\\(['"`])/g, '$1');
  const calls = [...source.matchAll(/\b(?:test|it)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)].map((m) => unquote(m[2] ?? ''));
  const rows = [...source.matchAll(/(?:\[|spec:)\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => unquote(m[2] ?? ''));
  return [...calls, ...rows];
}

/** The bullets of "What the analyser itself guarantees" (each `- **…**` up to the next). */
function guarantees(): string[] {
  const start = doc.indexOf('What the analyser itself guarantees');
  const end = doc.indexOf('What the analyser does **not** cover');
  return doc.slice(start, end).split('\n- **').slice(1);
}

describe('docs/policy.md cites only what exists', () => {
  it('every corpus id it cites is a case of the corpus', () => {
    const ids = citedIds(doc);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !corpusIds.has(id))).toEqual([]);
  });

  it('every test file it names exists', () => {
    const named = [...new Set([...doc.matchAll(/`((?:test\/)?[\w./-]+\.test\.ts)`/g)].map((m) => m[1] ?? ''))];
    expect(named.length).toBeGreaterThan(8);
    expect(named.filter((f) => findFile(f) === undefined)).toEqual([]);
  });

  it('every test title it quotes after a file is the start of a test in that file', () => {
    const quoted = [...doc.matchAll(/`([\w./-]+\.test\.ts)`: "([^"]+)"/g)].map((m) => ({ file: m[1] ?? '', title: (m[2] ?? '').replace(/\s+/g, ' ') }));
    expect(quoted.length).toBeGreaterThan(3);
    for (const q of quoted) {
      const file = findFile(q.file);
      expect(file, q.file).toBeDefined();
      expect(titles(file ?? '').some((t) => t.startsWith(q.title)), `${q.file} has no test starting "${q.title}"`).toBe(true);
    }
  });

  it('every guarantee of the Bash analyser names a corpus case or a test', () => {
    const bullets = guarantees();
    expect(bullets.length).toBeGreaterThan(6);
    for (const b of bullets) expect(citedIds(b).length + [...b.matchAll(/\.test\.ts`/g)].length, b.slice(0, 80)).toBeGreaterThan(0);
  });

  it('the Modes and Paths statements name their tests', () => {
    for (const head of ['**Modes:**', '**Paths:**']) {
      const para = doc.slice(doc.indexOf(head), doc.indexOf('\n\n', doc.indexOf(head)));
      expect(para, head).toMatch(/\.test\.ts`/);
    }
  });
});
