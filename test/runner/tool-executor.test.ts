import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAllowAllDecider } from '../../src/policy/builtin-deciders.js';
import { StreamingToolExecutor } from '../../src/runner/tool-executor.js';
import type { PipelineDeps } from '../../src/runner/tool-pipeline.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { buildTool } from '../../src/tools/build-tool.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { hostProcessesWith } from '../support/host-processes.js';
import { waitFor } from '../support/wait-for.js';

// Fixture tools that log when they start and end: the executor's scheduling is what is under test.
function fixtures(log: string[]) {
  const timed = (name: string, safe: boolean) =>
    buildTool({
      name,
      description: name,
      inputSchema: z.strictObject({ label: z.string(), ms: z.number() }),
      maxResultSizeChars: 1000,
      isConcurrencySafe: () => safe,
      isReadOnly: () => safe,
      access: () => ({ kind: 'none' }),
      async call(input) {
        log.push(`start ${input.label}`);
        await sleep(input.ms);
        log.push(`end ${input.label}`);
        return { content: `result ${input.label}` };
      },
    }) as unknown as AnyTool;
  // Named like the real tools: the executor keeps Bash and host-side file tools apart by name.
  return [timed('Slow', true), timed('Serial', false), ...['Bash', 'Read', 'Grep', 'Glob'].map((name) => timed(name, true))];
}

/** Groups a start/end log into phases: calls running together, each phase over before the next began. */
function phases(log: readonly string[]): string[][] {
  const out: string[][] = [];
  const running = new Set<string>();
  let current: string[] = [];
  for (const line of log) {
    const [what, label] = line.split(' ') as [string, string];
    if (what === 'start') {
      running.add(label);
      current.push(label);
    } else {
      running.delete(label);
      if (running.size === 0) {
        out.push(current.sort());
        current = [];
      }
    }
  }
  return out;
}

function deps(log: string[], controller = new AbortController()): PipelineDeps {
  const tools = fixtures(log);
  return {
    findTool: (name) => tools.find((t) => t.name === name),
    toolNames: () => tools.map((t) => t.name),
    decider: createAllowAllDecider(),
    context: { cwd: '/tmp', signal: controller.signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 1000 },
    resultsDir: '/tmp/warden-executor-test',
    mask: (text) => text,
    now: () => Date.now(),
  };
}

const use = (id: string, name: string, label: string, ms: number) => ({ type: 'tool_use' as const, id, name, input: { label, ms } });

async function collect(executor: StreamingToolExecutor) {
  const out: string[] = [];
  for await (const outcome of executor.results()) out.push(`${outcome.result.tool_use_id}:${outcome.result.content}`);
  return out;
}

describe('StreamingToolExecutor', () => {
  it('runs concurrency-safe calls together and returns results in block order', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('a', 'Slow', 'a', 60));
    executor.add(use('b', 'Slow', 'b', 10));
    executor.add(use('c', 'Slow', 'c', 30));
    const results = await collect(executor);
    expect(results).toEqual(['a:result a', 'b:result b', 'c:result c']);
    // All three started before any finished: they overlapped.
    expect(log.slice(0, 3).every((l) => l.startsWith('start'))).toBe(true);
    expect(log.indexOf('end b')).toBeLessThan(log.indexOf('end a'));
  });

  it('runs a non-concurrency-safe call alone: after everything before it, before everything after it', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('a', 'Slow', 'a', 30));
    executor.add(use('w', 'Serial', 'w', 10));
    executor.add(use('b', 'Slow', 'b', 5));
    const results = await collect(executor);
    expect(results.map((r) => r.split(':')[0])).toEqual(['a', 'w', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start w', 'end w', 'start b', 'end b']);
  });

  it('respects the concurrency bound', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 2);
    for (const id of ['a', 'b', 'c']) executor.add(use(id, 'Slow', id, 20));
    await collect(executor);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end a') < log.indexOf('end b') ? log.indexOf('end a') : log.indexOf('end b'));
  });

  it('starts a call as soon as it is added, before later blocks arrive', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('a', 'Slow', 'a', 5));
    await sleep(1);
    expect(log).toContain('start a');
    executor.add(use('b', 'Slow', 'b', 5));
    expect(await collect(executor)).toHaveLength(2);
  });

  it('answers calls that never started with a synthetic result saying why', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('w', 'Serial', 'w', 20));
    executor.add(use('x', 'Serial', 'x', 20));
    executor.discardPending('the stream broke');
    const results = await collect(executor);
    expect(results[0]).toBe('w:result w');
    expect(results[1]).toContain('x:Cancelled: the stream broke');
    expect(log).not.toContain('start x');
  });

  it('ignores a block added twice', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('a', 'Slow', 'a', 1));
    executor.add(use('a', 'Slow', 'a', 1));
    expect(await collect(executor)).toHaveLength(1);
  });
});

