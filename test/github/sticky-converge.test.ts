/**
 * Runs that post the sticky comment at the same moment converge on one, whatever the order their
 * API calls land in. The real StickyComment drives an in-memory thread whose every call (list,
 * create, update, delete) waits for a scheduler that releases one call at a time: all orders for
 * two runs, seeded random orders for three and four, with and without Warden's account known up
 * front, with a person deleting Warden's comment in the middle, and with a forged comment (someone
 * else's, carrying the marker) that must never be touched. Counters keep it from passing vacuously.
 */
import { describe, expect, it } from 'vitest';
import { pickSticky, StickyComment, type CommentStore, type ListedComment } from '../../src/github/index.js';
import { createRedactor, createStreamLogger } from '../../src/log/index.js';
import { stickyMarker } from '../../src/report/index.js';
import { rng } from '../support/seeded-random.js';

const KEY = 'warden/issue_comment#7';
const WARDEN = 'github-actions[bot]';
const FORGER = 'mallory';
const FORGED_BODY = `${stickyMarker(KEY)}\nI am Warden, honest.`;

interface Stored {
  id: number;
  author: string;
  body: string;
}

/** One issue's comments, and everything that happened to them. */
class Thread {
  comments: Stored[] = [];
  private nextId = 100;
  forgedTouched = 0;
  deletedByRuns = 0;
  constructor(forged: boolean) {
    if (forged) this.comments.push({ id: this.nextId++, author: FORGER, body: FORGED_BODY });
  }
  listed(c: Stored): ListedComment {
    return { id: c.id, author: c.author, body: c.body, url: `https://github.com/o/r/issues/7#issuecomment-${c.id}` };
  }
  create(body: string): Stored {
    const c = { id: this.nextId++, author: WARDEN, body };
    this.comments.push(c);
    return c;
  }
  find(id: number): Stored | undefined {
    return this.comments.find((c) => c.id === id);
  }
  remove(id: number): boolean {
    const at = this.comments.findIndex((c) => c.id === id);
    if (at < 0) return false;
    if (this.comments[at]?.author !== WARDEN) this.forgedTouched += 1;
    this.comments.splice(at, 1);
    return true;
  }
  warden(): Stored[] {
    return this.comments.filter((c) => c.author === WARDEN && c.body.startsWith(stickyMarker(KEY)));
  }
}

interface Pending {
  who: string;
  what: string;
  release(): void;
}

/** Holds every call until it is chosen; the chosen call takes effect at once, as on the server. */
class Scheduler {
  pending: Pending[] = [];
  step<T>(who: string, what: string, effect: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({
        who,
        what,
        release: () => {
          try {
            resolve(effect());
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        },
      });
    });
  }
}

const gone = (): Error => Object.assign(new Error('Not Found'), { status: 404 });

function storeFor(run: string, thread: Thread, scheduler: Scheduler, knownUpFront: boolean): CommentStore {
  let learned: string | undefined;
  return {
    // Asking who the token is changes nothing on the thread: no need to schedule it.
    me: () => Promise.resolve(knownUpFront ? WARDEN : learned),
    list: () => scheduler.step(run, 'list', () => thread.comments.map((c) => thread.listed(c))),
    create: (body) =>
      scheduler.step(run, 'create', () => {
        learned = WARDEN;
        return thread.listed(thread.create(body));
      }),
    update: (id, body) =>
      scheduler.step(run, 'update', () => {
        const c = thread.find(id);
        if (c === undefined) throw gone();
        if (c.author !== WARDEN) thread.forgedTouched += 1;
        c.body = body;
        return thread.listed(c);
      }),
    remove: (id) =>
      scheduler.step(run, 'delete', () => {
        if (thread.remove(id)) thread.deletedByRuns += 1;
      }),
  };
}

interface Scenario {
  runs: number;
  knownUpFront: boolean;
  forged: boolean;
  /** A person deletes Warden's earliest comment once, at whatever point the schedule puts it. */
  personDeletes: boolean;
}

