/**
 * The confinement for a trusted host program (ripgrep) where bubblewrap cannot start — no user
 * namespaces, as on GitHub's Ubuntu 24.04 runners until a sysctl is changed, or no bwrap at all:
 * Landlock, which an unprivileged process applies to itself and everything it then runs. The
 * program may open for reading only what lies beneath one directory, handed in as an open
 * descriptor (the inode the caller opened and judged, wherever its path now leads), plus the
 * system directories it is loaded from; it may write, make or remove nothing anywhere, and (with
 * Landlock ABI 4 and later) neither bind nor connect TCP sockets, nor (ABI 6) signal or reach
 * abstract sockets outside itself. A symlink planted in the directory, or a subdirectory swapped
 * for one while the program walks it, leads to a refused open: Landlock judges the file reached,
 * by where it is, at every open (its own /proc, every other process's environment and the
 * runner's files included).
 *
 * Weaker than bubblewrap's confinement (confined-exec.ts), which is why it is used only where
 * bubblewrap does not work: Landlock (to ABI 7) does not cover changing a file's mode, owner, times
 * or extended attributes, connecting to a unix socket by path, or the host's process list and
 * metadata (`stat` is not an open), and the program keeps the runner's capabilities; ripgrep, run
 * with a fixed argv, does none of that. Nor can it say nodev: a device node beneath the directory
 * can be read, so ripgrep (which skips the device nodes it lists) walks under it only while
 * nothing the agent controls runs and could swap a file for one (grep-rg-tree.ts); and it cannot
 * show a directory at another path, so a search is never narrowed under it (a name looked up could
 * be swapped for a symlink, and what ripgrep answers would tell of its target).
 *
 * Applied by a few lines of Perl (perl-base is part of every Debian and Ubuntu system; Node has no
 * way to make system calls): create the ruleset, allow the directory (fd 3), the system
 * directories and the program, set no_new_privs, restrict itself, change into the directory
 * (fd 3), close it, and exec the program with an empty environment.
 * Any failure before the exec prints LANDLOCK_FAILED and exits with LANDLOCK_FAILED_EXIT: the
 * caller then falls back, as when bwrap cannot build its confinement.
 */
import { hostExec, type HostExecRequest, type HostExecResult } from './host-exec.js';
import { syscallNumbers } from './syscall-numbers.js';

export const LANDLOCK_FAILED = 'warden-landlock: ';
/** Not an exit code ripgrep gives (0, 1, 2). */
export const LANDLOCK_FAILED_EXIT = 125;

// Everything Landlock ABI 1 handles on files: execute, write, read, read dir, remove dir/file, make
// char/dir/reg/sock/fifo/block/sym (bits 0-12); then refer (ABI 2), truncate (3), device ioctl (5).
// The numbers arrive as strings: perl passes a string to syscall as a pointer, so each is made a number.
const LAUNCHER = String.raw`my ($prctl, $fchdir, $close, $count) = map { $_ + 0 } splice(@ARGV, 0, 4);
sub fail { print STDERR "${LANDLOCK_FAILED}$_[0]\n"; exit ${LANDLOCK_FAILED_EXIT}; }
my $abi = syscall(444, 0, 0, 1);
fail("Landlock is not enabled in this kernel ($!)") if $abi < 1;
my $fs = (1 << 13) - 1;
$fs |= 1 << 13 if $abi >= 2;
$fs |= 1 << 14 if $abi >= 3;
$fs |= 1 << 15 if $abi >= 5;
my $attr = pack('QQQ', $fs, $abi >= 4 ? 3 : 0, $abi >= 6 ? 3 : 0);
my $ruleset = syscall(444, $attr, $abi >= 6 ? 24 : $abi >= 4 ? 16 : 8, 0);
fail("landlock_create_ruleset: $!") if $ruleset < 0;
sub allow { syscall(445, $ruleset, 1, pack('Ql', $_[1], $_[0]), 0) == 0 or fail("landlock_add_rule $_[2]: $!"); }
allow(3, 4 | 8, 'the directory');
for my $path (splice(@ARGV, 0, $count)) {
  sysopen(my $fh, $path, 0x200000 | 0x80000) or next;
  allow(fileno($fh), -d $path ? 1 | 4 | 8 : 1 | 4, $path);
  close($fh);
}
syscall($prctl, 38, 1, 0, 0, 0) == 0 or fail("no_new_privs: $!");
syscall(446, $ruleset, 0) == 0 or fail("landlock_restrict_self: $!");
syscall($fchdir, 3) == 0 or fail("fchdir: $!");
syscall($close, 3);
syscall($close, $ruleset);
{ no warnings; exec { $ARGV[0] } @ARGV; }
fail("exec $ARGV[0]: $!");
`;

// Where a program and its shared libraries are loaded from (merged /usr or not): public files. Not
// the loader's cache in /etc (it finds the libraries in its default directories without it, as in
// bubblewrap, which shows no /etc): what the program can read is what bubblewrap shows it.
const SYSTEM_PATHS = ['/usr', '/lib', '/lib64', '/lib32', '/libx32', '/bin', '/sbin'];

/**
 * The perl argv, pure so it can be checked; undefined where the system call numbers are not known
 * (only x64 and arm64). The program runs in the directory it may read (fd 3).
 */
export function landlockArgs(program: string, args: readonly string[], arch: string = process.arch, system: readonly string[] = SYSTEM_PATHS): string[] | undefined {
  const numbers = syscallNumbers(arch);
  if (numbers === undefined) return undefined;
  const allowed = [...system, program];
  return ['-e', LAUNCHER, '--', ...[numbers.prctl, numbers.fchdir, numbers.close].map(String), String(allowed.length), ...allowed, program, ...args];
}

export interface LandlockExecRequest extends Omit<HostExecRequest, 'extraFds' | 'cwd' | 'file' | 'env'> {
  /** Absolute path of perl (findHostExecutable). */
  perl: string;
  /** The program to confine, by its real path (confinedExec resolves it): that file is allowed. */
  file: string;
  /** An open descriptor (O_PATH is enough) of the directory the program may read beneath, and runs in. */
  dirFd: number;
  /** Tests: another architecture's numbers. */
  arch?: string;
}

/** Whether the launcher said it could not confine (nothing was run). */
export function landlockFailed(result: HostExecResult): boolean {
  return result.exitCode === LANDLOCK_FAILED_EXIT && result.output.startsWith(LANDLOCK_FAILED);
}

export async function landlockExec(request: LandlockExecRequest): Promise<HostExecResult> {
  const { perl, dirFd, file, args, arch, ...rest } = request;
  const argv = landlockArgs(file, args, arch);
  if (argv === undefined) {
    return { exitCode: LANDLOCK_FAILED_EXIT, signal: null, output: `${LANDLOCK_FAILED}no system call numbers for ${arch ?? process.arch}\n`, droppedChars: 0, timedOut: false, aborted: false, durationMs: 0 };
  }
  return hostExec({ ...rest, file: perl, args: argv, cwd: '/', env: {}, extraFds: [dirFd] });
}
