/**
 * With commands run outside the sandbox (`sandbox.mode: off`), nothing ends a command's processes
 * with it: one that leaves its process group (`setsid`, a double fork) outlives it, free to change
 * the workspace at any moment after — while Grep's ripgrep walks it by name, say. Under bubblewrap
 * the sandbox's pid namespace ends them all. Here the spawner (spawner-program.ts) is started
 * beneath a subreaper instead: a few lines of perl (Node cannot call prctl) that make themselves
 * the child subreaper (PR_SET_CHILD_SUBREAPER), so every process orphaned beneath — whatever a
 * command left running — becomes the reaper's child rather than init's; they fork the spawner, and
 * reap whatever ends. When a command's shell has exited and no other command runs, the spawner
 * kills every child of the reaper but itself, round after round (a killed process's own children
 * come to the reaper next), until none is left, and says so with the command's exit (`swept`).
 * Only then may the read guard trust that no process the agent started is left (run-setup.ts).
 *
 * What this cannot reach, and does not claim to: a process started on the agent's behalf by a
 * service outside the run's process tree (at, cron, `systemd-run --user`, a container engine's
 * socket), or one that took another user's identity (sudo) and cannot be killed — then the sweep
 * fails and says so. Where perl, prctl or `/proc/<pid>/task/<tid>/children` is missing, the spawner
 * starts without it and no sweep is ever claimed: the guard keeps trusting nothing after the first
 * command, as before.
 *
 * When the spawner exits (the runner ended, however), the reaper kills and reaps what is left and
 * exits the way the spawner did.
 */

import { syscallNumbers } from './syscall-numbers.js';

/** The argument the spawner is given when the reaper above it is a subreaper. */
export const REAPED_MARK = 'warden-reaped';

const REAPER = String.raw`my $prctl = shift(@ARGV) + 0;
my $subreaper = syscall($prctl, 36, 1, 0, 0, 0) == 0;
my $spawner = fork();
exit 127 unless defined $spawner;
if ($spawner == 0) {
  exec { $ARGV[0] } (@ARGV, $subreaper ? ('${REAPED_MARK}') : ());
  exit 127;
}
# The pipes to the runner are the spawner's: holding them would keep the runner from seeing it end.
open(STDIN, '<', '/dev/null');
open(STDOUT, '>', '/dev/null');
open(STDERR, '>', '/dev/null');
sub children {
  open(my $fh, '<', "/proc/$$/task/$$/children") or return ();
  my $line = <$fh>;
  return split(' ', defined $line ? $line : '');
}
while ((my $pid = waitpid(-1, 0)) > 0) {
  next unless $pid == $spawner;
  my $status = $?;
  for (1 .. 200) {
    my @left = children();
    last unless @left;
    kill 'KILL', @left;
    1 while waitpid(-1, 1) > 0;
    select(undef, undef, undef, 0.002);
  }
  exit(($status & 127) ? 128 + ($status & 127) : $status >> 8);
}
exit 0;
`;

/** The perl argv that runs `program args` beneath the reaper; undefined where prctl's number is not known. */
export function reaperArgs(program: string, args: readonly string[], arch: string = process.arch): string[] | undefined {
  const numbers = syscallNumbers(arch);
  return numbers === undefined ? undefined : ['-e', REAPER, '--', String(numbers.prctl), program, ...args];
}
