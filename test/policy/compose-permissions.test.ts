/**
 * The layering of a run's permissions (compose-permissions.ts), as a table: for each set of
 * sources, what the composed decider says to a handful of calls and what the composed sandbox is.
 * Each row pins one layer: break it (drop a wrapper, swap an order, forget the ceiling's sandbox)
 * and a row fails.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessFor, composePermissions, ensureBashParser, presetPolicy, type LoadedPolicy, type PermissionSources, type Permissions } from '../../src/policy/index.js';
import { loadIn, makeFixture } from './policy-fixture.js';

const fx = makeFixture({ 'src/a.js': 'x\n', '.env': 'SECRET=1\n' });
const resultsDir = path.join(fx.outside, 'results');
const READ_ONLY = new Set(['Read']);

/** The calls each row is judged on, workspace-relative where they name a file. */
const CALLS = {
  read: ['Read', { file_path: path.join(fx.ws, 'src/a.js') }],
  readEnv: ['Read', { file_path: path.join(fx.ws, '.env') }],
  write: ['Write', { file_path: path.join(fx.ws, 'src/b.js'), content: 'y' }],
  writeOutbox: ['Write', { file_path: path.join(fx.ws, 'out/result.json'), content: '{}' }],
  readResult: ['Read', { file_path: path.join(resultsDir, 'toolu_1.txt') }],
  bash: ['Bash', { command: 'npm test' }],
} as const;
type Call = keyof typeof CALLS;

const policies: Record<string, LoadedPolicy> = {};
beforeAll(async () => {
  await ensureBashParser();
  policies.open = await loadIn(fx, 'version: 1\nmode: dontAsk\npermissions:\n  allow: [Read, Write, Bash]\n  deny: ["Read(./.env)"]\n');
  policies.openNoSandbox = await loadIn(fx, 'version: 1\nmode: bypassPermissions\nsandbox: {mode: off, network: {allow: ["evil.example"]}}\n');
  policies.ceiling = await presetPolicy(['fork-safe-review'], fx.ws, { homeDir: fx.home });
});

function compose(over: Partial<Omit<PermissionSources, 'policy' | 'ceiling'>> & { policy?: string; ceiling?: boolean }): Permissions {
  return composePermissions({
    policy: over.policy === undefined ? undefined : policies[over.policy],
    allowAll: over.allowAll ?? false,
    ceiling: over.ceiling === true ? { name: 'fork-safe-review', policy: policies.ceiling as LoadedPolicy } : undefined,
    localActions: over.localActions ?? [],
    ownPaths: over.ownPaths ?? ['out'],
    workspace: fx.ws,
    resultsDir,
    history: () => undefined,
  });
}

async function verdicts(p: Permissions): Promise<Record<Call, string>> {
  const out = {} as Record<Call, string>;
  for (const [name, [tool, input]] of Object.entries(CALLS) as [Call, (typeof CALLS)[Call]][]) {
    const d = await p.decider.decide({ toolName: tool, input, access: accessFor(tool, input, fx.ws), isReadOnly: READ_ONLY.has(tool) }, { cwd: fx.ws });
    out[name] = d.behavior === 'deny' ? `deny: ${d.reason}` : d.behavior;
  }
  return out;
}

describe('composePermissions', () => {
  it.each<[string, Parameters<typeof compose>[0], Partial<Record<Call, string | RegExp>>, Partial<{ mode: string; denyAllWrites: boolean; network: string[]; notice: RegExp; narrowed: number }>]>([
    [
      'no policy: reads inside the workspace only, and a read-only sandbox that is required',
      {},
      { read: 'allow', write: /^deny/, bash: /^deny/, writeOutbox: /^deny/, readResult: 'allow' },
      { mode: 'required', denyAllWrites: true, notice: /no policy file/ },
    ],
    [
      'allow-all without a policy: every call but a write to Warden\'s own outputs; the sandbox is still required',
      { allowAll: true },
      { read: 'allow', readEnv: 'allow', write: 'allow', bash: 'allow', writeOutbox: /^deny: Warden writes this path itself/ },
      { mode: 'required', denyAllWrites: false, notice: /dangerously-allow-all/ },
    ],
    [
      'a policy: its deny wins over its allow; Warden\'s outputs are denied whatever it allows; saved results can be read back',
      { policy: 'open' },
      { read: 'allow', readEnv: /^deny/, write: 'allow', bash: 'allow', writeOutbox: /^deny: Warden writes this path itself/, readResult: 'allow' },
      { mode: 'required', denyAllWrites: false },
    ],
    [
      'a policy that turns the sandbox off: the one way commands run outside bubblewrap',
      { policy: 'openNoSandbox' },
      { write: 'allow', bash: 'allow', writeOutbox: /^deny: Warden writes/ },
      { mode: 'off', network: ['evil.example'] },
    ],
    [
      'a ceiling over a wide policy: the ceiling denies first, and the sandbox is required again with no network',
      { policy: 'openNoSandbox', ceiling: true },
      { read: 'allow', write: /^deny: the fork-safe-review preset: /, bash: /^deny: the fork-safe-review preset: /, writeOutbox: /^deny/ },
      { mode: 'required', network: [], narrowed: 1 },
    ],
    [
      'a ceiling over allow-all: allow-all does not lift the ceiling',
      { allowAll: true, ceiling: true },
      { read: 'allow', write: /^deny: the fork-safe-review preset: /, bash: /^deny: the fork-safe-review preset: / },
      { mode: 'required', narrowed: 1 },
    ],
  ])('%s', async (_name, sources, expected, sandbox) => {
    const p = compose(sources);
    const got = await verdicts(p);
    for (const [call, want] of Object.entries(expected)) {
      if (typeof want === 'string') expect(got[call as Call], call).toBe(want);
      else expect(got[call as Call], call).toMatch(want);
    }
    if (sandbox.mode !== undefined) expect(p.sandbox.mode).toBe(sandbox.mode);
    if (sandbox.denyAllWrites !== undefined) expect(p.sandbox.fileRules.denyAllWrites).toBe(sandbox.denyAllWrites);
    if (sandbox.network !== undefined) expect(p.sandbox.network.allow).toEqual(sandbox.network);
    if (sandbox.notice !== undefined) expect(p.notices.join('\n')).toMatch(sandbox.notice);
    expect(p.narrowedBy).toHaveLength(sandbox.narrowed ?? 0);
    // Warden's own outputs are read-only to commands in every case.
    expect(p.sandbox.protectedPaths).toContain('out');
  });

  it('the local actions are protected in the policy (for tools) and in the sandbox (for commands)', () => {
    const action = { path: '.github/actions/build', anyDepth: false, reason: 'a local action the workflows run' };
    const p = compose({ policy: 'open', localActions: [action] });
    expect(p.policy?.protectedPaths).toContainEqual(action);
    expect(p.sandbox.protectedPaths).toEqual(expect.arrayContaining(['.github/actions/build', 'out']));
    // The loaded policy itself is not changed.
    expect(policies.open?.protectedPaths).not.toContainEqual(action);
  });
});
