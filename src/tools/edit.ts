import { z } from 'zod';
import { buildTool } from './build-tool.js';
import { adaptNewString, applyReplacement, findOldString, snippetRange, usesCrlf } from './edit-match.js';
import { checkFresh, decodesLosslessly, recordWritten } from './file-freshness.js';
import { numberLines, splitLines } from './line-window.js';
import type { ToolContext, ToolOutput } from './tool.js';
import { errorMessage, toolError } from './tool-result.js';
import { accessPaths, displayPath, isSystemPath, resolveToolPath } from './tool-paths.js';
import { writeToolFile } from './file-write.js';

// Lines shown of an adapted replacement; every line stays in the context for the rest of the run.
const SNIPPET_MAX_LINES = 40;

const inputSchema = z.strictObject({
  file_path: z.string().min(1).describe('The absolute path to the file to modify'),
  old_string: z.string().describe('The text to replace'),
  new_string: z.string().describe('The text to replace it with (must be different from old_string)'),
  replace_all: z.boolean().optional().describe('Replace all occurrences of old_string (default false)'),
});
export type EditInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Performs exact string replacements in files.

Usage:
- You must use the Read tool at least once before editing a file. This tool fails if the file was not read, or if it changed on disk since it was read (read it again in that case).
- When copying text from Read output, keep the exact indentation (tabs/spaces) as it appears AFTER the line number prefix (line number, tab). Never include any part of the line number prefix in old_string or new_string.
- The edit fails if old_string is not unique in the file. Either give a larger string with more surrounding context to make it unique, or use replace_all to change every instance of old_string.
- Use replace_all for replacing and renaming strings across the file.
- An empty old_string on a file that does not exist creates it with new_string.`;

export const editTool = buildTool<EditInput>({
  name: 'Edit',
  description: DESCRIPTION,
  inputSchema,
  maxResultSizeChars: 100_000,
  access: (input, ctx) => ({ kind: 'write', paths: accessPaths(resolveToolPath(ctx.cwd, input.file_path)) }),
  validateInput: (input) =>
    Promise.resolve(
      input.old_string === input.new_string
        ? { ok: false, category: 'invalid_input', message: 'No changes to make: old_string and new_string are exactly the same.' }
        : { ok: true },
    ),
  call: edit,
});

async function edit(input: EditInput, ctx: ToolContext): Promise<ToolOutput> {
  const abs = resolveToolPath(ctx.cwd, input.file_path);
  const shown = displayPath(ctx.cwd, abs);
  if (isSystemPath(abs)) return toolError('denied', `${abs} is a device or kernel file; Edit only changes regular files.`);
  // The pipeline runs validateInput, but call() must not rely on it.
  if (input.old_string === input.new_string) return toolError('invalid_input', 'No changes to make: old_string and new_string are exactly the same.');

  const fresh = await checkFresh(abs, ctx.fileState, 'edit');
  if (!fresh.ok) return fresh.error;
  const file = fresh.file;
  if (file.exists && !decodesLosslessly(file)) {
    // Edit works on the decoded text; writing it back would turn every invalid byte into U+FFFD
    // (EF BF BD), changing bytes the agent never saw. Refused rather than corrupted.
    return toolError(
      'invalid_input',
      `${abs} contains bytes that are not valid UTF-8 (shown as \uFFFD when read); Edit would replace them on write-back, so nothing was written. Change this file with a command that edits bytes (e.g. sed via Bash), or replace it entirely with Write if losing those bytes is intended.`,
    );
  }

  if (!file.exists) {
    if (input.old_string !== '') {
      return toolError('not_found', `File does not exist: ${abs}. To create it, use Write (or Edit with an empty old_string). The working directory is ${ctx.cwd}.`);
    }
    return save(abs, shown, input.new_string, ctx, { created: true, firstIndex: 0, length: input.new_string.length, note: '' });
  }
  if (input.old_string === '') {
    if (file.content !== '') {
      return toolError('invalid_input', `old_string is empty but ${abs} already has content. Give the text to replace in old_string, or use Write to replace the whole file.`);
    }
    return save(abs, shown, input.new_string, ctx, { created: false, firstIndex: 0, length: input.new_string.length, note: '' });
  }

  const match = findOldString(file.content, input.old_string);
  switch (match.kind) {
    case 'not_found':
      return toolError(
        'invalid_input',
        `String to replace not found in ${abs}. old_string must match the file exactly, including whitespace and indentation; Read the file again to copy the current text.`,
      );
    case 'ambiguous':
      return toolError(
        'invalid_input',
        `old_string has no exact match in ${abs}, and ${match.count} places match it once quotes and whitespace are normalised. Copy old_string exactly from the file, with enough surrounding lines to make it unique.`,
      );
    case 'found':
      break;
  }
  if (match.count > 1 && input.replace_all !== true) {
    return toolError(
      'invalid_input',
      `Found ${match.count} matches of old_string in ${abs}, but replace_all is false. To replace one, add more surrounding context to old_string so it is unique; to replace every one, set replace_all: true.`,
    );
  }

  const replacement = adaptNewString(input.new_string, match, usesCrlf(file.content));
  const applied = applyReplacement(file.content, match.actual, replacement, input.replace_all === true);
  if (applied.content === file.content) return toolError('invalid_input', `The edit would leave ${abs} unchanged; nothing was written.`);

  const notes: string[] = [];
  if (match.normalized) notes.push('old_string matched once quotes, trailing whitespace and line endings were normalised; the file keeps its own style, as written here:');
  return save(abs, shown, applied.content, ctx, { created: false, firstIndex: applied.firstIndex, length: replacement.length, note: notes.join(' '), adapted: match.normalized, occurrences: match.count });
}

interface SaveInfo {
  created: boolean;
  /** Where the (first) replacement starts in the new content, and its length. */
  firstIndex: number;
  length: number;
  note: string;
  /** The text written differs from new_string (quotes or whitespace adapted to the file): show it. */
  adapted?: boolean;
  /** How many places were replaced (replace_all); the line numbers are the first one's. */
  occurrences?: number;
}

/**
 * The result says where the edit landed, not what it says: the model wrote new_string itself, and
 * every character here stays in the context for the rest of the run. Only when the text written
 * differs from new_string (the file's own quotes or whitespace kept) are those lines shown.
 */
async function save(abs: string, shown: string, content: string, ctx: ToolContext, info: SaveInfo): Promise<ToolOutput> {
  try {
    await writeToolFile(ctx.cwd, abs, content);
    await recordWritten(abs, content, ctx.fileState);
  } catch (err) {
    return toolError('failed', `Could not write ${abs}: ${errorMessage(err)}`);
  }
  const summary = `${info.created ? 'Created' : 'Edited'} ${shown}`;
  if (info.created) return { content: `Created ${shown} (${countLines(content)} lines).`, summary, filesChanged: [shown] };
  const { first, last } = snippetRange(content, info.firstIndex, info.length, 0);
  const lines = first === last ? `line ${first}` : `lines ${first}-${last}`;
  const where = (info.occurrences ?? 1) > 1 ? `all ${info.occurrences} occurrences replaced; the first at ${lines}` : lines;
  const note = info.note === '' ? '' : ` ${info.note}`;
  const written = info.adapted === true ? `\n${snippet(content, first, last)}` : '';
  return { content: `Edited ${shown} (${where}).${note}${written}`, summary, filesChanged: [shown] };
}

function countLines(content: string): number {
  return splitLines(content).length;
}

function snippet(content: string, first: number, last: number): string {
  const lines = splitLines(content).slice(first - 1, Math.min(last, first - 1 + SNIPPET_MAX_LINES));
  const cut = last - first + 1 > SNIPPET_MAX_LINES ? '\n…' : '';
  return numberLines(lines, first) + cut;
}