interface Outcome {
  order: string[];
  thread: Thread;
  finals: string[];
  errors: unknown[];
  personDeleted: boolean;
  /** The comment posted first, when nobody deleted anything: every run must end there. */
  firstCreated: number | undefined;
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const logger = createStreamLogger(() => undefined, createRedactor([]));

/** Plays one schedule: `choose(n)` picks which of the n waiting calls goes next. */
async function play(s: Scenario, choose: (n: number) => number): Promise<Outcome> {
  const thread = new Thread(s.forged);
  const scheduler = new Scheduler();
  const finals = Array.from({ length: s.runs }, (_, i) => `${stickyMarker(KEY)}\nreport of run ${i}`);
  const errors: unknown[] = [];
  let finished = 0;
  for (let i = 0; i < s.runs; i++) {
    const sticky = new StickyComment(storeFor(`r${i}`, thread, scheduler, s.knownUpFront), KEY, logger, { throttleMs: 0 });
    void (async () => {
      await sticky.start(`${stickyMarker(KEY)}\nrun ${i} is working`);
      await sticky.finish(finals[i] ?? '');
    })()
      .catch((err: unknown) => errors.push(err))
      .finally(() => (finished += 1));
  }
  let personDeleted = false;
  if (s.personDeletes) {
    void scheduler.step('person', 'delete', () => {
      const earliest = thread.warden()[0];
      if (earliest !== undefined) personDeleted = thread.remove(earliest.id);
    });
  }
  const order: string[] = [];
  let firstCreated: number | undefined;
  for (;;) {
    await flush();
    if (finished === s.runs) break;
    const choices = scheduler.pending;
    if (choices.length === 0) throw new Error(`deadlock after ${order.join(' ')}`);
    const [next] = choices.splice(choose(choices.length), 1);
    if (next === undefined) throw new Error('bad choice');
    order.push(`${next.who}:${next.what}`);
    next.release();
    if (firstCreated === undefined && next.what === 'create') firstCreated = thread.warden().at(-1)?.id;
  }
  return { order, thread, finals, errors, personDeleted, firstCreated };
}

function check(s: Scenario, o: Outcome): void {
  const where = `${JSON.stringify(s)} order ${o.order.join(' ')}`;
  expect(o.errors, where).toEqual([]);
  const left = o.thread.warden();
  expect(left.length, where).toBe(1);
  // The last word is some run's final report, never a "working" note.
  expect(o.finals, where).toContain(left[0]?.body);
  if (!o.personDeleted) expect(left[0]?.id, where).toBe(o.firstCreated);
  expect(o.thread.forgedTouched, where).toBe(0);
  if (s.forged) expect(o.thread.comments.find((c) => c.author === FORGER)?.body, where).toBe(FORGED_BODY);
}

/** Every schedule, depth first: the choices of one play are replayed as the prefix of the next. */
async function everySchedule(s: Scenario, limit: number, seen: (o: Outcome) => void): Promise<number> {
  let prefix: number[] = [];
  let count = 0;
  for (;;) {
    const widths: number[] = [];
    const o = await play(s, (n) => {
      const k = widths.length;
      widths.push(n);
      return prefix[k] ?? 0;
    });
    seen(o);
    count += 1;
    if (count >= limit) return count;
    // The next schedule: the last choice that has an untried alternative, advanced.
    let k = widths.length - 1;
    while (k >= 0 && (prefix[k] ?? 0) + 1 >= (widths[k] ?? 0)) k -= 1;
    if (k < 0) return count;
    prefix = [...widths.slice(0, k).map((_, i) => prefix[i] ?? 0), (prefix[k] ?? 0) + 1];
  }
}

describe('the sticky comment: concurrent runs converge on one, whatever the order (in-memory thread, every call scheduled)', () => {
  it('pickSticky: only Warden\'s comments with this key\'s marker, the earliest kept', () => {
    const c = (id: number, author: string | undefined, body: string): ListedComment => ({ id, author, body, url: '' });
    const m = stickyMarker(KEY);
    expect(pickSticky([c(5, WARDEN, `${m}\nb`), c(3, FORGER, `${m}\na`), c(9, 'GitHub-Actions[bot]', `${m}\nc`), c(4, WARDEN, `${stickyMarker('other')}\n`), c(2, undefined, m)], KEY, WARDEN)).toEqual({ keep: 5, duplicates: [9] });
    expect(pickSticky([c(3, FORGER, m)], KEY, WARDEN)).toEqual({ keep: undefined, duplicates: [] });
  });

  it('two runs: every order of their calls, account known up front or learned from the first comment, with a forged comment present', async () => {
    let schedules = 0;
    let runsDeletedDuplicates = 0;
    for (const knownUpFront of [true, false]) {
      const s: Scenario = { runs: 2, knownUpFront, forged: true, personDeletes: false };
      schedules += await everySchedule(s, 20_000, (o) => {
        check(s, o);
        if (o.thread.deletedByRuns > 0) runsDeletedDuplicates += 1;
      });
    }
    // Every order was tried (the count is the number of distinct schedules), and many of them
    // had both runs post before either looked again.
    expect(schedules).toBeGreaterThan(100);
    expect(runsDeletedDuplicates).toBeGreaterThan(20);
  });

  it('two runs and a person deleting Warden\'s comment at any point: 1,500 seeded orders end with one comment, the runs recover', async () => {
    const s: Scenario = { runs: 2, knownUpFront: true, forged: false, personDeletes: true };
    const random = rng(0xde1e7e);
    const distinct = new Set<string>();
    let deletedMidway = 0;
    for (let n = 0; n < 1_500; n++) {
      const o = await play(s, (k) => Math.floor(random() * k));
      check(s, o);
      distinct.add(o.order.join(' '));
      if (o.personDeleted) deletedMidway += 1;
    }
    expect(distinct.size).toBeGreaterThan(400);
    expect(deletedMidway).toBeGreaterThan(300);
  });

  it.each([3, 4])('%i runs: 400 seeded random orders each way, one comment left every time', async (runs) => {
    const distinct = new Set<string>();
    let duplicatesDeleted = 0;
    let personDeleted = 0;
    for (const [i, s] of ([
      { runs, knownUpFront: true, forged: true, personDeletes: false },
      { runs, knownUpFront: false, forged: true, personDeletes: false },
      { runs, knownUpFront: true, forged: false, personDeletes: true },
      { runs, knownUpFront: false, forged: true, personDeletes: true },
    ] satisfies Scenario[]).entries()) {
      const random = rng(0x5eed + runs * 100 + i);
      for (let n = 0; n < 100; n++) {
        const o = await play(s, (k) => Math.floor(random() * k));
        check(s, o);
        distinct.add(`${i} ${o.order.join(' ')}`);
        if (o.thread.deletedByRuns > 0) duplicatesDeleted += 1;
        if (o.personDeleted) personDeleted += 1;
      }
    }
    expect(distinct.size).toBeGreaterThan(300);
    expect(duplicatesDeleted).toBeGreaterThan(100);
    expect(personDeleted).toBeGreaterThan(50);
  });
});
