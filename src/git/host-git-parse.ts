/** Parsers for the `-z` output of git plumbing. Pure; paths stay raw (see splitNul). */
import { splitNul } from './host-git-types.js';

export type RawStatus = 'A' | 'M' | 'D' | 'T' | 'R';

export interface RawEntry {
  status: RawStatus;
  oldMode: string;
  newMode: string;
  oldId: string;
  newId: string;
  /** The path after the change (for D, the deleted path). */
  path: string;
  /** R only: the path before. */
  oldPath?: string;
  /** R only: similarity in percent. */
  score?: number;
}

/** `git diff-tree -r -z --raw --full-index`: `:om nm oid nid S\0path\0` or `…R086\0old\0new\0`. */
export function parseRawDiff(out: Buffer): RawEntry[] {
  const fields = splitNul(out);
  const entries: RawEntry[] = [];
  for (let i = 0; i < fields.length; ) {
    const head = fields[i++] ?? '';
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([AMDTR])(\d*)$/.exec(head);
    if (m === null) throw new Error(`unexpected diff-tree record: ${JSON.stringify(head)}`);
    const [, oldMode = '', newMode = '', oldId = '', newId = '', status = 'M', score = ''] = m;
    const first = fields[i++];
    if (first === undefined) throw new Error('diff-tree record without a path');
    if (status === 'R') {
      const second = fields[i++];
      if (second === undefined) throw new Error('rename record without its new path');
      entries.push({ status, oldMode, newMode, oldId, newId, path: second, oldPath: first, score: Number(score) });
    } else {
      entries.push({ status: status as RawStatus, oldMode, newMode, oldId, newId, path: first });
    }
  }
  return entries;
}

export interface NumstatEntry {
  path: string;
  oldPath?: string;
  /** null for binary files. */
  added: number | null;
  deleted: number | null;
}

/** `git diff-tree -r -z --numstat`: `a\td\tpath\0`, renames `a\td\t\0old\0new\0`, binary `-\t-\t…`. */
export function parseNumstat(out: Buffer): NumstatEntry[] {
  const fields = splitNul(out);
  const entries: NumstatEntry[] = [];
  for (let i = 0; i < fields.length; ) {
    const head = fields[i++] ?? '';
    const m = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/.exec(head);
    if (m === null) throw new Error(`unexpected numstat record: ${JSON.stringify(head)}`);
    const [, a = '-', d = '-', path = ''] = m;
    const added = a === '-' ? null : Number(a);
    const deleted = d === '-' ? null : Number(d);
    if (path === '') {
      const oldPath = fields[i++];
      const newPath = fields[i++];
      if (oldPath === undefined || newPath === undefined) throw new Error('numstat rename record without paths');
      entries.push({ path: newPath, oldPath, added, deleted });
    } else entries.push({ path, added, deleted });
  }
  return entries;
}

export type PushRefStatus = 'created' | 'fast-forward' | 'forced' | 'up-to-date' | 'deleted' | 'rejected';

export interface PushRefLine {
  status: PushRefStatus;
  from: string;
  to: string;
  summary: string;
}

const PUSH_FLAGS: Record<string, PushRefStatus> = { '*': 'created', ' ': 'fast-forward', '+': 'forced', '=': 'up-to-date', '-': 'deleted', '!': 'rejected' };

/** `git push --porcelain` stdout: `To <url>`, then `<flag>\t<from>:<to>\t<summary>` per ref, then `Done`. */
export function parsePushPorcelain(out: string): PushRefLine[] {
  const refs: PushRefLine[] = [];
  for (const line of out.split('\n')) {
    const m = /^(.)\t([^\t]*)\t(.*)$/.exec(line);
    if (m === null) continue;
    const [, flag = '', spec = '', summary = ''] = m;
    const status = PUSH_FLAGS[flag];
    if (status === undefined) continue;
    const colon = spec.lastIndexOf(':');
    refs.push({ status, from: spec.slice(0, colon), to: spec.slice(colon + 1), summary });
  }
  return refs;
}
