import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { convertClaudeSettings, EvalInputError, formatIssue, importClaudeSettings, parsePolicy, policyCheck, policyEval, policyExplain } from '../../src/policy/index.js';
import { makeFixture, writeAt } from './policy-fixture.js';

const fx = makeFixture({ 'src/a.ts': 'a', '.env': 'T=1' });

function policyFile(yaml: string, name = 'warden.yml'): string {
  const file = path.join(fx.ws, '.github', name);
  writeAt(file, yaml);
  return file;
}

describe('policyCheck', () => {
  it('passes a clean policy with no warnings', async () => {
    const file = policyFile('version: 1\npermissions:\n  allow: ["Edit(src/**)"]\n  deny: ["Read(.env)"]\n', 'clean.yml');
    expect(await policyCheck(file, { homeDir: fx.home, root: fx.ws })).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('returns every error with its position instead of throwing', async () => {
    const file = policyFile('version: 1\nmode: later\npermissions:\n  allow: ["Bash(npm test"]\n', 'broken.yml');
    const result = await policyCheck(file, { homeDir: fx.home, root: fx.ws });
    expect(result.ok).toBe(false);
    expect(result.errors.map(formatIssue)).toEqual([expect.stringMatching(/broken\.yml:2:7: mode: got string "later"/), expect.stringMatching(/broken\.yml:4:\d+: rule "Bash\(npm test": /)]);
  });

  it('warns about rules that can never apply', async () => {
    const file = policyFile(
      [
        'version: 1',
        'permissions:',
        '  allow:',
        '    - "Bash(git push origin *)"', // 4: shadowed by Bash(git push *)
        '    - "Edit(src/generated/**)"', // 5: shadowed by Edit(src/**)
        '    - "WebFetch(domain:docs.github.com)"', // 6: WebFetch denied outright
        '    - "Edit(src/generated/**)"', // 7: duplicate (and shadowed)
        '    - "Edit(docs/**)"', // 8: fine
        '    - "Read(~/.cache/**)"', // 9: fine
        '  deny:',
        '    - "Bash(git push *)"',
        '    - "Edit(src/**)"',
        '    - "WebFetch"',
        '    - "Read(//etc/**)"',
      ].join('\n'),
      'lint.yml',
    );
    const result = await policyCheck(file, { homeDir: fx.home, root: fx.ws });
    expect(result.ok).toBe(true);
    const warnings = result.warnings.map((w) => `${w.line}: ${w.message}`);
    expect(warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/^4: allow rule `Bash\(git push origin \*\)` can never apply: deny rule `Bash\(git push \*\)`/),
      expect.stringMatching(/^5: allow rule `Edit\(src\/generated\/\*\*\)` can never apply: deny rule `Edit\(src\/\*\*\)`/),
      expect.stringMatching(/^6: allow rule `WebFetch\(domain:docs\.github\.com\)` can never apply: the tool is denied outright by `WebFetch`/),
      expect.stringMatching(/^7: duplicate allow rule `Edit\(src\/generated\/\*\*\)` \(first at .*lint\.yml:5:7\)/),
    ]));
    expect(warnings.filter((w) => /^(8|9):/.test(w))).toEqual([]);
  });

  it('warns about allow rules the mode makes pointless, and about the sandbox being off', async () => {
    const file = policyFile('version: 1\nmode: plan\npermissions:\n  allow: ["Edit(src/**)"]\nsandbox:\n  mode: "off"\n', 'plan.yml');
    const result = await policyCheck(file, { homeDir: fx.home, root: fx.ws });
    expect(result.warnings.map((w) => w.message)).toEqual(expect.arrayContaining([
      expect.stringMatching(/never applies in plan mode/),
      expect.stringMatching(/sandbox\.mode is off/),
    ]));
  });
});

