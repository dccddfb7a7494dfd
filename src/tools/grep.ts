import { z } from 'zod';
import { buildTool } from './build-tool.js';
import { openJudgedRoot } from './judged-open.js';
import { skippedDirs } from './file-walk.js';
import type { SearchRoot } from './grep-candidates.js';
import { FILE_TYPES, fileTypeGlobs } from './grep-file-types.js';
import { formatGrep } from './grep-format.js';
import { DEFAULT_HOST_PATH, hostProgram } from './host-programs.js';
import { searchWithJs } from './grep-js.js';
import { searchWithRipgrep } from './grep-rg.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import { NEWEST_FIRST_UP_TO, searchOrder } from './search-order.js';
import { workspaceOnlyGuard, type ReadGuard, type ReadGuardCall } from './read-guard.js';
import type { Tool, ToolContext, ToolOutput } from './tool.js';
import { errorMessage, toolError } from './tool-result.js';
import type { SandboxedSearch } from '../sandbox/index.js';
import { grepInSandbox } from './sandboxed-search.js';
import { accessPaths, displayPath, isSystemPath, resolveToolPath } from './tool-paths.js';

export const GREP_DEFAULT_HEAD_LIMIT = 250;

const contextLines = (what: string, flag: string): z.ZodOptional<z.ZodNumber> =>
  z.number().int().min(0).max(1000).optional().describe(`Lines of context ${what} each match (rg ${flag}); output_mode "content" only`);

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('The regular expression to search file contents for'),
  path: z.string().optional().describe('File or directory to search (default: the working directory)'),
  glob: z.string().optional().describe('Only files matching this glob (rg --glob), e.g. "*.{ts,tsx}"'),
  type: z
    .string()
    .optional()
    .describe(`Only files of this type (rg --type): ${Object.keys(FILE_TYPES).join(', ')}`),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('"content": matching lines; "files_with_matches": paths (default); "count": matches per file'),
  '-i': z.boolean().optional().describe('Case insensitive (rg -i)'),
  '-n': z.boolean().optional().describe('Line numbers in "content" output (rg -n; default true)'),
  '-A': contextLines('after', '-A'),
  '-B': contextLines('before', '-B'),
  '-C': contextLines('before and after', '-C'),
  multiline: z
    .boolean()
    .optional()
    .describe('Patterns may span lines, . matches newlines (rg -U --multiline-dotall)'),
  head_limit: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(`At most N lines or entries, in any output mode (default ${GREP_DEFAULT_HEAD_LIMIT}; 0: no limit)`),
  offset: z.number().int().min(0).optional().describe('Skip the first N lines or entries (paging with head_limit)'),
});
export type GrepInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `A powerful search tool built on ripgrep.

Usage:
- ALWAYS use Grep for search tasks. NEVER run grep or rg through Bash.
- Supports full regex syntax (e.g. "log.*Error", "function\\s+\\w+").
- Filter files with the glob parameter (e.g. "*.js", "**/*.tsx") or the type parameter (e.g. "js", "py", "rust").
- Output modes: "content" shows matching lines, "files_with_matches" shows only file paths (default; newest first, path order past ${NEWEST_FIRST_UP_TO.toLocaleString('en-US')}), "count" shows match counts.
- Pattern syntax: literal braces need escaping (use \`interface\\{\\}\` to find \`interface{}\` in Go code).
- Multiline matching: by default patterns match within single lines only. For patterns that span lines, use multiline: true.
- Results are paged: head_limit (default ${GREP_DEFAULT_HEAD_LIMIT}) and offset. The output says when there are more results and which offset to ask for.
- Version-control directories (.git, .svn, .hg, .bzr, .jj, .sl) are never searched; node_modules only when path or glob names it. Hidden files are searched; .gitignore is not applied.`;

export interface GrepToolOptions {
  /** PATH-style directory list to find `rg` in. Entries inside the workspace are never used. */
  searchPath?: string;
  /** 'auto': ripgrep when found, else the built-in search. 'js' forces the built-in search;
   * 'rg' insists on ripgrep (tests prove which path ran). */
  engine?: 'auto' | 'js' | 'rg';
  /** Judges every file the search opens (by its real path and identity). Default: the workspace only. */
  guard?: ReadGuard;
  /** Up to this many files with matches are listed newest first, more in path order (search-order.ts). Default 1,000. */
  newestFirstUpTo?: number;
  /** The run's bubblewrap sandbox for ripgrep (sandboxed-search.ts); absent: every file is judged on the host. */
  sandboxed?: SandboxedSearch;
}

type Search = (query: GrepQuery, root: SearchRoot, guard: ReadGuardCall, ctx: ToolContext) => Promise<GrepResult>;

