/**
 * Pre-started sandboxes (src/sandbox/prepared-sandbox.ts), with real bwrap: the sandbox the runner
 * prepares while the model thinks takes the next command only when it is the sandbox that command
 * would get fresh, runs nothing before it has the command, and never outlives the run.
 *
 * Which sandbox ran a command is told by its PID namespace: the command prints its own
 * (`readlink /proc/self/ns/pid`), and the host reads the waiting shell's before the command is run.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PREPARED_STOCK, PREPARED_STOCK_BEFORE_WRITES, type SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import type { SandboxConfig } from '../../src/config/sandbox-config.js';
import { sandboxShellCommand } from '../../src/sandbox/bwrap-args.js';
import { shellLookupIsFixed } from '../../src/sandbox/shell-lookup.js';
import { writeWorkspaceFile } from '../../src/sandbox/workspace-write.js';
import { cmdline, NS, preparedAll, waitingShells } from './prepared-fixture.js';
import { BWRAP, cleanupAll, config, hostProcessesWith, makeHostDir, makeWorkspace, openRunner, policySandbox, run, SANDBOX_PATH, sleep, SKIP_REASON } from './sandbox-fixture.js';
import { killHostProcess } from '../support/host-processes.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'TOKEN=sk-live-prepared-0123456789';
const POLICY = ['version: 1', 'permissions:', '  allow: ["Read", "Bash"]', '  deny: ["Read(**/.env*)", "Read(./secrets/**)"]'].join('\n');
const waitingShell = (ws: string): { pid: number; ns: string } | null => waitingShells(ws)[0] ?? null;

/** The one the next command takes, once the stock is full (so it stays the oldest). */
async function prepared(ws: string): Promise<{ pid: number; ns: string }> {
  const [oldest] = await preparedAll(ws);
  if (oldest === undefined) throw new Error(`no sandbox was prepared for ${ws}`);
  return oldest;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  await waitFor(condition, what);
}

const alive = (pid: number): boolean => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

describe('the sandbox shell bwrap looks up along PATH cannot be one a command planted', () => {
  test.each([
    ['/usr/bin:/bin', true],
    ['/usr/bin:/ws/bin', true], // bash is found before the workspace is looked at
    ['/ws/bin:/usr/bin', false],
    ['/ws/node_modules/.bin:/usr/bin', false],
    ['/tmp/bin:/usr/bin', false],
    ['/tmp:/usr/bin', false],
    ['bin:/usr/bin', false],
    [':/usr/bin', false],
    ['/usr/bin/../../ws/bin:/usr/bin', false],
    ['/nonexistent:/usr/bin', true],
    ['/nonexistent', false],
    ['', false],
  ])('PATH=%j: %s', (path, fixed) => {
    expect(shellLookupIsFixed(path, ['/ws', '/tmp'])).toBe(fixed);
  });

  test('a shell the sandbox cannot see (under a mask) does not end the look-up', () => {
    expect(shellLookupIsFixed('/usr/bin:/ws/bin', ['/ws', '/tmp'], ['/usr/bin'])).toBe(false);
    expect(shellLookupIsFixed('/usr/bin:/ws/bin', ['/ws', '/tmp'], ['/usr/bin/bash'])).toBe(false);
    expect(shellLookupIsFixed('/usr/bin:/bin:/ws/bin', ['/ws', '/tmp'], ['/usr/bin', '/bin'])).toBe(false);
    expect(shellLookupIsFixed('/usr/bin:/bin', ['/ws', '/tmp'], ['/opt'])).toBe(true);
  });
});

describe.skipIf(BWRAP === null)(`prepared sandboxes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let sandbox: SandboxConfig;
  let runner: SandboxRunner;

  beforeAll(async () => {
    ws = makeWorkspace({ '.env': `${SECRET}\n`, 'secrets/prod.json': `${SECRET}\n`, 'src/app.js': 'module.exports = 1;\n', 'sub/readme.txt': 'sub\n' });
    sandbox = await policySandbox(ws, POLICY);
    runner = await openRunner({ workspace: ws, config: sandbox });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('the prepared sandbox takes the next command; before that its shell waits on the pipe and has started nothing', async () => {
    const waiting = await prepared(ws);
    expect(readFileSync(`/proc/${waiting.pid}/task/${waiting.pid}/children`, 'utf8').trim()).toBe('');
    expect(readdirSync(ws)).not.toContain('ran.txt');
    const r = await run(runner, ws, `${NS}; echo ran > ran.txt; cat .env; echo "[$(cat ran.txt)]"`);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output).toBe(`${waiting.ns}\n[ran]\n`); // its sandbox; .env is hidden in it too
    expect(alive(waiting.pid)).toBe(false);
  });

  test('output, exit code, output cap, timeout and abort are as in a fresh sandbox', async () => {
    let waiting = await prepared(ws);
    const exit = await run(runner, ws, `${NS}; echo out; echo err >&2; exit 7`);
    expect(exit.output).toBe(`${waiting.ns}\nout\nerr\n`);
    expect(exit.exitCode).toBe(7);

    waiting = await prepared(ws);
    const capped = await runner.run({ command: `${NS}; head -c 5000 /dev/zero | tr '\\0' x`, cwd: ws, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 100 });
    expect(capped.output.startsWith(`${waiting.ns}\n`)).toBe(true);
    expect(capped.output.length).toBe(100);
    expect(capped.droppedChars).toBe(5000 + waiting.ns.length + 1 - 100);

    waiting = await prepared(ws);
    const timedOut = await run(runner, ws, `${NS}; sleep 30`, 1000);
    expect(timedOut.timedOut).toBe(true);
    expect(timedOut.output).toBe(`${waiting.ns}\n`);

    waiting = await prepared(ws);
    const controller = new AbortController();
    const pending = runner.run({ command: `${NS}; touch aborted-started; sleep 600`, cwd: ws, timeoutMs: 600_000, signal: controller.signal, maxOutputChars: 10_000 });
    await waitFor(() => existsSync(join(ws, 'aborted-started')), 'the command to start');
    controller.abort();
    const aborted = await pending;
    expect(aborted.aborted).toBe(true);
    expect(aborted.exitCode).not.toBe(0);
    expect(aborted.output).toBe(`${waiting.ns}\n`);
  });

  test('the command text arrives byte for byte, with $0, $# and $_ as `bash -c` gives them', async () => {
    const command = `printf '[%s|%s|%s]\\n' "$0" "$#" "$_"\nprintf '%s\\n' '  lead\\ back\\\\slash "q" \u00e9\u6f22\u{1f600}' "\${__warden_command-unset}"\ncat <<'EOF'\n tab\tx \\ y\nEOF\n\n\n`;
    // What the command line form (`bash -c PRELUDE bash COMMAND`, before commands came on a pipe) prints.
    const expected = execFileSync('bash', sandboxShellCommand(command, 64).slice(1), { encoding: 'utf8' });
    expect(expected).toBe(`[bash|0|--]\n  lead\\ back\\\\slash "q" \u00e9\u6f22\u{1f600}\nunset\n tab\tx \\ y\n`);
    const waiting = await prepared(ws);
    const r = await run(runner, ws, `${command}${NS}`);
    expect(r.output).toBe(`${expected}${waiting.ns}\n`);
  });

  test('a command holding a NUL byte is refused, as an argv would refuse it', async () => {
    const r = await run(runner, ws, 'echo a\0b');
    expect(r.exitCode).toBe(127);
    expect(r.output).toMatch(/NUL byte/);
  });

  test('a Write discards the prepared sandbox at once, and the one prepared after it hides the file written', async () => {
    const waiting = await prepared(ws);
    await writeWorkspaceFile(ws, 'src/.env.local', `${SECRET}\n`);
    await until(() => !alive(waiting.pid), 'the stale sandbox to be killed'); // by the write itself: no command has run
    const next = await prepared(ws);
    expect(next.ns).not.toBe(waiting.ns);
    const r = await run(runner, ws, `${NS}; cat src/.env.local; echo end`);
    expect(r.output).toBe(`${next.ns}\nend\n`);
  });

  test('a change no generation sees (another process on the host) fails the comparison: a fresh sandbox hides it', async () => {
    // A new denied file.
    let waiting = await prepared(ws);
    mkdirSync(join(ws, 'pkg'), { recursive: true });
    writeFileSync(join(ws, 'pkg/.env.production'), `${SECRET}\n`);
    let r = await run(runner, ws, `${NS}; cat pkg/.env.production; echo end`);
    expect(r.output).not.toContain('sk-live');
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);

    // A hidden file replaced by a new one: the prepared sandbox's mask covered the old one.
    waiting = await prepared(ws);
    rmSync(join(ws, '.env'));
    writeFileSync(join(ws, '.env'), `${SECRET}-new\n`);
    r = await run(runner, ws, `${NS}; cat .env; echo end`);
    expect(r.output).not.toContain('sk-live');
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);

    // The same file unlinked and linked back (same inode, same name): unlinking it detached the
    // mask in the prepared sandbox. Its ctime says it happened (a moment later than it was looked at).
    waiting = await prepared(ws);
    await sleep(50);
    linkSync(join(ws, '.env'), join(ws, 'env-copy'));
    rmSync(join(ws, '.env'));
    renameSync(join(ws, 'env-copy'), join(ws, '.env'));
    r = await run(runner, ws, `${NS}; cat .env; echo end`);
    expect(r.output).not.toContain('sk-live');
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
  });

  test('a command that ran plans the next one after its check: what it wrote is hidden from the next command', async () => {
    await prepared(ws);
    const first = await run(runner, ws, `mkdir -p lib && echo '${SECRET}' > lib/.env.new && echo wrote`);
    expect(first.output).toContain('wrote');
    // The ones prepared before it wrote are dropped once a plan made after its check shows them
    // stale (while the model thinks), and one prepared from that plan takes their place.
    const waiting = (await preparedAll(ws)).map((w) => w.ns);
    const r = await run(runner, ws, `${NS}; cat lib/.env.new; echo end`);
    const [ns, ...rest] = r.output.split('\n');
    expect(waiting).toContain(ns);
    expect(rest.join('\n')).toBe('end\n');
  });

  test('two commands in a row, and two of three run together, take the two prepared sandboxes', async () => {
    let waiting = (await preparedAll(ws)).map((w) => w.ns);
    const first = await run(runner, ws, `${NS}; echo one`);
    const second = await run(runner, ws, `${NS}; echo two`);
    expect([first.output, second.output]).toEqual([`${waiting[0]}\none\n`, `${waiting[1]}\ntwo\n`]);

    waiting = (await preparedAll(ws)).map((w) => w.ns);
    const together = await Promise.all([1, 2, 3].map(() => run(runner, ws, `${NS}; sleep 1`)));
    const spaces = together.map((r) => r.output.trim());
    expect(spaces.filter((s) => waiting.includes(s)).sort()).toEqual([...waiting].sort());
    expect(new Set(spaces).size).toBe(3);
  });

  test('sandboxes kept across a command (one prepared beside it): the kernel shows a mask the host moved, which no inode does', async () => {
    // Control: nothing happens on the host; the command after the long one takes a kept sandbox.
    let waiting = (await preparedAll(ws)).map((w) => w.ns);
    await run(runner, ws, 'sleep 0.5');
    let r = await run(runner, ws, `${NS}; cat .env; echo end`);
    let [ns, ...rest] = r.output.split('\n');
    expect(rest.join('\n')).toBe('end\n');
    expect([...waiting, ...waitingShells(ws).map((w) => w.ns)]).toContain(ns);

    // While the long command runs (and the next sandbox is prepared beside it), the host unlinks
    // the hidden file and links it back under its name: the same inode, the same plan, but every
    // sandbox started before has its mask on the old name. The kernel's view shows it missing.
    waiting = (await preparedAll(ws)).map((w) => w.ns);
    const long = run(runner, ws, 'touch long-started; while [ ! -e long-done ]; do sleep 0.01; done');
    await waitFor(() => existsSync(join(ws, 'long-started')), 'the long command to start');
    const env = join(ws, '.env');
    linkSync(env, join(ws, 'env-kept'));
    rmSync(env);
    renameSync(join(ws, 'env-kept'), env);
    const stale = waitingShells(ws).map((w) => w.ns);
    writeFileSync(join(ws, 'long-done'), '');
    await long;
    r = await run(runner, ws, `${NS}; cat .env; echo end`);
    [ns, ...rest] = r.output.split('\n');
    expect(rest.join('\n')).toBe('end\n');
    expect([...waiting, ...stale]).not.toContain(ns);
  });

  test('another working directory starts fresh, and the next one is prepared there', async () => {
    const waiting = await prepared(ws);
    const r = await run(runner, join(ws, 'sub'), `${NS}; pwd`);
    expect(r.output).toBe(`${r.output.split('\n')[0]}\n${join(ws, 'sub')}\n`);
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
    const next = await prepared(ws);
    const again = await run(runner, join(ws, 'sub'), `${NS}; pwd`);
    expect(again.output).toBe(`${next.ns}\n${join(ws, 'sub')}\n`);
  });

  test('a TMOUT in the environment does not end the wait', async () => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const other = await openRunner({ workspace: own, config: { ...sandbox, envAllow: ['TMOUT'] }, hostEnv: { PATH: SANDBOX_PATH, HOME: homedir(), LANG: 'C.UTF-8', TMOUT: '1' } });
    try {
      const waiting = await prepared(own);
      await sleep(1500);
      expect(alive(waiting.pid)).toBe(true);
      const r = await run(other, own, `${NS}; echo "[$TMOUT]"`);
      expect(r.output).toBe(`${waiting.ns}\n[1]\n`);
    } finally {
      await other.dispose();
    }
  });

  test('a protected path that appeared on the host since it was prepared is read-only to the command: it starts fresh', async () => {
    const waiting = await prepared(ws);
    writeFileSync(join(ws, 'src/.npmrc'), 'registry=https://registry.npmjs.org/\n');
    const r = await run(runner, ws, `${NS}; echo 'registry=http://evil.test/' >> src/.npmrc; cat src/.npmrc`);
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
    expect(r.output).not.toContain('evil');
    expect(readFileSync(join(ws, 'src/.npmrc'), 'utf8')).toBe('registry=https://registry.npmjs.org/\n');
    rmSync(join(ws, 'src/.npmrc'));
  });

  test('a working directory replaced on the host since (renamed away, made anew) is not the one the command gets', async () => {
    // Two levels down: the workspace's own identity does not change with it.
    const wd = join(ws, 'deep/wd');
    mkdirSync(wd, { recursive: true });
    writeFileSync(join(wd, 'old.txt'), 'old\n');
    await run(runner, wd, 'true'); // the next sandbox is prepared in deep/wd
    const waiting = await prepared(ws);
    renameSync(wd, join(ws, 'deep/wd-old'));
    mkdirSync(wd);
    writeFileSync(join(wd, 'new.txt'), 'new\n');
    const r = await run(runner, wd, `${NS}; ls`);
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
    expect(r.output.split('\n').slice(1).join('\n')).toBe('new.txt\n');
  });

  test('a working directory reached through a symlink, whose target was replaced on the host since, is not the one the command gets', async () => {
    // The link's own identity does not change when what it points to is renamed away and made anew.
    const wd = join(ws, 'deep2/wd');
    mkdirSync(wd, { recursive: true });
    writeFileSync(join(wd, 'old.txt'), 'old\n');
    symlinkSync('deep2/wd', join(ws, 'wd-link'));
    const link = join(ws, 'wd-link');
    await run(runner, link, 'true'); // the next sandbox is prepared in wd-link
    const waiting = await prepared(ws);
    renameSync(wd, join(ws, 'deep2/wd-old'));
    mkdirSync(wd);
    writeFileSync(join(wd, 'new.txt'), 'new\n');
    const r = await run(runner, link, `${NS}; ls`);
    expect(r.output.split('\n').slice(1).join('\n')).toBe('new.txt\n');
    expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
  });

  test('the environment is the one a fresh sandbox gets, without the variable that carried the command', async () => {
    await prepared(ws);
    // Run together: the first takes the prepared sandbox, the other starts fresh.
    const [a, b] = await Promise.all([run(runner, ws, `${NS}; env | sort`), run(runner, ws, `${NS}; env | sort`)]);
    const env = (r: { output: string }): string => r.output.split('\n').slice(1).join('\n');
    expect(a.output.split('\n')[0]).not.toBe(b.output.split('\n')[0]);
    expect(env(a)).toBe(env(b));
    expect(env(a)).toContain('PATH=');
    expect(env(a)).not.toContain('__warden');
  });

  test("when a command's run ends, no process it started is left: a background one ignoring SIGTERM, after a timeout", async () => {
    const marker = `warden-straggler-${process.pid}-${Date.now()}`;
    await prepared(ws);
    const r = await run(runner, ws, `trap '' TERM; (trap '' TERM; exec -a ${marker} sleep 60) </dev/null >/dev/null 2>&1 & sleep 60`, 1000);
    expect(r.timedOut).toBe(true);
    expect(hostProcessesWith(marker)).toEqual([]); // at once, before the next sandbox is prepared
  });

  test('a credential file outside the workspace, replaced on the host since it was prepared, stays hidden', async () => {
    const outside = makeHostDir();
    writeFileSync(join(outside, 'token'), `${SECRET}-old\n`);
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const policy = await policySandbox(own, ['version: 1', 'permissions:', '  allow: ["Read", "Bash"]', `  deny: ["Read(/${''}/${outside.slice(1)}/token)"]`].join('\n'));
    const other = await openRunner({ workspace: own, config: policy });
    try {
      const waiting = await prepared(own);
      // As a token refresh writes it: a new file renamed over the old.
      writeFileSync(join(outside, 'token.new'), `${SECRET}-new\n`);
      renameSync(join(outside, 'token.new'), join(outside, 'token'));
      const r = await run(other, own, `${NS}; cat ${outside}/token; echo end`);
      expect(r.output).not.toContain('sk-live');
      expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
    } finally {
      await other.dispose();
    }
  });

  test('a credential directory that something on the host keeps writing in neither churns the prepared sandboxes nor keeps them from being taken', async () => {
    const home = makeHostDir();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude/settings.json'), '{}\n');
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const other = await openRunner({ workspace: own, config: sandbox, hostEnv: { PATH: SANDBOX_PATH, HOME: home, LANG: 'C.UTF-8' } });
    try {
      const ready = await preparedAll(own, PREPARED_STOCK_BEFORE_WRITES);
      // As a tool running beside the agent does: a file in the hidden directory, rewritten and
      // renamed, again and again — while idle, across a command (after which the kept ones are
      // checked against a new plan), and after it.
      const seen = new Set(ready.map((w) => w.pid));
      let command: Promise<unknown> | null = null;
      for (let i = 0; i < 80; i++) {
        writeFileSync(join(home, '.claude/settings.json.tmp'), `{"n":${i}}\n`);
        renameSync(join(home, '.claude/settings.json.tmp'), join(home, '.claude/settings.json'));
        if (i === 20) command = run(other, own, 'true');
        for (const w of waitingShells(own)) seen.add(w.pid);
        await sleep(15);
      }
      await command;
      // The ones it had (no write yet), and the one that replaced the sandbox the command took: none discarded, none churned.
      expect(seen.size).toBeLessThanOrEqual(PREPARED_STOCK_BEFORE_WRITES + 1);
      const now = await preparedAll(own);
      const r = await run(other, own, `${NS}; ls ${home}/.claude; echo end`);
      const [ns, ...rest] = r.output.split('\n');
      expect(rest.join('\n')).toBe('end\n'); // hidden
      expect(now.map((w) => w.ns)).toContain(ns); // and taken: the mask is where it was mounted
    } finally {
      await other.dispose();
    }
  });

  test('after five prepared sandboxes in a row the kernel\'s view refused, none is prepared any more; commands still run, fresh', async () => {
    const own = makeWorkspace({ '.env': `${SECRET}\n`, 'a.txt': 'a\n' });
    const policy = await policySandbox(own, POLICY);
    const other = await openRunner({ workspace: own, config: policy });
    try {
      for (let i = 0; i < 5; i++) {
        const ready = await preparedAll(own);
        // The hidden file unlinked and linked back: same inode, mask gone from every kept sandbox.
        linkSync(join(own, '.env'), join(own, 'env-kept'));
        rmSync(join(own, '.env'));
        renameSync(join(own, 'env-kept'), join(own, '.env'));
        const r = await run(other, own, `${NS}; cat .env; echo end`);
        const [ns, ...rest] = r.output.split('\n');
        expect(rest.join('\n')).toBe('end\n');
        expect(ready.map((w) => w.ns)).not.toContain(ns);
      }
      await sleep(500);
      expect(waitingShells(own)).toEqual([]);
      const r = await run(other, own, 'cat a.txt');
      expect(r.output).toBe('a\n');
    } finally {
      await other.dispose();
    }
  });

  test('a hidden workspace (a bare Read deny): the prepared sandbox, whose working directory is the empty tmpfs, is taken', async () => {
    const own = makeWorkspace({ 'a.txt': `${SECRET}\n` });
    const policy = await policySandbox(own, 'version: 1\npermissions:\n  allow: ["Bash"]\n  deny: ["Read"]\n');
    const other = await openRunner({ workspace: own, config: policy });
    try {
      const ready = await preparedAll(own);
      const r = await run(other, own, `${NS}; ls -A; pwd`);
      const [ns, ...rest] = r.output.split('\n');
      expect(ready.map((w) => w.ns)).toContain(ns);
      expect(rest.join('\n')).toBe(`${own}\n`);
    } finally {
      await other.dispose();
    }
  });

  test('no sandbox is prepared when the shell bwrap would start could be one a command planted (PATH into the workspace)', async () => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    // A planted bash that records every start, then is the real one.
    mkdirSync(join(own, 'bin'));
    writeFileSync(join(own, 'bin/bash'), `#!/bin/sh\necho started >> ${own}/starts.log\nexec /bin/bash "$@"\n`);
    chmodSync(join(own, 'bin/bash'), 0o755);
    const other = await openRunner({ workspace: own, config: sandbox, hostEnv: { PATH: `${own}/bin:${SANDBOX_PATH}`, HOME: homedir(), LANG: 'C.UTF-8' } });
    try {
      await sleep(1000);
      expect(existsSync(join(own, 'starts.log'))).toBe(false); // nothing ran before a command was allowed
      const r = await run(other, own, 'echo ran');
      expect(r.output).toBe('ran\n');
      await sleep(1000);
      expect(readFileSync(join(own, 'starts.log'), 'utf8')).toBe('started\n'); // the command's own start, as before
      expect(waitingShell(own)).toBe(null);
    } finally {
      await other.dispose();
    }
  });

  // The host's PATH is the runner's; a directory on it may be a symlink into what commands write,
  // and a `bash` there may not exist yet, or be a dangling link into the workspace: the look-up
  // at start-up then passed over it, and a command could create the shell the next prepared
  // sandbox starts before any command is allowed.
  test.each([
    ['a PATH directory that is a symlink into the workspace, with no bash in it yet', (host: string, own: string): string => {
      symlinkSync(join(own, 'bin'), join(host, 'bin'));
      return join(host, 'bin');
    }],
    ['a bash on PATH that is a dangling symlink into the workspace', (host: string, own: string): string => {
      mkdirSync(join(host, 'bin'));
      symlinkSync(join(own, 'bin/bash'), join(host, 'bin/bash'));
      return join(host, 'bin');
    }],
    ['a PATH directory that does not exist, under a symlink into the workspace', (host: string, own: string): string => {
      symlinkSync(own, join(host, 'ws'));
      return join(host, 'ws/bin');
    }],
  ])('no shell a command planted runs before a command is allowed: %s', async (_what, arrange) => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const dir = arrange(makeHostDir(), own);
    const other = await openRunner({ workspace: own, config: sandbox, hostEnv: { PATH: `${dir}:${SANDBOX_PATH}`, HOME: homedir(), LANG: 'C.UTF-8' } });
    try {
      // The planted shell records every start, then is the real one.
      const r = await run(other, own, `mkdir -p bin && printf '#!/bin/sh\\necho started >> ${own}/starts.log\\nexec /bin/bash "$@"\\n' > bin/bash && chmod 755 bin/bash && echo planted`);
      expect(r.output).toBe('planted\n');
      await sleep(1000);
      expect(existsSync(join(own, 'starts.log'))).toBe(false);
      expect(waitingShell(own)).toBe(null);
    } finally {
      await other.dispose();
    }
  });

  test('no sandbox is prepared under a network allow-list (each command gets its own proxy)', async () => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const other = await openRunner({ workspace: own, config: config({ network: { allow: ['example.test'], allowPrivate: [] } }) });
    try {
      await run(other, own, 'true');
      await sleep(1000);
      expect(waitingShell(own)).toBe(null);
    } finally {
      await other.dispose();
    }
  });

  // Two layers: the runner kills what the dead spawner had started (bwrap and pid 1, spawner.ts),
  // and the waiting shell reads end-of-file from a pipe whose writer is gone, so it runs nothing.
  test('a spawner that dies takes the prepared sandbox with it, and the next command starts fresh', async () => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const other = await openRunner({ workspace: own, config: sandbox });
    try {
      const all = await preparedAll(own);
      const waiting = all[0] ?? { pid: 0, ns: '' };
      const parent = (pid: number): number => {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      };
      // Each one's shell, bwrap's pid 1 and bwrap, up to the spawner.
      const chains = all.map((w) => {
        const chain = [w.pid];
        while (!cmdline(chain[0] ?? 1).join(' ').includes('warden-spawner') && chain.length < 6) chain.unshift(parent(chain[0] ?? 1));
        return chain;
      });
      const spawnerPid = chains[0]?.[0] ?? 0;
      const sandboxed = chains.flatMap((c) => c.slice(1));
      expect(cmdline(spawnerPid).join(' ')).toContain('warden-spawner');
      expect(chains.every((c) => c[0] === spawnerPid)).toBe(true);
      killHostProcess(spawnerPid);
      await until(() => sandboxed.every((pid) => !alive(pid)), 'the prepared sandboxes to go with their spawner');
      // Reaped by the runner: it knows its spawner is gone (a command sent in the moment between
      // the death and the reaping fails with the spawner's exit, as one running then does).
      await until(() => !existsSync(`/proc/${spawnerPid}`), 'the runner to reap its spawner');
      const r = await run(other, own, `${NS}; cat a.txt`);
      expect(r.output.split('\n')[0]).not.toBe(waiting.ns);
      expect(r.output.split('\n')[1]).toBe('a');
    } finally {
      await other.dispose();
    }
  });

  test('five kept until the first write, two after it; a burst of commands longer than the stock raises it, up to six: the next burst of as many finds one each', async () => {
    const own = makeWorkspace({ 'a.txt': 'a\n' });
    const other = await openRunner({ workspace: own, config: sandbox });
    const inARow = async (n: number): Promise<string[]> => {
      const spaces: string[] = [];
      for (let i = 0; i < n; i++) spaces.push((await run(other, own, NS)).output.trim());
      return spaces;
    };
    const together = async (n: number): Promise<string[]> => (await Promise.all(Array.from({ length: n }, () => run(other, own, `${NS}; sleep 0.3`)))).map((r) => r.output.trim());
    try {
      // Until the run's first write more are kept: as many commands at once find one each.
      let waiting = (await preparedAll(own, PREPARED_STOCK_BEFORE_WRITES)).map((w) => w.ns);
      expect(waiting).toHaveLength(PREPARED_STOCK_BEFORE_WRITES);
      expect((await together(PREPARED_STOCK_BEFORE_WRITES)).sort()).toEqual([...waiting].sort());
      // From the first write on, two.
      await writeWorkspaceFile(own, 'b.txt', 'b\n');
      waiting = (await preparedAll(own, PREPARED_STOCK)).map((w) => w.ns);
      await sleep(500);
      expect(waitingShells(own)).toHaveLength(PREPARED_STOCK);
      // Three at once (in a row, the third might come after a replacement is set up, and wait for nothing).
      const first = await together(3);
      expect(first.filter((ns) => waiting.includes(ns)).sort()).toEqual([...waiting].sort());
      expect(new Set(first).size).toBe(3); // the third found none: it started fresh

      // Three are kept now, and the next three in a row each take one.
      waiting = (await preparedAll(own, 3)).map((w) => w.ns);
      expect(waiting).toHaveLength(3);
      expect((await inARow(3)).sort()).toEqual([...waiting].sort());

      // Eight at once, again and again: each burst raises it (by one, or more when a replacement
      // set up mid-burst is taken and emptied again), up to six; no later burst raises it past six.
      let kept = 3;
      for (let burst = 0; burst < 3 && kept < 6; burst++) {
        await together(8);
        const now = (await preparedAll(own, kept + 1)).length;
        expect(now).toBeGreaterThan(kept);
        kept = now;
      }
      expect(kept).toBe(6);
      waiting = (await preparedAll(own, 6)).map((w) => w.ns);
      const eight = await together(8);
      expect(eight.filter((ns) => waiting.includes(ns)).sort()).toEqual([...waiting].sort());
      await preparedAll(own, 6);
      await sleep(500);
      expect(waitingShells(own)).toHaveLength(6);

      // A stock emptied by a write raises nothing: the command right after it found none because
      // the write discarded them, not because a burst took them.
      const fresh = makeWorkspace({ 'a.txt': 'a\n' });
      const third = await openRunner({ workspace: fresh, config: sandbox });
      try {
        await writeWorkspaceFile(fresh, 'c.txt', 'c\n'); // two kept from here
        await preparedAll(fresh, 2);
        await run(third, fresh, 'true');
        await run(third, fresh, 'true'); // took the last one
        await writeWorkspaceFile(fresh, 'b.txt', 'b\n');
        await run(third, fresh, 'true');
        await preparedAll(fresh, 2);
        await sleep(500);
        expect(waitingShells(fresh)).toHaveLength(2);
      } finally {
        await third.dispose();
      }
    } finally {
      await other.dispose();
    }
  });

  test('dispose kills the prepared sandbox: no process of it is left', async () => {
    const other = makeWorkspace({ 'a.txt': 'a\n' });
    const disposable = await openRunner({ workspace: other, config: sandbox });
    const waiting = await prepared(other);
    await disposable.dispose();
    expect(alive(waiting.pid)).toBe(false);
    expect(hostProcessesWith(other)).toEqual([]);
  });
});
