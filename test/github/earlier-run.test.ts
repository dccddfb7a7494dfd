/**
 * Reading the earlier run's memory from a thread's comments (an in-memory CommentStore, the seam
 * the sticky comment is tested through): only Warden's own sticky comment for this key counts,
 * and whatever goes wrong — Warden's account unknown, the listing failing, a bad block — the run
 * starts blind with a line in the log, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { readEarlierRun, type CommentStore, type ListedComment } from '../../src/github/index.js';
import type { Logger } from '../../src/log/index.js';
import { encodeMemory, stickyMarker, type RunMemory } from '../../src/report/index.js';

const KEY = 'warden/issue_comment#7';
const WARDEN = 'github-actions[bot]';
const memory = (answer: string): RunMemory => ({ v: 1, request: '@warden fix', outcome: 'completed', answer, files: ['a.ts'], moreFiles: 0, delivered: 'nothing pushed: no push' });
const sticky = (key: string, m: RunMemory): string => `${stickyMarker(key)}\n### Warden: completed\n\n${encodeMemory(m)}\n`;

function store(comments: { author: string | undefined; body: string }[], over: Partial<CommentStore> = {}): CommentStore {
  const listed: ListedComment[] = comments.map((c, i) => ({ id: 100 + i, author: c.author, body: c.body, url: `u${i}` }));
  const never = (): Promise<never> => Promise.reject(new Error('a reader never writes'));
  return { me: () => Promise.resolve(WARDEN), list: () => Promise.resolve(listed), create: never, update: never, remove: never, ...over };
}

function logger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(`info: ${m}`), warn: (m) => lines.push(`warn: ${m}`), error: (m) => lines.push(`error: ${m}`) };
}

describe('readEarlierRun', () => {
  it('reads Warden\'s own sticky comment for this key, and only it', async () => {
    const log = logger();
    const comments = [
      { author: WARDEN, body: sticky(KEY, memory('mine')) },
      { author: 'mallory', body: sticky(KEY, memory('forged, and newer')) },
      { author: WARDEN, body: sticky('other/issue_comment#7', memory('another workflow')) },
    ];
    expect(await readEarlierRun(store(comments), KEY, log)).toEqual(memory('mine'));
    expect(log.lines).toEqual(['info: continuing from the earlier run\'s summary in the sticky comment']);
  });

  it.each([
    ['only a forged comment carries the marker', store([{ author: 'mallory', body: sticky(KEY, memory('forged')) }]), []],
    ['a deleted account\'s comment', store([{ author: undefined, body: sticky(KEY, memory('ghost')) }]), []],
    ['Warden\'s account cannot be told', store([{ author: WARDEN, body: sticky(KEY, memory('mine')) }], { me: () => Promise.resolve(undefined) }), []],
    ['Warden\'s comment keeps no summary (continue: false then)', store([{ author: WARDEN, body: `${stickyMarker(KEY)}\n### Warden: completed\n` }]), []],
    ['the block is corrupted', store([{ author: WARDEN, body: `${stickyMarker(KEY)}\nx\n<!-- warden:memory e30=%% -->\n` }]), ['warn: the earlier run\'s summary in the sticky comment is ignored (not base64); this run starts without it']],
    ['listing the comments fails', store([], { list: () => Promise.reject(new Error('GET comments: 502')) }), ['warn: could not read the earlier run\'s summary: GET comments: 502']],
  ])('starts blind when %s', async (_name, comments, lines) => {
    const log = logger();
    expect(await readEarlierRun(comments, KEY, log)).toBeUndefined();
    expect(log.lines).toEqual(lines);
  });
});
