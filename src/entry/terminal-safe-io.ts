import type { ProcessIo } from '../config/index.js';
import { terminalSafe } from '../log/index.js';

/**
 * The process's own stdout and stderr, with everything written through them made terminal-safe:
 * summaries, decisions and errors carry text from the model, tools and file names, and a CI runner
 * reads these streams for commands.
 */
export function terminalSafeIo(io: ProcessIo): ProcessIo {
  return { ...io, stdout: (text) => io.stdout(terminalSafe(text)), stderr: (text) => io.stderr(terminalSafe(text)) };
}
