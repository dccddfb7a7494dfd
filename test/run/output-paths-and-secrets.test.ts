import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSecretName, secretValuesOf } from '../../src/config/secret-names.js';
import { createRedactor } from '../../src/log/redaction.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const KEY = { ANTHROPIC_API_KEY: 'sk-ant-test-outputs-0000' };

describe('output paths are checked before anything is spent', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const fileIn = (d: string): string => (writeFileSync(join(d, 'f'), ''), join(d, 'f'));
  it.each<[string, (d: string) => string[], RegExp, ((d: string) => Record<string, string>)?]>([
    ['a transcript under /proc (used to spin forever)', () => ['--transcript', '/proc/nope/t.jsonl'], /--transcript: cannot create directory \/proc\/nope/],
    ['a transcript that is a directory', (d: string) => ['--transcript', d], /--transcript .*: is a directory/],
    ['a summary that is a directory', (d: string) => ['--summary', d], /--summary .*: is a directory/],
    ['a summary below a file', (d: string) => ['--summary', join(fileIn(d), 's.md')], /--summary: .*\/f is not a directory/],
    // The transcript goes into the outbox by default: the flag the user gave is --out.
    ['an outbox under /proc', () => ['--out', '/proc/nope'], /^warden: --out: cannot create directory \/proc\/nope/m],
    ['an outbox that is a file', (d: string) => ['--out', fileIn(d)], /^warden: --out: .*\/f is not a directory/m],
    ['an outbox from WARDEN_OUT that is a file', () => [], /^warden: WARDEN_OUT \(--out\): .*\/f is not a directory/m, (d: string) => ({ WARDEN_OUT: fileIn(d) })],
  ])('%s: exit 2 naming the flag, no model request', async (_name, flags, message, env) => {
    server = await ModelServer.start({ script: [] });
    const dir = tempDir();
    const run = await runWarden(['run', '--cwd', makeTempRepo(), '--prompt', 'x', ...flags(dir)], { ...KEY, ANTHROPIC_BASE_URL: server.url, ...(env?.(dir) ?? {}) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(server.requests).toHaveLength(0);
  });

  it('a summary in a directory that does not exist yet is created', async () => {
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'nothing to do' }] }], minCacheableTokens: 0 });
    const summary = join(tempDir(), 'a', 'b', 'summary.md');
    const run = await runWarden(['run', '--cwd', makeTempRepo(), '--prompt', 'x', '--summary', summary], { ...KEY, ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(readFileSync(summary, 'utf8')).toContain('## Warden run: completed');
  });
});

describe('secrets the policy names, and secret-looking variables, are redacted everywhere', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a value in sandbox.env.secrets echoed by a command (as if it had reached one) is in no output', async () => {
    const repo = makeTempRepo();
    const dir = tempDir();
    const policy = join(dir, 'policy.yml');
    const transcript = join(dir, 't.jsonl');
    const summary = join(dir, 's.md');
    const policySecret = 'policy-secret-value-4242';
    const lookalike = 'lookalike-token-value-777';
    writeFileSync(policy, 'version: 1\npermissions:\n  allow: ["Bash(printf *)"]\nsandbox:\n  mode: "off"\n  env:\n    secrets: [DEPLOY_PHRASE]\n');
    // The command prints both values literally (the sandbox keeps the variables out; this is the
    // layer behind it): whatever a tool outputs, no written output may carry them.
    server = await ModelServer.start({
      minCacheableTokens: 0,
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_p', name: 'Bash', input: { command: `printf '${policySecret} ${lookalike}\\n'` } }] },
        { content: [{ type: 'text', text: `It printed ${policySecret} and ${lookalike}.` }] },
      ],
    });
    const run = await runWarden(['run', '--cwd', repo, '--policy', policy, '--prompt', 'x', '--transcript', transcript, '--summary', summary], {
      ...KEY,
      ANTHROPIC_BASE_URL: server.url,
      DEPLOY_PHRASE: policySecret,
      MY_SERVICE_TOKEN: lookalike,
    });
    expect(run.code).toBe(0);
    for (const text of [run.stdout, run.stderr, readFileSync(transcript, 'utf8'), readFileSync(summary, 'utf8')]) {
      expect(text).not.toContain(policySecret);
      expect(text).not.toContain(lookalike);
    }
    expect(readFileSync(transcript, 'utf8')).toContain('It printed *** and ***.');
  });

  it.each([
    ['GITHUB_TOKEN', true], ['CLAUDE_CODE_OAUTH_TOKEN', true], ['NPM_TOKEN', true], ['AWS_SECRET_ACCESS_KEY', true], ['DEPLOY_KEY', true],
    ['DB_PASSWORD', true], ['my_api_key', true], ['GH_PAT', true], ['SLACK_WEBHOOK_SECRET', true],
    ['PATH', false], ['HOME', false], ['KEYBOARD', false], ['GITHUB_SHA', false], ['MONKEY', false], ['PATCH_LEVEL', false],
  ])('isSecretName(%s) = %s', (name, expected) => {
    expect(isSecretName(name)).toBe(expected);
  });

  it('collects values of secret-looking and policy-named variables; redacts JSON-escaped forms too', () => {
    expect(secretValuesOf({ NPM_TOKEN: 'npm-abc-12345', PATH: '/bin', OTHER: 'o-value-123' }, ['other']).sort()).toEqual(['npm-abc-12345', 'o-value-123']);
    const redact = createRedactor(['pa"ss\\word-1234']);
    expect(redact(JSON.stringify({ v: 'pa"ss\\word-1234' }))).toBe('{"v":"***"}');
  });
});

describe('every subcommand answers --help', () => {
  it.each([
    [['policy', 'eval', '--help'], /warden policy eval/],
    [['policy', 'check', '-h'], /warden policy check/],
    [['policy', 'explain', '--help'], /warden policy explain/],
    [['policy', 'import-claude-settings', '--help'], /import-claude-settings/],
    [['sandbox', 'exec', '--help'], /warden sandbox exec/],
    [['sandbox', 'probe', '--help'], /warden sandbox probe/],
    [['run', '--help'], /warden run/],
    [['publish', '--help'], /warden publish \[--gitlab\] OUTBOX/],
    [['publish', 'some/outbox', '-h'], /warden publish \[--gitlab\] OUTBOX/],
  ])('%j exits 0 with its usage', async (args, usage) => {
    const run = await runWarden(args, {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(usage);
  });

  it('sandbox exec leaves a --help after -- to the command', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'x'));
    const run = await runWarden(['sandbox', 'exec', '--cwd', cwd, '--', 'ls', '--help'], {});
    expect(run.stdout).not.toMatch(/warden sandbox exec/);
  });
});
