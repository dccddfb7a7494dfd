/**
 * The rule semantics, as a spec: each row is a policy, one tool call and the expected verdict.
 * Workspace layout (ws/), with home/ and outside/ beside it:
 *   src/a.ts  src/deep/b.ts  docs/readme.md  .env  packages/a/.env  .git/config  .github/workflows/ci.yml
 *   link-out -> ../outside (a directory symlink escaping the workspace)
 *   link-in  -> src        (a directory symlink inside it)
 *   dangling -> ../outside/planted (a symlink to a file that does not exist yet)
 *   envlink  -> .env
 *   link-deep -> src/deep  (its `..` is src to the kernel, the workspace root to the text)
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPathJudge, createPolicyDecider, type EvaluatedDecision } from '../../src/policy/index.js';
import { decide, link, makeFixture, policyOf, writeAt } from './policy-fixture.js';

const fx = makeFixture({
  'src/a.ts': 'a',
  'src/deep/b.ts': 'b',
  'docs/readme.md': 'docs',
  '.env': 'TOKEN=1',
  'packages/a/.env': 'TOKEN=2',
  '.git/config': '[core]',
  '.github/workflows/ci.yml': 'on: push',
});
writeAt(path.join(fx.outside, 'secret.txt'), 'secret');
writeAt(path.join(fx.home, 'notes.md'), 'notes');
writeAt(path.join(fx.home, '.ssh', 'id_rsa'), 'key');
link('../outside', path.join(fx.ws, 'link-out'));
link('src', path.join(fx.ws, 'link-in'));
link('../outside/planted', path.join(fx.ws, 'dangling'));
link('.env', path.join(fx.ws, 'envlink'));
link('src/deep', path.join(fx.ws, 'link-deep'));

interface Row {
  /** What the row shows. */
  spec: string;
  mode?: string;
  allow?: string[];
  deny?: string[];
  ask?: string[];
  tool: string;
  input: Record<string, string>;
  expect: 'allow' | 'deny';
  /** The rule the decision names (null: a built-in default). Omitted: not checked. */
  rule?: string | null;
  reason?: RegExp;
}

// <ws>, <out> and <home> stand for the fixture's directories.
const fill = (s: string): string => s.replaceAll('<ws>', fx.ws).replaceAll('<out>', fx.outside).replaceAll('<home>', fx.home);

const read = (file_path: string): Pick<Row, 'tool' | 'input'> => ({ tool: 'Read', input: { file_path } });
const edit = (file_path: string): Pick<Row, 'tool' | 'input'> => ({ tool: 'Edit', input: { file_path } });
const write = (file_path: string): Pick<Row, 'tool' | 'input'> => ({ tool: 'Write', input: { file_path } });
const fetch = (url: string): Pick<Row, 'tool' | 'input'> => ({ tool: 'WebFetch', input: { url } });
const mcp = (name: string): Pick<Row, 'tool' | 'input'> => ({ tool: name, input: {} });

