import type { Stats } from 'node:fs';
import { stat, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { buildTool } from './build-tool.js';
import { readUpTo, reopenForReading } from './fd-paths.js';
import { detectImage, looksBinary } from './file-sniff.js';
import { bytesDigest, type FileReadRecord, type ShownLines } from './file-state.js';
import { openJudgedRoot } from './judged-open.js';
import { numberLines, readLineWindow, splitLines, type LineWindow } from './line-window.js';
import { describeKind, workspaceOnlyGuard, type ReadGuard, type ReadGuardCall } from './read-guard.js';
import type { Tool, ToolContext, ToolOutput, ToolPermissionCheck } from './tool.js';
import { errorMessage, toolError } from './tool-result.js';
import { accessPaths, displayPath, isSystemPath, resolveToolPath } from './tool-paths.js';

export const DEFAULT_READ_LIMIT = 2000;
/** Whole-file reads above this size are refused; the model pages with offset/limit instead. */
export const MAX_WHOLE_FILE_BYTES = 256 * 1024;
// Read limits itself (maxResultSizeChars is Infinity), so a page stops here however long its lines.
const OUTPUT_BUDGET_CHARS = 100_000;
const SNIFF_BYTES = 8192;

const inputSchema = z.strictObject({
  file_path: z.string().min(1).describe('The absolute path to the file to read'),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('The line number to start reading from (1-based). Only provide if the file is too large to read at once'),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('The number of lines to read. Only provide if the file is too large to read at once.'),
});
export type ReadInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Reads a file from the local filesystem.

Usage:
- file_path should be an absolute path; a relative path is resolved against the working directory.
- By default reads up to ${DEFAULT_READ_LIMIT} lines from the start of the file. For long files, pass offset (1-based line number) and limit to read a page.
- Files over ${MAX_WHOLE_FILE_BYTES / 1024} KB must be read in pages with offset and limit, or searched with Grep.
- Lines longer than 2000 characters are truncated.
- Each line is shown as its line number (from 1), a tab, then the line.
- Binary files are not shown. Images (PNG, JPEG, GIF, WebP) are described, not shown.
- Reads regular files only: not directories (use Glob or Bash ls), devices, FIFOs or sockets.
- Read a file before editing or overwriting it with Edit or Write.`;

/**
 * `guard` judges the file Read actually opened, where it really is, before a byte is read (the
 * decision before the call judged a path, which a concurrent command may have re-pointed since).
 * Default: the workspace only.
 */
export function createReadTool(guard: ReadGuard = workspaceOnlyGuard): Tool<ReadInput> {
  return buildTool<ReadInput>({
    name: 'Read',
    description: DESCRIPTION,
    inputSchema,
    maxResultSizeChars: Infinity,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    access: (input, ctx) => ({ kind: 'read', paths: accessPaths(resolveToolPath(ctx.cwd, input.file_path)) }),
    checkPermissions: async (input, ctx) => checkReadable(resolveToolPath(ctx.cwd, input.file_path)),
    call: (input, ctx) => readFile(input, ctx, guard.forCall('Read', ctx.cwd)),
  });
}

export const readTool = createReadTool();

/** An early, friendlier veto by path; the binding check is made on the opened file in call(). */
async function checkReadable(abs: string): Promise<ToolPermissionCheck> {
  if (isSystemPath(abs)) return { behavior: 'deny', reason: `${abs} is a device or kernel file; Read only reads regular files.` };
  try {
    const info = await stat(abs);
    if (!info.isFile() && !info.isDirectory()) return { behavior: 'deny', reason: `${abs} is ${describeKind(info)}; Read only reads regular files.` };
  } catch {
    // Missing files are reported by call() with a useful message.
  }
  return { behavior: 'passthrough' };
}

async function readFile(input: ReadInput, ctx: ToolContext, call: ReadGuardCall): Promise<ToolOutput> {
  const abs = resolveToolPath(ctx.cwd, input.file_path);
  const shown = displayPath(ctx.cwd, abs);
  if (isSystemPath(abs)) return toolError('denied', `${abs} is a device or kernel file; Read only reads regular files.`);

  const opened = await openJudgedRoot(abs, call, 'Read', () => `File does not exist: ${abs}. The working directory is ${ctx.cwd}; use Glob to find the file.`);
  if (!opened.ok) return opened.error;
  try {
    if (opened.root.kind === 'directory') return toolError('invalid_input', `${abs} is a directory, not a file. Use Glob (or Bash ls) to list its contents.`);
    const handle = await reopenForReading(opened.root.fd, opened.root.stats);
    try {
      return await readOpened(input, ctx, abs, shown, handle, await handle.stat());
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (ctx.signal.aborted) return toolError('aborted', 'Read was cancelled.');
    return toolError('failed', `Cannot read ${abs}: ${errorMessage(err)}`);
  } finally {
    opened.close();
  }
}

async function readOpened(input: ReadInput, ctx: ToolContext, abs: string, shown: string, handle: FileHandle, info: Stats): Promise<ToolOutput> {
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, info.size));
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const sample = head.subarray(0, bytesRead);
  const image = detectImage(sample);
  if (image !== undefined) {
    return {
      content: `${abs} is a ${image} image (${info.size.toLocaleString('en-US')} bytes). Its pixels are not shown: this runner passes text only.`,
      summary: `Read ${shown} (${image} image)`,
    };
  }
  if (looksBinary(sample)) {
    return toolError('invalid_input', `${abs} is a binary file (${info.size.toLocaleString('en-US')} bytes) and cannot be shown as text. Use Bash (e.g. file, xxd | head) if you need to inspect it.`);
  }

  const paged = input.offset !== undefined || input.limit !== undefined;
  if (!paged && info.size > MAX_WHOLE_FILE_BYTES) {
    return toolError(
      'invalid_input',
      `${abs} is ${formatKb(info.size)}, over the ${formatKb(MAX_WHOLE_FILE_BYTES)} limit for reading a whole file. ` +
        `Read it in pages with offset and limit (e.g. offset: 1, limit: ${DEFAULT_READ_LIMIT}), or search it with Grep.`,
    );
  }

  const startLine = Math.max(input.offset ?? 1, 1);
  const limit = input.limit ?? DEFAULT_READ_LIMIT;
  const previous = ctx.fileState.get(abs);
  let window: LineWindow;
  let sha256: string | undefined;
  if (info.size <= MAX_WHOLE_FILE_BYTES) {
    // The size the file had when it was judged: a file growing meanwhile cannot make this read unbounded.
    const bytes = await readUpTo(handle, info.size);
    sha256 = bytesDigest(bytes);
    const again = unchangedSinceShown(previous, sha256, startLine, limit);
    if (again !== undefined) {
      ctx.fileState.set(abs, { mtimeMs: info.mtimeMs, size: info.size, sha256, shown: again });
      return {
        content: `Unchanged since your earlier Read of lines ${again.startLine}-${again.lastLine}, which is still in this conversation. To see them again anyway, Read with a different offset or limit.`,
        summary: `Read ${shown} (unchanged since it was last shown)`,
      };
    }
    const all = splitLines(bytes.toString('utf8'));
    const lines = all.slice(startLine - 1, startLine - 1 + limit);
    window = { lines, more: startLine - 1 + limit < all.length, totalLines: all.length };
  } else {
    window = await readLineWindow(handle, startLine, limit, ctx.signal, info.size);
  }
  // The digest of the whole file is kept when it was read, so a later edit can tell a real change from a touch.
  const record = { mtimeMs: info.mtimeMs, size: info.size, sha256 };
  ctx.fileState.set(abs, record);

  if (window.totalLines === 0) return { content: `(${abs} exists but is empty.)`, summary: `Read ${shown} (empty)` };
  if (window.lines.length === 0) {
    return toolError('invalid_input', `${abs} has only ${window.totalLines ?? 'fewer'} lines; offset ${startLine} is past the end. Use a smaller offset.`);
  }
  const rendered = render(window, startLine, shown);
  // Only a result that carries the whole content it read can stand in for a later Read.
  if (sha256 !== undefined && ctx.callId !== undefined) ctx.fileState.set(abs, { ...record, shown: { callId: ctx.callId, startLine, limit, lastLine: rendered.lastLine } });
  return rendered.output;
}

/**
 * The earlier result a Read can point to instead of showing the file again: it asked for the same
 * lines, it is still in the conversation (the runner drops `shown` when it clears or compacts a
 * result), and the bytes on disk are the bytes it showed — whoever changed them, a command included.
 * Bytes, by their digest: text that decodes the same (another invalid byte, also U+FFFD) is not.
 */
function unchangedSinceShown(previous: FileReadRecord | undefined, sha256: string, startLine: number, limit: number): ShownLines | undefined {
  const shown = previous?.shown;
  if (shown === undefined || previous?.sha256 !== sha256) return undefined;
  return shown.startLine === startLine && shown.limit === limit ? shown : undefined;
}

function render(window: LineWindow, startLine: number, shown: string): { output: ToolOutput; lastLine: number } {
  // Keep whole lines within the budget so the last one shown is never cut mid-way.
  let used = 0;
  let count = 0;
  for (const line of window.lines) {
    const cost = Math.min(line.length, 2020) + 8;
    if (count > 0 && used + cost > OUTPUT_BUDGET_CHARS) break;
    used += cost;
    count++;
  }
  const lines = window.lines.slice(0, count);
  const last = startLine + count - 1;
  let text = numberLines(lines, startLine);
  if (count < window.lines.length || window.more) {
    const of = window.totalLines === undefined ? '' : ` of ${window.totalLines}`;
    text += `\n\n(Showing lines ${startLine}-${last}${of}. The file continues: call Read with offset: ${last + 1} to read more.)`;
  }
  return { output: { content: text, summary: `Read ${shown} (lines ${startLine}-${last})` }, lastLine: last };
}

function formatKb(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
}
