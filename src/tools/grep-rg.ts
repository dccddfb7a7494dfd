import { dirname, relative } from 'node:path';
import { hostExec } from '../sandbox/index.js';
import { compileGlobFilter } from './glob-filter.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';

// ripgrep's output is parsed, not shown; the model sees at most a page of it.
const RG_MAX_OUTPUT_CHARS = 20_000_000;
const TYPE_NAME = 'wardentype';

/**
 * The argv for ripgrep, pure so it can be checked. Everything from the model is a value, never a
 * flag: the pattern follows `-e`, the path follows `--`, globs are `--glob=<value>`.
 * `--no-config` and an empty environment mean no rc file can add flags (like `--pre`).
 */
export function ripgrepArgs(query: GrepQuery): string[] {
  const args = ['--no-config', '--no-messages', '--hidden', '--no-ignore', '--crlf', '--sort=path', '--color=never'];
  args.push(query.ignoreCase ? '--ignore-case' : '--case-sensitive');
  if (query.multiline) args.push('--multiline', '--multiline-dotall');
  switch (query.mode) {
    case 'content':
      args.push('--json');
      if (query.before > 0) args.push(`--before-context=${query.before}`);
      if (query.after > 0) args.push(`--after-context=${query.after}`);
      break;
    case 'files_with_matches':
      args.push('--files-with-matches', '--null');
      break;
    case 'count':
      args.push('--count', '--null');
      break;
  }
  if (query.typeGlobs.length > 0) {
    for (const glob of query.typeGlobs) args.push(`--type-add=${TYPE_NAME}:${glob}`);
    args.push(`--type=${TYPE_NAME}`);
  }
  for (const glob of query.globs) args.push(`--glob=${glob}`);
  // Last, so they win over any include glob (in ripgrep the later glob takes precedence).
  for (const dir of query.skipDirs) args.push(`--glob=!${dir}`);
  args.push('-e', query.pattern, '--', query.root);
  return args;
}

export async function searchWithRipgrep(rgPath: string, query: GrepQuery, signal: AbortSignal, timeoutMs: number): Promise<GrepResult> {
  const result = await hostExec({
    file: rgPath,
    args: ripgrepArgs(query),
    cwd: query.rootIsFile ? dirname(query.root) : query.root,
    timeoutMs,
    signal,
    maxOutputChars: RG_MAX_OUTPUT_CHARS,
  });
  if (result.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  if (result.timedOut) {
    return { ok: false, category: 'timeout', message: `Grep timed out after ${timeoutMs} ms. Narrow the search with path, glob or type.` };
  }
  const parsed = query.mode === 'content' ? parseJson(result.output) : parseNullSeparated(result.output, query.mode);
  if (result.exitCode === 2 && parsed.length === 0) {
    const message = result.output.trim();
    return { ok: false, category: /regex|pattern|syntax/i.test(message) ? 'invalid_input' : 'failed', message: `ripgrep: ${message}` };
  }
  if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 2) {
    return { ok: false, category: 'failed', message: `ripgrep failed (exit ${String(result.exitCode)}, signal ${String(result.signal)}): ${result.output.slice(0, 2000)}` };
  }
  // ripgrep lets an include glob override the type filter; applying the type again makes them AND.
  const typeFilter = compileGlobFilter([query.typeGlobs]);
  const files = query.rootIsFile ? parsed : parsed.filter((f) => typeFilter.includesFile(relative(query.root, f.path)));
  const incomplete =
    result.droppedChars > 0
      ? 'the search produced too much output and was cut short'
      : result.exitCode === 2
        ? 'some files could not be read'
        : undefined;
  return incomplete === undefined ? { ok: true, files } : { ok: true, files, incomplete };
}

/** `path\0` (files) or `path\0count\r\n` (count; --crlf ends lines with CRLF): NUL after the path survives any file name but one with NUL. */
function parseNullSeparated(output: string, mode: 'files_with_matches' | 'count'): FileHits[] {
  if (mode === 'files_with_matches') {
    return output
      .split('\0')
      .filter((p) => p !== '' && p.startsWith('/'))
      .map((path) => ({ path, count: 0, lines: [] }));
  }
  const files: FileHits[] = [];
  const re = /([^\0\n]*)\0(\d+)\r?\n/g;
  for (let m = re.exec(output); m !== null; m = re.exec(output)) {
    if (m[1] !== undefined && m[1].startsWith('/')) files.push({ path: m[1], count: Number(m[2]), lines: [] });
  }
  return files;
}

interface RgText {
  text?: string;
  bytes?: string;
}
interface RgMessage {
  type?: string;
  data?: { path?: RgText; lines?: RgText; line_number?: number | null };
}

function decode(value: RgText | undefined): string | undefined {
  if (value?.text !== undefined) return value.text;
  if (value?.bytes !== undefined) return Buffer.from(value.bytes, 'base64').toString('utf8');
  return undefined;
}

/** ripgrep --json: one message per line; anything that is not a message is ignored. */
function parseJson(output: string): FileHits[] {
  const byPath = new Map<string, FileHits>();
  for (const raw of output.split('\n')) {
    if (!raw.startsWith('{')) continue;
    let message: RgMessage;
    try {
      message = JSON.parse(raw) as RgMessage;
    } catch {
      continue; // a line cut by the output cap
    }
    if (message.type !== 'match' && message.type !== 'context') continue;
    const path = decode(message.data?.path);
    const text = decode(message.data?.lines);
    const first = message.data?.line_number;
    if (path === undefined || text === undefined || typeof first !== 'number') continue;
    let hits = byPath.get(path);
    if (hits === undefined) {
      hits = { path, count: 0, lines: [] };
      byPath.set(path, hits);
    }
    // A multiline match arrives as one message spanning several lines.
    const lines = text.replace(/\r?\n$/, '').split('\n');
    const match = message.type === 'match';
    for (const [i, line] of lines.entries()) hits.lines.push({ line: first + i, text: line.replace(/\r$/, ''), match });
    if (match) hits.count += lines.length;
  }
  return [...byPath.values()];
}
