/** What Warden prints, wherever it prints it: one logger, with secrets redacted. */
export type { Logger } from './logger.js';
export { createStreamLogger, SILENT_LOGGER } from './logger.js';
export type { Redactor } from './redaction.js';
export { createRedactor } from './redaction.js';
export { COMMAND_MARK, terminalSafe } from './terminal-safe.js';
export { containsSecret, MIN_SECRET_LENGTH, secretForms } from './secret-forms.js';
