import { confinedExec, confinementFailed } from '../sandbox/index.js';
import type { Confinement } from './confined-listing.js';
import { joinAbs } from './file-walk.js';
import { compileGlobFilter, readAlikeByRipgrep } from './glob-filter.js';
import { walkIncomplete, type Candidate, type CandidateStats, type SearchRoot } from './grep-candidates.js';
import { confirmLiteral, plainLiteral } from './grep-literal.js';
import { exitFailure, parseOutput, timedOut } from './grep-rg-output.js';
import { RG_MAX_OUTPUT_CHARS, ripgrepArgs, searchJudgedFiles, type RipgrepControl } from './grep-rg.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import { mayNameAnother } from './printed-name.js';
import type { ReadGuardCall, TreeSkip } from './read-guard.js';
import { comparePathOrder, pathOrderFirst, searchOrder, type SearchOrder } from './search-order.js';
import { TreeOpener } from './tree-opener.js';
import { narrowedTo, openBeneath } from './tree-narrow.js';
import { closeFd } from './fd-paths.js';

/*
 * A large tree, searched at ripgrep's own speed. Opening and judging 100,000 files one by one
 * costs several times what ripgrep takes to search them, so when it is safe ripgrep walks the
 * judged directory itself, by name, and only what it found is opened and judged before anything
 * is shown. It is safe when what ripgrep can reach, less what it is told to leave out, holds
 * nothing the guard would refuse:
 *
 * - ripgrep runs confined (src/sandbox/confined-exec.ts): the judged directory, bound from its
 *   descriptor, is all of the host's tree it can see beside the public system directories it is
 *   loaded from. No /proc, no other workspace file, nothing outside; a symlink planted or a
 *   directory swapped for one while it walks leads nowhere.
 * - the guard's tree verdict (ReadGuardCall.judgeTree): plainly, nothing beneath could be denied
 *   by path, and no file the guard would refuse by identity lives on that filesystem, so none can
 *   be linked or moved in. With a skip, Read deny and ask rules could match beneath: ripgrep is
 *   given them as globs and leaves those files out; what it reports is matched against the rules
 *   again by the policy's matcher; and when a denied file could be there under another name,
 *   ripgrep walks only where the guard found, before the walk, that none has another name, and
 *   its answer counts only if no command ran until it was done (TreeSkip.identityProven); else
 *   every file is judged as the walk opens it. Judging by identity what ripgrep reported is not
 *   enough: it reads by name, and a name can lead to a denied file while ripgrep reads it and to
 *   a harmless one when it is looked at (a process swapping them), so the count would tell what
 *   the denied file holds.
 *
 * Then even which files matched, and how many, comes only from files the model may read. What is
 * shown of them still comes from judged descriptors: every file with a line, count or name on
 * the page the model sees is opened by descriptor (tree-opener.ts), judged, and searched again
 * through the descriptor (a name for a plain string: its bytes looked for in what the descriptor
 * holds, grep-literal.ts); one that changed, vanished or is refused drops out. Small trees keep
 * the judged walk: starting the confinement costs more than judging a few thousand files.
 * files_with_matches is newest first while few enough files match (search-order.ts): each one's
 * mtime is then found again by descriptor (by path while the guard's watch on commands holds,
 * tree-opener.ts mtimeMsByPath); past that, it is in path order and only the page is. Globs that
 * name one directory start ripgrep there (tree-narrow.ts).
 */

export interface TreeSearch extends Confinement {
  /** Up to this many files with matches are listed newest first, more in path order. */
  newestUpTo: number;
}

/** A hit of the walk, by its path relative to the root. */
interface TreeHit extends FileHits {
  rel: string;
}

