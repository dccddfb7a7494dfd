/**
 * The bubblewrap command line: a validated spec in, an argv out. Pure, table-tested; what looks at
 * the disk lives in mount-plan.ts and credential-mask.ts. (Why not @anthropic-ai/sandbox-runtime:
 * docs/sandbox.md, "Running it".)
 */
import { posix } from 'node:path';

export interface BwrapSpec {
  /** Absolute, symlink-resolved workspace: bound writable at the same path. */
  workspace: string;
  /** Host directory bound writable at /tmp: the run's private temp dir, which holds HOME too. */
  privateTmp: string;
  /** Working directory inside the sandbox. */
  cwd: string;
  /** Fresh, empty tmpfs mounts over host directories full of sockets or other users' files (/run, /var/tmp). */
  tmpfs: readonly string[];
  /**
   * `sandbox.limits.tmp_mb` in bytes: /tmp is then a fresh tmpfs of this size (so are the `tmpfs`
   * ones), with only HOME (`<privateTmp>/home`) kept from the run's private directory at /tmp/home.
   * Absent: /tmp is `privateTmp`, bound, as big as the runner's disk.
   */
  tmpSizeBytes?: number;
  /**
   * How commands see the workspace: `write` (bound writable, with `mounts` on top), `read` (bound
   * read-only: a bare Edit deny or plan mode) or `hidden` (an empty tmpfs: a bare Read deny).
   */
  workspaceAccess: 'write' | 'read' | 'hidden';
  /**
   * Directories outside the workspace the host filled for the agent (CI logs), bound read-only at
   * their own path: after /tmp, so one under the host's /tmp is seen too, never writable.
   */
  readOnlyDirs?: readonly string[];
  /** Mounts inside the workspace (mount-plan.ts), applied parent-first after it. */
  mounts: readonly WorkspaceMount[];
  /** Hidden paths outside the workspace: a directory becomes an empty tmpfs, a file reads as /dev/null. */
  masks: ReadonlyArray<{ path: string; kind: 'dir' | 'file' }>;
  /** The complete environment of the command. */
  env: Readonly<Record<string, string>>;
  /** Child fd holding the seccomp program (see seccomp-filter.ts). */
  seccompFd: number;
  /** Present when a network bridge must be started before the sandbox is set up (network-bridge.ts). */
  bridge: { infoFd: number; userNsBlockFd: number } | null;
  /** Without a bridge: where bwrap reports the sandbox's pid 1 (`--info-fd`), so it can be killed with bwrap. */
  infoFd?: number;
  hostname: string;
  /** What runs inside, argv form. */
  command: readonly string[];
}

export type WorkspaceMount =
  /** Writable, onto itself: pins an existing directory in place, or opens a path inside a read-only one. */
  | { op: 'bind'; path: string }
  | { op: 'ro-bind'; source: string; target: string }
  /** An empty tmpfs: what was there cannot be seen, and what is written there is gone after the command. */
  | { op: 'hide-dir'; path: string }
  /** An empty read-only file bound over the path. */
  | { op: 'hide-file'; source: string; path: string };

export class BwrapSpecError extends Error {
  override readonly name = 'BwrapSpecError';
}

function checkPath(what: string, p: string): string {
  if (!p.startsWith('/') || p.includes('\0') || posix.normalize(p) !== p || (p.length > 1 && p.endsWith('/'))) {
    throw new BwrapSpecError(`${what} must be an absolute, normalized path: ${JSON.stringify(p)}`);
  }
  return p;
}

function checkSize(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes < 4096) throw new BwrapSpecError(`tmpSizeBytes must be an integer >= 4096, got ${bytes}`);
  return bytes;
}

function checkFd(what: string, fd: number): number {
  if (!Number.isInteger(fd) || fd < 3) throw new BwrapSpecError(`${what} must be an inherited fd >= 3, got ${fd}`);
  return fd;
}

const depth = (p: string): number => (p === '/' ? 0 : p.split('/').length - 1);

