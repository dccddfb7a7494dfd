/**
 * The earlier run's memory, for a follow-up request on the same PR or issue: read from the hidden
 * block of the sticky comment for this key — the one `pickSticky` finds, by Warden's own account
 * only. A comment anyone else posted with the same marker and block is never read, and a block
 * that does not decode is ignored with a warning: the run then starts blind, as before.
 */
import type { Octokit } from '@octokit/rest';
import type { Logger } from '../../log/index.js';
import { decodeMemory, type RunMemory } from '../../report/index.js';
import { githubCommentStore, pickSticky, type CommentStore } from './comment-store.js';
import type { StickyTarget } from './sticky.js';
import { errorMessage } from '../../error-text.js';

export async function readEarlierRun(comments: CommentStore, key: string, logger: Logger): Promise<RunMemory | undefined> {
  try {
    const me = await comments.me();
    if (me === undefined) return undefined;
    const listed = await comments.list();
    const { keep } = pickSticky(listed, key, me);
    const body = listed.find((c) => c.id === keep)?.body;
    if (body === undefined) return undefined;
    const read = decodeMemory(body);
    switch (read.kind) {
      case 'none':
        return undefined;
      case 'invalid':
        logger.warn(`the earlier run's summary in the sticky comment is ignored (${read.why}); this run starts without it`);
        return undefined;
      case 'ok':
        logger.info('continuing from the earlier run\'s summary in the sticky comment');
        return read.memory;
    }
  } catch (err) {
    // Context, not a condition of the run: without it the run starts blind, as before.
    logger.warn(`could not read the earlier run's summary: ${errorMessage(err)}`);
    return undefined;
  }
}

export function readEarlierRunOnGithub(octokit: Octokit, target: StickyTarget, logger: Logger): Promise<RunMemory | undefined> {
  return readEarlierRun(githubCommentStore(octokit, target), target.key, logger);
}
