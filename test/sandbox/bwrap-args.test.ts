/** The bwrap command line, as a spec: what every command gets, in which order, and what is refused. */
import { describe, expect, test } from 'vitest';
import { buildBwrapArgs, BwrapSpecError, ISOLATION_FLAGS, sandboxShellCommand, type BwrapSpec } from '../../src/sandbox/bwrap-args.js';

const base: BwrapSpec = {
  workspace: '/work/repo',
  privateTmp: '/state/tmp',
  cwd: '/work/repo',
  tmpfs: ['/run', '/var/tmp'],
  workspaceAccess: 'write',
  mounts: [],
  masks: [],
  env: { PATH: '/usr/bin:/bin', HOME: '/tmp/home' },
  seccompFd: 3,
  bridge: null,
  hostname: 'warden-sandbox',
  command: ['bash', '-c', 'true'],
};

const spec = (over: Partial<BwrapSpec>): BwrapSpec => ({ ...base, ...over });
/** The argv as "flag arg arg" groups, for readable assertions. */
function groups(args: string[]): string[] {
  const arity: Record<string, number> = { '--perms': 1, '--size': 1, '--ro-bind': 2, '--bind': 2, '--setenv': 2, '--tmpfs': 1, '--remount-ro': 1, '--dev': 1, '--proc': 1, '--chdir': 1, '--seccomp': 1, '--info-fd': 1, '--userns-block-fd': 1, '--hostname': 1, '--cap-drop': 1 };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') {
      out.push(['--', ...args.slice(i + 1)].join(' '));
      break;
    }
    const n = arity[a] ?? 0;
    out.push([a, ...args.slice(i + 1, i + 1 + n)].join(' '));
    i += n;
  }
  return out;
}

describe('buildBwrapArgs: invariants for every spec', () => {
  const specs: Array<[string, BwrapSpec]> = [
    ['minimal', base],
    ['with everything', spec({ mounts: [{ op: 'bind', path: '/work/repo/.git' }, { op: 'ro-bind', source: '/work/repo/.git/hooks', target: '/work/repo/.git/hooks' }], masks: [{ path: '/home/u/.ssh', kind: 'dir' }], bridge: { infoFd: 4, userNsBlockFd: 5 } })],
  ];
  test.each(specs)('%s', (_name, s) => {
    const args = buildBwrapArgs(s);
    const g = groups(args);
    expect(args.slice(0, ISOLATION_FLAGS.length)).toEqual(ISOLATION_FLAGS);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session', '--clearenv']) expect(args).toContain(flag);
    expect(g).toContain('--cap-drop ALL');
    expect(g).toContain('--ro-bind / /');
    expect(g).toContain('--proc /proc');
    expect(g).toContain('--dev /dev');
    expect(g).toContain('--bind /state/tmp /tmp');
    expect(g).toContain('--bind /work/repo /work/repo');
    expect(g).toContain('--seccomp 3');
    expect(g).not.toContain('--bind / /');
    expect(args).not.toContain('--share-net');
    expect(args).not.toContain('--dev-bind');
    expect(g.at(-1)).toBe('-- bash -c true');
    // Root first, then /dev and /proc, then tmp, then the workspace.
    const at = (x: string): number => g.indexOf(x);
    expect(at('--ro-bind / /')).toBeLessThan(at('--proc /proc'));
    expect(at('--bind /state/tmp /tmp')).toBeLessThan(at('--bind /work/repo /work/repo'));
  });
});

