/**
 * docs/sandbox.md states what the sandbox guarantees; each statement names the tests that check
 * it (`<!-- test: file.test.ts: title start | … -->`). This keeps every statement tied to a test
 * that exists, and every guarantee section free of untested statements.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const doc = readFileSync(join(here, '../../docs/sandbox.md'), 'utf8');
/** Sections that promise something; "does not guarantee", "Cost" and "Running it" do not. */
const GUARANTEES = ['## Every command', '## Files the policy denies reading', '## Protected paths and Edit denies', '## Inside `.git`'];

function section(title: string): string {
  const start = doc.indexOf(`${title}\n`);
  const next = doc.indexOf('\n## ', start + title.length);
  return doc.slice(start, next === -1 ? undefined : next);
}

/** Bullets of a section, each with the tests its comment names. */
function statements(title: string): Array<{ text: string; tests: Array<{ file: string; title: string }> }> {
  return section(title).split('\n- ').slice(1).map((bullet) => {
    const refs = /<!-- test: (.*?) -->/s.exec(bullet)?.[1] ?? '';
    const tests = refs.split(' | ').filter((r) => r.trim() !== '').map((r) => {
      const at = r.indexOf(': ');
      return { file: r.slice(0, at).trim(), title: r.slice(at + 2).trim() };
    });
    return { text: bullet.split('<!--')[0]?.trim() ?? '', tests };
  });
}

describe('docs/sandbox.md: every guarantee has a test', () => {
  for (const title of GUARANTEES) {
    const found = statements(title);
    test(`${title} has statements`, () => expect(found.length).toBeGreaterThan(0));
    test.each(found.map((s) => [s.text.slice(0, 70), s] as const))(`${title}: %s`, (_short, s) => {
      expect(s.tests.length, `no test named for: ${s.text}`).toBeGreaterThan(0);
      for (const t of s.tests) {
        const source = readFileSync(join(here, t.file), 'utf8');
        const titles = [...source.matchAll(/\btest(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)].map((m) => (m[2] ?? '').replace(/\\'/g, "'"));
        const cases = [...source.matchAll(/\[\s*'((?:\\.|[^'])*)'/g)].map((m) => (m[1] ?? '').replace(/\\'/g, "'"));
        expect([...titles, ...cases].some((x) => x.startsWith(t.title)), `${t.file} has no test starting "${t.title}"`).toBe(true);
      }
    });
  }
});
