import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, loadPolicy, parsePolicy, PolicyError, PRESET_NAMES, presetPolicy, type PolicyIssue } from '../../src/policy/index.js';
import { makeFixture, rejectionOf, writeAt } from './policy-fixture.js';

const fx = makeFixture();
const FILE = path.join(fx.ws, '.github', 'warden.yml');

function issuesOf(yaml: string): Promise<PolicyIssue[]> {
  return rejectionOf(fx, FILE, yaml);
}

async function oneIssue(yaml: string): Promise<string> {
  const issues = await issuesOf(yaml);
  expect(issues).toHaveLength(1);
  return formatIssue(issues[0] as PolicyIssue);
}

describe('policy loading: errors name file:line:column and what was expected', () => {
  it.each([
    ['YAML syntax error', 'version: 1\npermissions:\n  allow: ["Read"\n', /warden\.yml:4:1: YAML syntax: .*/],
    ['duplicate key', 'version: 1\nmode: plan\nmode: dontAsk\n', /warden\.yml:3:1: YAML syntax: Map keys must be unique/],
    ['wrong version', 'version: 2\n', /warden\.yml:1:10: version: got number 2; expected 1/],
    ['missing version', 'mode: plan\n', /warden\.yml:1:1: version: missing; expected "version: 1"/],
    ['bad mode', 'version: 1\nmode: yolo\n', /warden\.yml:2:7: mode: got string "yolo"; expected one of "default", "acceptEdits", "plan", "dontAsk", "bypassPermissions"/],
    ['unknown top-level key', 'version: 1\npermisions: {}\n', /warden\.yml:2:1: unknown key "permisions"; expected one of: version, mode, extends, permissions, sandbox/],
    ['unknown nested key', 'version: 1\nsandbox:\n  network:\n    allowed: []\n', /warden\.yml:4:5: unknown key "allowed" under sandbox\.network; expected one of: allow, allow_private/],
    ['unknown key in a rule object', 'version: 1\npermissions:\n  deny:\n    - { rule: "Read(.env)", reasn: "x" }\n', /warden\.yml:4:29: unknown key "reasn" under permissions\.deny\[0\]; expected one of: rule, reason, examples/],
    ['rule of the wrong type', 'version: 1\npermissions:\n  allow: [42]\n', /warden\.yml:3:11: permissions\.allow\[0\]: got number 42; expected a rule string/],
    ['unknown preset', 'version: 1\nextends: [strict]\n', /warden\.yml:2:11: extends\[0\]: got string "strict"; expected one of "read-only-review"/],
    ['not a mapping', '- a\n', /warden\.yml:1:1: expected a mapping starting with "version: 1"/],
    ['alias bomb', `version: 1\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${Array(10).fill('*a').join(', ')}]\nc: &c [${Array(10).fill('*b').join(', ')}]\nd: [${Array(10).fill('*c').join(', ')}]\n`, /warden\.yml:1:1: YAML: .*alias/i],
  ])('%s', async (_name, yaml, expected) => {
    expect(await oneIssue(yaml)).toMatch(expected);
  });

  it.each([
    ['unbalanced parenthesis', 'version: 1\npermissions:\n  allow: ["Bash(npm test"]\n', /warden\.yml:3:25: rule "Bash\(npm test": expected '\)' at the end/],
    ['unknown tool', 'version: 1\npermissions:\n  deny:\n    - Reed(.env)\n', /warden\.yml:4:7: rule "Reed\(\.env\)": unknown tool "Reed"; expected one of Read, /],
    ['specifier on a tool without one', 'version: 1\npermissions:\n  allow: ["Write(src/**)"]\n', /warden\.yml:3:12: rule "Write\(src\/\*\*\)": Write takes no specifier; path rules are written Edit\(\.\.\.\)/],
    ['bad glob', 'version: 1\npermissions:\n  allow: ["Edit(src/a**b/x)"]\n', /warden\.yml:3:22: rule "Edit\(src\/a\*\*b\/x\)": "\*\*" must be a whole path component/],
    ['unterminated class', 'version: 1\npermissions:\n  allow:\n    - Read(docs/[ab)\n', /warden\.yml:4:17: rule "Read\(docs\/\[ab\)": unterminated "\["/],
    ['WebFetch without domain:', 'version: 1\npermissions:\n  allow: ["WebFetch(example.com)"]\n', /warden\.yml:3:21: .*WebFetch rules take "domain:<host>"/],
    ['partial-label host wildcard', 'version: 1\npermissions:\n  allow: ["WebFetch(domain:ex*.com)"]\n', /warden\.yml:3:30: .*a "\*" must be a whole label/],
    ['parameter rule', 'version: 1\npermissions:\n  deny: ["Bash(run_in_background:true)"]\n', /warden\.yml:3:16: .*parameter rules \(param:value\) are not supported/],
    ['malformed MCP rule', 'version: 1\npermissions:\n  deny: ["mcp__github__x(y)"]\n', /warden\.yml:3:25: .*MCP rules take no specifier/],
    ['bad sandbox host', 'version: 1\nsandbox:\n  network:\n    allow: ["registry.*npm.org"]\n', /warden\.yml:4:23: sandbox\.network\.allow: "registry\.\*npm\.org": a "\*" must be a whole label/],
    ['protected path with ..', 'version: 1\nsandbox:\n  protected_paths: ["../x"]\n', /warden\.yml:3:21: sandbox\.protected_paths: "\.\.\/x" must not contain "\." or "\.\." components/],
    ['subagent given Agent', 'version: 1\nagents:\n  r:\n    description: d\n    prompt: p\n    tools: [Read, Agent]\n', /warden\.yml:6:19: agents\.r\.tools: "Agent": a subagent cannot start agents/],
    ['subagent given an unknown tool', 'version: 1\nagents:\n  r:\n    description: d\n    prompt: p\n    tools: [Reed]\n', /warden\.yml:6:13: agents\.r\.tools: "Reed" is not a tool; expected one of Read, /],
    ['subagent without a prompt', 'version: 1\nagents:\n  r:\n    description: d\n', /warden\.yml:4:5: agents\.r\.prompt: missing/],
    ['unknown key in a subagent', 'version: 1\nagents:\n  r:\n    description: d\n    prompt: p\n    maxTurns: 3\n', /warden\.yml:6:5: unknown key "maxTurns" under agents\.r; expected one of: description, prompt, tools, max_turns/],
    ['bad agent name', 'version: 1\nagents:\n  "a b":\n    description: d\n    prompt: p\n', /agents.*an agent name is letters, digits, - and _/],
    ['Agent rule with a bad type', 'version: 1\npermissions:\n  deny: ["Agent(a b)"]\n', /warden\.yml:3:17: rule "Agent\(a b\)": expected an agent type/],
  ])('rejects a %s with its position', async (_name, yaml, expected) => {
    expect(await oneIssue(yaml)).toMatch(expected);
  });

  it('reports every problem at once, in file order', async () => {
    const issues = await issuesOf('version: 1\nmode: nope\npermissions:\n  allow: ["Bash(", "Read"]\n  deny: ["Nope"]\n');
    // A schema error does not hide the rules' own errors: all of them, in file order.
    expect(issues.map((i) => `${i.line}:${i.column}`)).toEqual(['2:7', '4:17', '5:11']);
    // An empty rule is the schema's to report, once.
    expect((await issuesOf('version: 1\nmode: nope\npermissions:\n  allow: [""]\n')).map((i) => i.line)).toEqual([2, 4]);
    const later = await issuesOf('version: 1\npermissions:\n  allow: ["Bash(", "Read"]\n  deny: ["Nope"]\n');
    expect(later.map((i) => `${i.line}:${i.column}`)).toEqual(['3:17', '4:11']);
  });

  it('fails a rule whose example does not hold, at the example', async () => {
    const yaml = [
      'version: 1',
      'permissions:',
      '  deny:',
      '    - rule: "Read(.env)"',
      '      reason: secrets stay out of the model\'s context',
      '      examples:',
      '        match: [".env", "packages/a/.env", "config/.env.local"]',
      '        not_match: ["src/a.ts", ".env"]',
    ].join('\n');
    const issues = (await issuesOf(yaml)).map(formatIssue);
    expect(issues).toEqual([
      expect.stringMatching(/warden\.yml:7:44: `Read\(\.env\)` should deny example "config\/\.env\.local" \(examples\.match\), but does not/),
      expect.stringMatching(/warden\.yml:8:33: `Read\(\.env\)` should not deny example "\.env" \(examples\.not_match\), but does/),
    ]);
  });

  it('accepts examples that hold for path, domain and MCP rules', async () => {
    const yaml = [
      'version: 1',
      'permissions:',
      '  allow:',
      '    - { rule: "Edit(src/**)", examples: { match: ["src/a.ts", "src/deep/b.ts"], not_match: ["test/a.ts", "lib/src/a.ts"] } }',
      '    - { rule: "WebFetch(domain:*.example.com)", examples: { match: ["https://a.example.com/x", "b.c.example.com"], not_match: ["example.com", "evil-example.com", "example.com.evil.io"] } }',
      '    - { rule: "mcp__github__get_*", examples: { match: ["mcp__github__get_issue"], not_match: ["mcp__github__create_issue", "mcp__gitlab__get_issue"] } }',
      '  deny:',
      '    - { rule: "Edit(.github/**)", examples: { match: [".github/x.yml", "sub/.github/y.yml"] } }',
    ].join('\n');
    const policy = await parsePolicy(yaml, FILE, { homeDir: fx.home });
    expect(policy.rules.allow).toHaveLength(3);
  });

  it('names a missing file', async () => {
    await expect(loadPolicy(path.join(fx.ws, 'nope.yml'), { homeDir: fx.home })).rejects.toThrow(/nope\.yml: policy file not found/);
  });

  it('PolicyError carries exit code 2', async () => {
    const error = await parsePolicy('version: 3\n', FILE, { homeDir: fx.home }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyError);
    expect((error as PolicyError).exitCode).toBe(2);
  });
});

