import { lstatSync, type BigIntStats } from 'node:fs';
import type { SandboxedSearch } from '../sandbox/index.js';
import { identityOf } from './fd-paths.js';
import { joinAbs, type WalkRoot } from './file-walk.js';
import { compileGlobFilter, readAlikeByRipgrep } from './glob-filter.js';
import { globPage, type GlobLimits, type GlobPage } from './glob-page.js';
import type { SearchRoot } from './grep-candidates.js';
import { exitFailure, parseOutput, timedOut } from './grep-rg-output.js';
import { RG_MAX_OUTPUT_CHARS, ripgrepArgs } from './grep-rg.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import type { ReadGuardCall } from './read-guard.js';
import { comparePathOrder, searchOrder } from './search-order.js';

/*
 * Grep and Glob where the wall already is: under bubblewrap ripgrep walks inside a sandbox built as
 * a command's (bwrap-runner.ts `search`), where the mounts hide what Read rules deny, so what it
 * reads is what any command could read and no file is judged one by one. Each path it reports is
 * still judged by path and identity, and one refused drops out without a word (not even its name
 * is listed). Where the sandbox cannot be built, the tool judges every file itself.
 */

/** A glob both ripgrep and our filter read the same way: no extglobs, escapes or negation. */
function sharedDialect(pattern: string): boolean {
  return !pattern.startsWith('!') && readAlikeByRipgrep(pattern);
}

/** The argv for `rg --files` in the directory it starts in: what the judged walk lists, NUL-separated, each name relative to it. */
function listingArgs(pattern: string, skipDirs: ReadonlySet<string>): string[] {
  const args = ['--no-config', '--no-messages', '--files', '--null', '--hidden', '--no-ignore', '--no-follow'];
  if (sharedDialect(pattern)) args.push(`--glob=${pattern}`);
  // Last, so the pattern cannot bring a pruned directory back.
  for (const dir of [...skipDirs].sort()) args.push(`--glob=!${dir}/`);
  return args;
}

// Glob's listing holds names only: up to 200,000 of them.
const LISTING_MAX_CHARS = 200_000_000;

/**
 * Whether a name ripgrep printed, as decoded, may not be the name it found: bytes that are not
 * UTF-8 decode to U+FFFD, and a lone surrogate (a pair halved where output was cut) encodes back as
 * U+FFFD's bytes. Either way another file may bear the name it stands for.
 */
function mayNameAnother(name: string): boolean {
  return /[\uFFFD\p{Cs}]/u.test(name);
}

/** A name ripgrep printed, relative to where it ran; undefined for anything else. */
function walkedRel(path: string): string | undefined {
  const rel = path.startsWith('./') ? path.slice(2) : path;
  if (rel === '' || rel.startsWith('/') || rel === '..' || rel.startsWith('../')) return undefined;
  return rel;
}

/**
 * Whether the host walk would have chosen `rel` (ripgrep was told the globs and pruning too; this
 * is the walk's own code deciding). A name that is not UTF-8 arrives with U+FFFD in it and names
 * another file, if any: it never counts.
 */
function walkedFilter(globs: ReadonlyArray<readonly string[]>, skipDirs: ReadonlySet<string>, tool: 'Glob' | 'Grep'): (rel: string) => boolean {
  const filter = compileGlobFilter(globs);
  // Each tool's walk prunes its own way: Glob only what lies off the pattern's way (a negated
  // pattern excludes files, not the directories they are in), Grep what its globs exclude too.
  const prunes = (dir: string): boolean => (tool === 'Glob' ? filter.offTheWay(dir) : filter.prunesDir(dir));
  const dirs = new Map<string, boolean>();
  const entered = (dir: string): boolean => {
    let known = dirs.get(dir);
    if (known === undefined) {
      const cut = dir.lastIndexOf('/');
      known = (cut < 0 || entered(dir.slice(0, cut))) && !skipDirs.has(dir.slice(cut + 1)) && !prunes(dir);
      dirs.set(dir, known);
    }
    return known;
  };
  return (rel) => {
    if (mayNameAnother(rel)) return false;
    const cut = rel.lastIndexOf('/');
    return (cut < 0 || entered(rel.slice(0, cut))) && filter.includesFile(rel);
  };
}

