import type { AssistantRecord, TranscriptRecord } from './transcript-records.js';

/**
 * Keeps, as the transcript is written, the records a report of the run needs, so the summary is
 * rendered without reading the transcript back. Per-request records are dropped (retries are
 * kept: they are few and bounded) and of the assistant messages only the last one and the last
 * one with text are kept: memory stays bounded by the number of tool calls.
 */
export class RunRecords {
  private readonly kept: TranscriptRecord[] = [];
  private last: AssistantRecord | undefined;
  private lastText: AssistantRecord | undefined;

  readonly observe = (record: TranscriptRecord): void => {
    if (record.type === 'model_request') return;
    if (record.type === 'assistant') {
      this.last = record;
      if (record.content.some((b) => b.type === 'text')) this.lastText = record;
      return;
    }
    this.kept.push(record);
  };

  /** In transcript order (the kept assistant messages in their places by `seq`). */
  list(): TranscriptRecord[] {
    const records = [...this.kept];
    const assistants = [this.lastText, this.last].filter((r, i, all): r is AssistantRecord => r !== undefined && all.indexOf(r) === i);
    for (const assistant of assistants) {
      const at = records.findIndex((r) => r.seq > assistant.seq);
      records.splice(at === -1 ? records.length : at, 0, assistant);
    }
    return records;
  }
}
