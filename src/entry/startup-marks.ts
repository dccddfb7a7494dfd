/**
 * Where a run's start-up time goes, for the transcript's `startup` record and
 * bench/first-request.mjs: milliseconds from the process's start (performance's time origin) to
 * the end of each step. Kept as User Timing marks so the binary can mark the module load before
 * anything else is imported; steps that overlap the first request (parser, sandbox, snapshot) are
 * marked when they finish, whenever that is.
 */
const PREFIX = 'warden:';

export type StartupStep =
  | 'entry' // src/index.ts running: node started and the binary's own module loaded
  | 'modules' // the run's modules loaded
  | 'config' // flags, inputs and environment parsed
  | 'policy' // the policy file loaded and compiled
  | 'request_sent' // the first model request handed to the HTTP client
  | 'parser' // the Bash parser warmed up
  | 'git_snapshot' // host git's snapshot of the starting state taken
  | 'sandbox' // the sandbox probed and ready
  | 'setup'; // everything a tool call waits for is up

export function markStartup(step: StartupStep): void {
  // A step is marked once: the first time it happens is the one start-up waited for.
  if (performance.getEntriesByName(PREFIX + step, 'mark').length === 0) performance.mark(PREFIX + step);
}

/** Node's own bootstrap, then each step marked so far, in the order they happened. */
export function startupMarks(): Record<string, number> {
  const marks: Record<string, number> = { node: round(performance.nodeTiming.bootstrapComplete) };
  for (const entry of performance.getEntriesByType('mark')) {
    if (entry.name.startsWith(PREFIX)) marks[entry.name.slice(PREFIX.length)] = round(entry.startTime);
  }
  return marks;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;