/**
 * The names the guard lets this call see: each judged by its real path beneath the opened root's,
 * and by identity, as the host walk judges what it opens. The mounts hide a denied file by the
 * names the rules match; a hard link made before the run, or a denied file renamed since the run
 * started, is the same file under a name no rule matches, and only its identity gives it away.
 */
async function allowedNames(names: readonly string[], rootReal: string, guard: ReadGuardCall): Promise<Set<string>> {
  const allowed = new Set<string>();
  for (const rel of names) {
    if (!(await guard.judgePath(joinAbs(rootReal, rel), 'file')).allowed) continue;
    if (await sameIdentityAllowed(rel, rootReal, guard)) allowed.add(rel);
  }
  return allowed;
}

function lstatOrNull(path: string): BigIntStats | null {
  try {
    return lstatSync(path, { bigint: true });
  } catch {
    return null;
  }
}

export interface SandboxedControl {
  search: SandboxedSearch;
  rg: string;
  signal: AbortSignal;
  timeoutMs: number;
}

/** Grep over a directory, in the sandbox; undefined when the sandbox could not be built (the host walk searches). */
export async function grepInSandbox(ctl: SandboxedControl, query: GrepQuery, root: SearchRoot & { kind: 'directory' }, guard: ReadGuardCall, newestUpTo: number): Promise<GrepResult | undefined> {
  // A glob ripgrep reads otherwise (`a|b`, an extglob) could make it leave out a file the walk
  // takes: then ripgrep gets none of the model's globs and the walk's filter alone chooses.
  const told = query.globs.every(readAlikeByRipgrep) ? query : { ...query, globs: [] };
  const ran = await ctl.search({ file: ctl.rg, args: ripgrepArgs(told, ['.'], 'walk'), cwd: root.real, timeoutMs: ctl.timeoutMs, signal: ctl.signal, maxOutputChars: RG_MAX_OUTPUT_CHARS });
  if (!ran.ran) return undefined;
  const { result } = ran;
  if (result.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  if (result.timedOut) return timedOut(ctl.timeoutMs);
  const failure = exitFailure(result, query.mode, true);
  if (failure !== undefined) return failure;
  const accepts = walkedFilter([query.globs, query.typeGlobs], query.skipDirs, 'Grep');
  const found = new Map<string, FileHits>();
  for (const hit of parseOutput(result.output, query.mode, true, true)) {
    const rel = walkedRel(hit.path);
    if (rel !== undefined && accepts(rel)) found.set(rel, hit);
  }
  const files: FileHits[] = [];
  for (const { rel, judged } of await grepNames(found, query, newestUpTo, root.real, guard)) {
    const hit = found.get(rel) as FileHits;
    files.push({ ...hit, path: joinAbs(root.abs, rel), ...(judged ? { mtimeMs: mtimeOf(joinAbs(root.real, rel)) } : {}) });
  }
  const notes = [result.droppedChars > 0 ? 'the search produced too much output and was cut short' : undefined, result.exitCode === 2 ? 'some files could not be read' : undefined].filter((n) => n !== undefined);
  return notes.length === 0 ? { ok: true, files } : { ok: true, files, incomplete: notes.join('; ') };
}

/**
 * The names Grep's answer is made from, in path order, each that can be shown judged first (as
 * Glob's pageNames). Up to `newestUpTo` files all are judged (shown newest first, any may lead);
 * past it, names are judged in path order until the allowed ones fill the page (in content mode a
 * line each, so a few more may be judged, never fewer), and the rest are only counted, each by its
 * identity: a hard link or a renamed denied file is the same file under a name no mount hides.
 */
async function grepNames(found: ReadonlyMap<string, FileHits>, query: GrepQuery, newestUpTo: number, rootReal: string, guard: ReadGuardCall): Promise<Array<{ rel: string; judged: boolean }>> {
  const judgeAll = async (rels: readonly string[]): Promise<Array<{ rel: string; judged: boolean }>> => [...(await allowedNames(rels, rootReal, guard))].sort(comparePathOrder).map((rel) => ({ rel, judged: true }));
  const names = [...found.keys()];
  if (searchOrder(names.length, newestUpTo) === 'newest') return judgeAll(names);
  const sorted = names.sort(comparePathOrder);
  const end = query.page.limit === 0 ? Infinity : query.page.offset + query.page.limit;
  const page: string[] = [];
  let items = 0;
  let next = 0;
  for (; next < sorted.length && items < end; next++) {
    const rel = sorted[next] as string;
    if (!(await allowedNames([rel], rootReal, guard)).has(rel)) continue;
    page.push(rel);
    items += query.mode === 'content' ? (found.get(rel) as FileHits).lines.length : 1;
  }
  // Refusals brought the count down to where files_with_matches is shown by date: judge them all.
  if (searchOrder(page.length + sorted.length - next, newestUpTo) === 'newest') return judgeAll([...page, ...sorted.slice(next)]);
  const rest: string[] = [];
  for (const rel of sorted.slice(next)) if (await sameIdentityAllowed(rel, rootReal, guard)) rest.push(rel);
  return [...page.map((rel) => ({ rel, judged: true })), ...rest.map((rel) => ({ rel, judged: false }))];
}

/**
 * Whether the file passes the identity check (cheap: an lstat and a set look-up). Files past
 * the page are only counted, but a total that counted a refused file would tell, query by query,
 * whether a hard link to a denied file holds a pattern.
 */
async function sameIdentityAllowed(rel: string, rootReal: string, guard: ReadGuardCall): Promise<boolean> {
  const stats = lstatOrNull(joinAbs(rootReal, rel));
  if (stats === null || !stats.isFile()) return false;
  return (await guard.judgeIdentity({ id: identityOf(stats), links: Number(stats.nlink) })).allowed;
}

/** Glob's page of the files under root the pattern matches, listed in the sandbox; undefined when it could not be built. */
export async function globInSandbox(ctl: SandboxedControl, root: WalkRoot, pattern: string, skipDirs: ReadonlySet<string>, limits: GlobLimits & { maxFiles: number }, guard: ReadGuardCall): Promise<GlobPage | undefined> {
  const ran = await ctl.search({ file: ctl.rg, args: listingArgs(pattern, skipDirs), cwd: root.real, timeoutMs: ctl.timeoutMs, signal: ctl.signal, maxOutputChars: LISTING_MAX_CHARS });
  if (!ran.ran) return undefined;
  const { result } = ran;
  if (result.aborted || ctl.signal.aborted) return { matched: 0, shown: [], order: 'newest', truncated: true };
  // A timeout, a crash, output cut short: the host walk lists instead.
  if (result.timedOut || result.droppedChars > 0 || (result.exitCode !== 0 && result.exitCode !== 1)) return undefined;
  const accepts = walkedFilter([[pattern]], skipDirs, 'Glob');
  const names: string[] = [];
  for (const name of result.output.split('\0')) {
    const rel = walkedRel(name);
    if (rel !== undefined && accepts(rel)) names.push(rel);
  }
  // Over the budget, cut where the walk would have: in its order.
  const truncated = names.length > limits.maxFiles;
  const listed = truncated ? names.sort(comparePathOrder).slice(0, limits.maxFiles) : names;
  return globPage(root, await pageNames(listed, root.real, guard, limits), truncated, limits);
}

/**
 * The names Glob's page is made from, each that can be shown judged first. Newest first (few
 * matches), every name may be shown: all are judged. In path order only the first are shown: they
 * are judged in that order until the page is full, the rest only counted, as the host walk counts
 * the names it lists without judging any (judging 100,000 names costs ~15 s).
 */
async function pageNames(names: string[], rootReal: string, guard: ReadGuardCall, limits: GlobLimits): Promise<string[]> {
  if (searchOrder(names.length, limits.newestUpTo) === 'newest') return [...(await allowedNames(names, rootReal, guard))];
  const sorted = names.sort(comparePathOrder);
  const page: string[] = [];
  let next = 0;
  for (; next < sorted.length && page.length < limits.shown; next++) {
    const rel = sorted[next] as string;
    if ((await allowedNames([rel], rootReal, guard)).has(rel)) page.push(rel);
  }
  const kept = [...page, ...sorted.slice(next)];
  // Refusals brought the count down to where every name is shown by date: judge them all.
  return searchOrder(kept.length, limits.newestUpTo) === 'newest' ? [...(await allowedNames(kept, rootReal, guard))] : kept;
}

/** The modification time, in whole milliseconds as a search reports it, of the file at `path`; 0 when it is gone. */
function mtimeOf(path: string): number {
  try {
    const info = lstatSync(path, { bigint: true });
    return info.isFile() ? Number(info.mtimeMs) : 0;
  } catch {
    return 0;
  }
}
