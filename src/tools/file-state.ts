/**
 * What the agent has read, per absolute path: an edit is refused for a file never read,
 * or for one that changed on disk since it was last read.
 */
export interface FileReadRecord {
  /** mtime in ms when read. */
  mtimeMs: number;
  /** Size in bytes when read. */
  size: number;
  /** Full content when the whole file was read, to tell a real change from a touched mtime. */
  content: string | undefined;
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

  get size(): number {
    return this.records.size;
  }
}