describe('policyEval: exactly what a run would decide', () => {
  const file = policyFile('version: 1\npermissions:\n  allow: ["Edit(src/**)", "WebFetch(domain:docs.github.com)"]\n  deny:\n    - { rule: "Read(.env)", reason: "secrets stay out of the model\'s context" }\n', 'eval.yml');
  const base = { policyFile: file, cwd: fx.ws, homeDir: fx.home, root: fx.ws };

  it.each([
    ['Read', { file_path: '.env' }, 'deny', 'Read(.env)', /secrets stay out of the model's context/],
    ['Read', { file_path: path.join(fx.ws, 'src/a.ts') }, 'allow', null, /inside the workspace/],
    ['Edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, 'allow', 'Edit(src/**)', /allowed by allow rule/],
    ['Write', { file_path: 'README.md', content: 'x' }, 'deny', null, /no allow rule covers it/],
    ['Grep', { pattern: 'TOKEN' }, 'allow', null, /inside the workspace/], // the search skips .env (it judges every file it opens)
    ['Grep', { pattern: 'TOKEN', path: '.env' }, 'deny', 'Read(.env)', /secrets stay out of the model's context/],
    ['Grep', { pattern: 'TOKEN', path: 'src' }, 'allow', null, /inside the workspace/],
    ['WebFetch', { url: 'https://docs.github.com/en', prompt: 'x' }, 'allow', 'WebFetch(domain:docs.github.com)', /allowed/],
    ['WebFetch', { url: 'https://evil.io/', prompt: 'x' }, 'deny', null, /WebFetch\(domain:evil\.io\)/],
  ] as const)('%s %j → %s', async (tool, input, decision, rule, reason) => {
    const result = await policyEval({ ...base, tool, input });
    expect(result).toEqual({ decision, rule, reason: expect.stringMatching(reason) as unknown, subcommands: [] });
  });

  it('rejects input without the field the tool needs', async () => {
    await expect(policyEval({ ...base, tool: 'Read', input: {} })).rejects.toBeInstanceOf(EvalInputError);
  });
});

describe('policyExplain', () => {
  it('lists every rule tried and why it matched or not, then the decision', async () => {
    const file = policyFile('version: 1\nextends: [read-only-review]\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)"]\n  deny: ["Edit(src/vendor/**)"]\n', 'explain.yml');
    const text = await policyExplain({ policyFile: file, cwd: fx.ws, homeDir: fx.home, root: fx.ws, tool: 'Write', input: { file_path: 'src/vendor/x.ts', content: '' } });
    expect(text).toMatch(/^Write write .*src\/vendor\/x\.ts\n/);
    expect(text).toMatch(/mode dontAsk, extends read-only-review/);
    expect(text).toMatch(/no {5}deny `Read\(\.env\)` \(preset:read-only-review\): does not match src\/vendor\/x\.ts/);
    expect(text).toMatch(/MATCH +deny `Edit\(src\/vendor\/\*\*\)` \(.*explain\.yml:6:10\): matches src\/vendor\/x\.ts/);
    expect(text).toMatch(/Decision: DENY by `Edit\(src\/vendor\/\*\*\)`/);
  });
});

describe('importClaudeSettings', () => {
  const settings = {
    permissions: {
      allow: ['Bash(npm run test:*)', 'Read', 'Write(docs/**)', 'mcp__github__get_issue', 'Agent(Explore)', 'KillShell'],
      deny: ['Read(./.env)', 'Bash(run_in_background:true)', 'WebFetch'],
      ask: ['Bash(git push *)'],
      defaultMode: 'acceptEdits',
      additionalDirectories: ['/opt/shared'],
    },
    sandbox: { network: { allowedDomains: ['registry.npmjs.org'] } },
  };

  it('converts rules, mode and network, warning about what does not carry over', async () => {
    const file = path.join(fx.base, 'settings.json');
    writeFileSync(file, JSON.stringify(settings));
    const { yaml, warnings } = await importClaudeSettings(file);
    expect(parse(yaml)).toEqual({
      version: 1,
      mode: 'acceptEdits',
      permissions: {
        allow: ['Bash(npm run test:*)', 'Read', 'Edit(docs/**)', 'mcp__github__get_issue', 'Agent(Explore)'],
        deny: ['Read(./.env)', 'WebFetch'],
        ask: ['Bash(git push *)'],
      },
      sandbox: { network: { allow: ['registry.npmjs.org'] } },
    });
    expect(warnings).toEqual([
      expect.stringMatching(/`Write\(docs\/\*\*\)`: .*converted to `Edit\(docs\/\*\*\)`/),
      expect.stringMatching(/`KillShell`: unknown tool "KillShell"/),
      expect.stringMatching(/`Bash\(run_in_background:true\)`: parameter rules are not supported/),
      expect.stringMatching(/ask rules deny in CI/),
      expect.stringMatching(/additionalDirectories "\/opt\/shared" is not supported/),
    ]);
    expect(yaml).toMatch(/^# warning: additionalDirectories/m);
    const policy = await parsePolicy(yaml, path.join(fx.ws, '.github', 'imported.yml'), { homeDir: fx.home });
    expect(policy.mode).toBe('acceptEdits');
  });

  it('maps modes with no headless meaning to dontAsk', () => {
    expect(convertClaudeSettings(JSON.stringify({ permissions: { defaultMode: 'auto' } })).yaml).toMatch(/mode: dontAsk/);
    expect(convertClaudeSettings(JSON.stringify({ permissions: { defaultMode: 'manual' } })).yaml).toMatch(/mode: default/);
  });

  it('rejects text that is not JSON', () => {
    expect(() => convertClaudeSettings('{', 'x.json')).toThrow(/x\.json: not valid JSON/);
  });
});
