/**
 * The layer behind issue 31, item 11: with the sandbox on, the analyser allows read-only commands
 * over names it cannot see (`xargs`, `$(…)`) and recursive reads without judging what they reach,
 * because the sandbox hides whatever the Read deny rules match. Here each such command is first
 * allowed by the real decider, then run in the real sandbox (bubblewrap) of the same policy, with a
 * secret in every denied file: none may come out.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { BWRAP, cleanupAll, git, makeHostDir, makeWorkspace, openRunner, run, SKIP_REASON } from '../sandbox/sandbox-fixture.js';
import { decide, writeAt } from './policy-fixture.js';

const SECRET = 'sk-live-0123456789';

/** Allowed by the analyser only because the sandbox is the wall for reads. */
const COMMANDS = [
  "find . -name '*.ts' -o -name '.env' -o -name key | xargs grep -h sk-live",
  "git ls-files | grep -v '\\.ts$' | xargs cat",
  'head -n 5 $(git ls-files)',
  'cat $(git ls-files secrets .env)',
  'grep -r sk-live .',
  'echo .env secrets/key | xargs cat',
  'git ls-files -z | xargs -0 grep -h sk-live',
];

describe.skipIf(BWRAP === null)(`what the analyser leaves to the sandbox, the sandbox hides (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let home: string;
  let policy: LoadedPolicy;
  let runner: SandboxRunner;

  beforeAll(async () => {
    home = makeHostDir();
    ws = makeWorkspace({ '.env': `TOKEN=${SECRET}\n`, 'secrets/key': `${SECRET}\n`, 'src/a.test.ts': "describe('a', () => {});\n", 'src/b.ts': '// TODO\n' });
    git(ws, 'init', '-q');
    git(ws, 'add', '-A');
    const file = join(ws, '.github/warden.yml');
    writeAt(file, 'version: 1\nmode: dontAsk\npermissions:\n  deny: ["Read(.env)", "Read(secrets/**)"]\n');
    policy = await loadPolicy(file, { homeDir: home, root: ws });
    runner = await openRunner({ workspace: ws, config: policy.sandbox });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  it.each(COMMANDS)('%s: allowed, and prints no secret', async (command) => {
    const d = await decide(policy, { base: ws, ws, home, outside: home }, 'Bash', { command });
    expect(d.behavior, d.reason).toBe('allow');
    const r = await run(runner, ws, command);
    expect(r.output).not.toContain(SECRET);
  });

  it('without the read denies in the sandbox, the same commands print the secret (the test can fail)', async () => {
    const bare = await openRunner({ workspace: ws, config: { ...policy.sandbox, fileRules: { ...policy.sandbox.fileRules, readDeny: [] } } });
    try {
      for (const command of COMMANDS) expect((await run(bare, ws, command)).output, command).toContain(SECRET);
    } finally {
      await bare.dispose();
    }
  });
});
