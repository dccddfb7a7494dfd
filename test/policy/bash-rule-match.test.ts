/**
 * The `Bash(specifier)` syntax as a table: `*` anywhere (spaces included), the trailing ` *` word
 * boundary, legacy `:*`, exact rules, regex characters taken literally; dynamic words (which only
 * a `*` may absorb for allow, and which may be anything for deny); and precedence in decisions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileBashPattern, patternMatchesText, patternMayMatch, WILD, intersects } from '../../src/policy/bash/bash-rule-match.js';
import { canonicalSpecifier } from '../../src/policy/bash/match-texts.js';
import { decideBash, initBashParser, type BashMode } from '../../src/policy/bash/index.js';
import { decideOptions, makePolicy } from './bash-fixtures.js';

beforeAll(async () => {
  await initBashParser();
});

const X = WILD; // a dynamic word in a command text

describe('specifier matching against a command text', () => {
  const table: Array<[specifier: string | null, text: string, matches: boolean]> = [
    [null, 'anything at all', true],
    ['*', 'rm -rf /', true],
    ['ls *', 'ls -la', true],
    ['ls *', 'ls', true],
    ['ls *', 'lsof', false],
    ['ls *', 'ls -la src', true],
    ['ls*', 'lsof', true],
    ['ls*', 'ls', true],
    ['npm test:*', 'npm test', true],
    ['npm test:*', 'npm test --watch', true],
    ['npm test:*', 'npm testing', false],
    ['npm run test:*', 'npm run test', true],
    ['git:* push', 'git:x push', true],
    ['git:* push', 'git push', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git main', false],
    ['git * main', 'git push origin main2', false],
    ['npm run build', 'npm run build', true],
    ['npm run build', 'npm run build:prod', false],
    ['npm run build', 'npm run build --watch', false],
    ['npm run build', 'xnpm run build', false],
    ['rm -rf *', 'rm -rf', true],
    ['rm -rf *', 'rm -rf /', true],
    ['rm -rf *', 'rm -rfx', false],
    ['curl http://github.com/ *', 'curl http://github.com/x', false],
    ['curl http://github.com/ *', 'curl http://github.com/ x', true],
    ['a.b', 'axb', false],
    ['a.b', 'a.b', true],
    ['git log (x)', 'git log (x)', true],
    ['echo $HOME', 'echo $HOME', true],
    ['echo [x]', 'echo x', false],
    ['grep a+b *', 'grep aab file', false],
    ['grep a+b *', 'grep a+b file', true],
    ['*:*', 'a:b', true],
    ['', '', true],
    ['', 'ls', false],
    // Dynamic words: only a `*` absorbs them when allowing.
    ['git diff *', `git diff ${X}`, true],
    ['git diff --stat', `git diff ${X}`, false],
    ['echo a*', `echo ${X}`, false],
    ['echo *', `echo ${X}`, true],
    ['npm test *', `npm ${X}`, false],
  ];
  it.each(table)('Bash(%s) on %j → %s (allow semantics)', (specifier, text, matches) => {
    expect(patternMatchesText(compileBashPattern(specifier), text)).toBe(matches);
  });

  const deny: Array<[specifier: string, text: string, matches: boolean]> = [
    ['rm -rf /*', `rm -rf ${X}`, true],
    ['rm -rf /', `rm -rf ${X}`, true],
    ['git push *', `git ${X}`, true],
    ['git push *', `git status ${X}`, false],
    ['npm publish', `npm ${X}`, true],
    ['npm publish', `npm ${X} --dry-run`, false],
    ['curl *', `curl ${X}`, true],
    ['ls *', `lsof ${X}`, false],
    ['git * main', `git ${X} ${X}`, true],
  ];
  it.each(deny)('Bash(%s) may match %j (deny semantics) → %s', (specifier, text, matches) => {
    expect(patternMayMatch(compileBashPattern(specifier), text)).toBe(matches);
  });

  it('intersects two patterns exactly', () => {
    expect(intersects(`a${X}`, `b${X}`)).toBe(false);
    expect(intersects(`a${X}b`, `${X}c${X}`)).toBe(true); // acb
    expect(intersects(`a${X}b`, `${X}ab`)).toBe(true);
    expect(intersects(`${X}`, '')).toBe(true);
    expect(intersects('abc', 'abd')).toBe(false);
  });

  it('canonicalises flags in specifiers like in commands', () => {
    expect(canonicalSpecifier('rm -rf *')).toBe('rm -f -r *');
    expect(canonicalSpecifier('rm -rf:*')).toBe('rm -f -r:*');
    expect(canonicalSpecifier('git push --force *')).toBe('git -f push *'); // --force and -f are one flag
    expect(canonicalSpecifier(null)).toBeNull();
  });
});

describe('rules in decisions', () => {
  const decide = (command: string, spec: { allow?: string[]; deny?: string[]; ask?: string[] }): string => {
    const p = makePolicy(spec);
    const d = decideBash(command, p.rules, p.judge, decideOptions(p, 'dontAsk'));
    return d.behavior;
  };
  const table: Array<[command: string, spec: { allow?: string[]; deny?: string[]; ask?: string[] }, expected: 'allow' | 'deny']> = [
    ['npm test', { allow: ['Bash(npm test *)'] }, 'allow'],
    ['npm test --watch', { allow: ['Bash(npm test:*)'] }, 'allow'],
    ['npm testing', { allow: ['Bash(npm test *)'] }, 'deny'],
    ['NODE_ENV=test npm test', { allow: ['Bash(npm test *)'] }, 'allow'],
    ['FOO=1 npm test', { allow: ['Bash(npm test *)'] }, 'deny'],
    ['FOO=1 npm test', { allow: ['Bash(FOO=1 npm test *)'] }, 'allow'],
    ['timeout 60 npm test', { allow: ['Bash(npm test *)'] }, 'allow'],
    ['echo src | xargs grep -l x', { allow: ['Bash(grep *)'] }, 'allow'],
    ['/usr/bin/npm test', { allow: ['Bash(npm test *)'] }, 'deny'],
    ['aws s3 ls', { allow: ['Bash(aws s3 ls)'], deny: ['Bash(aws *)'] }, 'deny'],
    ['aws s3 ls', { allow: ['Bash(aws s3 ls)'], ask: ['Bash(aws *)'] }, 'deny'],
    ['git status && npm publish', { allow: ['Bash(git status *)', 'Bash(npm *)'], deny: ['Bash(npm publish *)'] }, 'deny'],
    ['sudo apt-get update', { allow: ['Bash(apt-get update)'] }, 'deny'],
    ['sudo apt-get update', { allow: ['Bash(sudo *)'] }, 'deny'],
    ['sudo apt-get update', { allow: ['Bash(sudo *)', 'Bash(apt-get update)'] }, 'allow'],
    ['sudo apt-get update', { allow: ['Bash(sudo apt-get update)'] }, 'allow'],
    ['find . -name x -exec grep -l y {} +', { allow: ['Bash(find *)'] }, 'allow'],
    ['find . -name x -exec wc -l {} +', { allow: ['Bash(find *)'] }, 'allow'],
    ['find . -name x -exec touch {} +', { allow: ['Bash(find *)'] }, 'deny'],
    ['bash -c "npm test"', { allow: ['Bash(npm test *)'] }, 'allow'],
    ['bash -c "npm test && npm publish"', { allow: ['Bash(npm test *)'] }, 'deny'],
    ['git commit -m "$(cat msg.txt)"', { allow: ['Bash(git commit *)'] }, 'allow'],
    ['git commit -m "$(cat msg.txt)"', { allow: ['Bash(git commit -m fix)'] }, 'deny'],
  ];
  it.each(table)('%s with %j → %s', (command, spec, expected) => {
    expect(decide(command, spec)).toBe(expected);
  });

  const modes: Array<[command: string, mode: BashMode, spec: { allow?: string[]; deny?: string[] }, expected: 'allow' | 'deny']> = [
    ['mkdir -p build && touch build/x', 'acceptEdits', {}, 'allow'],
    ['rm -rf dist', 'acceptEdits', {}, 'allow'],
    ['cp a.txt b.txt', 'acceptEdits', {}, 'allow'],
    ['mv hook .git/hooks/pre-commit', 'acceptEdits', {}, 'deny'],
    ['rm -rf dist', 'acceptEdits', { deny: ['Bash(rm *)'] }, 'deny'],
    ['rm -rf dist', 'dontAsk', {}, 'deny'],
    ['npm publish', 'bypassPermissions', {}, 'allow'],
    ['npm publish', 'bypassPermissions', { deny: ['Bash(npm publish *)'] }, 'deny'],
    ['git status && cat README.md', 'plan', {}, 'allow'],
    ['npm test', 'plan', { allow: ['Bash(npm test *)'] }, 'deny'],
    ['cat README.md > copy.md', 'plan', {}, 'deny'],
    ['', 'dontAsk', {}, 'allow'],
    ['# just a comment', 'dontAsk', {}, 'allow'],
  ];
  it.each(modes)('%j in %s with %j → %s', (command, mode, spec, expected) => {
    const p = makePolicy(spec);
    expect(decideBash(command, p.rules, p.judge, decideOptions(p, mode)).behavior).toBe(expected);
  });
});
