/**
 * Finds what the path rules hide or protect in the workspace, before and after commands: a walk
 * that follows no symlink and enters neither `node_modules` nor `.git`. A directory's listing is
 * reused while its inode and ctime are unchanged (a process cannot set a ctime), unless it was read
 * within RACY_MS of that ctime (git's "racy index" problem): an unchanged tree costs one stat per
 * directory.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import type { EntryRule, PathRules } from './path-rules.js';
import { SOCKET_HIDE_REASON } from './host-sockets.js';
import { errnoCode } from '../error-text.js';

export type EntryKind = 'dir' | 'file' | 'symlink' | 'other';

export interface Found {
  /** Workspace-relative, `/`-separated. */
  rel: string;
  kind: EntryKind;
  hide: string | null;
  protect: string | null;
  /** `dev:ino`, so a moved entry is recognised. */
  id: string;
  /** Hard links (files only; fresh each scan). */
  nlink: number;
  /** For symlinks: the resolved target and its kind, or null when it dangles. */
  target: { path: string; kind: 'dir' | 'file' } | null;
}

export interface ScanResult {
  /** Hidden entries, and protected entries whose parent is not protected. */
  found: Found[];
  /** Directories that could not be listed. */
  unreadable: string[];
  /** Entries whose names are not valid UTF-8 (they cannot be named in a mount), as `dir/<lossy name>`. */
  badNames: string[];
  /** The root `.git`. */
  rootGit: EntryKind | 'missing';
  /** The tree changed while it was walked (an entry vanished): scan again. */
  changed: boolean;
  /**
   * More than MAX_ENTRIES entries, or deeper than MAX_DEPTH or than a path can name: nothing can be
   * promised about the whole tree (a command is refused); what was found within reach is listed.
   */
  overBudget: boolean;
  entries: number;
  /** Directories walked. */
  directories: number;
}

interface Child {
  name: string;
  /** Workspace-relative path: made once with the listing, so each scan looks it up by the same string. */
  key: string;
  kind: EntryKind;
  rule: EntryRule;
  /** Not valid UTF-8 (Node decoded it lossily): it cannot be named in a mount or opened by this name. */
  bad: boolean;
}

interface Listing {
  key: string;
  readAt: number;
  /** How many entries the directory has. */
  count: number;
  /** The children a walk may need (directories, ruled and unnamable entries); plain files are left out. */
  walk: Child[];
  seen: number;
}

export const RACY_MS = 1000;
export const MAX_ENTRIES = 2_000_000;
export const MAX_DEPTH = 256;
/** Directories whose contents are never looked at (they are not the project's own files). */
export const PRUNED_NAMES: ReadonlySet<string> = new Set(['node_modules']);

function kindOf(d: Dirent): EntryKind {
  if (d.isDirectory()) return 'dir';
  if (d.isSymbolicLink()) return 'symlink';
  return d.isFile() ? 'file' : 'other';
}

const idOf = (st: { dev: number; ino: number }): string => `${st.dev}:${st.ino}`;

/** The entry's stat; undefined when it is gone (or cannot be looked at); 'too-long' past PATH_MAX. */
function statOrUndefined(abs: string): Stats | undefined | 'too-long' {
  try {
    return statSync(abs, { throwIfNoEntry: false });
  } catch (err) {
    return errnoCode(err) === 'ENAMETOOLONG' ? 'too-long' : undefined;
  }
}

export class TreeScanner {
  private readonly listings = new Map<string, Listing>();
  private generation = 0;

  constructor(
    private readonly workspace: string,
    private readonly rules: PathRules,
    private readonly now: () => number = Date.now,
  ) {}

