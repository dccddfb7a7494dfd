/*
 * Why we build the bwrap command line ourselves instead of using @anthropic-ai/sandbox-runtime (srt):
 *
 * srt (Dec 2025 source, reference §4) cannot meet the requirements, and its gaps are in the
 * parts we would rely on:
 *  1. Secrets: its bwrap line has no --clearenv; the runner's whole environment (ANTHROPIC_API_KEY,
 *     GITHUB_TOKEN, ACTIONS_* tokens) is inherited. We need an explicit allow-list.
 *  2. Protected paths: on Linux it protects only paths that already exist (CVE-2026-25725), and even
 *     for existing ones it mounts only the leaf: renaming the parent (`mv .git .git2 && mkdir -p
 *     .git/hooks`) escapes. We measured that on bwrap 0.8; see test/sandbox/escape-filesystem.test.ts.
 *  3. Network: decisions on the client-supplied hostname only; an allowed name resolving to
 *     169.254.169.254 or a private address is reachable (SSRF / DNS rebinding). No control-char check.
 *  4. No --unshare-ipc/uts, no --cap-drop, no process limit, Linux violations are not reported, the
 *     manager is a process-wide singleton, and the credential files (~/.ssh, ~/.config/gh,
 *     RUNNER_TEMP, the checkout token in .git/config) stay readable.
 *  5. Its seccomp helper runs the proxy bridge inside the sandbox, so the bridge needs AF_UNIX; ours
 *     runs outside (nsenter into the sandbox's network namespace), so nothing inside needs a socket
 *     of the host's (host-sockets.ts hides them all).
 * Patching all of that would leave little of srt, so this module is the pure core: a validated spec
 * in, an argv out, table-tested (test/sandbox/bwrap-args.test.ts). Everything that looks at the disk
 * lives in mount-plan.ts and credential-mask.ts.
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
 * Isolation flags every sandboxed command gets, whatever the spec says: new user, PID, network, IPC
 * and UTS namespaces, every capability dropped (bwrap also sets no_new_privs), a new session (no
 * TIOCSTI into the runner's terminal), and death with the runner. Nested user namespaces are
 * refused by the seccomp filter (seccomp-filter.ts explains why not --disable-userns).
 *
 * No cgroup namespace: /sys/fs/cgroup is the host's, bound read-only with `/`, and a cgroup
 * namespace made the two disagree — /proc/self/cgroup said `/` while mountinfo gave the mounted
 * hierarchies roots such as `/../..` (the runner's cgroup lies below them). Runtimes that find
 * their memory limit from those files (the JVM's and GraalVM native images' container support,
 * libuv) then build no path for the controller: a GraalVM native image (the `recheck` ReDoS
 * checker) crashed only inside the sandbox. Without the namespace, both files say what they say on
 * the host, and a command sees the real limits of its cgroup (read-only: /sys is not writable).
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

/**
 * An empty tmpfs, mode 0555, 64 KiB. Not remounted read-only: bwrap's remount (like every bind)
 * re-reads the whole mount table, about 0.4 ms a mount here, while a tmpfs costs almost nothing.
 * Whatever a command manages to write into it (after a chmod) stays in the sandbox and is gone
 * when the command ends.
 */
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
 * The argv run inside: `bash -c` with a short prelude before the agent's command, which runs in the
 * same shell through `eval` (one bash, not two: every exec costs). `$0` is `bash` and `$@` is empty,
 * as with a plain `bash -c`. The prelude
 * - caps the number of processes (RLIMIT_NPROC is counted per user namespace, so this bounds a fork
 *   bomb for a non-root runner; root ignores it and gets a pids cgroup instead, process-limit.ts);
 * - closes every inherited fd above 2 (the runner may hold fds its own parent leaked to it).
 * Used by the probe; commands get `sandboxCommandShell`, which is the same with the command read
 * from a pipe.
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
 * The argv every command's sandbox runs: `sandboxShellCommand`'s prelude, except that the command
 * is not in the argv (where Linux caps one argument at 128 KiB) but read from fd FD_COMMAND, which
 * the spawner fills and closes as it starts bwrap. Then the shell closes every fd above 2 and
 * evals the text exactly as the argv form does: no positional parameters, `$0` is `bash`, `$_` is
 * `--`, and the variable that carried the text is unset first.
 *
 * `read -N` takes the bytes as they are (no delimiter, no IFS splitting, no backslash processing
 * with -r) in buffered reads; it stops at EOF, and at MAX_COMMAND_BYTES characters, which no
 * accepted command reaches. `-t` overrides a TMOUT in the environment, which would otherwise end
 * the wait. A NUL cannot be carried (bash drops it), so commands holding one are refused, as an
 * argv refuses them.
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
