/**
 * The decider's Bash path: Bash rules go to the analyser, filesystem effects come back through the
 * policy's path judge (Read/Edit rules, workspace, protected paths), recursive reads through the
 * tree judge. The analyser's own semantics are specified in test/policy/bash-*.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicyDecider, parsePolicy, PolicyError, policyEval, policyExplain } from '../../src/policy/index.js';
import { decide, link, makeFixture, policyOf, writeAt } from './policy-fixture.js';

const fx = makeFixture({ 'src/a.ts': 'a', '.env': 'TOKEN=1', 'docs/readme.md': 'd', '.git/hooks/.keep': '' });

const DEV = {
  allow: ['Bash(npm test *)', 'Bash(echo *)', 'Bash(git commit *)', 'Edit(src/**)'],
  deny: ['Bash(git push *)', 'Read(.env)'],
  ask: ['Bash(npm publish *)'],
};

interface Row {
  spec: string;
  mode?: string;
  /** `off`: the analyser is the only wall (with the sandbox on it leaves reads by names it cannot see to it: decider-bash-sandbox.test.ts). */
  sandbox?: 'off';
  command: string;
  expect: 'allow' | 'deny';
  rule?: string | null;
  reason?: RegExp;
}

const ROWS: Row[] = [
  { spec: 'an allow rule permits a matching command', command: 'npm test -- --run', expect: 'allow', rule: 'Bash(npm test *)' },
  { spec: 'every subcommand must be allowed', command: 'npm test && git push origin main', expect: 'deny', rule: 'Bash(git push *)' },
  { spec: 'a command no rule allows is denied', command: 'make deploy', expect: 'deny' },
  { spec: 'read-only built-ins run without a rule', command: 'ls -la src', expect: 'allow' },
  { spec: 'an ask rule is a denial in CI', command: 'npm publish --tag next', expect: 'deny', rule: 'Bash(npm publish *)', reason: /approval/ },
  { spec: 'a Read deny covers files read by shell commands', command: 'cat .env', expect: 'deny', rule: 'Read(.env)' },
  { spec: 'a recursive read over a denied file is denied (sandbox off)', sandbox: 'off', command: 'grep -r TOKEN .', expect: 'deny', rule: 'Read(.env)' },
  { spec: 'a recursive read of a clean directory is fine', command: 'grep -r TOKEN src', expect: 'allow' },
  { spec: 'a redirect is a write judged by Edit rules', command: 'echo x > src/out.txt', expect: 'allow' },
  { spec: 'a redirect no Edit rule covers is denied', command: 'echo x > docs/out.txt', expect: 'deny' },
  { spec: 'a redirect into a protected path is denied', mode: 'acceptEdits', command: 'echo x > .git/hooks/pre-commit', expect: 'deny', reason: /protected/ },
  { spec: 'a redirect outside the workspace is denied', mode: 'acceptEdits', command: `echo x > ${path.join(fx.outside, 'x')}`, expect: 'deny', reason: /outside the workspace/ },
  { spec: 'plan mode allows only read-only commands', mode: 'plan', command: 'npm test', expect: 'deny' },
  { spec: 'plan mode still runs read-only commands', mode: 'plan', command: 'git status', expect: 'allow' },
  { spec: 'bypassPermissions runs what no rule denies', mode: 'bypassPermissions', command: 'make deploy', expect: 'allow' },
  { spec: 'bypassPermissions keeps deny rules', mode: 'bypassPermissions', command: 'git push origin main', expect: 'deny', rule: 'Bash(git push *)' },
  { spec: 'unparsable input is denied', mode: 'bypassPermissions', command: 'echo "unterminated', expect: 'deny' },
  // Issue 8: the policy's own glob judge, and reads of names the analysis cannot see.
  { spec: 'a glob that could match a denied file is denied by that rule', command: 'cat .e*', expect: 'deny', rule: 'Read(.env)', reason: /pattern could match/ },
  { spec: 'dotglob makes `*` reach a denied dot-file', command: 'shopt -s dotglob; cat *', expect: 'deny', rule: 'Read(.env)' },
  { spec: 'a glob no deny rule meets is judged as written', command: 'cat src/*.ts', expect: 'allow' },
  { spec: 'a glob written into a protected directory is denied', mode: 'acceptEdits', command: 'touch .gi?/hooks/post-merge', expect: 'deny', reason: /protected path \.git/ },
  { spec: '$(<file) is a read of the file', command: 'echo "$(<.env)"', expect: 'deny', rule: 'Read(.env)' },
  { spec: 'file names from xargs input are refused under Read denies (sandbox off)', sandbox: 'off', command: 'echo src/a.ts | xargs cat', expect: 'deny', reason: /names the analysis cannot see/ },
  { spec: 'find -print0 | xargs -0 names are known to lie beneath the roots', command: 'find src -print0 | xargs -0 cat', expect: 'allow' },
  { spec: 'git content commands read their path operands', command: 'git log -p .env', expect: 'deny', rule: 'Read(.env)' },
  { spec: 'npm options that stand in for refused variables are refused', command: 'npm test --script-shell=./x.sh', expect: 'deny', reason: /NPM_CONFIG_SCRIPT_SHELL/ },
  { spec: 'cd then back out in an && chain stays in the workspace', command: 'cd src && ls && cd ..', expect: 'allow' },
];

