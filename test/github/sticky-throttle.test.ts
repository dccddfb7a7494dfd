/**
 * The sticky comment's progress updates, against the GitHub stand-in with the real client, on a
 * fake clock and timer passed in: at most one write per interval, the latest progress wins, a failed
 * update is logged and the next one tries again, and the final report replaces whatever is pending.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGithubClient, StickyComment } from '../../src/github/index.js';
import { createRedactor, createStreamLogger } from '../../src/log/index.js';
import { GithubServer } from '../support/github-server.js';

const TOKEN = 'ghs_stickythrottle0123456789';

/** A clock that moves only when told, and timers that fire when it passes them. */
function fakeTime(): { now: () => number; setTimer: (fn: () => void, ms: number) => { cancel(): void }; advance(ms: number): void; pending(): number[] } {
  let t = 0;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  return {
    now: () => t,
    setTimer: (fn, ms) => {
      const timer = { at: t + ms, fn, live: true };
      timers.push(timer);
      return { cancel: () => void (timer.live = false) };
    },
    advance(ms) {
      t += ms;
      for (const timer of timers.filter((x) => x.live && x.at <= t)) {
        timer.live = false;
        timer.fn();
      }
    },
    pending: () => timers.filter((x) => x.live).map((x) => x.at - t),
  };
}

describe('StickyComment: progress at most once per interval (fake clock, GitHub stand-in)', () => {
  let server: GithubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('latest progress wins, a failed update is retried by the next, the final replaces what is pending', async () => {
    server = await GithubServer.start({ token: TOKEN, repos: [{ owner: 'o', name: 'r', collaborators: { alice: 'admin' }, issues: [{ number: 7, title: 'Bug', body: 'x', user: { login: 'alice' }, comments: [] }] }] });
    const github = server;
    const warnings: string[] = [];
    const logger = createStreamLogger((line) => warnings.push(line), createRedactor([]));
    const octokit = createGithubClient({ token: TOKEN, apiUrl: github.url, logger, retry: { maxRetries: 0 } });
    const time = fakeTime();
    const sticky = StickyComment.onGithub(octokit, { owner: 'o', repo: 'r', number: 7, key: 'k' }, logger, { throttleMs: 5_000, now: time.now, setTimer: time.setTimer });
    const updates = (): string[] => github.requestsFor('issues/update-comment').map((r) => (JSON.parse(r.rawBody) as { body: string }).body);

    await sticky.start('<!-- warden:sticky k -->\nworking');
    expect(github.requestsFor('issues/create-comment')).toHaveLength(1);

    time.advance(1_000);
    sticky.progress('<!-- warden:sticky k -->\np1');
    time.advance(1_000);
    sticky.progress('<!-- warden:sticky k -->\np2');
    expect(time.pending()).toEqual([3_000]); // one timer, due 5 s after the start was written
    time.advance(2_999);
    expect(updates()).toEqual([]);
    time.advance(1);
    await sticky.idle();
    expect(updates()).toEqual(['<!-- warden:sticky k -->\np2']);

    // Written at t=5000: the next may go at t=10000. This one fails (no retries here): logged, and the next tries again.
    github.injectFault({ fault: { kind: 'status', status: 503 }, operation: 'issues/update-comment' });
    sticky.progress('<!-- warden:sticky k -->\np3');
    expect(time.pending()).toEqual([5_000]);
    time.advance(5_000);
    await sticky.idle();
    expect(warnings.join('')).toMatch(/could not update the progress comment: Server Error/);
    sticky.progress('<!-- warden:sticky k -->\np4');
    expect(time.pending()).toEqual([0]); // the failed write did not count as one
    time.advance(0);
    await sticky.idle();
    expect(updates().at(-1)).toBe('<!-- warden:sticky k -->\np4');

    sticky.progress('<!-- warden:sticky k -->\np5');
    expect(time.pending()).toEqual([5_000]);
    await sticky.finish('<!-- warden:sticky k -->\nfinal');
    expect(time.pending()).toEqual([]);
    expect(updates()).toEqual(['<!-- warden:sticky k -->\np2', '<!-- warden:sticky k -->\np3', '<!-- warden:sticky k -->\np4', '<!-- warden:sticky k -->\nfinal']);
    expect(github.state.repo('o', 'r')?.issues.get(7)?.comments.map((c) => c.body)).toEqual(['<!-- warden:sticky k -->\nfinal']);
  });
});
