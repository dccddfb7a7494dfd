/**
 * A named pipe that a read-only command (`cat gate.fifo`) blocks on until the test writes into it.
 * The write returns only once the command has opened the pipe: proof, by cause and without a
 * clock, that the command had started (e.g. before the model server sent message_stop).
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FIFO_TEXT = 'through the gate';

export function fifoGate(dir: string, name = 'gate.fifo'): { command: string; opened: () => Promise<void> } {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return { command: `cat ${name}`, opened: () => writeFile(path, `${FIFO_TEXT}\n`) };
}