describe('policy loading: the loaded shape', () => {
  it('reads the named subagents in written order', async () => {
    const policy = await parsePolicy('version: 1\nagents:\n  reviewer:\n    description: Reviews.\n    prompt: Review it.\n    tools: [Read, Grep]\n    max_turns: 5\n  fixer:\n    description: Fixes.\n    prompt: Fix it.\n', FILE, { homeDir: fx.home });
    expect(policy.agents).toEqual([
      { name: 'reviewer', description: 'Reviews.', prompt: 'Review it.', tools: ['Read', 'Grep'], maxTurns: 5 },
      { name: 'fixer', description: 'Fixes.', prompt: 'Fix it.', tools: undefined, maxTurns: undefined },
    ]);
  });

  it('anchors /path rules at the repository root for .github/warden.yml, and applies defaults', async () => {
    const policy = await parsePolicy('version: 1\n', FILE, { homeDir: fx.home });
    expect(policy.root).toBe(fx.ws);
    expect(policy.homeDir).toBe(fx.home);
    expect(policy.mode).toBe('dontAsk');
    expect(policy.sandbox).toEqual({
      mode: 'required',
      network: { allow: [], allowPrivate: [] },
      envAllow: [],
      secrets: [],
      protectedPaths: [],
      writableProtectedPaths: [],
      // No rule can allow a write (dontAsk, no Edit or Bash allow rule): the workspace is read-only to commands.
      fileRules: { root: fx.ws, home: fx.home, readDeny: [], writeDeny: [], denyAllReads: false, denyAllWrites: true },
    });
    expect(policy.protectedPaths.some((p) => p.path === '.github/warden.yml')).toBe(true);
  });

  it('maps the sandbox section and lists writable protected paths named by allow rules', async () => {
    const yaml = [
      'version: 1',
      'permissions:',
      '  allow: ["Edit(/.github/workflows/**)", "Edit(.github/**)", "Edit(.npmrc)", "Edit(src/**)"]',
      'sandbox:',
      '  mode: required',
      '  network: { allow: ["registry.npmjs.org", "*.pythonhosted.org"], allow_private: ["localhost"] }',
      '  env: { allow: ["CI"], secrets: ["MY_TOKEN"] }',
      '  protected_paths: ["deploy/", "scripts/release.sh"]',
    ].join('\n');
    const policy = await parsePolicy(yaml, FILE, { homeDir: fx.home });
    expect(policy.sandbox).toEqual({
      mode: 'required',
      network: { allow: ['registry.npmjs.org', '*.pythonhosted.org'], allowPrivate: ['localhost'] },
      envAllow: ['CI'],
      secrets: ['MY_TOKEN'],
      protectedPaths: ['deploy/', 'scripts/release.sh'],
      writableProtectedPaths: ['.github/', '.github/workflows/', '.npmrc'],
      fileRules: { root: fx.ws, home: fx.home, readDeny: [], writeDeny: [], denyAllReads: false, denyAllWrites: false },
    });
    expect(policy.protectedPaths.filter((p) => !p.anyDepth).map((p) => p.path)).toEqual(
      expect.arrayContaining(['.github/workflows', '.github/warden.yml', 'deploy', 'scripts/release.sh']),
    );
  });

  it('adds a policy file kept elsewhere in the workspace to the protected paths', async () => {
    const file = path.join(fx.ws, 'ci', 'policy.yml');
    writeAt(file, 'version: 1\n');
    const policy = await loadPolicy(file, { homeDir: fx.home, root: fx.ws });
    expect(policy.root).toBe(fx.ws);
    expect(policy.sandbox.protectedPaths).toEqual(['ci/policy.yml']);
    expect(policy.protectedPaths.some((p) => p.path === 'ci/policy.yml')).toBe(true);
  });

  it('records where each rule came from', async () => {
    const policy = await parsePolicy('version: 1\nextends: [maintainer]\npermissions:\n  allow:\n    - "Edit(src/**)"\n', FILE, { homeDir: fx.home });
    const edit = policy.rules.allow.find((r) => r.text === 'Edit(src/**)');
    expect(edit?.source).toBe(`${FILE}:5:7`);
    expect(policy.rules.deny.map((r) => [r.text, r.source])).toEqual([['Bash(git push *)', 'preset:maintainer']]);
  });
});

