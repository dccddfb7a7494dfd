import type { Redactor } from './redaction.js';
import { terminalSafe } from './terminal-safe.js';

/** One logger for everything; the action wraps @actions/core, the CLI writes to stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Every line is redacted and made terminal-safe: log lines carry model and tool text. */
export function createStreamLogger(write: (line: string) => void, redact: Redactor): Logger {
  const line = (prefix: string, m: string): void => write(`${prefix}${terminalSafe(redact(m))}\n`);
  return {
    info: (m) => line('', m),
    warn: (m) => line('warning: ', m),
    error: (m) => line('error: ', m),
  };
}

export const SILENT_LOGGER: Logger = { info: () => {}, warn: () => {}, error: () => {} };
