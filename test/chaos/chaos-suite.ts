import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBashParser } from '../../src/policy/index.js';
import { chaosRun, type ChaosRunResult } from './chaos-run.js';
import { emptyCounts, FAULT_KINDS } from './chaos-model.js';
import { rng } from '../support/seeded-random.js';

/*
 * Issue 9's chaos test: hundreds of short runs with side-effecting tools against a model server
 * that injects, from a fixed seed, every fault it knows (HTTP errors with and without
 * retry-after, resets, headers never sent, streams cut or stalled before, inside and after tool
 * blocks, garbage, mid-stream error events, tool input JSON that never closes). Every run must
 * leave a transcript that parses, every tool_use answered, no side effect twice or unreported;
 * every run through the real CLI entry also a summary, an outbox a publish job can read, and an
 * exit code, all matching its outcome.
 *
 * One seeded sequence of runs, in two test files so they run in two processes: every fifth run
 * goes through the CLI entry (chaos-entry.test.ts), the others through the loop alone
 * (chaos.test.ts). An entry run starts twenty-odd processes (host git, bubblewrap); in one process
 * beside the rest, forking the test process for each of them would cost most of the time.
 *
 *   WARDEN_CHAOS_SEED=7 WARDEN_CHAOS_RUNS=5000 npx vitest run test/chaos   # a long local soak
 */
const SEED = Number(process.env.WARDEN_CHAOS_SEED ?? 20260915);
const RUNS = Number(process.env.WARDEN_CHAOS_RUNS ?? 200);
/** The first run's number, to replay one run of a soak: WARDEN_CHAOS_FIRST=919 WARDEN_CHAOS_RUNS=1. */
const FIRST = Number(process.env.WARDEN_CHAOS_FIRST ?? 0);
/** Of which this many, spread evenly, go through the real CLI entry (slower: the default backoff, the sandbox, host git). */
const CLI_RUNS = Number(process.env.WARDEN_CHAOS_CLI_RUNS ?? 40);
const PARALLEL = Number(process.env.WARDEN_CHAOS_PARALLEL ?? 8);
const FAULT_RATE = Number(process.env.WARDEN_CHAOS_FAULT_RATE ?? 0.4);
/** Short, so stalls and unanswered requests cost little here; bench/stalled-api.mjs measures the defaults. */
const IDLE_TIMEOUT_MS = Number(process.env.WARDEN_CHAOS_IDLE_MS ?? 500);

/** Every (RUNS / CLI_RUNS)th run, so entry runs meet the whole mix of faults and timeouts. */
const CLI_EVERY = Math.max(1, Math.floor(RUNS / Math.max(1, CLI_RUNS)));
const isEntryRun = (index: number): boolean => CLI_RUNS > 0 && index % CLI_EVERY === 0 && index < CLI_EVERY * CLI_RUNS;
/** One entry run in four keeps the sandbox: its probe and a bwrap per command cost more than the rest of a run. */
const isSandboxed = (index: number): boolean => index % (4 * CLI_EVERY) === 0;

export type ChaosPart = 'loop' | 'entry';

export function chaosSuite(part: ChaosPart): void {
  const mine = Array.from({ length: RUNS }, (_, i) => i).filter((i) => isEntryRun(i) === (part === 'entry'));

  describe(`chaos: ${part === 'entry' ? 'runs through the CLI entry' : 'runs of the loop'}`, () => {
    beforeAll(async () => {
      await ensureBashParser();
      // Warm up (module loading blocks the event loop for a second or more, which short idle
      // timeouts would take for a stalled API): one clean run, not counted.
      await chaosRun({ run: -1, random: rng(1), faultRate: 0, counts: emptyCounts(), idleTimeoutMs: 10_000, runTimeoutMs: undefined, via: part === 'entry' ? 'cli' : 'runTask', sandbox: true });
    });

    it(
      `${mine.length} of ${RUNS} runs from seed ${SEED}: no invariant of issue 9 is broken`,
      async () => {
        const counts = emptyCounts();
        const results: ChaosRunResult[] = [];
        let next = 0;
        const started = performance.now();
        const worker = async (): Promise<void> => {
          while (next < mine.length) {
            const slot = next++;
            const index = mine[slot] ?? 0;
            const run = FIRST + index;
            const random = rng(SEED * 100_003 + run);
            // One run in ten is stopped by a short run timeout, in the middle of whatever it was doing.
            const runTimeoutMs = random() < 0.1 ? 100 + Math.floor(random() * 900) : undefined;
            const via = part === 'entry' ? 'cli' : 'runTask';
            const result = await chaosRun({ run, random, faultRate: FAULT_RATE, counts, idleTimeoutMs: IDLE_TIMEOUT_MS, runTimeoutMs, via, sandbox: isSandboxed(index) });
            results[slot] = result;
            if (process.env.WARDEN_CHAOS_DEBUG !== undefined && result.outcome.reason !== 'completed') console.log(`run ${run}: ${JSON.stringify(result.outcome)}`);
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        const seconds = (performance.now() - started) / 1000;

        const outcomes = new Map<string, number>();
        for (const r of results) outcomes.set(r.outcome.reason, (outcomes.get(r.outcome.reason) ?? 0) + 1);
        const sum = (key: keyof ChaosRunResult['stats']): number => results.reduce((n, r) => n + r.stats[key], 0);
        const faults = FAULT_KINDS.map((k) => `${k} ${counts.faults[k]}`).join(', ');
        console.log(
          [
            `chaos (${part}): ${mine.length} of ${RUNS} runs, seed ${SEED}, fault rate ${FAULT_RATE}, ${seconds.toFixed(1)} s`,
            `  responses ${counts.responses}, faults injected ${FAULT_KINDS.reduce((n, k) => n + counts.faults[k], 0)}: ${faults}`,
            `  outcomes: ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
            `  tool calls run ${sum('ran')}, held back by a broken response ${sum('heldBack')}, broken responses kept ${sum('keptCut')}, retries ${sum('retries')}`,
          ].join('\n'),
        );

        const broken = results.flatMap((r, slot) => r.violations.map((v) => `run ${FIRST + (mine[slot] ?? 0)}: ${v}`));
        expect(broken).toEqual([]);
        // The mix must really have been exercised, or the test proves nothing.
        if (RUNS < 100) return;
        const completed = outcomes.get('completed') ?? 0;
        expect(completed).toBeGreaterThan(mine.length / 2);
        if (part === 'loop') {
          for (const kind of FAULT_KINDS) expect(counts.faults[kind], kind).toBeGreaterThan(0);
        } else {
          // Entry runs both ways (exit 0 with a completed outbox, exit 1 with an interrupted one), and most kinds of fault.
          expect(completed).toBeLessThan(mine.length);
          expect(FAULT_KINDS.filter((k) => counts.faults[k] > 0).length).toBeGreaterThanOrEqual(FAULT_KINDS.length - 3);
        }
      },
    );
  });
}
