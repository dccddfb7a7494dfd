/**
 * Waiting on an effect, not on a clock: polls until `probe` answers (anything but null, undefined
 * or false). On a busy machine a wait only takes longer, it never turns a test red. What bounds it
 * is a hang guard far beyond any wait a healthy run needs; `what` names what never came.
 *
 * A wait for something to *stop* (a process gone) proves it only when the thing would otherwise
 * outlast the guard: give such processes `sleep 600`, not `sleep 30`.
 */
const POLL_MS = 20;
/** Counted in polls, so a busy machine stretches it rather than tripping it. */
export const HANG_GUARD_MS = 240_000;

export async function waitFor<T>(probe: () => T | null | undefined | false, what: string | (() => string)): Promise<T> {
  for (let waited = 0; waited < HANG_GUARD_MS; waited += POLL_MS) {
    const value = probe();
    if (value !== null && value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`waited ${HANG_GUARD_MS / 1000} s for ${typeof what === 'string' ? what : what()}`);
}
