import type { Redactor } from '../log/index.js';
import type { ConfigErrorContext } from '../report/index.js';
import { writeConfigErrorOutbox } from './outbox-writer.js';

/**
 * Where a run refused before it started leaves its outbox. The entry aims it as soon as it knows
 * the directory (from --out, WARDEN_OUT or the action's layout, before the rest is parsed), sharpens
 * it once the configuration is parsed, and tells it when the run wrote its own outbox; any early
 * error (exit 2) then ends with a complete outbox there, never the empty files of one prepared.
 */
export class EarlyErrorOutbox {
  private target: { dir: string; ctx: ConfigErrorContext } | undefined;
  private ranToEnd = false;

  constructor(private readonly redact: Redactor) {}

  aim(dir: string, ctx: ConfigErrorContext): void {
    this.target = { dir, ctx };
  }

  /** The run wrote its own outbox: an error after that is not an early one. */
  runWroteOutbox(): void {
    this.ranToEnd = true;
  }

  /** Writes the config_error outbox; its directory, or undefined when none is named or it cannot be written. */
  write(message: string): string | undefined {
    if (this.target === undefined || this.ranToEnd) return undefined;
    try {
      writeConfigErrorOutbox(this.target.dir, message, { ...this.target.ctx, finishedAt: new Date().toISOString() }, this.redact);
      return this.target.dir;
    } catch {
      // The directory itself is what was wrong (the message says so): no outbox, rather than a broken one.
      return undefined;
    }
  }
}
