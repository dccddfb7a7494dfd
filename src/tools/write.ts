import { z } from 'zod';
import { buildTool } from './build-tool.js';
import { checkFresh, recordWritten } from './file-freshness.js';
import type { ToolContext, ToolOutput } from './tool.js';
import { errorMessage, toolError } from './tool-result.js';
import { accessPaths, displayPath, isSystemPath, resolveToolPath } from './tool-paths.js';
import { writeToolFile } from './file-write.js';

const inputSchema = z.strictObject({
  file_path: z.string().min(1).describe('The absolute path to the file to write'),
  content: z.string().describe('The content to write to the file'),
});
export type WriteInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Writes a file to the local filesystem.

Usage:
- This tool will overwrite the existing file if there is one at the provided path.
- If this is an existing file, you MUST use the Read tool first to read the file's contents. This tool will fail if you did not read the file first, or if it changed since you read it.
- Parent directories are created as needed.
- Prefer the Edit tool for changing existing files: it only sends the part that changes.
- Do not create documentation files (*.md, README) unless the task asks for them.`;

export const writeTool = buildTool<WriteInput>({
  name: 'Write',
  description: DESCRIPTION,
  inputSchema,
  maxResultSizeChars: 30_000,
  access: (input, ctx) => ({ kind: 'write', paths: accessPaths(resolveToolPath(ctx.cwd, input.file_path)) }),
  call: write,
});

async function write(input: WriteInput, ctx: ToolContext): Promise<ToolOutput> {
  const abs = resolveToolPath(ctx.cwd, input.file_path);
  const shown = displayPath(ctx.cwd, abs);
  if (isSystemPath(abs)) return toolError('denied', `${abs} is a device or kernel file; Write only writes regular files.`);

  const fresh = await checkFresh(abs, ctx.fileState, 'write');
  if (!fresh.ok) return fresh.error;
  const existed = fresh.file.exists;
  // The bytes, not their decoding: a file with invalid UTF-8 is not "exactly this content".
  if (existed && fresh.file.bytes.equals(Buffer.from(input.content, 'utf8'))) {
    return { content: `${abs} already has exactly this content; nothing was written.`, summary: `Wrote ${shown} (unchanged)` };
  }

  try {
    await writeToolFile(ctx.cwd, abs, input.content);
    await recordWritten(abs, input.content, ctx.fileState);
  } catch (err) {
    return toolError('failed', `Could not write ${abs}: ${errorMessage(err)}`);
  }

  const lines = input.content === '' ? 0 : input.content.split('\n').length - (input.content.endsWith('\n') ? 1 : 0);
  // The workspace-relative path (absolute outside it): the model knows which file it wrote.
  return existed
    ? { content: `Updated ${shown} (${lines} lines).`, summary: `Updated ${shown}`, filesChanged: [shown] }
    : { content: `Created ${shown} (${lines} lines).`, summary: `Created ${shown}`, filesChanged: [shown] };
}
