import type { Redactor } from './redaction.js';

/** One logger for everything; the action wraps @actions/core, the CLI writes to stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createStreamLogger(write: (line: string) => void, redact: Redactor): Logger {
  return {
    info: (m) => write(`${redact(m)}\n`),
    warn: (m) => write(`warning: ${redact(m)}\n`),
    error: (m) => write(`error: ${redact(m)}\n`),
  };
}

export const SILENT_LOGGER: Logger = { info: () => {}, warn: () => {}, error: () => {} };
