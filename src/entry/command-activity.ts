/**
 * When the run's commands ran, as the read guard needs to know it (host-read-guard.ts): a stamp
 * that changes whenever a command starts or ends, and is undefined while one runs. Two reads that
 * give the same stamp mean no command ran in between; in the sandbox no process a command started
 * outlives it, so nothing the agent controls could make or remove a file's link in between.
 */
export interface CommandActivity {
  /** The current stamp, or undefined while a command runs (a function: handed on as it is). */
  readonly stamp: () => number | undefined;
  /**
   * The stamp while no command has ever started, undefined from the moment the first one starts.
   * For commands run outside the sandbox: one may leave a process behind that changes files at any
   * time after, but before the first there is no process the agent controls.
   */
  readonly untilFirstCommand: () => number | undefined;
  /** Runs `command` as one command: the stamp changes before it starts and after it ends. */
  readonly around: <T>(command: () => Promise<T>) => Promise<T>;
}

export function createCommandActivity(): CommandActivity {
  let running = 0;
  let changes = 0;
  return {
    stamp: () => (running > 0 ? undefined : changes),
    untilFirstCommand: () => (changes === 0 ? changes : undefined),
    around: async (command) => {
      running += 1;
      changes += 1;
      try {
        return await command();
      } finally {
        running -= 1;
        changes += 1;
      }
    },
  };
}

/**
 * For commands run outside the sandbox: the stamp while no command has started, and after that
 * only while `noProcessLeft` says every process the commands started is gone (the reaper's sweep
 * held: reaper.ts); undefined otherwise, when one may still be running.
 */
export function unsandboxedStamp(activity: CommandActivity, noProcessLeft: () => boolean): () => number | undefined {
  return () => (noProcessLeft() ? activity.stamp() : activity.untilFirstCommand());
}
