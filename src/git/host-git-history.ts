/**
 * Every path git's object store can print by name, listed before the run (reachable commits,
 * reflogs, the index), for the policy's history fact (policy/history-fact.ts). Anything that could
 * make the list incomplete (a ref naming a blob or tree by itself, unreachable objects, alternates,
 * submodules, replace refs, too many objects, a git failure) answers `unknown`.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { HostGitContext } from './host-git-env.js';
import { gitRun } from './host-git-types.js';
import { errorMessage } from '../error-text.js';

export type HistoryListing =
  /** `paths`: relative to `topLevel`, as git prints them (UTF-8 decoded). */
  | { kind: 'paths'; topLevel: string; paths: readonly string[] }
  | { kind: 'unknown'; reason: string };

export interface HistoryRequest {
  ctx: HostGitContext;
  /** Where git runs (the workspace), the repository's top level and its common git directory (real paths). */
  cwd: string;
  topLevel: string;
  commonDir: string;
  /** Gitlinks in the starting commit: another object store. */
  submodules: readonly string[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Object lines beyond this: the answer is `unknown` rather than a long wait. */
export const MAX_HISTORY_OBJECTS = 2_000_000;
/** Distinct paths beyond this: `unknown` (each is judged at the first command, ~0.1 ms apiece). */
export const MAX_HISTORY_PATHS = 200_000;
const MAX_BYTES = 400 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;

const exists = (p: string): Promise<boolean> => access(p).then(() => true, () => false);

export async function listHistoryPaths(req: HistoryRequest): Promise<HistoryListing> {
  try {
    return await listing(req);
  } catch (err) {
    return { kind: 'unknown', reason: errorMessage(err) };
  }
}

async function listing(req: HistoryRequest): Promise<HistoryListing> {
  const unknown = (reason: string): HistoryListing => ({ kind: 'unknown', reason });
  if (req.submodules.length > 0 || (await exists(join(req.commonDir, 'modules')))) return unknown('the repository has submodules (other object stores)');
  for (const f of ['objects/info/alternates', 'objects/info/http-alternates', 'info/grafts']) {
    if (await exists(join(req.commonDir, f))) return unknown(`the repository has ${f}`);
  }
  const opts = { cwd: req.cwd, timeoutMs: req.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxStdoutBytes: MAX_BYTES, ...(req.signal === undefined ? {} : { signal: req.signal }) };
  const git = async (args: string[], input?: string): Promise<string> => {
    const r = await gitRun(req.ctx, { args }, input === undefined ? opts : { ...opts, input });
    if (r.code !== 'ok') throw new Error(`git ${args[0] ?? ''} ${r.code}: ${r.stderr.trim().split('\n')[0] ?? ''}`);
    return r.stdout.toString('utf8');
  };
  if ((await git(['for-each-ref', '--format=%(refname)', 'refs/replace/'])).trim() !== '') return unknown('the repository replaces objects (refs/replace)');

  const lines = (await git(['rev-list', '--objects', '--all', '--reflog', '--indexed-objects'])).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length > MAX_HISTORY_OBJECTS) return unknown(`more than ${MAX_HISTORY_OBJECTS} objects`);
  const ids = new Set<string>();
  const unnamed: string[] = [];
  const paths = new Set<string>();
  for (const line of lines) {
    // A path holding a newline splits its line; what follows is not an object line.
    const m = /^([0-9a-f]{40}|[0-9a-f]{64})(?: (.*))?$/.exec(line);
    if (m === null) return unknown('an object line git printed could not be read (a path with a newline?)');
    ids.add(m[1] as string);
    if (m[2] === '') unnamed.push(m[1] as string);
    else if (m[2] !== undefined) paths.add(m[2]);
  }
  if (paths.size > MAX_HISTORY_PATHS) return unknown(`more than ${MAX_HISTORY_PATHS} distinct paths`);
  // Listed without a name: root trees (of commits or the index), or what a ref names by itself.
  if (unnamed.length > 0) {
    const types = (await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], `${unnamed.join('\n')}\n`)).trim().split('\n');
    const roots = new Set((await git(['rev-list', '--all', '--reflog', '--format=%T'])).split('\n').filter((l) => l !== '' && !l.startsWith('commit ')));
    for (const t of types) {
      const [id, type] = t.split(' ');
      if (type !== 'tree' || !roots.has(id ?? '')) return unknown(`a ref or reflog entry names the ${type ?? 'missing'} ${id ?? ''} by itself`);
    }
  }
  // Every object in the store must be one listed: an unreachable blob is printed by its id.
  const counts = Object.fromEntries((await git(['count-objects', '-v'])).trim().split('\n').map((l) => l.split(': ') as [string, string]));
  const stored = Number(counts.count) + Number(counts['in-pack']);
  if (!Number.isSafeInteger(stored) || stored > ids.size) return unknown(`the object store holds ${stored} objects, ${ids.size} of them reachable`);
  return { kind: 'paths', topLevel: req.topLevel, paths: [...paths] };
}