describe('host-side file tools and Bash in one response', () => {
  // Each block: tool name and label. Every call takes 30 ms and is concurrency-safe.
  const table: Array<{ name: string; blocks: Array<[string, string]>; phases: string[][] }> = [
    { name: 'parallel reads stay parallel', blocks: [['Read', 'a'], ['Read', 'b'], ['Grep', 'c'], ['Glob', 'd']], phases: [['a', 'b', 'c', 'd']] },
    { name: 'read-only commands stay parallel', blocks: [['Bash', 'x'], ['Bash', 'y']], phases: [['x', 'y']] },
    { name: 'a Read before a Bash finishes first', blocks: [['Read', 'a'], ['Bash', 'x']], phases: [['a'], ['x']] },
    { name: 'a Bash before a Read finishes first', blocks: [['Bash', 'x'], ['Read', 'a']], phases: [['x'], ['a']] },
    { name: 'Grep and Glob wait for Bash too', blocks: [['Bash', 'x'], ['Grep', 'g'], ['Glob', 'h']], phases: [['x'], ['g', 'h']] },
    { name: 'alternating lanes run one after the other, in block order', blocks: [['Read', 'a'], ['Bash', 'x'], ['Read', 'b'], ['Bash', 'y']], phases: [['a'], ['x'], ['b'], ['y']] },
    {
      name: 'runs of one lane keep their parallelism',
      blocks: [['Read', 'a'], ['Grep', 'b'], ['Bash', 'x'], ['Bash', 'y'], ['Glob', 'c'], ['Read', 'd']],
      phases: [['a', 'b'], ['x', 'y'], ['c', 'd']],
    },
    { name: 'other concurrency-safe tools count as host-side', blocks: [['Slow', 's'], ['Bash', 'x'], ['Read', 'a']], phases: [['s'], ['x'], ['a']] },
  ];

  it.each(table)('$name', async ({ blocks, phases: expected }) => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    for (const [name, label] of blocks) executor.add(use(label, name, label, 30));
    const results = await collect(executor);
    expect(results.map((r) => r.split(':')[0])).toEqual(blocks.map(([, label]) => label));
    expect(phases(log)).toEqual(expected);
  });

  it('does not hold a Bash call back for host-side calls that arrive after it', async () => {
    const log: string[] = [];
    const executor = new StreamingToolExecutor(deps(log), 1, 10);
    executor.add(use('x', 'Bash', 'x', 30));
    await sleep(5);
    executor.add(use('a', 'Read', 'a', 30));
    await collect(executor);
    expect(log).toEqual(['start x', 'end x', 'start a', 'end a']);
  });
});

describe('Bash in a parallel batch', () => {
  it('runs read-only commands side by side, and a failing one cancels its running siblings', async () => {
    const { initBashParser } = await import('../../src/policy/bash/index.js');
    await initBashParser();
    const { isReadOnlyBashCommand } = await import('../../src/policy/index.js');
    const { createToolRegistry } = await import('../../src/tools/registry.js');
    const registry = createToolRegistry({ bash: { isReadOnlyCommand: isReadOnlyBashCommand } });
    const controller = new AbortController();
    const base = deps([], controller);
    const executor = new StreamingToolExecutor({ ...base, findTool: (n) => registry.get(n), context: { ...base.context, cwd: process.cwd(), processRunner: createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' }) } }, 1, 10);
    const bash = (id: string, command: string, timeout?: number) => ({ type: 'tool_use' as const, id, name: 'Bash', input: { command, ...(timeout ? { timeout } : {}) } });
    // A sleep no hang guard waits out, named by its own command line (read-only, so it runs in the batch).
    const slow = `sleep 600.${process.pid}`;
    executor.add(bash('slow', slow));
    executor.add(bash('fails', 'sleep 0.2', 50));
    executor.add(bash('queued-after', 'ls'));
    const results = [];
    for await (const outcome of executor.results()) results.push(outcome);
    expect(results.map((r) => r.result.tool_use_id)).toEqual(['slow', 'fails', 'queued-after']);
    expect(results[1]?.record.status).toBe('error'); // timed out
    expect(results[0]?.record.status).toBe('cancelled');
    expect(results[0]?.result.content).toContain('sibling Bash call in the same batch failed');
    // The results are in at all: the sleep was not run to its end; and it is gone, not left behind.
    await waitFor(() => hostProcessesWith(slow.replace(' ', '\0')).length === 0, `${slow} to be killed`);
  });

  it('does not run a writing command beside others', async () => {
    const { isReadOnlyBashCommand } = await import('../../src/policy/bash-read-only.js');
    expect(isReadOnlyBashCommand('ls -la && cat package.json | wc -l')).toBe(true);
    expect(isReadOnlyBashCommand('sleep 0.2')).toBe(true);
    expect(isReadOnlyBashCommand('echo hi > out.txt')).toBe(false);
    expect(isReadOnlyBashCommand('npm test')).toBe(false);
    expect(isReadOnlyBashCommand('sed -i s/a/b/ f')).toBe(false);
  });
});
