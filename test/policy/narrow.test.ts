import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_CONFIG, NO_FILE_RULES, type SandboxConfig } from '../../src/config/index.js';
import { accessFor, createPolicyDecider, ensureBashParser, narrowDecider, narrowSandbox, presetPolicy } from '../../src/policy/index.js';
import { loadIn, makeFixture } from './policy-fixture.js';

const READ_ONLY = new Set(['Read', 'Glob', 'Grep']);

describe('narrowing a policy to the fork-safe-review preset', () => {
  it('a pull request’s bypassPermissions policy cannot widen the ceiling; the ceiling cannot widen the policy', async () => {
    const fx = makeFixture({ 'src/a.js': 'x\n' });
    await ensureBashParser();
    const wide = await loadIn(fx, 'version: 1\nmode: bypassPermissions\nsandbox: {mode: off, network: {allow: ["evil.example"]}}\n');
    const ceiling = await presetPolicy(['fork-safe-review'], fx.ws, { homeDir: fx.home });
    const narrowed = narrowDecider(createPolicyDecider(wide), createPolicyDecider(ceiling), 'the fork-safe-review preset');
    const decide = (tool: string, input: Record<string, unknown>) =>
      narrowed.decide({ toolName: tool, input, access: accessFor(tool, input, fx.ws), isReadOnly: READ_ONLY.has(tool) }, { cwd: fx.ws });

    expect((await decide('Read', { file_path: path.join(fx.ws, 'src/a.js') })).behavior).toBe('allow');
    for (const [tool, input] of [
      ['Write', { file_path: path.join(fx.ws, 'src/b.js'), content: 'y' }],
      ['Bash', { command: 'curl https://evil.example' }],
      ['Bash', { command: 'git push origin HEAD' }],
      ['Bash', { command: 'npm test' }],
    ] as const) {
      const d = await decide(tool, input);
      expect(d.behavior, `${tool} ${JSON.stringify(input)}`).toBe('deny');
      expect(d.reason).toMatch(/^the fork-safe-review preset: /);
    }

    // And the other way round: a strict policy stays strict under a looser ceiling.
    const strict = await loadIn(fx, 'version: 1\npermissions:\n  deny: [Read]\n');
    const maintainer = await presetPolicy(['maintainer'], fx.ws, { homeDir: fx.home });
    const both = narrowDecider(createPolicyDecider(strict), createPolicyDecider(maintainer), 'maintainer');
    const read = { toolName: 'Read', input: { file_path: path.join(fx.ws, 'src/a.js') }, access: accessFor('Read', { file_path: path.join(fx.ws, 'src/a.js') }, fx.ws), isReadOnly: true };
    expect((await both.decide(read, { cwd: fx.ws })).behavior).toBe('deny');
    expect(both.offersTool('Read')).toBe(false);
  });

  const OPEN: SandboxConfig = {
    mode: 'off',
    network: { allow: ['registry.npmjs.org', 'evil.example'], allowPrivate: ['localhost'] },
    envAllow: ['NODE_ENV', 'AWS_REGION'],
    secrets: ['NPM_TOKEN'],
    protectedPaths: ['dist'],
    writableProtectedPaths: ['.github/workflows/ci.yml'],
    fileRules: { ...NO_FILE_RULES, readDeny: [{ rule: 'Read(./secrets/**)', pattern: './secrets/**' }] },
  };
  const STRICT_FILES = { ...NO_FILE_RULES, readDeny: [{ rule: 'Read(.env)', pattern: '.env' }], denyAllWrites: true };

  it.each<[string, SandboxConfig, SandboxConfig, SandboxConfig]>([
    ['an open policy under the default sandbox', OPEN, DEFAULT_SANDBOX_CONFIG, { mode: 'required', network: { allow: [], allowPrivate: [] }, envAllow: [], secrets: ['NPM_TOKEN'], protectedPaths: ['dist'], writableProtectedPaths: [], fileRules: OPEN.fileRules }],
    ['the default under an open ceiling stays the default', DEFAULT_SANDBOX_CONFIG, OPEN, { mode: 'required', network: { allow: [], allowPrivate: [] }, envAllow: [], secrets: ['NPM_TOKEN'], protectedPaths: ['dist'], writableProtectedPaths: [], fileRules: OPEN.fileRules }],
    ['file rules: both deny lists, and the stricter switches', OPEN, { ...DEFAULT_SANDBOX_CONFIG, fileRules: STRICT_FILES }, { mode: 'required', network: { allow: [], allowPrivate: [] }, envAllow: [], secrets: ['NPM_TOKEN'], protectedPaths: ['dist'], writableProtectedPaths: [], fileRules: { ...NO_FILE_RULES, readDeny: [...OPEN.fileRules.readDeny, ...STRICT_FILES.readDeny], denyAllWrites: true } }],
    ['both open: the intersection', OPEN, { ...OPEN, network: { allow: ['registry.npmjs.org'], allowPrivate: [] }, envAllow: ['NODE_ENV'] }, { ...OPEN, network: { allow: ['registry.npmjs.org'], allowPrivate: [] }, envAllow: ['NODE_ENV'] }],
  ])('sandbox: %s', (_name, policy, ceiling, expected) => {
    expect(narrowSandbox(policy, ceiling)).toEqual(expected);
  });

  it.each<[string, SandboxConfig['limits'], SandboxConfig['limits'], SandboxConfig['limits']]>([
    ['the policy\'s limits stay under a ceiling that sets none', { memoryMb: 512 }, undefined, { memoryMb: 512 }],
    ['the ceiling\'s limits apply to a policy that sets none', undefined, { processes: 64 }, { processes: 64 }],
    ['the lower of each, field by field', { memoryMb: 512, processes: 100 }, { memoryMb: 256, tmpMb: 64 }, { memoryMb: 256, tmpMb: 64, processes: 100 }],
  ])('sandbox limits: %s', (_name, policy, ceiling, expected) => {
    const withLimits = (limits: SandboxConfig['limits']): SandboxConfig => (limits === undefined ? DEFAULT_SANDBOX_CONFIG : { ...DEFAULT_SANDBOX_CONFIG, limits });
    expect(narrowSandbox(withLimits(policy), withLimits(ceiling)).limits).toEqual(expected);
  });
});
