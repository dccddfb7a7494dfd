import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Redactor } from '../log/index.js';
import type { RecordInput, TranscriptRecord } from './transcript-records.js';

/**
 * Append-only JSONL transcript. Each record is written synchronously the moment it happens,
 * so a run killed at any point still leaves every record up to that point on disk.
 */
export class TranscriptWriter {
  private readonly fd: number;
  private seq = 0;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly redact: Redactor,
    private readonly now: () => Date = () => new Date(),
    /** Sees each record as written (redacted), e.g. to keep what the summary needs without re-reading the file. */
    private readonly observe?: (record: TranscriptRecord) => void,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a');
  }

  append(input: RecordInput): void {
    if (this.closed) return;
    this.seq += 1;
    const record = { seq: this.seq, time: this.now().toISOString(), ...input };
    const line = this.redact(JSON.stringify(record));
    writeSync(this.fd, `${line}\n`);
    this.observe?.(JSON.parse(line) as TranscriptRecord);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fsyncSync(this.fd);
    closeSync(this.fd);
  }
}