export function createGrepTool(options: GrepToolOptions = {}): Tool<GrepInput> {
  const searchPath = options.searchPath ?? DEFAULT_HOST_PATH;
  const locateRg = hostProgram('rg', searchPath);
  const newestUpTo = options.newestFirstUpTo ?? NEWEST_FIRST_UP_TO;
  const guard = options.guard ?? workspaceOnlyGuard;
  const search: Search = async (query, root, call, ctx) => {
    const rg = options.engine === 'js' ? undefined : await locateRg(ctx.cwd);
    if (rg === undefined && options.engine === 'rg') return { ok: false, category: 'failed', message: `ripgrep (rg) was not found on ${searchPath}.` };
    if (rg === undefined) return searchWithJs(query, root, call, ctx.signal, ctx.defaultTimeoutMs);
    if (options.sandboxed !== undefined && root.kind === 'directory') {
      const found = await grepInSandbox({ search: options.sandboxed, rg, signal: ctx.signal, timeoutMs: ctx.defaultTimeoutMs }, query, root, call, newestUpTo);
      if (found !== undefined) return found;
    }
    return searchWithRipgrep(rg, query, root, call, ctx.signal, ctx.defaultTimeoutMs);
  };

  return buildTool<GrepInput>({
    name: 'Grep',
    description: DESCRIPTION,
    inputSchema,
    maxResultSizeChars: 100_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    access: (input, ctx) => ({ kind: 'read', paths: accessPaths(resolveToolPath(ctx.cwd, input.path ?? '.')) }),
    call: (input, ctx) => grep(input, ctx, guard.forCall('Grep', ctx.cwd), search, newestUpTo),
  });
}

async function grep(input: GrepInput, ctx: ToolContext, call: ReadGuardCall, search: Search, newestUpTo: number): Promise<ToolOutput> {
  const rootPath = resolveToolPath(ctx.cwd, input.path ?? '.');
  if (isSystemPath(rootPath)) return toolError('denied', `${rootPath} is a device or kernel path; Grep searches regular files only.`);
  const typeGlobs = input.type === undefined ? [] : fileTypeGlobs(input.type);
  if (typeGlobs === undefined) {
    return toolError('invalid_input', `Unknown file type "${input.type ?? ''}". Use one of: ${Object.keys(FILE_TYPES).join(', ')}; or use glob instead.`);
  }

  // The root is opened, then judged where it really is; the search reads from what was opened.
  const opened = await openJudgedRoot(rootPath, call, 'Grep', (why) => `Path does not exist: ${rootPath} (${why}). The working directory is ${ctx.cwd}.`);
  if (!opened.ok) return opened.error;
  try {
    const root = opened.root;
    const mode = input.output_mode ?? 'files_with_matches';
    const globs = input.glob === undefined ? [] : splitGlobs(input.glob);
    const query: GrepQuery = {
      pattern: input.pattern,
      root: rootPath,
      rootIsFile: root.kind === 'file',
      mode,
      globs,
      typeGlobs,
      skipDirs: skippedDirs(`${input.path ?? ''} ${input.glob ?? ''}`.includes('node_modules')),
      ignoreCase: input['-i'] === true,
      multiline: input.multiline === true,
      before: mode === 'content' ? (input['-B'] ?? input['-C'] ?? 0) : 0,
      after: mode === 'content' ? (input['-A'] ?? input['-C'] ?? 0) : 0,
      page: { offset: input.offset ?? 0, limit: input.head_limit ?? GREP_DEFAULT_HEAD_LIMIT },
    };
    return await searchAndFormat(input, ctx, query, root, call, search, newestUpTo);
  } finally {
    opened.close();
  }
}

async function searchAndFormat(input: GrepInput, ctx: ToolContext, query: GrepQuery, root: SearchRoot, call: ReadGuardCall, search: Search, newestUpTo: number): Promise<ToolOutput> {
  const { mode } = query;
  let result: GrepResult;
  try {
    result = await search(query, root, call, ctx);
  } catch (err) {
    return toolError('failed', `Grep could not search ${query.root}: ${errorMessage(err)}`);
  }
  if (!result.ok) return toolError(result.category, result.message);
  // Every engine gives the files in path order; files_with_matches is newest first unless too many
  // matched, decided by the search itself when it checked only the page it put in order.
  const byDate = mode === 'files_with_matches' && (result.order ?? searchOrder(result.files.length, newestUpTo)) === 'newest';
  const files = byDate ? newestFirst(result.files) : result.files;
  const content = formatGrep(
    files,
    { mode, showLineNumbers: input['-n'] ?? true, withContext: query.before > 0 || query.after > 0, pathOrder: mode === 'files_with_matches' && !byDate },
    { offset: input.offset ?? 0, limit: input.head_limit ?? GREP_DEFAULT_HEAD_LIMIT },
  ).trimStart();
  const incomplete = result.incomplete === undefined ? '' : `\n\n(Results may be incomplete: ${result.incomplete}.)`;
  return {
    content: content + incomplete,
    summary: `Grep ${JSON.stringify(input.pattern)} in ${displayPath(ctx.cwd, query.root) || '.'}: ${files.length} file${files.length === 1 ? '' : 's'}`,
  };
}

/** Several globs may be given at once, separated by spaces or commas (commas inside braces belong to the glob). */
export function splitGlobs(value: string): string[] {
  const globs: string[] = [];
  let current = '';
  let depth = 0;
  for (const ch of value) {
    if (ch === '{') depth++;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current !== '') globs.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') globs.push(current);
  return globs;
}

/** files_with_matches lists the most recently changed files first, as Claude Code does (mtime from the search's own fstat). */
function newestFirst(files: readonly FileHits[]): FileHits[] {
  return [...files].sort((a, b) => (b.mtimeMs ?? 0) - (a.mtimeMs ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
