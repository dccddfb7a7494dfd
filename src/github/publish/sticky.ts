/**
 * The sticky comment's life on GitHub: found again by its marker (re-runs update it rather than
 * add another), created at the start, updated at most once every few seconds while the run goes,
 * and finally replaced by the report. Progress updates are best effort — a failed one is logged
 * and the next one tries again — while the final write is awaited and its failure reported.
 */
import type { Octokit } from '@octokit/rest';
import type { Logger } from '../../log/index.js';
import { isStickyFor } from '../../report/index.js';

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
    private readonly octokit: Octokit,
    private readonly target: StickyTarget,
    private readonly logger: Logger,
    private readonly options: StickyOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? realTimer;
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
      if (next !== undefined) this.writing = this.writing.then(() => this.write(next)).catch((err: unknown) => this.logger.warn(`could not update the progress comment: ${(err as Error).message}`));
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

  private async write(body: string): Promise<void> {
    const { owner, repo, number } = this.target;
    this.commentId ??= await this.find();
    if (this.commentId !== undefined) {
      try {
        const { data } = await this.octokit.rest.issues.updateComment({ owner, repo, comment_id: this.commentId, body });
        this.url = data.html_url;
        this.lastWrite = this.now();
        return;
      } catch (err) {
        // Someone else's comment carrying our marker, or one deleted meanwhile: post our own.
        const status = (err as { status?: number }).status;
        if (status !== 403 && status !== 404) throw err;
        this.commentId = undefined;
      }
    }
    try {
      const { data } = await this.octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
      this.commentId = data.id;
      this.url = data.html_url;
    } catch (err) {
      // A create that may have reached GitHub before the connection dropped: look before posting twice.
      this.commentId = await this.find();
      if (this.commentId === undefined) throw err;
      const { data } = await this.octokit.rest.issues.updateComment({ owner, repo, comment_id: this.commentId, body });
      this.url = data.html_url;
    }
    this.lastWrite = this.now();
  }

  /** The newest comment that opens with this key's marker (a re-run's, or one a drop left behind). */
  private async find(): Promise<number | undefined> {
    const { owner, repo, number, key } = this.target;
    const comments = await this.octokit.paginate(this.octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100 });
    const marked = comments.filter((c) => isStickyFor(c.body ?? '', key));
    // A bot's first (the workflow token's); a person's comment forging the marker cannot be edited
    // with our token, so write() then posts a fresh one.
    return (marked.filter((c) => c.user?.type === 'Bot').at(-1) ?? marked.at(-1))?.id;
  }
}