describe('Bash through the decider', () => {
  it.each(ROWS.map((r) => [r.spec, r] as const))('%s', async (_spec, row) => {
    const policy = await policyOf(fx, { ...DEV, ...(row.mode === undefined ? {} : { mode: row.mode }), ...(row.sandbox === undefined ? {} : { sandbox: row.sandbox }) });
    const d = await decide(policy, fx, 'Bash', { command: row.command });
    expect({ behavior: d.behavior, reason: d.reason }).toMatchObject({ behavior: row.expect });
    if (row.rule !== undefined) expect(d.rule).toBe(row.rule);
    if (row.reason !== undefined) expect(d.reason).toMatch(row.reason);
  });

  it('without Read denies and with the sandbox off, unseen names need an explicit allow rule and are never read-only', async () => {
    const open = await policyOf(fx, { allow: ['Bash(cat *)'], sandbox: 'off' });
    expect(await decide(open, fx, 'Bash', { command: 'echo src/a.ts | xargs cat' })).toMatchObject({ behavior: 'allow' });
    const none = await policyOf(fx, { sandbox: 'off' });
    expect(await decide(none, fx, 'Bash', { command: 'echo src/a.ts | xargs cat' })).toMatchObject({ behavior: 'deny' });
    const plan = await policyOf(fx, { allow: ['Bash(cat *)'], mode: 'plan', sandbox: 'off' });
    expect(await decide(plan, fx, 'Bash', { command: 'echo src/a.ts | xargs cat' })).toMatchObject({ behavior: 'deny' });
  });

  it('a glob is judged on what it matches on disk too: a symlink to a denied file', async () => {
    const linked = makeFixture({ 'src/a.ts': 'a', '.env': 'TOKEN=1' });
    link(path.join(linked.ws, '.env'), path.join(linked.ws, 'src', 'b.ts'));
    const policy = await policyOf(linked, DEV);
    expect(await decide(policy, linked, 'Bash', { command: 'cat src/*.ts' })).toMatchObject({ behavior: 'deny', rule: 'Read(.env)' });
    expect(await decide(policy, linked, 'Bash', { command: 'cat src/a*' })).toMatchObject({ behavior: 'allow' });
  });

  it('a `..` is judged where the kernel takes it: after a symlink, the parent of its target; after a directory, as before', async () => {
    const linked = makeFixture({ 'src/a.ts': 'a', 'config/pub/p.json': '{}', 'config/prod.json': 'SECRET', 'docs/readme.md': 'd' });
    link('config/pub', path.join(linked.ws, 'lnk'));
    // The analyser's own judgement: with the sandbox on, `grep -r` would be left to it.
    const policy = await policyOf(linked, { allow: ['Read'], deny: ['Read(config/prod.json)'], sandbox: 'off' });
    for (const command of ['cat lnk/../prod.json', 'cd lnk && cat ../prod.json', 'set -P; cd lnk/.. && cat prod.json', 'grep -r SECRET lnk/..']) {
      expect(await decide(policy, linked, 'Bash', { command }), command).toMatchObject({ behavior: 'deny', rule: 'Read(config/prod.json)' });
    }
    for (const command of ['cat src/../docs/readme.md', 'cd src && cat ../docs/readme.md && cd .. && ls', 'cat lnk/p.json', 'cd lnk && cat p.json']) {
      expect(await decide(policy, linked, 'Bash', { command }), command).toMatchObject({ behavior: 'allow' });
    }
  });

  it('git after a cd or -C through a link that leaves the workspace is not read-only (its repository, hooks and config are elsewhere)', async () => {
    const linked = makeFixture({ 'src/a.ts': 'a' });
    link(linked.outside, path.join(linked.ws, 'out'));
    const policy = await policyOf(linked, { allow: ['Read', `Read(/${linked.base})`] });
    expect(await decide(policy, linked, 'Bash', { command: 'cd out && ls' })).toMatchObject({ behavior: 'allow' });
    for (const command of ['cd out && git status', 'git -C out status', 'git -c color.ui=never -C out log']) {
      const d = await decide(policy, linked, 'Bash', { command });
      expect(d, command).toMatchObject({ behavior: 'deny' });
      expect(d.reason).toMatch(/git is read-only only inside the workspace/);
    }
    expect(await decide(policy, linked, 'Bash', { command: 'git -C src status' })).toMatchObject({ behavior: 'allow' });
  });

  it('a bare Bash deny hides the tool and denies every command', async () => {
    const policy = await policyOf(fx, { deny: ['Bash'] });
    expect(createPolicyDecider(policy).offersTool('Bash')).toBe(false);
    expect(await decide(policy, fx, 'Bash', { command: 'ls' })).toMatchObject({ behavior: 'deny', rule: 'Bash' });
  });

  it('policyEval lists the subcommands', async () => {
    const file = path.join(fx.ws, '.github', 'bash-eval.yml');
    writeAt(file, `version: 1\npermissions:\n  allow: ${JSON.stringify(DEV.allow)}\n  deny: ${JSON.stringify(DEV.deny)}\n`);
    const result = await policyEval({ policyFile: file, cwd: fx.ws, homeDir: fx.home, root: fx.ws, tool: 'Bash', input: { command: 'npm test && git push origin main' } });
    expect(result.decision).toBe('deny');
    expect(result.rule).toBe('Bash(git push *)');
    expect(result.subcommands).toEqual([
      expect.objectContaining({ command: 'npm test', decision: 'allow' }),
      expect.objectContaining({ command: 'git push origin main', decision: 'deny', rule: 'Bash(git push *)' }),
    ]);
  });
});

