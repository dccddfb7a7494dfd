/**
 * One name and one version everywhere: every place the docs and examples tell a user to run
 * Warden — `uses:` of the action, `npx` of the package, `name@version` in prose — names what
 * package.json and action.yml publish, so a copied line resolves to this release and no other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; main: string; repository: { url: string } };
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; main: string } };

/** owner/name of the repository that holds action.yml, from package.json's `repository`. */
const REPO = /github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(pkg.repository.url)?.[1] ?? '(no GitHub repository in package.json)';
const ACTION = `${REPO}@v${pkg.version}`;
const PACKAGE = `${pkg.name}@${pkg.version}`;

/** README.md, every page in docs/ and every file in examples/: what a user reads and copies. */
function userFiles(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(ROOT, join(e.parentPath, e.name)));
  return ['README.md', ...under('docs'), ...under('examples')];
}

interface Reference { file: string; line: number; text: string }

/** Each reference to the action or the package, with what it should have said. */
function references(): { found: Reference[]; wrong: string[] } {
  const found: Reference[] = [];
  const wrong: string[] = [];
  for (const file of userFiles()) {
    readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((text, i) => {
      const at = (ref: string, want: string): void => {
        found.push({ file, line: i + 1, text: ref });
        if (ref !== want) wrong.push(`${file}:${i + 1}: ${ref} (should be ${want})`);
      };
      // The action: `uses: …warden…` and any owner/…warden…@ref, in a workflow or in prose.
      for (const m of text.matchAll(/uses:\s*["']?([^\s"'#]*warden[^\s"'#]*)/gi)) at(m[1] ?? '', ACTION);
      for (const m of text.matchAll(/(?<![\w.-])(?<!uses:\s*["']?)[\w.-]+\/[\w.-]*warden[\w.-]*@[^\s`'"),]+/gi)) at(m[0], ACTION);
      // The package: name@version anywhere (not `@warden-ci`, a mention; not `warden-ci/…`, the repository).
      for (const m of text.matchAll(new RegExp(`(?<![@\\w./-])${pkg.name}@[^\\s\`'"}),]+`, 'g'))) at(m[0], PACKAGE);
      // Every npx command runs this package at this version (a shell comment may say `npx` in prose).
      if (/\bnpx\s+\S/.test(text) && !/^\s*#/.test(text) && !text.includes(PACKAGE)) wrong.push(`${file}:${i + 1}: npx without ${PACKAGE}: ${text.trim()}`);
    });
  }
  return { found, wrong };
}

describe('docs and examples name the published action and package', () => {
  it(`every action reference is ${ACTION}, every package reference ${PACKAGE}`, () => {
    const { found, wrong } = references();
    expect(wrong).toEqual([]);
    // Not vacuous: the README, the GitHub page and the examples each show both ways in.
    const files = new Set(found.map((r) => r.file));
    for (const file of ['README.md', 'docs/github.md', 'docs/ci.md', 'examples/workflows/pr-review.yml', 'examples/ci/gitlab-ci.yml']) expect(files, file).toContain(file);
    expect(found.some((r) => r.text === ACTION)).toBe(true);
    expect(found.some((r) => r.text === PACKAGE)).toBe(true);
  });

  it('the action at that tag runs the bundle the package publishes', () => {
    expect(REPO).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(action.runs.main).toBe(pkg.main);
    expect(action.runs.using).toMatch(/^node\d+$/);
  });
});
