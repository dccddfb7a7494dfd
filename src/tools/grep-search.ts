import type { SearchOrder } from './search-order.js';
import type { ErrorCategory } from './tool.js';

/** One search, decided by the Grep tool, carried out by ripgrep or by the JS fallback. */
export interface GrepQuery {
  pattern: string;
  /** Absolute directory or file to search. */
  root: string;
  rootIsFile: boolean;
  mode: 'content' | 'files_with_matches' | 'count';
  /** The user's globs (ripgrep --glob meaning). */
  globs: readonly string[];
  /** Globs of the `type` filter, ANDed with `globs`; empty when no type was given. */
  typeGlobs: readonly string[];
  /** Directory names pruned anywhere (VCS dirs, maybe node_modules). */
  skipDirs: ReadonlySet<string>;
  ignoreCase: boolean;
  multiline: boolean;
  /** Context lines, content mode only. */
  before: number;
  after: number;
  /** The page of results the model will be shown (head_limit 0: everything). */
  page: { offset: number; limit: number };
}

export interface HitLine {
  line: number;
  /** Without the line terminator. */
  text: string;
  /** false for a context line. */
  match: boolean;
}

export interface FileHits {
  /** Absolute path. */
  path: string;
  /** Matching lines (count mode; in multiline mode, matches). */
  count: number;
  /** Content mode only: matching and context lines in order. */
  lines: HitLine[];
  /** Modification time of the file searched (from the descriptor that was read), for newest-first order. */
  mtimeMs?: number;
}

export type GrepResult =
  | {
      ok: true;
      files: FileHits[];
      /** Why the result may be incomplete, if it may. */
      incomplete?: string;
      /** The order the files are in when the search chose it (files_with_matches over a large tree: only the page in that order was checked). */
      order?: SearchOrder;
    }
  | { ok: false; category: ErrorCategory; message: string };
