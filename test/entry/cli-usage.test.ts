/**
 * The CLI as a Node user expects it, as the installed binary behaves (node dist/index.js): each
 * subcommand has its own --help, an unknown flag is met with the closest known one, policy
 * eval/explain take a plain command, and every configuration error exits 2.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DIR, makeTempRepo, tempDir } from '../support/temp-repo.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.js');
const POLICY = join(EXAMPLE_DIR, 'policy.yml');

function warden(...args: string[]) {
  return spawnSync(process.execPath, [DIST, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir() } });
}

describe('each subcommand has its own --help', () => {
  it.each([
    [['policy', 'check', '--help'], 'warden policy check [FILE]', ['policy eval', 'import-claude-settings']],
    [['policy', 'eval', '-h'], 'warden policy eval --policy FILE', ['policy check', 'policy explain', 'import-claude-settings']],
    [['policy', 'explain', '--help'], 'warden policy explain --policy FILE', ['policy check', 'policy eval ', 'import-claude-settings']],
    [['policy', 'import-claude-settings', '--help'], 'warden policy import-claude-settings FILE', ['policy check', 'policy eval']],
    [['sandbox', 'exec', '--help'], 'warden sandbox exec [--policy FILE]', ['sandbox probe']],
    [['sandbox', 'probe', '--help'], 'warden sandbox probe', ['sandbox exec']],
  ])('%j', (args, own, others) => {
    const r = warden(...args);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage:\n/);
    expect(r.stdout).toContain(own);
    for (const other of others) expect(r.stdout).not.toContain(other);
  });

  it('`policy --help` still lists them all', () => {
    const r = warden('policy', '--help');
    expect(r.status).toBe(0);
    for (const sub of ['check', 'eval', 'explain', 'import-claude-settings']) expect(r.stdout).toContain(`warden policy ${sub}`);
  });
});

describe('an unknown flag: the closest known one, exit 2', () => {
  it.each([
    [['run', '--prompt', 'x', '--max-turn', '3'], 'warden: unknown flag --max-turn: did you mean --max-turns? (warden run --help lists the flags)\n'],
    [['run', '--prompt', 'x', '--polcy=p.yml'], 'warden: unknown flag --polcy: did you mean --policy? (warden run --help lists the flags)\n'],
    [['policy', 'eval', '--tol', 'Bash'], 'warden: unknown flag --tol: did you mean --tool? (warden policy eval --help lists the flags)\n'],
    [['publish', 'out', '--no-comments'], 'warden: unknown flag --no-comments: did you mean --no-comment? (warden publish --help lists the flags)\n'],
    [['sandbox', 'exec', '--polisy', 'p.yml', '--', 'true'], 'warden: unknown flag --polisy: did you mean --policy? (warden sandbox exec --help lists the flags)\n'],
    [['run', '--prompt', 'x', '--frobnicate'], 'warden: unknown flag --frobnicate (warden run --help lists the flags)\n'],
    [['pubish', 'out'], 'warden: unknown command "pubish": did you mean publish? (try: warden --help)\n'],
  ])('%j', (args, message) => {
    const r = warden(...args);
    expect(r.stderr).toBe(message);
    expect(r.status).toBe(2);
  });
});

describe('a mistyped subcommand: the closest one, exit 2', () => {
  it.each([
    [['policy', 'chek'], 'warden: unknown policy command "chek": did you mean check?\n'],
    [['sandbox', 'prob'], 'warden: unknown sandbox command "prob": did you mean probe?\n'],
  ])('%j', (args, first) => {
    const r = warden(...args);
    expect(r.stderr.startsWith(first)).toBe(true);
    expect(r.status).toBe(2);
  });
});

describe('policy eval / explain', () => {
  const repo = makeTempRepo();

  it('take a plain command (--command), the same decision as the Bash JSON input', () => {
    const plain = warden('policy', 'eval', '--policy', POLICY, '--command', 'npm test', '--cwd', repo);
    const json = warden('policy', 'eval', '--policy', POLICY, '--tool', 'Bash', '--input', '{"command":"npm test"}', '--cwd', repo);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toBe(json.stdout);
    expect((JSON.parse(plain.stdout) as { decision: string }).decision).toMatch(/^(allow|deny)$/);
    const explain = warden('policy', 'explain', '--policy', POLICY, '--command', 'npm test', '--cwd', repo);
    expect(explain.status).toBe(0);
    expect(explain.stdout).toMatch(/^Bash `npm test`\n/);
  });

  it.each([
    [['--tool', 'Bsh', '--input', '{"command":"ls"}'], 'warden: --tool Bsh: no such tool; did you mean Bash? (the tools: Read, Glob, Grep, Edit, Write, NotebookEdit, Bash, WebFetch, WebSearch, TodoWrite, Agent, ReviewComment, ToolSearch, or mcp__server__tool)\n'],
    [['--tool', 'Teleport', '--input', '{}'], 'warden: --tool Teleport: no such tool (the tools: Read, Glob, Grep, Edit, Write, NotebookEdit, Bash, WebFetch, WebSearch, TodoWrite, Agent, ReviewComment, ToolSearch, or mcp__server__tool)\n'],
    [['--command', 'ls', '--input', '{"command":"ls"}'], 'warden: give either --command CMD (a Bash command) or --tool NAME --input JSON, not both\n'],
    [['--command', 'ls', '--tool', 'Read'], 'warden: --command is a Bash command: give --tool Bash or no --tool (for Read: --tool Read --input JSON)\n'],
    [[], 'warden: give the call to decide: --command CMD (a Bash command) or --tool NAME --input JSON\n'],
  ])('refuse %j with exit 2', (args, message) => {
    const r = warden('policy', 'eval', '--policy', POLICY, ...args);
    expect(r.stderr).toBe(message);
    expect(r.status).toBe(2);
  });
});

describe('policy check', () => {
  it('reports rule errors together with schema errors, and exits 2 like every configuration error', () => {
    const file = join(tempDir(), 'policy.yml');
    writeFileSync(file, 'version: 1\nmode: yolo\npermissions:\n  allow: ["Bsh(npm test)", "Bash(npm run *)"]\n  deny: ["Edit(src/**"]\n');
    const r = warden('policy', 'check', file);
    expect(r.status).toBe(2);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error: '));
    expect(errors.some((l) => l.startsWith(`error: ${file}:2:`) && l.includes('mode'))).toBe(true);
    expect(errors.some((l) => l.startsWith(`error: ${file}:4:`) && l.includes('rule "Bsh(npm test)": unknown tool "Bsh"'))).toBe(true);
    expect(errors.some((l) => l.startsWith(`error: ${file}:5:`) && l.includes('rule "Edit(src/**"'))).toBe(true);
    expect(errors).toHaveLength(3);
    expect(r.stdout).toBe(`${file}: invalid\n`);
  });

  it('a valid policy: exit 0', () => {
    expect(warden('policy', 'check', POLICY).status).toBe(0);
  });
});