describe('policyExplain for Bash', () => {
  it('shows the path judgments and the verdict on each subcommand', async () => {
    const file = path.join(fx.ws, '.github', 'bash-explain.yml');
    writeAt(file, `version: 1\npermissions:\n  allow: ${JSON.stringify(DEV.allow)}\n  deny: ${JSON.stringify(DEV.deny)}\n`);
    const text = await policyExplain({ policyFile: file, cwd: fx.ws, homeDir: fx.home, root: fx.ws, tool: 'Bash', input: { command: 'echo hi > docs/x.md; git push' } });
    expect(text).toMatch(/^Bash `echo hi > docs\/x\.md; git push`/);
    expect(text).toMatch(/no {5}allow `Edit\(src\/\*\*\)` .*: does not match docs\/x\.md/);
    expect(text).toMatch(/Decision: DENY/);
    expect(text).toMatch(/Subcommands:\n {2}- echo hi: deny[^\n]*\n {2}- git push: deny \(`Bash\(git push \*\)`\)/);
  });
});

describe('Bash rule examples', () => {
  const load = (rule: string, match: string[], notMatch: string[], behavior = 'deny'): Promise<unknown> =>
    parsePolicy(
      `version: 1\npermissions:\n  ${behavior}:\n    - rule: ${JSON.stringify(rule)}\n      examples:\n        match: ${JSON.stringify(match)}\n        not_match: ${JSON.stringify(notMatch)}\n`,
      path.join(fx.ws, '.github', 'warden.yml'),
      { homeDir: fx.home },
    );

  it('accepts examples that hold', async () => {
    await expect(load('Bash(git push *)', ['git push', 'git push origin main', 'ls && git push'], ['git status', 'git pushy'])).resolves.toBeDefined();
    await expect(load('Bash(npm test *)', ['npm test', 'npm test -- --run'], ['npm test && curl evil.io', 'ls'], 'allow')).resolves.toBeDefined();
  });

  it('rejects an example that does not hold, at the example', async () => {
    const error = await load('Bash(git push *)', ['git status'], []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyError);
    expect((error as PolicyError).message).toMatch(/warden\.yml:6:17: `Bash\(git push \*\)` should deny example "git status"/);
  });
});
