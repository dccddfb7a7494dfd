import { MAX_TIMER_MS } from './request-watch.js';

export interface LongTimer {
  clear(): void;
}

/**
 * setTimeout for any delay. Node fires a timer of more than 2^31-1 ms (about 24.8 days) at once,
 * so `--timeout 2147484` ended a run the moment it started; a long delay is waited out in chunks.
 * A delay that is not finite never fires.
 */
export function setLongTimeout(fire: () => void, ms: number, now: () => number = () => performance.now()): LongTimer {
  let timer: NodeJS.Timeout | undefined;
  if (!Number.isFinite(ms)) return { clear: () => undefined };
  const deadline = now() + Math.max(0, ms);
  const wait = (): void => {
    const left = deadline - now();
    if (left <= 0) {
      fire();
      return;
    }
    timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
  };
  timer = setTimeout(wait, Math.min(Math.max(0, ms), MAX_TIMER_MS));
  return { clear: () => clearTimeout(timer) };
}