/** The result of searching the tree, or undefined when the judged walk must do it instead. */
export async function searchTree(ctl: RipgrepControl, tree: TreeSearch, query: GrepQuery, root: SearchRoot & { kind: 'directory' }, guard: ReadGuardCall): Promise<GrepResult | undefined> {
  const whole = { ...root, size: root.stats.size, id: `${root.stats.dev}:${root.stats.ino}`, rel: undefined };
  if (!(await tree.size.exceeds(whole, whole.id, query.skipDirs, ctl.signal))) return undefined;
  const verdict = await guard.judgeTree(root.real, root.stats.dev);
  if (!verdict.allowed) return undefined;
  const { skip } = verdict;
  if (skip?.byIdentity === true && skip.identityProven === undefined) return undefined;
  // Where the globs name one directory, ripgrep starts there (tree-narrow.ts); the walk would
  // leave out the same directories, the guard's rules too (by their globs as ripgrep would, and by
  // the policy's matcher).
  const leftOut = skip === undefined ? undefined : leftOutBy(skip);
  // Watched from before the directory ripgrep walks is opened: while no command has run since, a
  // name it found is looked up by path from the root, through the same directories (tree-opener.ts
  // mtimeMsByPath); checked at each lookup, which runs without yielding.
  const quiet = guard.watchCommands?.();
  // Landlock cannot say nodev: a file swapped for a device node while ripgrep walks would be read.
  // So ripgrep walks under it only while nothing the agent controls can run (landlock-exec.ts).
  const landlock = tree.confiner.kind === 'landlock';
  if (landlock && quiet === undefined) return undefined;
  // Narrowed only under bubblewrap, which binds the directory opened: Landlock would have ripgrep
  // look its name up, and a name can be swapped for a symlink (what ripgrep says of its target).
  const within = landlock ? undefined : narrowedTo(compileGlobFilter([query.globs, query.typeGlobs]), query.skipDirs, leftOut);
  const start = within === undefined ? undefined : openBeneath(whole, within);
  const opener = new TreeOpener(root);
  try {
    // A small directory is searched faster by the judged walk, which prunes the same way.
    if (start !== undefined && !(await tree.size.exceeds(start, start.id, query.skipDirs, ctl.signal))) return undefined;
    const walked = start ?? whole;
    const left = ctl.deadline - Date.now();
    if (left <= 0) return timedOut(ctl.timeoutMs);
    // A glob ripgrep reads otherwise (`a|b`, an extglob) could make it leave out a file the walk
    // takes: then ripgrep gets none of the model's globs and walkedFilter alone chooses.
    const told = query.globs.every(readAlikeByRipgrep) ? query : { ...query, globs: [] };
    // Relative names: ripgrep runs in the root (or where its `at` shows it), and prints them so.
    const args = ripgrepArgs(told, [start === undefined ? '.' : start.rel], 'walk', skip?.globs);
    // files_with_matches: the mtimes a newest-first listing needs, found by descriptor while
    // ripgrep still walks (its names arrive as it finds them), for as many as could be listed so.
    const early = new Map<string, number | undefined>();
    const streaming = query.mode === 'files_with_matches';
    const accepts = walkedFilter(query, skip);
    const mtimeOf = (rel: string): number | undefined => (quiet?.() === true ? opener.mtimeMsByPath(rel, true) : opener.mtimeMs(rel, true));
    let streamed = '';
    let tail = '';
    const onStdout = (text: string): void => {
      streamed += text;
      if (early.size > tree.newestUpTo) return;
      const chunk = tail + text;
      const last = chunk.lastIndexOf('\0');
      tail = chunk.slice(last + 1);
      const arrived: string[] = [];
      for (let start = 0, end = chunk.indexOf('\0'); end !== -1 && end <= last; start = end + 1, end = chunk.indexOf('\0', start)) {
        const rel = walkedRel(chunk.slice(start, end));
        if (rel !== undefined && accepts(rel)) arrived.push(rel);
      }
      // In path order: the opener keeps one chain of directories open (ripgrep's threads interleave them).
      for (const rel of arrived.sort(comparePathOrder)) {
        if (early.size > tree.newestUpTo) break;
        early.set(rel, mtimeOf(rel));
      }
    };
    const result = await confinedExec({
      confiner: tree.confiner, dirFd: walked.fd, ...(start === undefined ? {} : { at: { rel: start.rel } }), file: ctl.rgPath, args, timeoutMs: left, signal: ctl.signal, maxOutputChars: RG_MAX_OUTPUT_CHARS, ...(streaming ? { onStdout } : {}),
    });
    const output = streamed + result.output;
    if (result.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
    if (result.timedOut) return timedOut(ctl.timeoutMs);
    if (confinementFailed({ ...result, output })) {
      tree.unavailable();
      return undefined;
    }
    const failure = exitFailure({ ...result, output }, query.mode, true);
    if (failure !== undefined) return failure;

    // A command ran while ripgrep walked: a denied file may have had another name meanwhile.
    if (skip?.byIdentity === true && skip.identityProven?.() !== true) return undefined;
    // Under Landlock, the same: a command started while ripgrep walked.
    if (landlock && quiet?.() !== true) return undefined;
    const hits = walkedHits(output, query, root.abs, accepts);
    const stats: CandidateStats = { visited: 0, truncated: false, refused: 0 };
    const order = query.mode === 'files_with_matches' ? searchOrder(hits.length, tree.newestUpTo) : 'path';
    if (order === 'newest') {
      // Newest first, as the Grep tool shows them: every match's mtime by descriptor (the ones not
      // found while ripgrep walked, in path order: the opener keeps one chain of directories open).
      for (const hit of hits.sort(byPath)) hit.mtimeMs = (early.has(hit.rel) ? early.get(hit.rel) : mtimeOf(hit.rel)) ?? 0;
    }
    // With a skip, a file refused here is one whose bytes ripgrep matched: saying so would tell
    // what a refused file holds. It drops out without a word, as the skipped ones do.
    const shown = await verifyShown(ctl, query, order, hits, opener, guard, skip === undefined ? stats : { ...stats });
    if (!shown.ok) return shown.result;
    if (ctl.signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
    const notes = [
      result.droppedChars > 0 || shown.cut ? 'the search produced too much output and was cut short' : undefined,
      walkIncomplete(stats, ctl.signal),
      // Entries the walk could not read are skipped without a word, as the judged walk skips them.
      shown.unreadable ? 'some files could not be read' : undefined,
    ].filter((n) => n !== undefined);
    const files = shown.hits.map(({ rel: _rel, ...hit }) => hit);
    return notes.length === 0 ? { ok: true, files, order } : { ok: true, files, order, incomplete: notes.join('; ') };
  } finally {
    opener.close();
    if (start !== undefined) closeFd(start.fd);
  }
}

/**
 * Whether the guard's rules leave out a directory: ripgrep's globs prune it (read as ripgrep reads
 * them, glob-filter.ts), or the policy's matcher denies its path.
 */
function leftOutBy(skip: TreeSkip): (dir: string) => boolean {
  const globs = compileGlobFilter([skip.globs]);
  return (dir) => globs.prunesDir(dir) || skip.denies(dir);
}

/**
 * A path ripgrep printed, relative to the root: under `./` when it walked the whole root, under the
 * directory it was given when narrowed; undefined for anything else (absolute, empty, `..`).
 */
function walkedRel(path: string): string | undefined {
  const rel = path.startsWith('./') ? path.slice(2) : path;
  if (rel === '' || rel.startsWith('/') || rel === '..' || rel.startsWith('../')) return undefined;
  return rel;
}

/**
 * Whether the judged walk would have chosen a file ripgrep found (the globs and the pruning were
 * given to ripgrep too; this is the walk's own code deciding), and the guard's skip does not
 * leave it out (its globs were given to ripgrep too; this is the policy's matcher deciding). A
 * file whose path is not UTF-8 is never one: ripgrep's name for it cannot be opened again.
 */
function walkedFilter(query: GrepQuery, skip: TreeSkip | undefined): (rel: string) => boolean {
  const filter = compileGlobFilter([query.globs, query.typeGlobs]);
  const dirs = new Map<string, boolean>();
  const entered = (dir: string): boolean => {
    let known = dirs.get(dir);
    if (known === undefined) {
      const cut = dir.lastIndexOf('/');
      known = (cut < 0 || entered(dir.slice(0, cut))) && !query.skipDirs.has(dir.slice(cut + 1)) && !filter.prunesDir(dir);
      dirs.set(dir, known);
    }
    return known;
  };
  return (rel) => {
    // A name that is not UTF-8 arrives with U+FFFD in it: another file may bear the name it decodes
    // to (a decoy), so what ripgrep read cannot be told apart from that file's: neither counts.
    if (mayNameAnother(rel)) return false;
    const cut = rel.lastIndexOf('/');
    return (cut < 0 || entered(rel.slice(0, cut))) && filter.includesFile(rel) && skip?.denies(rel) !== true;
  };
}

/** ripgrep's hits as paths under the root as shown, keeping only files the judged walk would have chosen. */
function walkedHits(output: string, query: GrepQuery, rootAbs: string, accepts: (rel: string) => boolean): TreeHit[] {
  const hits: TreeHit[] = [];
  for (const hit of parseOutput(output, query.mode, true, true)) {
    const rel = walkedRel(hit.path);
    if (rel === undefined || !accepts(rel)) continue;
    hits.push({ path: joinAbs(rootAbs, rel), count: hit.count, lines: hit.lines, mtimeMs: 0, rel });
  }
  return hits;
}

type Shown = { ok: true; hits: TreeHit[]; cut: boolean; unreadable: boolean } | { ok: false; result: GrepResult };

/**
 * Puts the hits in the order the model sees them and re-searches, through judged descriptors,
 * every file that has something on the page; repeated until the page holds only such files (a
 * file dropping out, or finding fewer lines, brings others onto it).
 */
async function verifyShown(ctl: RipgrepControl, query: GrepQuery, order: SearchOrder, found: TreeHit[], opener: TreeOpener, guard: ReadGuardCall, stats: CandidateStats): Promise<Shown> {
  const { offset, limit } = query.page;
  // Every file on the page is among the first offset + limit: each has an entry or a line there.
  const pageEnd = limit === 0 ? Infinity : offset + limit;
  let hits = found;
  const literal = plainLiteral(query);
  const verified = new Set<string>();
  let cut = false;
  let unreadable = false;
  for (;;) {
    hits = order === 'newest' ? hits.sort(newestFirst) : pathOrderFirst(hits, pageEnd);
    const pending = onPage(hits, query).filter((hit) => !verified.has(hit.rel));
    if (pending.length === 0) return { ok: true, hits, cut, unreadable };
    const candidates = judged(pending, opener, guard, stats);
    const again = literal === null ? await searchJudgedFiles(ctl, query, candidates, true, false) : await confirmLiteral(ctl, query, literal, candidates);
    if (!again.ok) return again;
    cut ||= again.cut;
    unreadable ||= again.unreadable;
    const now = new Map(again.files.map((file) => [file.path, file]));
    const gone = new Set<string>();
    for (const hit of pending) {
      verified.add(hit.rel);
      const fresh = now.get(hit.path);
      if (fresh === undefined) gone.add(hit.rel);
      else Object.assign(hit, { count: fresh.count, lines: fresh.lines, mtimeMs: fresh.mtimeMs });
    }
    if (gone.size > 0) hits = hits.filter((hit) => !gone.has(hit.rel));
  }
}

async function* judged(hits: readonly TreeHit[], opener: TreeOpener, guard: ReadGuardCall, stats: CandidateStats): AsyncGenerator<Candidate, void, undefined> {
  // Path order: the opener keeps one chain of directories open.
  for (const hit of [...hits].sort(byPath)) {
    const candidate = await opener.admit(hit.rel, hit.path, guard, stats);
    if (candidate !== undefined) yield candidate;
  }
}

/** The walk's order (`rg --sort path`). */
function byPath(a: TreeHit, b: TreeHit): number {
  return comparePathOrder(a.rel, b.rel);
}

function newestFirst(a: TreeHit, b: TreeHit): number {
  return (b.mtimeMs ?? 0) - (a.mtimeMs ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * The hits with something on the page the Grep tool will show (grep-format.ts paginates): files
 * and counts one item per file; content one line per hit line, plus a `--` between groups when
 * there is context, so a file's lines start between the hit lines before it and twice that.
 */
function onPage(hits: readonly TreeHit[], query: GrepQuery): TreeHit[] {
  const { offset, limit } = query.page;
  if (query.mode !== 'content') return hits.slice(Math.min(offset, hits.length), limit === 0 ? hits.length : Math.min(hits.length, offset + limit));
  const end = limit === 0 ? Infinity : offset + limit;
  const withContext = query.before > 0 || query.after > 0;
  const out: TreeHit[] = [];
  let before = 0;
  for (const hit of hits) {
    if (before >= end) break;
    const n = hit.lines.length;
    const last = withContext ? 2 * (before + n) : before + n - 1;
    if (last >= offset) out.push(hit);
    before += n;
  }
  return out;
}
