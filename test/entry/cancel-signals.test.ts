import { describe, expect, it } from 'vitest';
import { cancelOnSignals } from '../../src/entry/cancel-signals.js';
import type { Logger } from '../../src/log/index.js';
import { waitFor } from '../support/wait-for.js';

// Signals are delivered to this process with process.kill, handled by the real handlers.
function recordingLogger(): { logger: Logger; warned: string[] } {
  const warned: string[] = [];
  return { logger: { info: () => undefined, warn: (m) => warned.push(m), error: () => undefined }, warned };
}

/** Until the handler has run (a signal to oneself is handled on a later turn of the event loop). */
const delivered = (handled: () => boolean): Promise<boolean> => waitFor(handled, 'the signal to be handled');

describe('cancelOnSignals', () => {
  it('the first signal aborts with its name; later ones are only logged', async () => {
    const controller = new AbortController();
    const { logger, warned } = recordingLogger();
    const undo = cancelOnSignals(controller, logger);
    process.kill(process.pid, 'SIGTERM');
    await delivered(() => controller.signal.aborted);
    expect((controller.signal.reason as Error).message).toBe('the job was cancelled (SIGTERM)');
    const seen = warned.length;
    process.kill(process.pid, 'SIGTERM');
    await delivered(() => warned.length > seen);
    expect(warned.at(-1)).toBe('SIGTERM again: still writing the outbox and the report');
    undo();
  });

  it('once cancelled, the handlers outlive the undo: a runner\'s next signal while the process exits is logged, not fatal', async () => {
    const before = process.listenerCount('SIGTERM');
    const { logger, warned } = recordingLogger();
    const controller = new AbortController();
    const undo = cancelOnSignals(controller, logger);
    process.kill(process.pid, 'SIGINT');
    await delivered(() => controller.signal.aborted);
    const seen = warned.length;
    undo();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.kill(process.pid, 'SIGTERM'); // with no handler left, this would end the test worker
    await delivered(() => warned.length > seen);
    expect(warned.at(-1)).toBe('SIGTERM again: still writing the outbox and the report');
  });

  it('a run that was not cancelled takes its handlers away', () => {
    const before = process.listenerCount('SIGINT');
    const undo = cancelOnSignals(new AbortController(), recordingLogger().logger);
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    undo();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
