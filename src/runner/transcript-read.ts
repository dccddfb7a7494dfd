import { readFileSync } from 'node:fs';
import type { TranscriptRecord } from './transcript-records.js';
import { errorMessage } from '../error-text.js';

/** Reads a JSONL transcript back; a line that is not a record names the file and line. */
export function readTranscript(path: string): TranscriptRecord[] {
  const records: TranscriptRecord[] = [];
  for (const [index, line] of readFileSync(path, 'utf8').split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`${path}:${index + 1}: not a transcript record (${errorMessage(err)})`, { cause: err });
    }
    if (typeof value !== 'object' || value === null || !('type' in value) || !('seq' in value)) {
      throw new Error(`${path}:${index + 1}: not a transcript record (no type/seq)`);
    }
    records.push(value as TranscriptRecord);
  }
  return records;
}
