import type { FileHits, GrepQuery } from './grep-search.js';
import { listedPath } from './listed-path.js';

/** Minified bundles put a whole file on one line; a match line is cut here. */
export const GREP_MAX_LINE_CHARS = 500;

export interface GrepPage {
  offset: number;
  /** 0: no limit. */
  limit: number;
}

export interface GrepFormatOptions {
  mode: GrepQuery['mode'];
  showLineNumbers: boolean;
  /** Context was asked for: groups are separated by `--`, as grep and ripgrep do. */
  withContext: boolean;
  /** files_with_matches in path order, not newest first: too many matched (search-order.ts). */
  pathOrder?: boolean;
}

/**
 * Renders a search result the way ripgrep prints it (`path:line:text` for matches, `path-line-text`
 * for context; a path whose name would break or disguise the line quoted, listed-path.ts) and
 * applies head_limit/offset paging, saying how to fetch the next page.
 * Files must already be in the order to show.
 */
export function formatGrep(files: readonly FileHits[], options: GrepFormatOptions, page: GrepPage): string {
  switch (options.mode) {
    case 'files_with_matches': {
      if (files.length === 0) return 'No files found';
      const { items, note } = paginate(files.map((f) => listedPath(f.path)), page);
      const order = options.pathOrder === true ? ' (in path order: too many to sort by modification time; use a more specific pattern, path, glob or type)' : '';
      return [`Found ${files.length} file${files.length === 1 ? '' : 's'}${order}`, ...items].join('\n') + note;
    }
    case 'count': {
      if (files.length === 0) return 'No matches found';
      const { items, note } = paginate(files.map((f) => `${listedPath(f.path)}:${f.count}`), page);
      const total = files.reduce((sum, f) => sum + f.count, 0);
      const footer = `\n\nFound ${total} total ${total === 1 ? 'match' : 'matches'} across ${files.length} file${files.length === 1 ? '' : 's'}.`;
      return items.join('\n') + footer + note;
    }
    case 'content': {
      const lines = contentLines(files, options);
      if (lines.length === 0) return 'No matches found';
      const { items, note } = paginate(lines, page);
      return items.join('\n') + note;
    }
  }
}

function contentLines(files: readonly FileHits[], options: GrepFormatOptions): string[] {
  const out: string[] = [];
  for (const file of files) {
    const path = listedPath(file.path);
    let previous: number | undefined;
    for (const hit of file.lines) {
      const gap = previous === undefined ? out.length > 0 : hit.line > previous + 1;
      if (options.withContext && gap) out.push('--');
      previous = hit.line;
      const sep = hit.match ? ':' : '-';
      const text = hit.text.length > GREP_MAX_LINE_CHARS ? `${hit.text.slice(0, GREP_MAX_LINE_CHARS)}… [line truncated]` : hit.text;
      out.push(options.showLineNumbers ? `${path}${sep}${hit.line}${sep}${text}` : `${path}${sep}${text}`);
    }
  }
  return out;
}

/** Items of one page, and a note saying how the page was cut and how to get the next one. */
export function paginate<T>(all: readonly T[], page: GrepPage): { items: T[]; note: string } {
  const start = Math.min(page.offset, all.length);
  const end = page.limit === 0 ? all.length : Math.min(all.length, start + page.limit);
  const items = all.slice(start, end);
  if (end < all.length) {
    return {
      items,
      note: `\n\n[Showing results with pagination = limit: ${page.limit}, offset: ${page.offset} (${all.length} in all). Call Grep again with offset: ${end} for the next page.]`,
    };
  }
  if (page.offset > 0) {
    const none = items.length === 0 ? ` No results at this offset; there are ${all.length} in all.` : '';
    return { items, note: `\n\n[Showing results with pagination = offset: ${page.offset}.${none}]` };
  }
  return { items, note: '' };
}
