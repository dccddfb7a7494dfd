import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** Lines wider than this are cut when shown; Read and Edit snippets share the rule. */
export const MAX_LINE_CHARS = 2000;

export interface LineWindow {
  /** The selected lines, without their terminators (a trailing CR is kept; the caller strips it). */
  lines: string[];
  /** True when the file has lines after the window. */
  more: boolean;
  /** Total line count, known only when the read reached the end of the file. */
  totalLines: number | undefined;
}

/** Splits text into lines the way `cat -n` counts them: a final newline does not start a new line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Numbers lines as `N<tab>line`: `cat -n` without its six-column padding, which cost ~5 characters
 * a line that stay in the context for the rest of the run and told the model nothing.
 */
export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  return lines.map((line, i) => `${firstLineNumber + i}\t${clipLine(line)}`).join('\n');
}

export function clipLine(line: string): string {
  const bare = line.endsWith('\r') ? line.slice(0, -1) : line;
  return bare.length > MAX_LINE_CHARS ? `${bare.slice(0, MAX_LINE_CHARS)}… [line truncated]` : bare;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads lines [startLine, startLine + maxLines) from a file too large to load whole, stopping as
 * soon as the window is full. A single enormous line is kept only up to what can be shown, so
 * memory stays bounded whatever the file looks like.
 */
export async function readLineWindow(handle: FileHandle, startLine: number, maxLines: number, signal: AbortSignal, endPosition = Infinity): Promise<LineWindow> {
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const lines: string[] = [];
  let lineNo = 1;
  let partial = '';
  let position = 0;

  // Returns true when the window is full and one more line proves the file continues.
  const take = (line: string): boolean => {
    if (lineNo >= startLine) {
      if (lines.length === maxLines) return true;
      lines.push(line);
    }
    lineNo++;
    return false;
  };

  for (;;) {
    if (signal.aborted) throw new Error('aborted');
    // endPosition: the size when the file was opened, so one growing meanwhile cannot keep the read going.
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, endPosition - position), position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const parts = (partial + decoder.write(buffer.subarray(0, bytesRead))).split('\n');
    partial = parts.pop() ?? '';
    if (partial.length > MAX_LINE_CHARS + 1) partial = partial.slice(0, MAX_LINE_CHARS + 1);
    for (const line of parts) {
      if (take(line)) return { lines, more: true, totalLines: undefined };
    }
  }
  partial += decoder.end();
  if (partial !== '' && take(partial)) return { lines, more: true, totalLines: undefined };
  return { lines, more: false, totalLines: lineNo - 1 };
}
