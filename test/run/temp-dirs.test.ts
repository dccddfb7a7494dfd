import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { distEntry } from '../support/action-runner.js';
import { ModelServer, type ScriptTurn } from '../support/model-server.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { waitFor } from '../support/wait-for.js';

// What a run leaves in TMPDIR: nothing but what the user's outputs point into, even after another
// run was SIGKILLed there; and never a live run's directories. `node dist/index.js` in a private
// TMPDIR, so a killed process is a real one.

interface Started {
  child: ChildProcess;
  server: ModelServer;
  repo: string;
  exit: Promise<number | null>;
  stderr: () => string;
}

const BASH_POLICY = 'version: 1\npermissions:\n  allow: ["Bash", "Edit(/started)"]\n';

function repoWithPolicy(): string {
  const repo = makeTempRepo();
  mkdirSync(join(repo, '.github'));
  writeFileSync(join(repo, '.github', 'warden.yml'), BASH_POLICY);
  return repo;
}

async function startRun(tmp: string, script: ScriptTurn[], args: string[] = [], repo = repoWithPolicy()): Promise<Started> {
  const server = await ModelServer.start({ script });
  const child = spawn(process.execPath, [distEntry(), 'run', '--cwd', repo, '--prompt', 'work', ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TMPDIR: tmp, ANTHROPIC_API_KEY: 'sk-ant-test-tempdirs-0000', ANTHROPIC_BASE_URL: server.url },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, server, repo, exit, stderr: () => stderr };
}

/** A run whose first command marks that it runs, then waits until the test lets it go. */
const blockingScript = (): ScriptTurn[] => [
  { content: [{ type: 'tool_use', id: 'toolu_wait', name: 'Bash', input: { command: 'touch started; while [ ! -e release ]; do sleep 0.1; done' } }] },
  { content: [{ type: 'text', text: 'released' }] },
];

async function until(what: string, check: () => boolean, run: Started): Promise<void> {
  await waitFor(check, () => `${what}\n${run.stderr()}`);
}

const entries = (dir: string): string[] => readdirSync(dir).sort();

describe('the temp directories of runs', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('a SIGKILLed run leaves directories the next run removes; a live run keeps its own; a finished run leaves nothing', async () => {
    const tmp = tempDir('warden-tmp-');
    const out = tempDir();

    const killed = await startRun(tmp, blockingScript(), ['--out', join(out, 'killed')]);
    cleanups.push(() => killed.server.close());
    await until('the first run started its command', () => existsSync(join(killed.repo, 'started')), killed);
    const left = entries(tmp);
    // Its run directory (host git's snapshot, saved results) and its sandbox's state directory.
    expect(left.some((n) => n.startsWith('warden-sandbox-'))).toBe(true);
    expect(left.some((n) => /^warden-[0-9a-z]+-\d+-[0-9a-f]{8}$/.test(n) && existsSync(join(tmp, n, 'host-git')))).toBe(true);
    killed.child.kill('SIGKILL');
    await killed.exit;
    expect(entries(tmp)).toEqual(left);

    const live = await startRun(tmp, blockingScript(), ['--out', join(out, 'live')]);
    cleanups.push(() => live.server.close());
    cleanups.push(() => void live.child.kill('SIGKILL'));
    await until('the live run started its command', () => existsSync(join(live.repo, 'started')), live);
    const liveDirs = entries(tmp).filter((n) => !left.includes(n));
    expect(liveDirs.length).toBeGreaterThanOrEqual(2);

    // Another run in the same TMPDIR: the killed run's directories go, the live run's stay, its own go when it ends.
    const next = await startRun(tmp, [{ content: [{ type: 'text', text: 'nothing to do' }] }], ['--out', join(out, 'next')]);
    cleanups.push(() => next.server.close());
    expect(await next.exit).toBe(0);
    expect(entries(tmp)).toEqual(liveDirs);

    writeFileSync(join(live.repo, 'release'), '');
    expect(await live.exit).toBe(0);
    expect(readFileSync(join(out, 'live', 'summary.md'), 'utf8')).toContain('released');
    expect(entries(tmp)).toEqual([]);
  });

  it('without --out the run directory stays with the outbox and the saved results the transcript points to, and nothing else', async () => {
    const tmp = tempDir('warden-tmp-');
    const repo = repoWithPolicy();
    writeFileSync(join(repo, 'wide.txt'), `${'needle '.repeat(150)}\n`.repeat(200));
    const run = await startRun(tmp, [
      { content: [{ type: 'tool_use', id: 'toolu_grep', name: 'Grep', input: { pattern: 'needle', output_mode: 'content' } }] },
      { content: [{ type: 'text', text: 'found' }] },
    ], [], repo);
    cleanups.push(() => run.server.close());
    expect(await run.exit).toBe(0);
    const [runDir, ...others] = entries(tmp);
    expect(others).toEqual([]);
    expect(entries(join(tmp, runDir ?? ''))).toEqual(['outbox', 'tool-results']);
    const grep = readTranscript(join(tmp, runDir ?? '', 'outbox', 'transcript.jsonl')).find((r): r is ToolCallRecord => r.type === 'tool_call' && r.tool === 'Grep');
    expect(grep?.savedTo?.startsWith(join(tmp, runDir ?? '', 'tool-results'))).toBe(true);
    expect(existsSync(grep?.savedTo ?? '')).toBe(true);
  });
});
