import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandRequest, CommandResult, ProcessRunner } from '../../src/sandbox/process-runner.js';
import { BASH_CAPTURE_CHARS, BASH_MAX_OUTPUT_CHARS, createBashTool } from '../../src/tools/bash.js';
import { waitFor } from '../support/wait-for.js';
import { context, run, workspace } from './tool-harness.js';

const bashTool = createBashTool();

/** Alive means running: a zombie waiting for a parent that never reaps (PID 1 in a container) is dead. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

function fakeRunner(result: Partial<CommandResult>, seen: CommandRequest[] = []): ProcessRunner {
  return {
    kind: 'fake',
    run: (request) => {
      seen.push(request);
      return Promise.resolve({ exitCode: 0, signal: null, output: '', droppedChars: 0, timedOut: false, aborted: false, durationMs: 1, violations: [], ...result });
    },
    dispose: () => Promise.resolve(),
  };
}

describe('Bash', () => {
  it('returns the output of a command run in the workspace', async () => {
    const dir = workspace();
    const out = await run(bashTool, { command: 'pwd; echo to-stderr >&2' }, context(dir));
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe(`${dir}\nto-stderr`);
  });

  it('reports a non-zero exit code as a normal result', async () => {
    const dir = workspace();
    const out = await run(bashTool, { command: 'echo failing; exit 3', description: 'Fail on purpose' }, context(dir));
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe('failing\n\nExit code: 3');
    expect(out.summary).toBe('$ Fail on purpose (exit 3)');
  });

  it('kills the whole process tree on timeout', async () => {
    const dir = workspace();
    const marker = join(dir, 'late-marker');
    const pids = join(dir, 'background.pids');
    // Background jobs that would write a file or sleep on long after any hang guard, and a wait for
    // them to time out: the result comes back at all only because they were killed.
    const command = `(sleep 600; touch ${marker}) & echo $! > ${pids}; sleep 600 & echo $! >> ${pids}; wait`;
    const out = await run(bashTool, { command, timeout: 700 }, context(dir));
    expect(out).toMatchObject({ isError: true, category: 'timeout' });
    expect(out.content).toContain('timed out after 700 ms');
    const background = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(background).toHaveLength(2);
    expect(isAlive(process.pid)).toBe(true); // the probe can say "alive"
    await waitFor(() => background.every((pid) => !isAlive(pid)), () => `the background jobs to die: ${background.filter(isAlive).join(' ')}`);
    expect(existsSync(marker)).toBe(false);
  });

  it('caps output while streaming and keeps the result within its limit', async () => {
    const dir = workspace();
    const seen: CommandRequest[] = [];
    const direct = context(dir).processRunner;
    const recording: ProcessRunner = { kind: 'recording', run: (r) => (seen.push(r), direct.run(r)), dispose: () => direct.dispose() };
    const out = await run(bashTool, { command: 'head -c 100000 /dev/zero | tr "\\0" a' }, context(dir, { processRunner: recording }));
    expect(seen[0]?.maxOutputChars).toBe(BASH_MAX_OUTPUT_CHARS);
    expect(out.isError).toBeUndefined();
    const kept = /^a+/.exec(out.content)?.[0].length ?? 0;
    const dropped = Number(/([\d,]+) more characters were dropped/.exec(out.content)?.[1]?.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(29_000);
    expect(kept + dropped).toBe(100_000);
    expect(out.content.length).toBeLessThanOrEqual(bashTool.maxResultSizeChars);
  });

  it('uses the default timeout and rejects one over the maximum', async () => {
    const dir = workspace();
    const seen: CommandRequest[] = [];
    const ctx = context(dir, { processRunner: fakeRunner({}, seen), defaultTimeoutMs: 12_345 });
    await run(bashTool, { command: 'true' }, ctx);
    expect(seen[0]).toMatchObject({ command: 'true', cwd: dir, timeoutMs: 12_345, maxOutputChars: BASH_MAX_OUTPUT_CHARS });
    await expect(run(bashTool, { command: 'true', timeout: 600_001 }, ctx)).rejects.toThrow();
  });

  it('lists what the sandbox blocked and reports signals', async () => {
    const dir = workspace();
    const blocked = await run(bashTool, { command: 'curl x' }, context(dir, { processRunner: fakeRunner({ exitCode: 6, output: 'no route', violations: ['network: example.com:443'] }) }));
    expect(blocked.content).toBe('no route\n\nExit code: 6\n\nThe sandbox blocked:\n- network: example.com:443');
    const killed = await run(bashTool, { command: 'kill -9 $$' }, context(dir));
    expect(killed.content).toContain('killed by signal SIGKILL');
  });

  it('stops when the run is cancelled', async () => {
    const dir = workspace();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const out = await run(bashTool, { command: 'sleep 30' }, context(dir, { signal: controller.signal }));
    expect(out).toMatchObject({ isError: true, category: 'aborted' });
  });

  it('is read-only and concurrency-safe exactly where the check passed in says so', () => {
    const tool = createBashTool({ isReadOnlyCommand: (command) => command === 'ls' });
    expect(tool.isReadOnly({ command: 'ls' })).toBe(true);
    expect(tool.isConcurrencySafe({ command: 'ls' })).toBe(true);
    expect(tool.isReadOnly({ command: 'rm -rf x' })).toBe(false);
    expect(tool.isConcurrencySafe({ command: 'rm -rf x' })).toBe(false);
  });

  it('declares the command and, without a read-only check, is neither read-only nor concurrency-safe', () => {
    const ctx = context(workspace());
    expect(bashTool.access({ command: 'ls' }, ctx)).toEqual({ kind: 'exec', command: 'ls' });
    expect(bashTool.isReadOnly({ command: 'ls' })).toBe(false);
    expect(bashTool.isConcurrencySafe({ command: 'ls' })).toBe(false);
    expect(bashTool.maxResultSizeChars).toBe(30_000);
  });

  describe('noise in the output', () => {
    // What the pipeline passes in: a place for the full output, here a file in the workspace.
    const keeper = (dir: string, kept: string[]) => (text: string): string => {
      const path = join(dir, `full-${kept.length}.txt`);
      writeFileSync(path, text);
      kept.push(path);
      return path;
    };
    const noisy = String.raw`printf '\033[32mPASS\033[0m a\n'; for i in 10 50 100; do printf "build $i%%\r"; done; echo; for i in 1 2 3 4 5; do echo 'WARN same'; done; echo end`;

    it('is removed, and the full output is kept on disk with its path in the result', async () => {
      const dir = workspace();
      const kept: string[] = [];
      const seen: CommandRequest[] = [];
      const direct = context(dir).processRunner;
      const recording: ProcessRunner = { kind: 'recording', run: (r) => (seen.push(r), direct.run(r)), dispose: () => direct.dispose() };
      const out = await run(bashTool, { command: noisy }, context(dir, { processRunner: recording, keepOutput: keeper(dir, kept) }));
      expect(seen[0]?.maxOutputChars).toBe(BASH_CAPTURE_CHARS);
      expect(kept).toHaveLength(1);
      expect(out.fullOutput).toBe(kept[0]);
      expect(out.content).toBe(
        `PASS a\nbuild 100%\nWARN same\n[the line above repeated 4 more times]\nend\n\n` +
          `[Noise removed: 2 escape sequences, 2 overwritten updates, 4 repeated lines. Full output: ${kept[0]}]`,
      );
      expect(readFileSync(kept[0] ?? '', 'utf8')).toBe('\x1b[32mPASS\x1b[0m a\nbuild 10%\rbuild 50%\rbuild 100%\r\nWARN same\nWARN same\nWARN same\nWARN same\nWARN same\nend\n');
    });

    it('is shown as it was when the full output cannot be kept', async () => {
      const dir = workspace();
      const out = await run(bashTool, { command: noisy }, context(dir));
      expect(out.content).toContain('\x1b[32mPASS');
      expect(out.content.match(/WARN same/g)).toHaveLength(5);
      expect(out.fullOutput).toBeUndefined();
    });

    it('keeps clean output as it is and writes no file', async () => {
      const dir = workspace();
      const kept: string[] = [];
      const out = await run(bashTool, { command: 'echo one; echo two' }, context(dir, { keepOutput: keeper(dir, kept) }));
      expect(out.content).toBe('one\ntwo');
      expect(kept).toEqual([]);
    });

    it('cuts long output for the model and names the file that holds all of it', async () => {
      const dir = workspace();
      const kept: string[] = [];
      const out = await run(bashTool, { command: 'head -c 100000 /dev/zero | tr "\\0" a' }, context(dir, { keepOutput: keeper(dir, kept) }));
      expect(out.content.length).toBeLessThanOrEqual(bashTool.maxResultSizeChars);
      expect(out.content).toMatch(/more characters not shown\. Output kept at \S+full-0\.txt \(Read it with offset and limit, or Grep it\)\.\]$/);
      expect(readFileSync(kept[0] ?? '', 'utf8')).toBe('a'.repeat(100_000));
    });
  });
});
