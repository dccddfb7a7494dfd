import type { AssistantRecord, TranscriptRecord } from './transcript-records.js';

/**
 * Keeps, as the transcript is written, the records a report of the run needs, so the summary is
 * rendered without reading the transcript back. Per-request records are dropped and only the last
 * assistant message with text is kept: memory stays bounded by the number of tool calls.
 */
export class RunRecords {
  private readonly kept: TranscriptRecord[] = [];
  private lastText: AssistantRecord | undefined;

  readonly observe = (record: TranscriptRecord): void => {
    if (record.type === 'model_request') return;
    if (record.type === 'assistant') {
      if (record.content.some((b) => b.type === 'text')) this.lastText = record;
      return;
    }
    this.kept.push(record);
  };

  /** In transcript order (the last assistant message with text in its place by `seq`). */
  list(): TranscriptRecord[] {
    const records = [...this.kept];
    if (this.lastText !== undefined) {
      const seq = this.lastText.seq;
      const at = records.findIndex((r) => r.seq > seq);
      records.splice(at === -1 ? records.length : at, 0, this.lastText);
    }
    return records;
  }
}
