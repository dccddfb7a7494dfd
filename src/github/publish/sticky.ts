/**
 * The sticky comment's life on GitHub: found again by its marker on Warden's own comments (re-runs
 * update it rather than add another; runs at the same moment converge on one), created at the
 * start, updated at most once every few seconds while the run goes, and finally replaced by the
 * report. Progress updates are best effort — a failed one is logged
 * and the next one tries again — while the final write is awaited and its failure reported.
 */
import type { Octokit } from '@octokit/rest';
import type { Logger } from '../../log/index.js';
import { githubCommentStore, pickSticky, type CommentStore, type ListedComment } from './comment-store.js';
import { errorMessage } from '../../error-text.js';

/** How many times one write looks again after its comment vanished or lost to an earlier one. */
const MAX_ROUNDS = 5;

export interface StickyTarget {
  owner: string;
  repo: string;
  /** The PR or issue. */
  number: number;
  /** Which sticky comment: one per PR or issue and trigger. */
  key: string;
}

export interface StickyOptions {
  /** Minimum time between progress updates. */
  throttleMs: number;
  /** The clock and the timer, passed in so the throttling can be checked with a fake pair. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
}

/** A real timer that does not keep the process alive: a pending progress update must not outlive the run. */
function realTimer(fn: () => void, ms: number): { cancel(): void } {
  const t = setTimeout(fn, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
}

export class StickyComment {
  private commentId: number | undefined;
  private url: string | undefined;
  private lastWrite = 0;
  private pending: string | undefined;
  private timer: { cancel(): void } | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => { cancel(): void };

  constructor(
    private readonly comments: CommentStore,
    private readonly key: string,
    private readonly logger: Logger,
    private readonly options: StickyOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? realTimer;
  }

  /** The sticky comment of `target` on GitHub. */
  static onGithub(octokit: Octokit, target: StickyTarget, logger: Logger, options: StickyOptions): StickyComment {
    return new StickyComment(githubCommentStore(octokit, target), target.key, logger, options);
  }

  /** The comment's URL once it exists. */
  get htmlUrl(): string | undefined {
    return this.url;
  }

  /** Posts (or, on a re-run, rewrites) the comment now. Throws when GitHub refuses. */
  async start(body: string): Promise<void> {
    await this.write(body);
  }

  /** A progress update: written now if the last write is old enough, else once it is (latest wins). */
  progress(body: string): void {
    this.pending = body;
    if (this.timer !== undefined) return;
    const due = this.lastWrite + this.options.throttleMs - this.now();
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      const next = this.pending;
      this.pending = undefined;
      if (next !== undefined) this.writing = this.writing.then(() => this.write(next)).catch((err: unknown) => this.logger.warn(`could not update the progress comment: ${errorMessage(err)}`));
    }, Math.max(0, due));
  }

  /** Resolves once the progress write under way, if any, is done (tests wait for it before moving a fake clock). */
  async idle(): Promise<void> {
    await this.writing;
  }

  /** The last word: replaces any pending progress and is awaited; throws when GitHub refuses. */
  async finish(body: string): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    this.pending = undefined;
    await this.writing;
    await this.write(body);
  }

  /**
   * Writes the body to Warden's comment for this key, converging with runs started at the same
   * moment: a run with no comment yet posts one and then looks again, and every run keeps the
   * earliest of Warden's comments and deletes the later ones — its own included — so however the
   * runs interleave, one comment is left. A comment deleted under a run (by a person, or by a run
   * that saw an earlier one) is found again or posted anew, a bounded number of times.
   */
  private async write(body: string): Promise<void> {
    for (let round = 1; ; round++) {
      this.commentId ??= await this.settle();
      if (this.commentId !== undefined) {
        try {
          this.wrote(await this.comments.update(this.commentId, body));
          return;
        } catch (err) {
          if ((err as { status?: number }).status !== 404 || round >= MAX_ROUNDS) throw err;
          this.commentId = undefined;
          continue;
        }
      }
      let created: ListedComment;
      try {
        created = await this.comments.create(body);
      } catch (err) {
        // A create that may have reached GitHub before the connection dropped: look before posting twice.
        this.commentId = await this.settle();
        if (this.commentId === undefined || round >= MAX_ROUNDS) throw err;
        continue;
      }
      const keep = await this.settle();
      // Ours is the earliest (or, not listed yet, the only one this run knows): it holds the body already.
      if (keep === undefined || keep === created.id) {
        this.commentId = created.id;
        this.wrote(created);
        return;
      }
      // A later duplicate: settle() deleted ours; the earliest gets this body on the next round.
      this.commentId = keep;
      if (round >= MAX_ROUNDS) throw new Error(`the sticky comment ${this.key} kept changing under concurrent runs`);
    }
  }

  private wrote(comment: ListedComment): void {
    this.url = comment.url;
    this.lastWrite = this.now();
  }

  /** The earliest of Warden's comments for this key, its later duplicates deleted; none while Warden's account is unknown. */
  private async settle(): Promise<number | undefined> {
    const me = await this.comments.me();
    if (me === undefined) return undefined;
    const { keep, duplicates } = pickSticky(await this.comments.list(), this.key, me);
    for (const id of duplicates) await this.comments.remove(id);
    return keep;
  }
}
