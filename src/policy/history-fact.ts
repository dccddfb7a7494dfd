/**
 * Whether git's object store may hold a file this policy denies reading, from the paths the host
 * listed before the run (git/host-git-history.ts). Each path is judged as a read by the same
 * judge the analyser uses for a path: `Read(.env)` matches `config/.env` too. No listing, an
 * incomplete one, or any path judged denied (outside the workspace too) answers true. Pure.
 */
import { join } from 'node:path';
import type { PathJudge } from './rule.js';

export type HistoryListing = { kind: 'paths'; topLevel: string; paths: readonly string[] } | { kind: 'unknown'; reason: string };

export function historyMayHoldDenied(listing: HistoryListing | undefined, judge: PathJudge): boolean {
  if (listing === undefined || listing.kind !== 'paths') return true;
  return listing.paths.some((p) => judge('read', join(listing.topLevel, p)).behavior === 'deny');
}
