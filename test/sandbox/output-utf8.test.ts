/**
 * Output and command text are exact whatever their characters: pipes are read 64 KiB at a time, so
 * a multi-byte UTF-8 character lands across two reads wherever the bytes do not divide evenly
 * (65,536 is not a multiple of 3). Decoded read by read, each half became a U+FFFD (an outside
 * review's finding 6). Checked at every hop, with real processes: the spawner's reading of a
 * command's output, the runner's reading of the spawner's lines, the spawner's reading of the
 * command text, and spawnGroup's reading of output.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { spawnGroup } from '../../src/sandbox/spawn-group.js';
import { createSpawner } from '../../src/sandbox/spawner.js';
import { BWRAP, cleanupAll, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

// 3 bytes each: 100,000 of them cross 64 KiB boundaries mid-character.
const EUROS = '\u20ac'.repeat(100_000);
const request = { cwd: '/', env: { PATH: '/usr/bin:/bin' }, timeoutMs: 20_000, maxOutputChars: 1_000_000 };

describe('multi-byte characters across 64 KiB reads', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeWorkspace();
    writeFileSync(join(dir, 'euros.txt'), EUROS);
  });
  afterAll(() => cleanupAll());

  test('through the spawner: output of stdout and stderr alike is exact', async () => {
    const spawner = createSpawner();
    try {
      // Shifted by 0, 1 and 2 bytes: wherever the reads end, two of the three split a character.
      for (const k of [0, 1, 2]) {
        const expected = `${'a'.repeat(k)}${EUROS}`;
        writeFileSync(join(dir, 'shifted.txt'), expected);
        for (const redirect of ['', '>&2']) {
          const out = await spawner.run({ ...request, file: 'sh', args: ['-c', `cat ${join(dir, 'shifted.txt')} ${redirect}`], signal: new AbortController().signal });
          expect(out.output.length, `shift ${k} ${redirect}`).toBe(expected.length);
          expect(out.output === expected, `shift ${k} ${redirect}: U+FFFD at ${out.output.indexOf('\ufffd')}`).toBe(true);
        }
      }
    } finally {
      await spawner.close();
    }
  });

  test('through spawnGroup: output is exact', async () => {
    const out = await spawnGroup({ ...request, file: 'cat', args: [join(dir, 'euros.txt')], signal: new AbortController().signal });
    expect(out.output === EUROS, `U+FFFD at ${out.output.indexOf('\ufffd')}`).toBe(true);
  });

  test('a truncated character at the very end still reads as U+FFFD (nothing is lost or invented)', async () => {
    const spawner = createSpawner();
    try {
      const out = await spawner.run({ ...request, file: 'sh', args: ['-c', "printf 'ok\\342\\202'"], signal: new AbortController().signal });
      expect(out.output).toBe('ok\ufffd');
    } finally {
      await spawner.close();
    }
  });
});

describe.skipIf(BWRAP === null)(`multi-byte characters through the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let runner: SandboxRunner;
  beforeAll(async () => {
    ws = makeWorkspace({ 'euros.txt': EUROS });
    runner = await openRunner({ workspace: ws });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test("a command's output is exact", async () => {
    const r = await runner.run({ command: 'cat euros.txt', cwd: ws, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 1_000_000 });
    expect(r.exitCode).toBe(0);
    expect(r.output === EUROS, `U+FFFD at ${r.output.indexOf('\ufffd')}`).toBe(true);
  });

  test('a command text longer than 64 KiB reaches the shell exact', async () => {
    // printf is a builtin: the 300 KB argument never meets the kernel's argv limit.
    const r = await run(runner, ws, `printf '%s' '${EUROS}' | cmp - euros.txt && echo same`);
    expect(r.output).toBe('same\n');
  });
});
