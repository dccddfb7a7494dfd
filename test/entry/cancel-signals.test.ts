import { describe, expect, it } from 'vitest';
import { cancelOnSignals } from '../../src/entry/cancel-signals.js';
import type { Logger } from '../../src/log/index.js';

// Signals are delivered to this process with process.kill, handled by the real handlers.
function recordingLogger(): { logger: Logger; warned: string[] } {
  const warned: string[] = [];
  return { logger: { info: () => undefined, warn: (m) => warned.push(m), error: () => undefined }, warned };
}

const delivered = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

describe('cancelOnSignals', () => {
  it('the first signal aborts with its name; later ones are only logged', async () => {
    const controller = new AbortController();
    const { logger, warned } = recordingLogger();
    const undo = cancelOnSignals(controller, logger);
    process.kill(process.pid, 'SIGTERM');
    await delivered();
    expect((controller.signal.reason as Error).message).toBe('the job was cancelled (SIGTERM)');
    process.kill(process.pid, 'SIGTERM');
    await delivered();
    expect(warned.at(-1)).toBe('SIGTERM again: still writing the outbox and the report');
    undo();
  });

  it('once cancelled, the handlers outlive the undo: a runner\'s next signal while the process exits is logged, not fatal', async () => {
    const before = process.listenerCount('SIGTERM');
    const { logger, warned } = recordingLogger();
    const undo = cancelOnSignals(new AbortController(), logger);
    process.kill(process.pid, 'SIGINT');
    await delivered();
    undo();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.kill(process.pid, 'SIGTERM'); // with no handler left, this would end the test worker
    await delivered();
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
