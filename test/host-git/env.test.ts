/** The argv and environment of host git, as a table: what every command gets, what none can. */
import { describe, expect, test } from 'vitest';
import { buildGitCommand, configFileValue, fixedConfig, HostGitUsageError, quoteAlternate, trustedSearchPath } from '../../src/git/host-git-env.js';
import type { HostGitContext } from '../../src/git/host-git-env.js';

const ctx: HostGitContext = { git: '/usr/bin/git', path: '/usr/bin:/bin', home: '/state/home', hooksDir: '/state/hooks', globalConfig: '/state/global.gitconfig' };

/** The command-line config a command carries, as git will read it from GIT_CONFIG_COUNT/KEY/VALUE. */
function configOf(env: Record<string, string>): Array<[string, string]> {
  const n = Number(env.GIT_CONFIG_COUNT);
  return Array.from({ length: n }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`] ?? '', env[`GIT_CONFIG_VALUE_${i}`] ?? '']);
}
/** The value git ends up with for a single-valued key: the last one. */
function effective(env: Record<string, string>, key: string): string | undefined {
  return configOf(env).filter(([k]) => k.toLowerCase() === key.toLowerCase()).at(-1)?.[1];
}

describe('buildGitCommand', () => {
  test('the environment is exactly ours: no config beyond our files, no prompts, no replace objects', () => {
    const { file, args, env } = buildGitCommand(ctx, { args: ['status'], gitDir: '/state/git', workTree: '/ws', indexFile: '/state/i' });
    expect(file).toBe('/usr/bin/git');
    expect(args).toEqual(['--no-pager', '--no-replace-objects', 'status']);
    const plain = Object.fromEntries(Object.entries(env).filter(([k]) => !/^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(k)));
    expect(plain).toEqual({
      PATH: '/usr/bin:/bin', HOME: '/state/home', LANG: 'C', LC_ALL: 'C',
      GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_SYSTEM: '/dev/null', GIT_CONFIG_GLOBAL: '/state/global.gitconfig', GIT_ATTR_NOSYSTEM: '1',
      GIT_NO_REPLACE_OBJECTS: '1', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1', GIT_PROTOCOL_FROM_USER: '0', GIT_ALLOW_PROTOCOL: '',
      GIT_CONFIG_COUNT: String(fixedConfig(ctx).length),
      GIT_DIR: '/state/git', GIT_WORK_TREE: '/ws', GIT_INDEX_FILE: '/state/i',
    });
  });

  const fixed: Array<[string, string]> = [
    ['core.fsmonitor', 'false'], ['core.hooksPath', '/state/hooks'], ['core.attributesFile', '/dev/null'], ['core.excludesFile', '/dev/null'],
    ['credential.helper', ''], ['commit.gpgSign', 'false'], ['push.gpgSign', 'false'], ['gpg.program', 'false'], ['core.pager', 'cat'],
    ['core.editor', 'false'], ['submodule.recurse', 'false'], ['push.recurseSubmodules', 'no'], ['diff.ignoreSubmodules', 'all'],
    ['core.untrackedCache', 'false'], ['core.splitIndex', 'false'], ['core.trustctime', 'true'], ['protocol.allow', 'never'],
    ['http.followRedirects', 'false'], ['gc.auto', '0'], ['core.commitGraph', 'false'], ['pack.useBitmaps', 'false'],
  ];
  test.each(fixed)('%s is %j for every command', (key, value) => {
    const { env } = buildGitCommand(ctx, { args: ['x'] });
    expect(effective(env, key)).toBe(value);
  });

  test('per-command config cannot loosen a fixed setting: the fixed ones come last and win', () => {
    const { env } = buildGitCommand(ctx, { args: ['x'], config: [['core.fsmonitor', '/evil'], ['core.hooksPath', '/evil'], ['protocol.allow', 'always']] });
    expect(effective(env, 'core.fsmonitor')).toBe('false');
    expect(effective(env, 'core.hooksPath')).toBe('/state/hooks');
    expect(effective(env, 'protocol.allow')).toBe('never');
  });

  test('programs with no "off" value are never configured at all', () => {
    const keys = configOf(buildGitCommand(ctx, { args: ['x'] }).env).map(([k]) => k.toLowerCase());
    for (const k of ['core.sshcommand', 'diff.external', 'core.askpass', 'http.extraheader', 'include.path', 'core.gitproxy', 'uploadpack.packobjectshook']) {
      expect(keys).not.toContain(k);
    }
  });

  test('only the listed extra variables pass; anything else is a programming error', () => {
    const ok = buildGitCommand(ctx, { args: ['x'], env: { GIT_AUTHOR_NAME: 'a', HTTPS_PROXY: 'http://proxy:3128' } });
    expect(ok.env.GIT_AUTHOR_NAME).toBe('a');
    expect(ok.env.HTTPS_PROXY).toBe('http://proxy:3128');
    for (const name of ['GIT_DIR', 'GIT_SSH_COMMAND', 'GIT_EXEC_PATH', 'GIT_CONFIG_PARAMETERS', 'GIT_EXTERNAL_DIFF', 'LD_PRELOAD', 'GITHUB_TOKEN', 'GIT_ASKPASS']) {
      expect(() => buildGitCommand(ctx, { args: ['x'], env: { [name]: 'v' } }), name).toThrow(HostGitUsageError);
    }
  });

  test('alternates are quoted so a path with ":" or quotes stays one entry', () => {
    const { env } = buildGitCommand(ctx, { args: ['x'], alternates: ['/a:b/objects', '/c"d\\e/objects'] });
    expect(env.GIT_ALTERNATE_OBJECT_DIRECTORIES).toBe('"/a:b/objects":"/c\\"d\\\\e/objects"');
    expect(quoteAlternate('/x\ny')).toBe('"/x\\ny"');
    expect(() => quoteAlternate('relative/objects')).toThrow(HostGitUsageError);
  });

  test('a relative git path, or a NUL anywhere, is refused', () => {
    expect(() => buildGitCommand({ ...ctx, git: 'git' }, { args: ['x'] })).toThrow(HostGitUsageError);
    expect(() => buildGitCommand(ctx, { args: ['x'], gitDir: '/a\0b' })).toThrow(HostGitUsageError);
  });
});

describe('trustedSearchPath', () => {
  const cases: Array<[string, string, string[], string]> = [
    ['workspace entries are dropped', '/ws/node_modules/.bin:/usr/bin:/ws:/bin', ['/ws'], '/usr/bin:/bin'],
    ['relative and empty entries are dropped', '.:bin::/usr/bin', ['/ws'], '/usr/bin'],
    ['a sibling with the same prefix is kept', '/ws-tools/bin:/usr/bin', ['/ws'], '/ws-tools/bin:/usr/bin'],
    ['duplicates are dropped, order kept', '/usr/bin:/bin:/usr/bin', ['/ws'], '/usr/bin:/bin'],
  ];
  test.each(cases)('%s', (_n, path, roots, expected) => {
    expect(trustedSearchPath(path, roots)).toBe(expected);
  });
});

test('configFileValue quotes and escapes, and refuses line breaks', () => {
  expect(configFileValue('/a "b" \\c')).toBe('"/a \\"b\\" \\\\c"');
  expect(() => configFileValue('/a\n[core]')).toThrow(HostGitUsageError);
});
