/**
 * dist/ bundles other people's code, and MIT and most other licences ask that their notice travel
 * with it: the build writes every bundled package's licence text beside dist/index.js
 * (scripts/build.mjs), and the npm package ships that file and our own LICENSE.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const NOTICES = join(ROOT, 'dist', 'licenses.txt');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & { license: string; files: string[] };
const read = (file: string): string => readFileSync(file, 'utf8');

/** A package's licence id in the notices, written as ncc does: after a blank line, its name, its id, its text. */
const licenceId = (notices: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\n\\n)${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n([^\\n]+)\\n`).exec(notices)?.[1];

describe('licences', () => {
  it('LICENSE is the MIT licence package.json names, for Warden contributors', () => {
    expect(pkg.license).toBe('MIT');
    const text = read(join(ROOT, 'LICENSE'));
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Warden contributors\n/);
    expect(text).toContain('Permission is hereby granted, free of charge');
  });

  it('dist/licenses.txt beside dist/index.js holds each bundled package with its licence and text', () => {
    expect(existsSync(join(ROOT, 'dist', 'index.js'))).toBe(true);
    const notices = read(NOTICES);
    // The SDK, the GitHub and GitLab clients, the parser (bundled) and its grammar (copied wasm).
    for (const name of ['@anthropic-ai/sdk', '@actions/core', '@octokit/rest', '@gitbeaker/core', 'zod', 'yaml', 'web-tree-sitter', 'tree-sitter-bash']) {
      const own = JSON.parse(read(join(ROOT, 'node_modules', name, 'package.json'))) as { license: string };
      expect(licenceId(notices, name), name).toBe(own.license);
    }
    // The text is the package's own licence file, not only its name.
    for (const name of ['@anthropic-ai/sdk', 'tree-sitter-bash']) expect(notices, name).toContain(read(join(ROOT, 'node_modules', name, 'LICENSE')).trim());
  });

  it('the npm package ships LICENSE and the notices; package.json says where the project lives', () => {
    const listing = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { files: { path: string }[] }[];
    const files = (listing[0]?.files ?? []).map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'dist/licenses.txt', 'dist/index.js', 'README.md']));
    const repository = pkg.repository as { type: string; url: string };
    expect(repository.type).toBe('git');
    const home = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(repository.url)?.[1];
    expect(home, repository.url).toBeDefined();
    expect(pkg.homepage).toBe(`${home}#readme`);
    expect(pkg.bugs).toEqual({ url: `${home}/issues` });
  });
});
