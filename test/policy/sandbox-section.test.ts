/** What the sandbox is handed from a policy's file rules: the Read and Edit denies as written, and when the whole workspace goes. */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parsePolicy } from '../../src/policy/index.js';
import { makeFixture } from './policy-fixture.js';

const fx = makeFixture();
const FILE = path.join(fx.ws, '.github', 'warden.yml');
const rulesOf = async (yaml: string) => (await parsePolicy(`version: 1\n${yaml}`, FILE, { homeDir: fx.home })).sandbox.fileRules;

describe('sandboxFileRules', () => {
  test("Read and Edit deny and ask rules, with the anchors they are relative to (a preset's too)", async () => {
    const r = await rulesOf('extends: [read-only-review]\nmode: dontAsk\npermissions:\n  deny: ["Read(./.env)", "Edit(dist/**)", "Bash(rm *)"]\n  ask: ["Read(~/.aws/**)", "Edit(//etc/x)"]\n  allow: ["Read(src/**)", "Edit(src/**)"]\n');
    expect(r.root).toBe(fx.ws);
    expect(r.home).toBe(fx.home);
    expect(r.readDeny).toEqual(expect.arrayContaining([{ rule: 'Read(./.env)', pattern: './.env' }, { rule: 'Read(~/.aws/**)', pattern: '~/.aws/**' }, { rule: 'Read(*.pem)', pattern: '*.pem' }]));
    expect(r.readDeny.some((x) => x.pattern === 'src/**')).toBe(false); // allow rules are not denies
    expect(r.writeDeny).toEqual([{ rule: 'Edit(dist/**)', pattern: 'dist/**' }, { rule: 'Edit(//etc/x)', pattern: '//etc/x' }]);
    expect([r.denyAllReads, r.denyAllWrites]).toEqual([false, false]);
  });
  const BASH = '  allow: ["Bash(npm test *)"]\n';
  const whole: Array<[string, string, boolean, boolean]> = [
    ['a bare Read deny hides the workspace', `permissions:\n  deny: ["Read"]\n${BASH}`, true, false],
    ['a bare Edit deny makes it read-only', `permissions:\n  deny: ["Edit"]\n${BASH}`, false, true],
    ['so does a bare Edit ask (ask is deny in CI)', `permissions:\n  ask: ["Edit"]\n${BASH}`, false, true],
    ['so does plan mode', `mode: plan\npermissions:\n${BASH}`, false, true],
    ['a bare Write deny denies one tool, not every write', `permissions:\n  deny: ["Write"]\n${BASH}`, false, false],
    // A policy that can allow no write: whatever writes in the sandbox got past the analyser.
    ['a dontAsk policy allowing only Read makes it read-only', 'mode: dontAsk\npermissions:\n  allow: ["Read", "Read(//etc/**)", "WebFetch", "mcp__github"]\n', false, true],
    ['so does default mode with no rules', 'mode: default\n', false, true],
    ['so does a policy whose Bash and Edit rules only deny', 'permissions:\n  allow: ["Read"]\n  deny: ["Bash(rm *)", "Edit(dist/**)"]\n  ask: ["Bash", "Write"]\n', false, true],
    ['a Bash allow rule keeps it writable (an admitted program writes)', `mode: dontAsk\npermissions:\n${BASH}`, false, false],
    ['so does a bare Bash allow', 'permissions:\n  allow: ["Bash"]\n', false, false],
    ['so does an Edit allow rule (a redirection into it is allowed)', 'permissions:\n  allow: ["Edit(src/**)"]\n', false, false],
    ['so does a bare Write allow', 'permissions:\n  allow: ["Write"]\n', false, false],
    ['so does a bare NotebookEdit allow', 'permissions:\n  allow: ["NotebookEdit"]\n', false, false],
    ['so does acceptEdits', 'mode: acceptEdits\n', false, false],
    ['so does bypassPermissions', 'mode: bypassPermissions\n', false, false],
    ['a preset with only reads in dontAsk', 'extends: [read-only-review]\nmode: dontAsk\n', false, true],
    ['the maintainer preset keeps it writable', 'extends: [maintainer]\n', false, false],
  ];
  test.each(whole)('%s', async (_name, yaml, reads, writes) => {
    const r = await rulesOf(yaml);
    expect([r.denyAllReads, r.denyAllWrites]).toEqual([reads, writes]);
  });
});