export function byDepth<T>(items: readonly T[], key: (t: T) => string): T[] {
  return items.map((item, index) => ({ item, index })).sort((a, b) => depth(key(a.item)) - depth(key(b.item)) || a.index - b.index).map((x) => x.item);
}

/**
 * Every command, whatever the spec says (bwrap also sets no_new_privs; --new-session: no TIOCSTI
 * into the runner's terminal). Nested user namespaces are refused by the seccomp filter. No cgroup
 * namespace: with one, /proc/self/cgroup and the read-only host /sys/fs/cgroup disagreed and a
 * GraalVM native image looking up its memory limit crashed (docs/sandbox.md).
 */
export const ISOLATION_FLAGS: readonly string[] = [
  '--unshare-user',
  '--unshare-pid',
  '--unshare-net',
  '--unshare-ipc',
  '--unshare-uts',
  '--die-with-parent',
  '--new-session',
  '--cap-drop',
  'ALL',
];

const mountTarget = (m: WorkspaceMount): string => (m.op === 'ro-bind' ? m.target : m.path);

/** An empty tmpfs (not remounted read-only: a remount re-reads the mount table); what a command writes there dies with it. */
function hiddenDir(path: string): string[] {
  return ['--perms', '0555', '--size', '65536', '--tmpfs', path];
}

function mountArgs(m: WorkspaceMount): string[] {
  switch (m.op) {
    case 'bind':
      return ['--bind', checkPath('bind', m.path), m.path];
    case 'ro-bind':
      return ['--ro-bind', checkPath('read-only source', m.source), checkPath('read-only target', m.target)];
    case 'hide-dir':
      return hiddenDir(checkPath('hidden directory', m.path));
    case 'hide-file':
      return ['--ro-bind', checkPath('empty file', m.source), checkPath('hidden file', m.path)];
  }
}

export function buildBwrapArgs(spec: BwrapSpec): string[] {
  const workspace = checkPath('workspace', spec.workspace);
  if (workspace === '/') throw new BwrapSpecError('the workspace cannot be /');
  const args: string[] = [...ISOLATION_FLAGS, '--hostname', spec.hostname];

  // Read-only everything, then fresh /dev and /proc (the host's /proc would show every process's
  // environment), then the few writable places, then what is carved back out of them.
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  const size = spec.tmpSizeBytes === undefined ? [] : ['--size', String(checkSize(spec.tmpSizeBytes))];
  for (const dir of spec.tmpfs) args.push(...size, '--tmpfs', checkPath('tmpfs', dir));
  const privateTmp = checkPath('privateTmp', spec.privateTmp);
  // Sized: the kernel refuses writes past tmp_mb (ENOSPC); HOME stays the run's, as before.
  if (spec.tmpSizeBytes === undefined) args.push('--bind', privateTmp, '/tmp');
  else args.push(...size, '--tmpfs', '/tmp', '--bind', posix.join(privateTmp, 'home'), '/tmp/home');
  for (const dir of spec.readOnlyDirs ?? []) args.push('--ro-bind', checkPath('read-only directory', dir), dir);
  if (spec.workspaceAccess === 'hidden') args.push(...hiddenDir(workspace));
  else {
    args.push(spec.workspaceAccess === 'read' ? '--ro-bind' : '--bind', workspace, workspace);
    // Read-only workspace: hidden paths and scrubbed copies still apply, writable binds never.
    for (const m of byDepth(spec.mounts, mountTarget)) if (spec.workspaceAccess === 'write' || m.op !== 'bind') args.push(...mountArgs(m));
  }
  for (const mask of spec.masks) {
    const p = checkPath('mask', mask.path);
    if (mask.kind === 'dir') args.push(...hiddenDir(p));
    else args.push('--ro-bind', '/dev/null', p);
  }

  args.push('--chdir', checkPath('cwd', spec.cwd));
  args.push('--clearenv');
  for (const [name, value] of Object.entries(spec.env)) {
    if (name === '' || name.includes('=') || name.includes('\0') || value.includes('\0')) {
      throw new BwrapSpecError(`invalid environment entry ${JSON.stringify(name)}`);
    }
    args.push('--setenv', name, value);
  }
  args.push('--seccomp', String(checkFd('seccompFd', spec.seccompFd)));
  if (spec.bridge !== null) {
    args.push('--info-fd', String(checkFd('infoFd', spec.bridge.infoFd)), '--userns-block-fd', String(checkFd('userNsBlockFd', spec.bridge.userNsBlockFd)));
  } else if (spec.infoFd !== undefined) {
    args.push('--info-fd', String(checkFd('infoFd', spec.infoFd)));
  }
  if (spec.command.length === 0) throw new BwrapSpecError('empty command');
  args.push('--', ...spec.command);
  return args;
}

