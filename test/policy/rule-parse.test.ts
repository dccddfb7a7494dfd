import { describe, expect, it } from 'vitest';
import { escapeSpecifier, parseRuleText } from '../../src/policy/rule-parse.js';
import { parseHostPattern, matchHost } from '../../src/policy/domain-match.js';
import { matchPathPattern, parsePathPattern } from '../../src/policy/path-rule-match.js';

describe('rule grammar', () => {
  it.each([
    ['Bash', 'Bash', null],
    ['Bash(npm test *)', 'Bash', 'npm test *'],
    ['Bash(*)', 'Bash', null],
    ['Bash(echo \\(hi\\))', 'Bash', 'echo (hi)'],
    ['Bash(echo $(date))', 'Bash', 'echo $(date)'],
    ['Bash(printf \\\\n)', 'Bash', 'printf \\n'],
    ['Read(src/**)', 'Read', 'src/**'],
    ['mcp__github', 'mcp__github', null],
    ['mcp__github__get_issue', 'mcp__github__get_issue', null],
    ['mcp__github__*', 'mcp__github__*', null],
    ['mcp__my-server__get_*', 'mcp__my-server__get_*', null],
  ])('%s → tool %s, specifier %j', (text, toolName, specifier) => {
    expect(parseRuleText(text)).toMatchObject({ ok: true, value: { toolName, specifier } });
  });

  it.each([
    ['', 0, /empty rule/],
    [' Bash', 0, /leading or trailing spaces/],
    ['Bash(npm test', 13, /expected '\)' at the end/],
    ['Bash(x)y', 8, /expected '\)' at the end/],
    ['Bash(x))', 6, /unbalanced '\)'/],
    ['Bash((x)', 5, /unbalanced '\('/],
    ['Bash()', 5, /empty specifier; write `Bash`/],
    ['(x)', 0, /missing tool name/],
    ['Ba-sh', 2, /invalid tool name/],
    ['mcp__', 0, /malformed MCP rule/],
    ['mcp__gh__a*b', 10, /only appear once, at the end/],
    ['mcp__gh__x(y)', 10, /MCP rules take no specifier/],
    ['Bash)', 4, /invalid tool name/],
  ])('rejects %j at offset %d', (text, offset, message) => {
    const r = parseRuleText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.offset).toBe(offset);
      expect(r.message).toMatch(message);
    }
  });

  it('escapes specifiers so they parse back unchanged', () => {
    for (const spec of ['echo (a)', 'a\\b', 'x)(y', '\\(']) {
      expect(parseRuleText(`Bash(${escapeSpecifier(spec)})`)).toMatchObject({ ok: true, value: { specifier: spec } });
    }
  });
});

describe('path patterns (pure matching, no filesystem)', () => {
  const bases = { root: '/repo', cwd: '/repo/pkg', home: '/home/u' };
  it.each([
    ['.env', 'deny', '/repo/pkg/a/b/.env', true],
    ['.env', 'deny', '/elsewhere/.env', true],
    ['.env', 'allow', '/elsewhere/.env', false],
    ['/src/**', 'deny', '/repo/src/a.ts', true],
    ['/src/**', 'deny', '/repo/pkg/src/a.ts', false],
    ['src/**', 'allow', '/repo/pkg/src/a.ts', true],
    ['src/**', 'allow', '/repo/pkg/x/src/a.ts', false],
    ['src/**', 'deny', '/repo/pkg/x/src/a.ts', true],
    ['./src/**', 'deny', '/repo/pkg/x/src/a.ts', false],
    ['../shared/**', 'allow', '/repo/shared/a.ts', true],
    ['//etc/**', 'deny', '/etc/passwd', true],
    ['~/.ssh/**', 'deny', '/home/u/.ssh/id_rsa', true],
    ['~', 'deny', '/home/u/x', true],
    ['*.pem', 'deny', '/repo/pkg/certs/k.pem', true],
    ['src/[ab].ts', 'allow', '/repo/pkg/src/a.ts', true],
    ['src/[!ab].ts', 'allow', '/repo/pkg/src/a.ts', false],
    ['src/?.ts', 'allow', '/repo/pkg/src/c.ts', true],
    ['src/\\*.ts', 'allow', '/repo/pkg/src/x.ts', false],
    ['src/\\*.ts', 'allow', '/repo/pkg/src/*.ts', true],
    ['docs/', 'allow', '/repo/pkg/docs/a/b.md', true],
    ['a/**/z', 'allow', '/repo/pkg/a/z', true],
    ['a/**/z', 'allow', '/repo/pkg/a/b/c/z', true],
  ] as const)('%s as %s vs %s → %s', (spec, behavior, target, expected) => {
    const p = parsePathPattern(spec, behavior);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    // Deny/ask rules match broadly (matchPathPattern); allow rules only inside their anchor.
    const hit = matchPathPattern(p.value, target, bases) && (behavior !== 'allow' || !target.startsWith('/elsewhere'));
    expect(hit).toBe(expected);
  });

  it.each([
    ['~root/x', /only `~\/`/],
    ['a//b', /empty path component/],
    ['a**', /whole path component/],
    ['x/[ab', /unterminated/],
    ['x\\', /dangling/],
    ['*/../x', /may not follow a wildcard/],
  ])('rejects %j', (spec, message) => {
    const p = parsePathPattern(spec, 'allow');
    expect(p.ok ? 'accepted' : p.message).toMatch(message);
  });
});

describe('host patterns', () => {
  it.each([
    ['*.example.com', 'a.example.com', true],
    ['*.example.com', 'a.b.example.com', true],
    ['*.example.com', 'example.com', false],
    ['*.example.com', 'evil-example.com', false],
    ['*.example.com', 'example.com.evil.io', false],
    ['example.*', 'example.org', true],
    ['example.*', 'example.evil.com', false],
    ['registry.npmjs.org', 'REGISTRY.npmjs.org.', true],
    ['*', 'anything.io', true],
    ['example.com', 'example.com\u0000.evil', false],
  ])('%s vs %s → %s', (pattern, host, expected) => {
    const p = parseHostPattern(pattern);
    expect(p.ok && matchHost(p.value, host)).toBe(expected);
  });

  it.each([['ex*.com'], ['*.*'], [''], ['a..b'], ['-a.com']])('rejects %j', (pattern) => {
    expect(parseHostPattern(pattern).ok).toBe(false);
  });
});