  scan(): ScanResult {
    const gen = ++this.generation;
    const out: ScanResult = { found: [], unreadable: [], badNames: [], rootGit: 'missing', changed: false, overBudget: false, entries: 0, directories: 0 };
    // Keys are workspace-relative paths ('' for the root); arrays are built only for new listings.
    const stack: Array<{ key: string; depth: number; protectedDir: boolean }> = [{ key: '', depth: 0, protectedDir: false }];
    while (stack.length > 0 && !out.changed) {
      const { key, depth, protectedDir } = stack.pop() ?? { key: '', depth: 0, protectedDir: false };
      const listing = this.list(key, gen, out);
      if (listing === null) continue;
      out.directories++;
      out.entries += listing.count;
      if (out.entries > MAX_ENTRIES) {
        out.overBudget = true;
        return out;
      }
      if (depth >= MAX_DEPTH) {
        // Nothing below is looked at; what is within reach still is (the check after a command
        // removes what it can see, workspace-guard.ts).
        out.overBudget = true;
        continue;
      }
      for (const c of listing.walk) {
        if (depth === 0 && c.name === '.git') {
          out.rootGit = c.kind;
          continue;
        }
        const isProtected = c.rule.protect !== null;
        const wanted = c.rule.hide !== null || (isProtected && !protectedDir);
        const descend = c.kind === 'dir' && c.rule.hide === null && !PRUNED_NAMES.has(c.name) && c.name !== '.git';
        if (!wanted && !descend && !c.bad) continue;
        const childKey = c.key;
        if (c.bad) {
          out.badNames.push(childKey);
          continue;
        }
        if (wanted) {
          const found = this.describe(childKey, c, out);
          if (found !== null) out.found.push(found);
        }
        if (descend) stack.push({ key: childKey, depth: depth + 1, protectedDir: isProtected });
      }
    }
    for (const [key, listing] of this.listings) if (listing.seen !== gen) this.listings.delete(key);
    return out;
  }

  /** The directory's listing, from the cache when it is still valid; null when it cannot be read. */
  private list(relKey: string, gen: number, out: ScanResult): Listing | null {
    const cached = this.listings.get(relKey);
    const abs = relKey === '' ? this.workspace : `${this.workspace}/${relKey}`;
    const st = statOrUndefined(abs);
    if (st === 'too-long') {
      // Deeper than a path can name: like a tree too deep, nothing below is looked at.
      out.overBudget = true;
      return null;
    }
    if (st === undefined) {
      // Listed by its parent a moment ago: something renamed or removed it meanwhile.
      if (relKey !== '') out.changed = true;
      return null;
    }
    const key = `${idOf(st)}:${st.ctimeMs}`;
    if (cached?.key === key && cached.readAt - st.ctimeMs > RACY_MS) {
      cached.seen = gen;
      return cached;
    }
    const readAt = this.now();
    let dirents: Dirent[];
    try {
      dirents = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') out.changed = true;
      else out.unreadable.push(relKey);
      return null;
    }
    const walk: Child[] = [];
    const rel = relKey === '' ? [] : relKey.split('/');
    for (const d of dirents) {
      let rule = this.rules.classify([...rel, d.name]);
      // Whoever listens on a socket file here may be outside (host-sockets.ts): it reads as an empty file.
      if (d.isSocket() && rule.hide === null) rule = { ...rule, hide: SOCKET_HIDE_REASON };
      const child: Child = { name: d.name, key: relKey === '' ? d.name : `${relKey}/${d.name}`, kind: kindOf(d), rule, bad: d.name.includes('\uFFFD') };
      if (child.kind === 'dir' || child.bad || child.rule.hide !== null || child.rule.protect !== null || (relKey === '' && d.name === '.git')) walk.push(child);
    }
    const listing: Listing = { key, readAt, count: dirents.length, walk, seen: gen };
    this.listings.set(relKey, listing);
    return listing;
  }

  private describe(rel: string, c: Child, out: ScanResult): Found | null {
    const abs = `${this.workspace}/${rel}`;
    // Fresh each scan: a hard link made elsewhere changes nlink but not this directory's ctime.
    let st: Stats | undefined;
    try {
      st = lstatSync(abs, { throwIfNoEntry: false });
    } catch (err) {
      if (errnoCode(err) !== 'ENAMETOOLONG') throw err;
      out.overBudget = true; // a name past PATH_MAX: not looked at
      return null;
    }
    if (st === undefined) {
      out.changed = true;
      return null;
    }
    const [nlink, id] = [st.isDirectory() ? 1 : st.nlink, idOf(st)];
    let target: Found['target'] = null;
    if (c.kind === 'symlink') {
      try {
        const path = realpathSync.native(abs);
        target = { path, kind: statSync(path).isDirectory() ? 'dir' : 'file' };
      } catch {
        target = null;
      }
    }
    return { rel, kind: c.kind, hide: c.rule.hide, protect: c.rule.protect, id, nlink, target };
  }
}