/**
 * The probe's argv: `bash -c` with a prelude (RLIMIT_NPROC, counted per user namespace; every
 * inherited fd above 2 closed), then the command through `eval` in the same shell, with no
 * positional parameters. Commands get `sandboxCommandShell`, the same with the text from a pipe.
 */
export function sandboxShellCommand(command: string, maxProcesses: number): string[] {
  checkMaxProcesses(maxProcesses);
  const prelude = [
    `ulimit -u ${maxProcesses} 2>/dev/null`,
    CLOSE_FDS,
    'unset f',
    // "$1" is expanded before eval runs, so the command sees no positional parameters.
    'eval "set --; $1"',
  ].join('; ');
  return ['bash', '-c', prelude, 'bash', command];
}

/** The fd a command's sandbox reads the command text from (spawner-program.ts writes it, then closes it). */
export const FD_COMMAND = 6;
/** Longest command text, in bytes: `read -N` stops there, so a longer one is refused before it is handed over. */
export const MAX_COMMAND_BYTES = 16 * 1024 * 1024;
/** The shell variable holding the command until eval; unset before the command runs. */
const COMMAND_VAR = '__warden_command';

/**
 * Every command's argv: `sandboxShellCommand`'s, with the text read from fd FD_COMMAND (an argv
 * caps one argument at 128 KiB). `read -r -N` takes the bytes as they are, up to EOF; `-t`
 * overrides a TMOUT. A NUL cannot be carried (bash drops it): such commands are refused earlier.
 */
export function sandboxCommandShell(maxProcesses: number, dataKb: number | null = null): string[] {
  checkMaxProcesses(maxProcesses);
  if (dataKb !== null && (!Number.isSafeInteger(dataKb) || dataKb < 1024)) throw new BwrapSpecError(`dataKb must be an integer >= 1024, got ${dataKb}`);
  const prelude = [
    `ulimit -u ${maxProcesses} 2>/dev/null`,
    // Without a memory cgroup: RLIMIT_DATA per process (memory-limit.ts says why not RLIMIT_AS).
    ...(dataKb === null ? [] : [`ulimit -d ${dataKb} 2>/dev/null`]),
    `IFS= read -r -t 2147483647 -N ${MAX_COMMAND_BYTES} ${COMMAND_VAR} <&${FD_COMMAND}`,
    CLOSE_FDS,
    'unset f',
    // Expanded before eval runs: the command sees neither the variable nor positional parameters.
    `eval "unset ${COMMAND_VAR}; set --; $${COMMAND_VAR}"`,
  ].join('; ');
  return ['bash', '-c', prelude, 'bash'];
}

const CLOSE_FDS = 'for f in /proc/self/fd/*; do f=${f##*/}; [ "$f" -gt 2 ] 2>/dev/null && eval "exec $f>&-"; done';

function checkMaxProcesses(maxProcesses: number): void {
  if (!Number.isInteger(maxProcesses) || maxProcesses < 16) throw new BwrapSpecError(`maxProcesses must be an integer >= 16, got ${maxProcesses}`);
}
