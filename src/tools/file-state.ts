/**
 * What the agent has read, per absolute path: an edit is refused for a file never read,
 * or for one that changed on disk since it was last read.
 */
import { createHash } from 'node:crypto';

/** What FileReadRecord.sha256 holds for these bytes. */
export function bytesDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface FileReadRecord {
  /** mtime in ms when read. */
  mtimeMs: number;
  /** Size in bytes when read. */
  size: number;
  /**
   * SHA-256 of the file's bytes when the whole file was read, to tell a real change from a touched
   * mtime. Bytes, not the text they decode to: two different invalid UTF-8 bytes both decode to
   * U+FFFD, and a file changed that way must not count as the one the agent saw.
   */
  sha256: string | undefined;
  /**
   * The Read result that showed this content and is still in the conversation: which call, and
   * which lines it asked for and got. A Read asking for the same lines of the unchanged file is
   * answered with a note pointing at it. Absent after a write, and dropped when the runner clears
   * or compacts that result away (`forgetShown`).
   */
  shown?: ShownLines;
}

export interface ShownLines {
  callId: string;
  /** The window asked for: first line and line limit. */
  startLine: number;
  limit: number;
  /** The last line the result showed. */
  lastLine: number;
}

export class FileStateCache {
  private readonly records = new Map<string, FileReadRecord>();

  get(path: string): FileReadRecord | undefined {
    return this.records.get(path);
  }

  set(path: string, record: FileReadRecord): void {
    this.records.set(path, record);
  }

  delete(path: string): void {
    this.records.delete(path);
  }

  /**
   * The results of these calls are no longer in the conversation (cleared, compacted, replaced by
   * a preview); `undefined`: none is. The next Read of those files shows the content again.
   */
  forgetShown(callIds?: Iterable<string>): void {
    const gone = callIds === undefined ? undefined : new Set(callIds);
    for (const record of this.records.values()) {
      if (record.shown !== undefined && (gone === undefined || gone.has(record.shown.callId))) delete record.shown;
    }
  }

  get size(): number {
    return this.records.size;
  }
}
