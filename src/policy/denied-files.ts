/**
 * Which files, by identity (`dev:ino`), the policy's Read deny and ask rules name. Rules are paths,
 * but a file has as many paths as it has hard links: `ln .env notes.txt` (made by repository code
 * an allowed `npm test` ran) gives the denied bytes a name no rule matches. The host-side file
 * tools compare the identity of what they opened against this set.
 *
 * Only existing files can be linked, so the set is found by walking where the rules could match:
 * the workspace for any-depth and workspace rules, the anchor directory for the others. Symlinks are
 * not followed while walking (a matching symlink contributes its target). The walk is bounded; a
 * scan that hit the bound says so, and the caller fails closed on what it could not rule out. A
 * rule's directory on procfs or sysfs (`Read(//proc/**)`) is not walked, only what other
 * filesystems are mounted beneath it: the kernel's own files there have no other name to find.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { LoadedPolicy } from './loaded-policy.js';
import { matchPathPattern, pathPatternBeneath, patternBase, relativeComponents, type PathBases, type PathPattern } from './path-rule-match.js';
import { isMissing } from './path-resolve.js';
import { couldMatchBeneath } from './tree-read.js';

// As many entries as a Grep walks (grep-candidates.ts MAX_ENTRIES_VISITED): a search the walk
// could finish is not sent to the judged walk (~5x slower) by a scan that gave up first. ~1.3 µs
// an entry here (100,000 in ~0.13 s; the whole bound ~0.65 s), at the start while the first
// request is in flight (run-setup.ts), and again when a file with several links is opened.
// Past the bound, every file with several links is refused (host-read-guard.ts).
const MAX_ENTRIES = 500_000;

export interface DeniedFiles {
  /** `dev:ino` of every regular file a Read deny or ask rule matches. */
  ids: ReadonlySet<string>;
  /** False when the walk stopped at its bound: files beyond it were not looked at. */
  complete: boolean;
  /** How many rules were considered; 0 means there is nothing to find. */
  rules: number;
}

function readPatterns(policy: LoadedPolicy): PathPattern[] {
  return [...policy.rules.deny, ...policy.rules.ask].flatMap((r) => (r.target.kind === 'path' && r.target.family === 'read' ? [r.target.pattern] : []));
}

/** The directories (or files) to walk: where each pattern's literal part ends. */
function scanRoots(patterns: readonly PathPattern[], bases: PathBases): string[] {
  const roots = patterns.map((p) => (p.anyDepth && p.anchor === 'cwd' ? bases.cwd : path.join(patternBase(p, bases), ...p.literalPrefix)));
  // A root inside another is walked with it.
  return [...new Set(roots)].filter((root, _, all) => !all.some((other) => other !== root && relativeComponents(other, root) !== null));
}

/**
 * For a directory the scan starts at, the mount points beneath it that are all it need walk (its
 * own filesystem's files can have no other name: procfs, sysfs); undefined to walk it all.
 */
export type MountsToScan = (dir: string) => readonly string[] | undefined;

export function scanDeniedFiles(policy: LoadedPolicy, cwd: string, maxEntries = MAX_ENTRIES, mountsToScan?: MountsToScan): DeniedFiles {
  const patterns = readPatterns(policy);
  const ids = new Set<string>();
  if (patterns.length === 0) return { ids, complete: true, rules: 0 };
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  const matches = (p: string): boolean => patterns.some((pattern) => matchPathPattern(pattern, p, bases));
  // By the name's bytes: a name that is not UTF-8 decodes to U+FFFD, under which nothing can be
  // found again. The rules match the decoded name (as the guard judges what the kernel names).
  // A directory or file the scan could not look at (a path too long to name, say) may hold a
  // denied file: the scan is then not whole, and the caller fails closed on what it missed.
  let complete = true;
  const add = (p: Buffer): void => {
    try {
      const info = statSync(p, { bigint: true });
      if (info.isFile()) ids.add(`${info.dev}:${info.ino}`);
    } catch (err) {
      // Gone or dangling: nothing to link to.
      if (!isGone(err)) complete = false;
    }
  };

  let seen = 0;
  const pending: Array<{ dir: string; raw: Buffer }> = [];
  // A rule's root (`beneathMounts`), or a mount point listed beneath one on procfs or sysfs.
  const start = (root: string, beneathMounts: boolean): void => {
    // mountinfo's name for a mount point that is not UTF-8 decodes to U+FFFD, which names no path.
    if (!beneathMounts && root.includes('\ufffd')) {
      complete = false;
      return;
    }
    try {
      const info = lstatSync(root);
      if (!info.isDirectory()) {
        if (matches(root)) add(Buffer.from(root));
        return;
      }
      const only = beneathMounts && isRealPath(root) ? mountsToScan?.(root) : undefined;
      if (only === undefined) pending.push({ dir: root, raw: Buffer.from(root) });
      else for (const mountPoint of only) start(mountPoint, false);
    } catch {
      // An anchor that does not exist holds nothing; a mount point the kernel listed must be looked at.
      if (!beneathMounts) complete = false;
    }
  };
  for (const root of scanRoots(patterns, bases)) start(root, true);
  while (pending.length > 0) {
    const { dir, raw } = pending.pop() as { dir: string; raw: Buffer };
    let entries: Array<Dirent<Buffer>>;
    try {
      entries = readdirSync(raw, { withFileTypes: true, encoding: 'buffer' });
    } catch (err) {
      if (!isGone(err)) complete = false;
      continue;
    }
    // The patterns as matchers for this directory's entries (its own components found once).
    const here = patterns.map((pattern) => pathPatternBeneath(pattern, dir, bases));
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const rawPrefix = Buffer.from(prefix);
    for (const entry of entries) {
      if (++seen > maxEntries) return { ids, complete: false, rules: patterns.length };
      const name = entry.name.toString('utf8');
      if (entry.isDirectory()) {
        const full = prefix + name;
        if (patterns.some((pattern) => couldMatchBeneath(pattern, full, bases))) pending.push({ dir: full, raw: Buffer.concat([rawPrefix, entry.name]) });
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        const comps = [name];
        if (here.some((matches) => matches(name, comps))) add(Buffer.concat([rawPrefix, entry.name]));
      }
    }
  }
  return { ids, complete, rules: patterns.length };
}

/** Whether `dir` names itself: no symlink on the way. */
function isRealPath(dir: string): boolean {
  try {
    return realpathSync(dir) === dir;
  } catch {
    return false;
  }
}

/** Nothing there to link to: missing, or a symlink that loops. */
function isGone(err: unknown): boolean {
  return isMissing(err) || (err as NodeJS.ErrnoException | undefined)?.code === 'ELOOP';
}