describe('policy loading: presets via extends', () => {
  it.each(PRESET_NAMES)('preset %s loads on its own', async (name) => {
    const policy = await presetPolicy([name], fx.ws, { homeDir: fx.home });
    expect(policy.rules.allow.length + policy.rules.deny.length).toBeGreaterThan(0);
  });

  it('merges preset rules first, then the file\'s; the file\'s mode wins', async () => {
    const policy = await parsePolicy(
      'version: 1\nmode: dontAsk\nextends: [read-only-review]\npermissions:\n  allow: ["Edit(src/**)"]\n  deny: ["Bash(git push *)"]\n',
      FILE,
      { homeDir: fx.home },
    );
    expect(policy.mode).toBe('dontAsk');
    expect(policy.presets).toEqual(['read-only-review']);
    expect(policy.rules.allow.map((r) => r.text)).toEqual(['Read', 'Glob', 'Grep', 'Edit(src/**)']);
    expect(policy.rules.deny.map((r) => r.text)).toContain('Bash(git push *)');
    expect(policy.rules.deny.map((r) => r.text)).toContain('Read(.env)');
  });

  it('takes the mode of the last preset that sets one when the file sets none', async () => {
    expect((await parsePolicy('version: 1\nextends: [maintainer]\n', FILE, { homeDir: fx.home })).mode).toBe('acceptEdits');
    expect((await parsePolicy('version: 1\nextends: [maintainer, read-only-review]\n', FILE, { homeDir: fx.home })).mode).toBe('plan');
  });

  it('fork-safe-review denies the network, gh and environment dumps', async () => {
    const policy = await presetPolicy(['fork-safe-review'], fx.ws, { homeDir: fx.home });
    const deny = policy.rules.deny.map((r) => r.text);
    expect(deny).toEqual(expect.arrayContaining(['WebFetch', 'Bash(curl *)', 'Bash(gh *)', 'Bash(env)', 'Bash(printenv *)']));
    expect(policy.mode).toBe('plan');
  });

  it('maintainer allows tests and local git, denies git push', async () => {
    const policy = await presetPolicy(['maintainer'], fx.ws, { homeDir: fx.home });
    expect(policy.mode).toBe('acceptEdits');
    expect(policy.rules.allow.map((r) => r.text)).toEqual(expect.arrayContaining(['Bash(npm test *)', 'Bash(npm run *)', 'Bash(git add *)', 'Bash(git commit *)', 'Bash(git diff *)', 'Bash(git status *)']));
    expect(policy.rules.deny.map((r) => r.text)).toEqual(['Bash(git push *)']);
  });
});
