/**
 * The pure half of making Warden's commit through GitHub's Git Data API (api-commit.ts): the tree
 * entries a commit's changes become, and how the branch is moved so that the API path keeps the
 * git path's rules — a new branch is created only if it does not exist, Warden's own branch is
 * replaced only from the tip it was judged at (`--force-with-lease`), and a pull request's branch
 * only moves forward (GitHub refuses an update that is not a fast forward, as git does).
 */
import type { CommitFile } from '../../git/index.js';

/** An entry of `POST /repos/{owner}/{repo}/git/trees` over the parent's tree: `sha: null` deletes the path. */
export interface ApiTreeEntry {
  path: string;
  mode: '100644' | '100755' | '120000';
  type: 'blob';
  sha: string | null;
}

const MODES = new Set<string>(['100644', '100755', '120000']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The changes as tree entries, or why the API cannot carry them (the git path could). */
export function apiTreeEntries(files: readonly CommitFile[]): { entries: ApiTreeEntry[] } | { refused: string } {
  const entries: ApiTreeEntry[] = [];
  for (const f of files) {
    let path: string;
    try {
      path = utf8.decode(f.path);
    } catch {
      // JSON carries text: a name that is not UTF-8 would arrive as another name.
      return { refused: `a path that is not UTF-8 (${JSON.stringify(f.path.toString('utf8'))}) cannot be sent through GitHub's API` };
    }
    if (f.kind === 'delete') entries.push({ path, mode: '100644', type: 'blob', sha: null });
    else if (MODES.has(f.mode)) entries.push({ path, mode: f.mode as ApiTreeEntry['mode'], type: 'blob', sha: f.id });
    else return { refused: `\`${path}\` has mode ${f.mode}, which Warden does not commit through the API` };
  }
  return { entries };
}

/** How the branch may be moved (the same `lease` and `force` as the push: host-git-push-args.ts). */
export interface RefTarget {
  /** `refs/heads/<branch>`. */
  ref: string;
  /** The tip it was judged at ('' : it must not exist). */
  lease?: string;
  force: boolean;
}

export type RefStep = { kind: 'create' } | { kind: 'update'; force: boolean } | { kind: 'refuse'; why: string };

/** What to do with the branch, given where it points now (undefined: absent). Pure. */
export function refStep(target: RefTarget, tip: string | undefined): RefStep {
  const short = (sha: string): string => sha.slice(0, 12);
  if (target.lease === '') return tip === undefined ? { kind: 'create' } : { kind: 'refuse', why: `${target.ref} was created (at ${short(tip)}) after Warden looked; not overwritten` };
  if (target.lease !== undefined) {
    if (tip === target.lease) return { kind: 'update', force: true };
    return { kind: 'refuse', why: `${target.ref} ${tip === undefined ? 'was deleted' : `moved to ${short(tip)}`} after Warden judged it at ${short(target.lease)}; not overwritten` };
  }
  return tip === undefined ? { kind: 'create' } : { kind: 'update', force: target.force };
}
