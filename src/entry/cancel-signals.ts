import type { Logger } from '../log/index.js';

/**
 * A cancelled job: the first SIGINT or SIGTERM stops the run, which then writes its outbox and its
 * last comment. A CI runner escalates (GitHub's sends SIGINT, then SIGTERM 7.5 s later, then
 * SIGKILL): later signals are only logged, so they do not kill the process before it has said what
 * happened. A second Ctrl-C at a terminal still ends it at once. Returns the undo (which leaves
 * the handlers in place once the run was cancelled).
 */
export function cancelOnSignals(controller: AbortController, logger: Logger): () => void {
  let cancelled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!cancelled) {
      cancelled = true;
      logger.warn(`${signal}: the job was cancelled; stopping the run, then writing the outbox`);
      controller.abort(new Error(`the job was cancelled (${signal})`));
      return;
    }
    if (signal === 'SIGINT' && process.stdin.isTTY) process.exit(130);
    logger.warn(`${signal} again: still writing the outbox and the report`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    // A cancelled run is ending the process: a runner's next signal (SIGTERM 7.5 s after SIGINT)
    // may come while it exits, and must not turn its exit code into a death by signal.
    if (cancelled) return;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/**
 * Before the run watches for cancellation, a signal would end the process at once: `cleanUp`
 * (revoking the GitHub App's token) runs first, then the process ends as cancelled. Returns the
 * undo, called once cancelOnSignals has taken over.
 */
export function cleanUpOnSignals(cleanUp: () => Promise<unknown>, logger: Logger): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.warn(`${signal}: the job was cancelled before the run started`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
