import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTBOX_FILES, OUTBOX_POLICY_FILE } from '../../src/outbox/index.js';
import { expectCompleteErrorOutbox } from '../support/config-error-outbox.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// Issue 31 item 7: a configuration error with `--out DIR` exited 2 but left six empty files, and
// the gating line docs/ci.md suggests threw on result.json. An error before the run starts leaves
// no outbox or a complete one: result.json with outcome config_error and the message, junit.xml
// with one failing case, a summary saying what failed — the same for every early error.

const KEY = 'sk-ant-test-config-error-0123456789';

interface EarlyError {
  name: string;
  /** Arguments after `run --cwd REPO --out OUT`; `dir` is a scratch directory for files. */
  args: (dir: string) => string[];
  env?: Record<string, string>;
  /** What the message must name. */
  names: string;
}

const POLICY_HEAD = 'version: 1\n';
const policyFile = (dir: string, text: string): string => {
  writeFileSync(join(dir, 'policy.yml'), text);
  return join(dir, 'policy.yml');
};

const EARLY_ERRORS: EarlyError[] = [
  { name: 'a bad number', args: () => ['--prompt', 'go', '--max-turns', 'many'], names: '--max-turns "many"' },
  { name: 'an unknown flag', args: () => ['--prompt', 'go', '--frobnicate'], names: '--frobnicate' },
  { name: 'a number from a variable', args: () => ['--prompt', 'go'], env: { WARDEN_REQUEST_TIMEOUT: '2592000' }, names: 'WARDEN_REQUEST_TIMEOUT (--request-timeout) "2592000"' },
  { name: 'no task', args: () => [], names: '--prompt' },
  { name: 'an unreadable task file', args: (dir) => ['--prompt-file', join(dir, 'missing-task.md')], names: `--prompt-file` },
  { name: 'a missing API key', args: () => ['--prompt', 'go'], env: { ANTHROPIC_API_KEY: '' }, names: 'ANTHROPIC_API_KEY is not set' },
  { name: 'a missing policy file', args: (dir) => ['--prompt', 'go', '--policy', join(dir, 'nope.yml')], names: '--policy' },
  { name: 'policy YAML that does not parse', args: (dir) => ['--prompt', 'go', '--policy', policyFile(dir, `${POLICY_HEAD}permissions: [\n`)], names: 'policy.yml' },
  { name: 'a policy schema error', args: (dir) => ['--prompt', 'go', '--policy', policyFile(dir, `${POLICY_HEAD}publish:\n  max_files: 0\n`)], names: 'publish.max_files' },
  { name: 'an output schema that is not JSON', args: (dir) => (writeFileSync(join(dir, 's.json'), '{'), ['--prompt', 'go', '--output-schema', join(dir, 's.json')]), names: '--output-schema' },
  { name: 'an unusable replay file', args: (dir) => (writeFileSync(join(dir, 'r.jsonl'), ''), ['--prompt', 'go', '--model', `replay:${join(dir, 'r.jsonl')}`]), names: '--model replay' },
  { name: 'a transcript path that cannot be written', args: (dir) => (mkdirSync(join(dir, 't.jsonl')), ['--prompt', 'go', '--transcript', join(dir, 't.jsonl')]), names: '--transcript' },
];

async function runEarly(e: EarlyError, outArgs: (out: string) => { args: string[]; env?: Record<string, string> }) {
  const repo = makeTempRepo();
  const dir = tempDir();
  const out = join(dir, 'out');
  const where = outArgs(out);
  const r = await runWarden(['run', '--cwd', repo, ...where.args, ...e.args(dir)], { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', ...where.env, ...e.env });
  return { ...r, out, dir };
}

describe('an error before the run starts leaves a complete outbox (--out DIR)', () => {
  it.each(EARLY_ERRORS)('$name', async (e) => {
    const r = await runEarly(e, (out) => ({ args: ['--out', out] }));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(e.names);
    expectCompleteErrorOutbox(r.out, r.dir, e.names);
  });

  it('the same when the outbox is named by WARDEN_OUT', async () => {
    const e = EARLY_ERRORS[0];
    if (e === undefined) throw new Error('no cases');
    const r = await runEarly(e, (out) => ({ args: [], env: { WARDEN_OUT: out } }));
    expect(r.code).toBe(2);
    expectCompleteErrorOutbox(r.out, r.dir, e.names);
  });

  it('a previous run\'s outbox in the same directory is replaced, its policy copy removed', async () => {
    const repo = makeTempRepo();
    const dir = tempDir();
    const out = join(dir, 'out');
    mkdirSync(out);
    for (const name of Object.values(OUTBOX_FILES)) writeFileSync(join(out, name), 'stale');
    writeFileSync(join(out, OUTBOX_POLICY_FILE), 'stale');
    const r = await runWarden(['run', '--cwd', repo, '--out', out, '--prompt', 'go', '--max-turns', '0'], { ANTHROPIC_API_KEY: KEY });
    expect(r.code).toBe(2);
    expectCompleteErrorOutbox(out, dir, '--max-turns "0"');
    expect(existsSync(join(out, OUTBOX_POLICY_FILE))).toBe(false);
  });

  it('a secret in the message does not reach the outbox', async () => {
    const repo = makeTempRepo();
    const dir = tempDir();
    const out = join(dir, 'out');
    const r = await runWarden(['run', '--cwd', repo, '--out', out, '--prompt', 'go', '--max-turns', KEY], { ANTHROPIC_API_KEY: KEY });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-turns');
    expect(r.stderr).not.toContain(KEY);
    for (const name of readdirSync(out)) expect(readFileSync(join(out, name), 'utf8'), name).not.toContain(KEY);
  });

  it('without --out, nothing is left in the working directory', async () => {
    const repo = makeTempRepo();
    const before = readdirSync(repo).sort();
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', '--max-turns', 'many'], { ANTHROPIC_API_KEY: KEY }, repo);
    expect(r.code).toBe(2);
    expect(readdirSync(repo).sort()).toEqual(before);
  });
});
