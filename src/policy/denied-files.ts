/**
 * Which files, by identity (`dev:ino`), the Read deny and ask rules name: a hard link
 * (`ln .env notes.txt`, made by code an allowed command ran) gives denied bytes a name no rule
 * matches, so the host-side file tools compare what they opened against this set. Found by a
 * bounded walk (symlinks not followed) where the rules could match; a scan that could not look
 * everywhere says so and the caller fails closed. procfs and sysfs are walked only for mounts beneath.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { LoadedPolicy } from './loaded-policy.js';
import { matchPathPattern, patternBase, relativeComponents, type PathBases, type PathPattern } from './path-rule-match.js';
import { isMissing } from './path-resolve.js';
import { couldMatchBeneath } from './tree-read.js';
import { errnoCode } from '../error-text.js';

// As many entries as a Grep walks (grep-candidates.ts); ~0.65 s in all, at the run's start (run-setup.ts).
// Past it, every file with several links is refused (host-read-guard.ts).
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
  // Walked by the names' bytes (a non-UTF-8 name decodes to U+FFFD, which names nothing); the
  // rules match the decoded name. What cannot be looked at makes the scan incomplete.
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
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const rawPrefix = Buffer.from(prefix);
    for (const entry of entries) {
      if (++seen > maxEntries) return { ids, complete: false, rules: patterns.length };
      const name = entry.name.toString('utf8');
      if (entry.isDirectory()) {
        const full = prefix + name;
        if (patterns.some((pattern) => couldMatchBeneath(pattern, full, bases))) pending.push({ dir: full, raw: Buffer.concat([rawPrefix, entry.name]) });
      } else if ((entry.isFile() || entry.isSymbolicLink()) && matches(prefix + name)) {
        add(Buffer.concat([rawPrefix, entry.name]));
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
  return isMissing(err) || errnoCode(err) === 'ELOOP';
}
