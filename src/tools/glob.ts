import { isAbsolute } from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { buildTool } from './build-tool.js';
import { listFiles, skippedDirs } from './file-walk.js';
import { compileGlobFilter } from './glob-filter.js';
import { globPage, type GlobPage } from './glob-page.js';
import { DEFAULT_HOST_PATH, hostProgram } from './host-programs.js';
import { openJudgedRoot } from './judged-open.js';
import { listedPath } from './listed-path.js';
import { NEWEST_FIRST_UP_TO } from './search-order.js';
import { workspaceOnlyGuard, type ReadGuard, type ReadGuardCall } from './read-guard.js';
import type { Tool, ToolContext, ToolOutput } from './tool.js';
import { toolError } from './tool-result.js';
import type { SandboxedSearch } from '../sandbox/index.js';
import { globInSandbox, type SandboxedControl } from './sandboxed-search.js';
import { accessPaths, displayPath, resolveToolPath } from './tool-paths.js';

export const GLOB_MAX_RESULTS = 100;
const MAX_ENTRIES_VISITED = 200_000;

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('The glob pattern to match files against'),
  path: z
    .string()
    .optional()
    .describe('Directory to search (default: the working directory; omit it rather than pass "undefined")'),
});
export type GlobInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Fast file pattern matching tool that works with any codebase size.
- Supports glob patterns like "**/*.js" or "src/**/*.ts". A pattern without "/" (e.g. "*.ts") matches file names at any depth.
- Returns absolute file paths, newest first (path order past ${NEWEST_FIRST_UP_TO.toLocaleString('en-US')} matches); at most ${GLOB_MAX_RESULTS}.
- Version-control directories (.git and the like) are skipped, and node_modules unless the pattern names it.
- Use this tool when you need to find files by name patterns. To search file contents, use Grep.`;

export interface GlobToolOptions {
  /** PATH-style directory list to find `rg` in. Entries inside the workspace are never used. */
  searchPath?: string;
  /** Up to this many matches are listed newest first, more in path order (search-order.ts). Default 1,000. */
  newestFirstUpTo?: number;
  /** The run's bubblewrap sandbox for ripgrep (sandboxed-search.ts); absent: every name is walked on the host. */
  sandboxed?: SandboxedSearch;
}

/** `guard` judges the directory the walk starts from where it really is; default: the workspace only. */
export function createGlobTool(guard: ReadGuard = workspaceOnlyGuard, options: GlobToolOptions = {}): Tool<GlobInput> {
  const searchPath = options.searchPath ?? DEFAULT_HOST_PATH;
  const locateRg = hostProgram('rg', searchPath);
  const newestUpTo = options.newestFirstUpTo ?? NEWEST_FIRST_UP_TO;
  const sandboxed = async (ctx: ToolContext): Promise<SandboxedControl | undefined> => {
    if (options.sandboxed === undefined) return undefined;
    const rg = await locateRg(ctx.cwd);
    return rg === undefined ? undefined : { search: options.sandboxed, rg, signal: ctx.signal, timeoutMs: ctx.defaultTimeoutMs };
  };
  return buildTool<GlobInput>({
    name: 'Glob',
    description: DESCRIPTION,
    inputSchema,
    maxResultSizeChars: 100_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    access: (input, ctx) => ({ kind: 'read', paths: accessPaths(searchTarget(input, ctx.cwd).root) }),
    call: async (input, ctx) => glob(input, ctx, guard.forCall('Glob', ctx.cwd), await sandboxed(ctx), newestUpTo),
  });
}

export const globTool = createGlobTool();

/** An absolute pattern carries its own root: `/repo/src/**\/*.ts` searches /repo/src for `**\/*.ts`. */
function searchTarget(input: GlobInput, cwd: string): { root: string; pattern: string } {
  if (isAbsolute(input.pattern)) {
    const scanned = picomatch.scan(input.pattern);
    if (scanned.isGlob) return { root: scanned.base === '' ? '/' : scanned.base, pattern: `/${scanned.glob}` };
  }
  return { root: resolveToolPath(cwd, input.path ?? '.'), pattern: input.pattern };
}

async function glob(input: GlobInput, ctx: ToolContext, call: ReadGuardCall, sandbox: SandboxedControl | undefined, newestUpTo: number): Promise<ToolOutput> {
  const { root, pattern } = searchTarget(input, ctx.cwd);
  const opened = await openJudgedRoot(root, call, 'Glob', (why) => `Directory does not exist: ${root} (${why}). The working directory is ${ctx.cwd}.`);
  if (!opened.ok) return opened.error;
  try {
    if (opened.root.kind !== 'directory') return toolError('invalid_input', `${root} is not a directory. Give a directory as path, or use Read for a single file.`);
    const start = opened.root;
    const skipDirs = skippedDirs(pattern.includes('node_modules'));
    // Names only: nothing beneath is read, and neither way of listing leaves the directory it opened.
    const limits = { maxFiles: MAX_ENTRIES_VISITED, shown: GLOB_MAX_RESULTS, newestUpTo };
    const listed = sandbox === undefined ? undefined : await globInSandbox(sandbox, start, pattern, skipDirs, limits, call);
    const filter = compileGlobFilter([[pattern]]);
    const walk = async (): Promise<GlobPage> => {
      // Directories beside the one the pattern names hold no match: not entered.
      const walked = await listFiles(start, { skipDirs, signal: ctx.signal, maxEntries: MAX_ENTRIES_VISITED, pruneDir: (rel) => filter.offTheWay(rel) }, (rel) => filter.includesFile(rel));
      return globPage(start, walked.files.map((file) => file.rel), walked.truncated, limits);
    };
    const page = listed ?? (await walk());
    if (ctx.signal.aborted) return toolError('aborted', 'Glob was cancelled.');
    return render(input, ctx, root, page);
  } finally {
    opened.close();
  }
}

function render(input: GlobInput, ctx: ToolContext, root: string, page: GlobPage): ToolOutput {
  const { matched, truncated } = page;
  const summary = `Glob ${input.pattern} in ${displayPath(ctx.cwd, root) || '.'}: ${matched} files`;
  if (matched === 0) {
    const partial = truncated ? ` (the search stopped after ${MAX_ENTRIES_VISITED.toLocaleString('en-US')} entries; use a narrower path)` : '';
    return { content: `No files found${partial}`, summary };
  }
  const notes: string[] = [];
  if (page.order === 'path') {
    notes.push(`(${page.shown.length} of ${matched} shown, in path order: too many matches to sort by modification time. Use a more specific pattern or path.)`);
  } else if (matched > GLOB_MAX_RESULTS) {
    notes.push(`(Results are truncated: showing ${GLOB_MAX_RESULTS} of ${matched}. Consider using a more specific path or pattern.)`);
  }
  if (truncated) notes.push(`(The search stopped after ${MAX_ENTRIES_VISITED.toLocaleString('en-US')} entries; use a narrower path for complete results.)`);
  return { content: [...page.shown.map((file) => listedPath(file.abs)), ...notes].join('\n'), summary };
}
