import type { Tool } from '../tools/index.js';
import { invalidInputOutcome, notRunOutcome } from './invalid-input.js';
import type { ToolUseBlock } from './messages.js';
import type { PipelineDeps, ToolCallOutcome } from './tool-pipeline.js';
import { runToolCall } from './tool-pipeline.js';

/**
 * Which side of the workspace a call works from. Bash runs commands (in the sandbox) that can change
 * the workspace even when judged read-only; Read, Grep and Glob read it from the host. A host-side
 * read running beside a command gives the command a window to re-point what the read opens (the
 * tools judge what they opened, and this removes the window as well), so the two never overlap.
 */
type Lane = 'command' | 'host';

const laneOf = (block: ToolUseBlock): Lane => (block.name === 'Bash' ? 'command' : 'host');

interface Entry {
  block: ToolUseBlock;
  safe: boolean;
  lane: Lane;
  started: boolean;
  done: boolean;
  outcome: Promise<ToolCallOutcome> | undefined;
  /** Set when the entry was answered without running (discarded, aborted). */
  synthetic: ToolCallOutcome | undefined;
  /** The call whose failure cancelled its siblings. */
  failedSibling?: boolean;
}

const SIBLING_FAILED = 'a sibling Bash call in the same batch failed';

/**
 * Runs the tool calls of one model response as their blocks arrive. Concurrency-safe calls
 * (judged per input) run together up to a bound, as long as they are of one lane (Bash commands,
 * or host-side file tools: see Lane); any other call waits for everything before it and holds
 * back everything after it. Results come out in block order, whatever order they finish in.
 */
export class StreamingToolExecutor {
  private readonly entries: Entry[] = [];
  private readonly ids = new Set<string>();
  private running = 0;
  /** Aborted when a Bash call of this response fails: its siblings still running are cancelled. */
  private readonly siblings = new AbortController();
  private readonly deps: PipelineDeps;
  /** Until release(), only calls this accepts may start (see cut-response.ts). */
  private mayStartEarly: ((block: ToolUseBlock) => boolean) | undefined;

  constructor(
    deps: PipelineDeps,
    private readonly turn: number,
    private readonly maxConcurrency: number,
  ) {
    const signal = AbortSignal.any([deps.context.signal, this.siblings.signal]);
    this.deps = { ...deps, context: { ...deps.context, signal } };
  }

  /**
   * Adds a finished tool_use block; it may start at once. Adding the same id twice is a no-op.
   * A block whose input did not arrive whole (`inputError`) is answered with an error, never run.
   */
  add(block: ToolUseBlock, inputError?: string): void {
    if (this.ids.has(block.id)) return;
    this.ids.add(block.id);
    const cancelled = this.siblings.signal.aborted;
    const answered = inputError !== undefined ? invalidInputOutcome(block, this.turn, inputError) : cancelled ? syntheticOutcome(block, this.turn, SIBLING_FAILED) : undefined;
    this.entries.push({
      block,
      safe: this.isSafe(block),
      lane: laneOf(block),
      started: answered !== undefined,
      done: answered !== undefined,
      outcome: undefined,
      synthetic: answered,
    });
    this.schedule();
  }

  /** While the response streams: only calls `mayStart` accepts start, the rest wait for release(). */
  holdUntilReleased(mayStart: (block: ToolUseBlock) => boolean): void {
    this.mayStartEarly = mayStart;
  }

  /** The response is complete: held calls may start. */
  release(): void {
    this.mayStartEarly = undefined;
    this.schedule();
  }

  /**
   * Answers every call that has not started with a synthetic result saying why, and lets the
   * running ones finish (they see the run's abort signal). Every tool_use still gets one result.
   */
  discardPending(reason: string): void {
    for (const entry of this.entries) {
      if (entry.started) continue;
      entry.started = true;
      entry.done = true;
      entry.synthetic = syntheticOutcome(entry.block, this.turn, reason);
    }
  }

  /** Yields one outcome per block, in block order. */
  async *results(): AsyncGenerator<ToolCallOutcome, void, undefined> {
    for (let i = 0; i < this.entries.length; i++) {
      const entry = this.entries[i];
      if (entry === undefined) continue;
      if (!entry.started) this.schedule();
      if (entry.synthetic !== undefined) {
        yield entry.synthetic;
        continue;
      }
      // schedule() guarantees the head of the queue is started once everything before it is done.
      if (entry.outcome === undefined) throw new Error(`tool call ${entry.block.id} was never started`);
      yield await entry.outcome;
    }
  }

  private isSafe(block: ToolUseBlock): boolean {
    const tool = this.deps.findTool(block.name) as Tool<unknown> | undefined;
    if (tool === undefined) return true; // answered at once with "no such tool"; touches nothing
    // A PreToolUse hook may replace the input with one that is not safe to run beside others.
    if (this.deps.hooks?.hasPreToolUse(block.name) === true) return false;
    const parsed = (tool.inputSchema).safeParse(block.input);
    if (!parsed.success) return true; // rejected by the schema before it can touch anything
    try {
      return tool.isConcurrencySafe(parsed.data);
    } catch {
      return false;
    }
  }

  private schedule(): void {
    const busy = new Set(this.entries.filter((e) => e.started && !e.done).map((e) => e.lane));
    for (const [index, entry] of this.entries.entries()) {
      if (entry.started) {
        if (!entry.safe && !entry.done) return; // a serial call is running: nothing after it may start
        continue;
      }
      // A held call starts on release(); nothing after it overtakes it.
      if (this.mayStartEarly !== undefined && !this.mayStartEarly(entry.block)) return;
      if (entry.safe) {
        if (this.running >= this.maxConcurrency) return;
        // Calls of the other lane are still running: this one, and everything after it, waits.
        if ([...busy].some((lane) => lane !== entry.lane)) return;
        this.start(entry);
        busy.add(entry.lane);
        continue;
      }
      // A serial call starts only when everything before it has finished.
      const before = this.entries.slice(0, index);
      if (before.every((e) => e.done)) this.start(entry);
      return;
    }
  }

  private start(entry: Entry): void {
    entry.started = true;
    this.running += 1;
    entry.outcome = runToolCall(entry.block, this.turn, this.deps).then((outcome) => {
      entry.done = true;
      this.running -= 1;
      if (this.siblings.signal.aborted && entry.failedSibling !== true) {
        // It was running when a sibling failed; whatever it produced is replaced by the reason.
        return syntheticOutcome(entry.block, this.turn, SIBLING_FAILED);
      }
      if (entry.block.name === 'Bash' && outcome.record.status === 'error') this.cancelSiblings(entry);
      this.schedule();
      return outcome;
    });
  }

  /** A failed Bash call in a parallel batch makes the others moot: stop them and say why. */
  private cancelSiblings(failed: Entry): void {
    const others = this.entries.filter((e) => e !== failed && !e.done);
    if (others.length === 0) return;
    failed.failedSibling = true;
    for (const e of others) {
      if (e.started) continue;
      e.started = true;
      e.done = true;
      e.synthetic = syntheticOutcome(e.block, this.turn, SIBLING_FAILED);
    }
    this.siblings.abort(new Error(SIBLING_FAILED));
  }
}

export function syntheticOutcome(block: ToolUseBlock, turn: number, reason: string): ToolCallOutcome {
  return notRunOutcome(block, turn, `Cancelled: ${reason}. This tool call did not run.`, 'cancelled', 'aborted');
}
