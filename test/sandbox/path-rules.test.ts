/**
 * What the sandbox hides and protects, per path, as a table; and the proof that it protects at
 * least what the policy protects: for many paths, a path the policy's protected list covers is
 * protected by the sandbox too (one list, BUILTIN_PROTECTED_PATHS).
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_SANDBOX_CONFIG, NO_FILE_RULES, type SandboxConfig } from '../../src/config/index.js';
import { BUILTIN_PROTECTED_PATHS, protectedEntriesFor } from '../../src/policy/index.js';
import { PathRuleError, PathRules } from '../../src/sandbox/path-rules.js';

const W = '/w';
const HOME = '/home/u';
function rules(over: { read?: string[]; write?: string[]; protectedPaths?: string[]; writable?: string[]; root?: string } = {}): PathRules {
  const config: SandboxConfig = {
    ...DEFAULT_SANDBOX_CONFIG,
    protectedPaths: over.protectedPaths ?? [],
    writableProtectedPaths: over.writable ?? [],
    fileRules: {
      ...NO_FILE_RULES, root: over.root ?? W, home: HOME,
      readDeny: (over.read ?? []).map((p) => ({ rule: `Read(${p})`, pattern: p })),
      writeDeny: (over.write ?? []).map((p) => ({ rule: `Edit(${p})`, pattern: p })),
    },
  };
  return new PathRules(W, config);
}
const split = (rel: string): string[] => rel.split('/');

describe('PathRules: Read denies hide', () => {
  const r = rules({ read: ['./.env', '**/.env*', './secrets/**', '*.pem', 'config/prod.json', '/deploy/keys/**', '~/.aws/**'] });
  const cases: Array<[string, string | null]> = [
    ['.env', 'Read(./.env)'],
    ['packages/a/.env.local', 'Read(**/.env*)'],
    ['secrets', 'Read(./secrets/**)'],
    ['a/b/key.pem', 'Read(*.pem)'],
    ['config/prod.json', 'Read(config/prod.json)'],
    ['deploy/keys', 'Read(/deploy/keys/**)'],
    ['src/env.ts', null],
    ['config/dev.json', null],
    ['environment.md', null],
  ];
  test.each(cases)('%s', (rel, rule) => {
    expect(r.classify(split(rel)).hide).toBe(rule);
  });
  test('rules anchored outside the workspace are found separately, from their literal prefix', () => {
    expect(r.outsideRead.map((o) => [o.rule, o.scanRoot])).toEqual([['Read(~/.aws/**)', `${HOME}/.aws`]]);
  });
  test('a rule whose start contains the workspace applies inside and outside it', () => {
    const wide = rules({ read: ['//**/id_rsa'] });
    expect(wide.classify(['x', 'id_rsa']).hide).toBe('Read(//**/id_rsa)');
    expect(wide.outsideRead.map((o) => o.scanRoot)).toEqual(['/']);
  });
  test('an unparsable pattern fails closed', () => {
    expect(() => rules({ read: ['a/**b'] })).toThrow(PathRuleError);
  });
});

describe('PathRules: protected (built-in list, extras, Edit denies, writable holes)', () => {
  const r = rules({ write: ['./package-lock.json', 'dist/**'], protectedPaths: ['deploy/prod.yml'], writable: ['.github/workflows', '.npmrc'] });
  const cases: Array<[string, boolean]> = [
    ['.github', true], ['.github/CODEOWNERS', true], ['.github/warden.yml', true], ['.github/actions/x/action.yml', true],
    ['.github/workflows', false], ['.github/workflows/ci.yml', false], ['.github/workflows/sub/.npmrc', true],
    ['.npmrc', false], ['packages/a/.npmrc', true],
    ['.envrc', true], ['.env.production', true], ['deep/er/.env', true], ['.pre-commit-config.yaml', true], ['lefthook.yml', true],
    ['.devcontainer', true], ['.yarnrc.yml', true], ['.cargo/config.toml', true], ['.bashrc', true], ['.gitconfig', true], ['.claude.json', true],
    ['x/.git', true], ['x/.config/git/config', true], ['.GIT/hooks', true], ['.VSCode/settings.json', true],
    ['package-lock.json', true], ['sub/package-lock.json', false], ['dist', true], ['a/dist/x.js', true],
    ['deploy/prod.yml', true], ['deploy/dev.yml', false],
    ['.gitlab-ci.yml', true], ['.gitlab/ci/test.yml', true], ['Jenkinsfile', true], ['ci/Jenkinsfile', true], ['.circleci/config.yml', true],
    ['.buildkite/pipeline.yml', true], ['azure-pipelines.yml', true], ['.travis.yml', true], ['bitbucket-pipelines.yml', true],
    ['.drone.yml', true], ['.woodpecker.yml', true], ['.woodpecker/x.yaml', true], ['src/.travis.yml', false],
    ['src/index.ts', false], ['README.md', false], ['.gitignore', false], ['envrc', false],
  ];
  test.each(cases)('%s', (rel, expected) => {
    expect(r.classify(split(rel)).protect !== null).toBe(expected);
  });
});

describe('PathRules covers everything the policy protects', () => {
  const names = [...new Set(BUILTIN_PROTECTED_PATHS.flatMap((p) => p.path.split('/')))].map((n) => n.replace(/\*$/, '.local'));
  const dirs = ['', 'src/', 'packages/a/', '.github/', '.git/', 'node/x/y/'];
  const paths = dirs.flatMap((d) => names.flatMap((n) => [`${d}${n}`, `${d}${n}/inner.txt`, `${d}${n.toUpperCase()}`]));
  const r = rules();
  test('paths built from every name on the list, at several depths and in upper case', () => {
    const byPolicy = paths.filter((rel) => protectedEntriesFor(`${W}/${rel}`, W, BUILTIN_PROTECTED_PATHS).length > 0);
    expect(byPolicy.length).toBeGreaterThan(200); // not vacuous
    expect(byPolicy.filter((rel) => r.classify(split(rel)).protect === null)).toEqual([]);
  });
});