describe('buildBwrapArgs: protected paths, masks and the bridge', () => {
  test('workspace mounts come parent-first after the workspace, whatever their kind, then masks', () => {
    const g = groups(buildBwrapArgs(spec({
      mounts: [
        { op: 'ro-bind', source: '/work/repo/.git/hooks', target: '/work/repo/.git/hooks' },
        { op: 'bind', path: '/work/repo/.github/workflows' },
        { op: 'ro-bind', source: '/state/gitconfig-1', target: '/work/repo/.git/config' },
        { op: 'hide-file', source: '/state/empty', path: '/work/repo/config/.env' },
        { op: 'bind', path: '/work/repo/.git' },
        { op: 'ro-bind', source: '/work/repo/.github', target: '/work/repo/.github' },
        { op: 'hide-dir', path: '/work/repo/secrets' },
      ],
      masks: [{ path: '/home/u/.ssh', kind: 'dir' }, { path: '/home/u/.npmrc', kind: 'file' }],
    })));
    const mounts = g.filter((x) => /^--(bind|ro-bind|tmpfs|remount-ro|perms|size) /.test(x)).slice(5); // after / , tmpfs×2, tmp, workspace
    expect(mounts).toEqual([
      '--bind /work/repo/.git /work/repo/.git',
      '--ro-bind /work/repo/.github /work/repo/.github',
      '--perms 0555', '--size 65536', '--tmpfs /work/repo/secrets',
      '--ro-bind /work/repo/.git/hooks /work/repo/.git/hooks',
      '--bind /work/repo/.github/workflows /work/repo/.github/workflows',
      '--ro-bind /state/gitconfig-1 /work/repo/.git/config',
      '--ro-bind /state/empty /work/repo/config/.env',
      '--perms 0555', '--size 65536', '--tmpfs /home/u/.ssh',
      '--ro-bind /dev/null /home/u/.npmrc',
    ]);
  });

  test('a read-only workspace keeps hidden paths and scrubbed copies but no writable bind; a hidden one is an empty tmpfs', () => {
    const mounts: BwrapSpec['mounts'] = [
      { op: 'bind', path: '/work/repo/.git' },
      { op: 'ro-bind', source: '/state/gitconfig-1', target: '/work/repo/.git/config' },
      { op: 'hide-file', source: '/state/empty', path: '/work/repo/.env' },
    ];
    const ro = groups(buildBwrapArgs(spec({ workspaceAccess: 'read', mounts })));
    expect(ro).toContain('--ro-bind /work/repo /work/repo');
    expect(ro).not.toContain('--bind /work/repo /work/repo');
    expect(ro).not.toContain('--bind /work/repo/.git /work/repo/.git');
    expect(ro).toContain('--ro-bind /state/gitconfig-1 /work/repo/.git/config');
    expect(ro).toContain('--ro-bind /state/empty /work/repo/.env');
    const hidden = groups(buildBwrapArgs(spec({ workspaceAccess: 'hidden', mounts })));
    expect(hidden).toContain('--tmpfs /work/repo');
    expect(hidden.filter((x) => x.includes('/work/repo/'))).toEqual([]);
  });

  test('the environment is exactly the spec (clearenv, then setenv)', () => {
    const g = groups(buildBwrapArgs(base));
    const env = g.filter((x) => x.startsWith('--setenv '));
    expect(env).toEqual(['--setenv PATH /usr/bin:/bin', '--setenv HOME /tmp/home']);
    expect(g.indexOf('--clearenv')).toBeLessThan(g.indexOf(env[0] ?? ''));
  });

  test('bridge fds are passed only when a bridge is wanted', () => {
    expect(buildBwrapArgs(base)).not.toContain('--info-fd');
    const g = groups(buildBwrapArgs(spec({ bridge: { infoFd: 4, userNsBlockFd: 5 } })));
    expect(g).toContain('--info-fd 4');
    expect(g).toContain('--userns-block-fd 5');
  });

  test('without a bridge, an info fd reports the sandbox pid without holding the start', () => {
    const g = groups(buildBwrapArgs(spec({ infoFd: 4 })));
    expect(g).toContain('--info-fd 4');
    expect(g.some((x) => x.startsWith('--userns-block-fd'))).toBe(false);
    expect(groups(buildBwrapArgs(spec({ infoFd: 4, bridge: { infoFd: 4, userNsBlockFd: 5 } }))).filter((x) => x.startsWith('--info-fd'))).toEqual(['--info-fd 4']);
    expect(() => buildBwrapArgs(spec({ infoFd: 1 }))).toThrow(/infoFd must be/);
  });
});

describe('buildBwrapArgs: refuses bad specs', () => {
  const bad: Array<[string, Partial<BwrapSpec>, RegExp]> = [
    ['relative workspace', { workspace: 'repo' }, /workspace must be an absolute/],
    ['workspace /', { workspace: '/' }, /cannot be \//],
    ['non-normalized bind', { mounts: [{ op: 'bind', path: '/work/repo/../etc' }] }, /bind must be/],
    ['relative hidden file', { mounts: [{ op: 'hide-file', source: '/state/empty', path: 'x/.env' }] }, /hidden file must be/],
    ['trailing slash', { masks: [{ path: '/home/u/.ssh/', kind: 'dir' }] }, /mask must be/],
    ['NUL in path', { cwd: '/work/repo\0x' }, /cwd must be/],
    ['env name with =', { env: { 'A=B': 'x' } }, /invalid environment entry/],
    ['seccomp on stdio', { seccompFd: 2 }, /seccompFd must be/],
    ['empty command', { command: [] }, /empty command/],
  ];
  test.each(bad)('%s', (_name, over, message) => {
    expect(() => buildBwrapArgs(spec(over))).toThrow(BwrapSpecError);
    expect(() => buildBwrapArgs(spec(over))).toThrow(message);
  });
});

describe('sandboxShellCommand', () => {
  test('one bash: limit, close inherited fds, then eval the command with no positional parameters', () => {
    const argv = sandboxShellCommand('echo "$0"', 512);
    expect(argv.slice(0, 2)).toEqual(['bash', '-c']);
    expect(argv[2]).toMatch(/^ulimit -u 512 2>\/dev\/null; for f in \/proc\/self\/fd\/\*; .*eval "set --; \$1"$/);
    expect(argv.slice(3)).toEqual(['bash', 'echo "$0"']);
  });
  test('refuses a silly process cap', () => {
    expect(() => sandboxShellCommand('true', 3)).toThrow(BwrapSpecError);
  });
});