const ROWS: Row[] = [
  // Tool names
  { spec: 'an unknown tool is denied (fail closed)', ...mcp('Frobnicate'), expect: 'deny', rule: null, reason: /Frobnicate is not a tool this policy knows/ },
  { spec: 'an unknown tool is denied even in bypassPermissions', mode: 'bypassPermissions', ...mcp('Frobnicate'), expect: 'deny' },
  { spec: 'a bare tool name matches every use of the tool', allow: ['Read'], ...read('src/a.ts'), expect: 'allow', rule: 'Read' },
  { spec: 'a bare deny on one write tool leaves the others', mode: 'acceptEdits', deny: ['Write'], ...edit('src/a.ts'), expect: 'allow' },
  { spec: 'a bare deny on one write tool denies it', mode: 'acceptEdits', deny: ['Write'], ...write('src/a.ts'), expect: 'deny', rule: 'Write', reason: /denied by deny rule `Write`/ },
  { spec: 'a bare Edit deny covers every write tool', mode: 'acceptEdits', deny: ['Edit'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit' },

  // Workspace confinement
  { spec: 'reads inside the workspace are allowed by default', ...read('src/a.ts'), expect: 'allow', rule: null, reason: /inside the workspace/ },
  { spec: 'reads outside the workspace are denied by default', ...read('<out>/secret.txt'), expect: 'deny', rule: null, reason: /outside the workspace .*Read\(\/\/.*outside\/secret\.txt\)/ },
  { spec: 'a bare Read allow covers only the workspace', allow: ['Read'], ...read('<out>/secret.txt'), expect: 'deny', rule: null },
  { spec: '`//path` is absolute: it can allow a read outside', allow: ['Read(/<out>/**)'], ...read('<out>/secret.txt'), expect: 'allow', rule: 'Read(/<out>/**)' },
  { spec: 'writes outside the workspace are denied even in acceptEdits', mode: 'acceptEdits', ...write('<out>/new.txt'), expect: 'deny', reason: /outside the workspace/ },
  { spec: 'writes outside the workspace are denied even in bypassPermissions', mode: 'bypassPermissions', ...write('<out>/new.txt'), expect: 'deny' },
  { spec: 'an allow rule naming a path outside permits the write', allow: ['Edit(/<out>/**)'], ...write('<out>/new.txt'), expect: 'allow', rule: 'Edit(/<out>/**)' },

  // Anchors
  { spec: '`~/path` is under the home directory', allow: ['Read(~/notes.md)'], ...read('<home>/notes.md'), expect: 'allow', rule: 'Read(~/notes.md)' },
  { spec: 'tools resolve `~/x` against the cwd (no shell expansion), so it names a workspace file', allow: ['Read(~/notes.md)'], ...read('~/notes.md'), expect: 'allow', rule: null },
  { spec: 'a `~/` deny beats a broad `//` allow', allow: ['Read(//**)'], deny: ['Read(~/.ssh/**)'], ...read('<home>/.ssh/id_rsa'), expect: 'deny', rule: 'Read(~/.ssh/**)' },
  { spec: '`/path` is relative to the policy root (the repository)', deny: ['Read(/docs/**)'], ...read('docs/readme.md'), expect: 'deny', rule: 'Read(/docs/**)' },
  { spec: '`/path` is anchored: it does not match deeper', allow: ['Edit(/src/**)'], ...write('packages/src/x.ts'), expect: 'deny', rule: null },
  { spec: '`/path` allow matches under the root', allow: ['Edit(/src/**)'], ...write('src/a.ts'), expect: 'allow', rule: 'Edit(/src/**)' },
  { spec: '`./path` is relative to the cwd', allow: ['Edit(./src/**)'], ...write('src/new.ts'), expect: 'allow', rule: 'Edit(./src/**)' },

  // Globs
  { spec: 'a pattern without a slash matches at any depth', deny: ['Read(.env)'], ...read('packages/a/.env'), expect: 'deny', rule: 'Read(.env)' },
  { spec: 'a pattern without a slash matches the name exactly', deny: ['Read(.env)'], ...read('.env.example'), expect: 'allow', rule: null },
  { spec: '`*` stays within one component', allow: ['Edit(src/*.ts)'], ...write('src/deep/b.ts'), expect: 'deny', rule: null },
  { spec: '`*` matches within the component', allow: ['Edit(src/*.ts)'], ...write('src/a.ts'), expect: 'allow', rule: 'Edit(src/*.ts)' },
  { spec: '`**` spans components', allow: ['Edit(src/**/*.ts)'], ...write('src/deep/b.ts'), expect: 'allow', rule: 'Edit(src/**/*.ts)' },
  { spec: '`**` also matches zero components', allow: ['Edit(src/**/*.ts)'], ...write('src/a.ts'), expect: 'allow' },
  { spec: 'a directory pattern covers everything below it (gitignore)', deny: ['Read(docs)'], ...read('docs/readme.md'), expect: 'deny', rule: 'Read(docs)' },
  { spec: 'as a deny rule, `dir/**` matches that directory at any depth', mode: 'acceptEdits', deny: ['Edit(build/**)'], ...write('packages/a/build/x.js'), expect: 'deny', rule: 'Edit(build/**)' },
  { spec: 'as an allow rule, `dir/**` matches only under the cwd', allow: ['Edit(build/**)'], ...write('packages/a/build/x.js'), expect: 'deny', rule: null },

  // Symlinks and `..`
  { spec: 'a symlink escaping the workspace is judged by its target', ...read('link-out/secret.txt'), expect: 'deny', reason: /outside the workspace/ },
  { spec: 'an allow rule must match both the link and its target', allow: ['Edit(link-out/**)'], ...write('link-out/new.txt'), expect: 'deny' },
  { spec: 'a new file under a symlinked directory is judged by the real parent', mode: 'acceptEdits', ...write('link-out/sub/new.txt'), expect: 'deny', reason: /outside the workspace/ },
  { spec: 'a dangling symlink is judged by where the write would land', mode: 'acceptEdits', ...write('dangling'), expect: 'deny', reason: /outside the workspace/ },
  { spec: 'a deny rule fires on the symlink target', deny: ['Read(.env)'], ...read('envlink'), expect: 'deny', rule: 'Read(.env)' },
  { spec: 'a symlink inside the workspace reads normally', ...read('link-in/a.ts'), expect: 'allow', rule: null },
  { spec: 'an allow rule for the target alone does not cover the link', allow: ['Edit(src/**)'], ...write('link-in/a.ts'), expect: 'deny' },
  { spec: '`..` traversal out of the workspace is outside', ...read('src/../../outside/secret.txt'), expect: 'deny', reason: /outside the workspace/ },
  { spec: '`..` traversal is resolved before matching', allow: ['Edit(src/**)'], ...write('src/../docs/x.md'), expect: 'deny', rule: null },
  { spec: 'a deny rule sees through `..`', deny: ['Read(.env)'], ...read('src/../.env'), expect: 'deny', rule: 'Read(.env)' },
  // File tools open the path with `..` already resolved by text, so that is the path judged (Bash
  // paths are the kernel's: decider-bash.test.ts and the corpus's symlink-dotdot cases).
  { spec: 'a file tool resolves `..` by text and opens that path: link-deep/../.env is ./.env', deny: ['Read(/.env)'], ...read('link-deep/../.env'), expect: 'deny', rule: 'Read(/.env)' },
  { spec: 'a path that does not exist yet is judged by its nearest existing parent, symlinks resolved', mode: 'acceptEdits', deny: ['Edit(src/deep/new/**)'], ...write('link-deep/new/x.ts'), expect: 'deny', rule: 'Edit(src/deep/new/**)' },

  // Protected paths
  { spec: 'an existing protected path is never written by mode alone', mode: 'acceptEdits', ...write('.git/config'), expect: 'deny', rule: null, reason: /protected path \(\.git: / },
  { spec: 'a protected path that does not exist yet is protected', mode: 'acceptEdits', ...write('.husky/pre-commit'), expect: 'deny', reason: /protected/ },
  { spec: 'protected names match at any depth', mode: 'acceptEdits', ...write('vendor/lib/.git/hooks/post-checkout'), expect: 'deny', reason: /protected/ },
  { spec: 'protected names match case-insensitively', mode: 'acceptEdits', ...write('.GIT/hooks/pre-commit'), expect: 'deny', reason: /protected/ },
  { spec: 'CI workflows are protected', mode: 'acceptEdits', ...write('.github/workflows/ci.yml'), expect: 'deny', reason: /protected path \(\.github\/workflows/ },
  { spec: 'GitLab CI configuration is protected', mode: 'acceptEdits', ...write('.gitlab-ci.yml'), expect: 'deny', reason: /protected path \(\.gitlab-ci\.yml: / },
  { spec: 'GitLab CI templates are protected', mode: 'acceptEdits', ...write('.gitlab/ci/build.yml'), expect: 'deny', reason: /protected path \(\.gitlab: / },
  { spec: 'a Jenkinsfile is protected at any depth', mode: 'bypassPermissions', ...write('ci/Jenkinsfile'), expect: 'deny', reason: /protected path \(Jenkinsfile: / },
  { spec: 'other CI systems\' configuration is protected', mode: 'acceptEdits', ...write('.circleci/config.yml'), expect: 'deny', reason: /protected path \(\.circleci: / },
  { spec: 'the policy file is protected', mode: 'acceptEdits', ...write('.github/warden.yml'), expect: 'deny', reason: /protected/ },
  { spec: 'package-manager config is protected', mode: 'acceptEdits', ...write('packages/a/.npmrc'), expect: 'deny', reason: /protected/ },
  { spec: 'agent config is protected', mode: 'acceptEdits', ...write('.mcp.json'), expect: 'deny', reason: /protected/ },
  { spec: 'a broad allow rule does not name a protected path', allow: ['Edit(.github/**)'], ...write('.github/workflows/ci.yml'), expect: 'deny', reason: /protected/ },
  { spec: 'an allow rule naming the protected path explicitly permits it', allow: ['Edit(/.github/workflows/**)'], ...write('.github/workflows/ci.yml'), expect: 'allow', rule: 'Edit(/.github/workflows/**)' },
  { spec: 'bypassPermissions does not unlock protected paths', mode: 'bypassPermissions', ...write('.git/config'), expect: 'deny', reason: /protected/ },
  { spec: 'a protected path reached through `..` is still protected', allow: ['Edit(src/**)'], mode: 'acceptEdits', ...write('src/../.git/config'), expect: 'deny', reason: /protected/ },
  { spec: 'reading a protected path is fine', ...read('.git/config'), expect: 'allow' },

  // Modes
  { spec: 'dontAsk: a write needs an allow rule', mode: 'dontAsk', ...write('src/a.ts'), expect: 'deny', rule: null, reason: /no allow rule covers it/ },
  { spec: 'default behaves like dontAsk headless', mode: 'default', ...write('src/a.ts'), expect: 'deny', rule: null },
  { spec: 'dontAsk: an allow rule permits the write', mode: 'dontAsk', allow: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'allow', rule: 'Edit(src/**)' },
  { spec: 'acceptEdits: writes inside the workspace are allowed', mode: 'acceptEdits', ...write('src/a.ts'), expect: 'allow', rule: null, reason: /acceptEdits/ },
  { spec: 'acceptEdits: deny rules still apply', mode: 'acceptEdits', deny: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/**)' },
  { spec: 'plan: no writes, even with an allow rule', mode: 'plan', allow: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', reason: /plan mode/ },
  { spec: 'plan: reads are fine', mode: 'plan', ...read('src/a.ts'), expect: 'allow' },
  { spec: 'bypassPermissions: writes inside the workspace are allowed', mode: 'bypassPermissions', ...write('src/a.ts'), expect: 'allow', rule: null },
  { spec: 'bypassPermissions: deny rules still apply', mode: 'bypassPermissions', deny: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/**)' },
  { spec: 'bypassPermissions: ask rules still deny', mode: 'bypassPermissions', ask: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/**)' },

  // Precedence
  { spec: 'deny beats allow, whatever the specificity', allow: ['Edit(src/a.ts)'], deny: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/**)' },
  { spec: 'ask beats allow, and ask is a denial in CI', allow: ['Edit(src/a.ts)'], ask: ['Edit(src/**)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/**)', reason: /requires approval \(ask rule `Edit\(src\/\*\*\)`.*no human is present in CI/ },
  { spec: 'deny beats ask', ask: ['Edit(src/**)'], deny: ['Edit(src/a.ts)'], ...write('src/a.ts'), expect: 'deny', rule: 'Edit(src/a.ts)' },
  { spec: 'a Read deny also blocks writing the same path', mode: 'acceptEdits', deny: ['Read(secrets/**)'], ...write('secrets/new.txt'), expect: 'deny', rule: 'Read(secrets/**)' },
  { spec: 'Read rules cover Grep', deny: ['Read(docs/**)'], tool: 'Grep', input: { pattern: 'x', path: 'docs' }, expect: 'deny', rule: 'Read(docs/**)' },
  { spec: 'Read rules cover Glob', deny: ['Read(docs/**)'], tool: 'Glob', input: { pattern: '*.md', path: 'docs' }, expect: 'deny', rule: 'Read(docs/**)' },
  { spec: 'Glob defaults to the cwd', tool: 'Glob', input: { pattern: '**/*.ts' }, expect: 'allow' },
  // The search skips what it may not read, judging every file it opens (test/tools/grep-denied-beneath.test.ts);
  // `grep -r` in Bash cannot skip, and is judged on the whole tree (the corpus, X458 and X459).
  { spec: 'Grep over a directory holding a denied file is allowed, as in Claude Code: the search skips the file', deny: ['Read(.env)'], tool: 'Grep', input: { pattern: 'TOKEN', path: 'packages' }, expect: 'allow' },
  { spec: 'Grep over a directory without denied files is allowed', deny: ['Read(.env)'], tool: 'Grep', input: { pattern: 'x', path: 'src' }, expect: 'allow' },
  { spec: 'Grep of a denied file itself is denied', deny: ['Read(.env)'], tool: 'Grep', input: { pattern: 'x', path: 'packages/a/.env' }, expect: 'deny', rule: 'Read(.env)' },
  { spec: 'Grep of a symlink to a denied file is judged by its target', deny: ['Read(.env)'], tool: 'Grep', input: { pattern: 'x', path: 'envlink' }, expect: 'deny', rule: 'Read(.env)' },
  { spec: 'Grep of a directory an ask rule covers is denied (no human in CI)', ask: ['Read(docs/**)'], tool: 'Grep', input: { pattern: 'x', path: 'docs' }, expect: 'deny', rule: 'Read(docs/**)', reason: /requires approval/ },
  { spec: 'Glob only lists names, so a denied file beneath does not stop it', deny: ['Read(.env)'], tool: 'Glob', input: { pattern: '*', path: '.' }, expect: 'allow' },

  // WebFetch
  { spec: 'WebFetch needs an allow rule', ...fetch('https://example.com/'), expect: 'deny', rule: null, reason: /WebFetch\(domain:example\.com\)/ },
  { spec: '`*.host` matches a subdomain', allow: ['WebFetch(domain:*.example.com)'], ...fetch('https://a.example.com/x'), expect: 'allow', rule: 'WebFetch(domain:*.example.com)' },
  { spec: '`*.host` matches subdomains at any depth', allow: ['WebFetch(domain:*.example.com)'], ...fetch('https://a.b.example.com/x'), expect: 'allow' },
  { spec: '`*.host` does not match the apex', allow: ['WebFetch(domain:*.example.com)'], ...fetch('https://example.com/'), expect: 'deny' },
  { spec: '`*.host` stops at a label boundary', allow: ['WebFetch(domain:*.example.com)'], ...fetch('https://evil-example.com/'), expect: 'deny' },
  { spec: 'a host is matched whole, not as a prefix', allow: ['WebFetch(domain:example.com)'], ...fetch('https://example.com.evil.io/'), expect: 'deny' },
  { spec: 'hosts match case-insensitively, ignoring a trailing dot', allow: ['WebFetch(domain:example.com)'], ...fetch('https://EXAMPLE.com./x'), expect: 'allow' },
  { spec: 'userinfo does not fool the host match', allow: ['WebFetch(domain:example.com)'], ...fetch('https://example.com@evil.io/'), expect: 'deny' },
  { spec: 'a `*` label elsewhere matches one label', allow: ['WebFetch(domain:example.*)'], ...fetch('https://example.org/'), expect: 'allow' },
  { spec: 'a `*` label does not span labels', allow: ['WebFetch(domain:example.*)'], ...fetch('https://example.evil.com/'), expect: 'deny' },
  { spec: 'a bare WebFetch deny beats a domain allow', allow: ['WebFetch(domain:example.com)'], deny: ['WebFetch'], ...fetch('https://example.com/'), expect: 'deny', rule: 'WebFetch' },
  { spec: 'a domain deny beats a domain allow', allow: ['WebFetch(domain:*.example.com)'], deny: ['WebFetch(domain:evil.example.com)'], ...fetch('https://evil.example.com/'), expect: 'deny', rule: 'WebFetch(domain:evil.example.com)' },
  { spec: 'non-http URLs are denied', allow: ['WebFetch'], ...fetch('file:///etc/passwd'), expect: 'deny' },
  { spec: 'bypassPermissions: WebFetch is allowed unless denied', mode: 'bypassPermissions', ...fetch('https://example.com/'), expect: 'allow' },

  // MCP
  { spec: 'an MCP tool needs an allow rule', ...mcp('mcp__github__get_issue'), expect: 'deny', rule: null },
  { spec: '`mcp__server` allows every tool on the server', allow: ['mcp__github'], ...mcp('mcp__github__get_issue'), expect: 'allow', rule: 'mcp__github' },
  { spec: '`mcp__server__*` allows every tool on the server', allow: ['mcp__github__*'], ...mcp('mcp__github__create_issue'), expect: 'allow', rule: 'mcp__github__*' },
  { spec: '`mcp__server__tool` allows that tool', allow: ['mcp__github__get_issue'], ...mcp('mcp__github__get_issue'), expect: 'allow' },
  { spec: '`mcp__server__tool` allows only that tool', allow: ['mcp__github__get_issue'], ...mcp('mcp__github__create_issue'), expect: 'deny' },
  { spec: 'a server rule does not match another server', allow: ['mcp__github'], ...mcp('mcp__github2__get_issue'), expect: 'deny' },
  { spec: 'a tool wildcard matches a name prefix', allow: ['mcp__github__get_*'], ...mcp('mcp__github__get_pr'), expect: 'allow' },
  { spec: 'an MCP deny beats a server allow', allow: ['mcp__github'], deny: ['mcp__github__create_issue'], ...mcp('mcp__github__create_issue'), expect: 'deny', rule: 'mcp__github__create_issue' },
  { spec: 'plan: an MCP tool that is not read-only is denied', mode: 'plan', allow: ['mcp__github'], ...mcp('mcp__github__create_issue'), expect: 'deny', reason: /plan mode/ },
];

describe('rule semantics', () => {
  it.each(ROWS.map((r) => [r.spec, r] as const))('%s', async (_spec, row) => {
    const policy = await policyOf(fx, {
      ...(row.mode === undefined ? {} : { mode: row.mode }),
      allow: (row.allow ?? []).map(fill),
      deny: (row.deny ?? []).map(fill),
      ask: (row.ask ?? []).map(fill),
    });
    const input = Object.fromEntries(Object.entries(row.input).map(([k, v]) => [k, fill(v)]));
    const decision: EvaluatedDecision = await decide(policy, fx, row.tool, input);
    expect({ behavior: decision.behavior, reason: decision.reason }).toMatchObject({ behavior: row.expect });
    if (row.rule !== undefined) expect(decision.rule).toBe(row.rule === null ? null : fill(row.rule));
    if (row.reason !== undefined) expect(decision.reason).toMatch(row.reason);
  });
});

describe('which tools are offered to the model', () => {
  it.each([
    ['a bare deny hides the tool', { deny: ['WebFetch'] }, 'WebFetch', false],
    ['a scoped deny keeps it', { deny: ['WebFetch(domain:evil.com)'] }, 'WebFetch', true],
    ['a bare ask hides it too (ask is a denial in CI)', { ask: ['Bash'] }, 'Bash', false],
    ['a bare Edit deny hides every write tool', { deny: ['Edit'] }, 'Write', false],
    ['a bare Read deny hides the read tools', { deny: ['Read'] }, 'Grep', false],
    ['an MCP server deny hides its tools', { deny: ['mcp__github'] }, 'mcp__github__get_issue', false],
    ['an MCP tool deny hides only that tool', { deny: ['mcp__github__create_issue'] }, 'mcp__github__get_issue', true],
    ['unknown tools are not offered', {}, 'Frobnicate', false],
    ['known tools are offered', {}, 'Read', true],
  ] as const)('%s', async (_name, rules, tool, offered) => {
    const decider = createPolicyDecider(await policyOf(fx, rules));
    expect(decider.offersTool(tool)).toBe(offered);
  });
});

describe('the Decider seam', () => {
  it('decides asynchronously and names the policy', async () => {
    const policy = await policyOf(fx, { deny: ['Read(.env)'] });
    const decider = createPolicyDecider(policy);
    expect(decider.description).toMatch(/mode dontAsk/);
    const d = await decider.decide({ toolName: 'Read', input: {}, access: { kind: 'read', paths: [path.join(fx.ws, '.env')] }, isReadOnly: true }, { cwd: fx.ws });
    expect(d).toEqual({ behavior: 'deny', rule: 'Read(.env)', reason: expect.stringMatching(/denied by deny rule `Read\(\.env\)`/) as unknown });
  });

  it('the path judge (for Bash) expands `~`', async () => {
    const policy = await policyOf(fx, { allow: ['Read(~/notes.md)'] });
    expect(createPathJudge(policy, fx.ws)('read', '~/notes.md')).toMatchObject({ behavior: 'allow', rule: 'Read(~/notes.md)' });
    expect(createPathJudge(policy, fx.ws)('read', '~/.ssh/id_rsa')).toMatchObject({ behavior: 'deny', rule: null });
  });

  it('judges every path a tool declares (the link and its target)', async () => {
    const policy = await policyOf(fx, {});
    const decider = createPolicyDecider(policy);
    const paths = [path.join(fx.ws, 'link-out', 'secret.txt'), path.join(fx.outside, 'secret.txt')];
    const d = await decider.decide({ toolName: 'Read', input: {}, access: { kind: 'read', paths }, isReadOnly: true }, { cwd: fx.ws });
    expect(d.behavior).toBe('deny');
  });
});
