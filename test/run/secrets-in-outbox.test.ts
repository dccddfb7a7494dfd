/**
 * A runner secret the agent comes across is never sent to the model, and one it writes into the
 * workspace never reaches changes.patch (the artifact every reader of the repository can download):
 * the patch is withheld, result.json and the summary say why, the verdict still says what was done.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../src/outbox/index.js';
import { ModelServer, type ScriptTurn } from '../support/model-server.js';
import { renderedText } from '../support/rendered-markdown.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const KEY = { ANTHROPIC_API_KEY: 'sk-ant-test-secrets-outbox-0000' };
const SECRET = 'dpl+Secret/Value:8f3a9c71';
const ENV_FILE = `DEPLOY_TOKEN=${SECRET}\n`;
// Commands run directly (sandbox off): this is the layer behind the sandbox, which keeps the variable out of commands.
const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Grep", "Edit(**)", "Bash(*)"]\nsandbox:\n  mode: "off"\n';

/** A checkout with an ignored `.env` holding the secret, as an earlier CI step would leave it. */
function workspace(): string {
  const seed = tempDir();
  writeFileSync(join(seed, '.gitignore'), '.env\n');
  writeFileSync(join(seed, 'README.md'), '# app\n');
  const repo = makeTempRepo(seed);
  writeFileSync(join(repo, '.env'), ENV_FILE);
  return repo;
}

describe('secrets in the outbox and in tool results', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(script: ScriptTurn[]) {
    const repo = workspace();
    const dir = tempDir();
    writeFileSync(join(dir, 'policy.yml'), POLICY);
    const out = join(dir, 'out');
    server = await ModelServer.start({ script, minCacheableTokens: 0 });
    const r = await runWarden(['run', '--cwd', repo, '--policy', join(dir, 'policy.yml'), '--prompt', 'go', '--out', out], { ...KEY, ANTHROPIC_BASE_URL: server.url, DEPLOY_TOKEN: SECRET });
    const read = (name: string): string => readFileSync(join(out, name), 'utf8');
    return { ...r, repo, out, read, bodies: server.requests.map((q) => q.rawBody) };
  }

  it.each<[string, string]>([
    ['raw, by a Write', ''],
    ['base64 (`base64 -w0 .env`)', 'base64 -w0 .env > leak.txt'],
    ['base64 at another alignment', '{ printf x; cat .env; } | base64 -w0 > leak.txt'],
    ['hex (`xxd -p`)', 'xxd -p -c 1000 .env > leak.txt'],
    ['URL-encoded', `printf 'token=%s' '${encodeURIComponent(SECRET)}' > leak.txt`],
    ['in a binary file', "{ printf '\\000\\001\\002'; cat .env; printf '\\000'; } > leak.bin"],
  ])('a secret written into the workspace %s: changes.patch is withheld, result.json and the summary say why, the verdict stays "changes"', async (_name, command) => {
    const write: ScriptTurn = command === ''
      ? { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'leak.txt', content: `token=${SECRET}\n` } }] }
      : { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command } }] };
    const r = await run([
      write,
      { content: [{ type: 'tool_use', id: 'toolu_ok', name: 'Write', input: { file_path: 'docs.md', content: 'harmless\n' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(readFileSync(join(r.out, 'changes.patch'))).toHaveLength(0);
    const result = RunResultSchema.parse(JSON.parse(r.read('result.json')));
    expect(result.verdict).toBe('changes');
    expect(result.filesChanged).toContain('docs.md');
    expect(result.patchWithheld).toMatch(/contain the value of a secret of this run/);
    expect(renderedText(r.read('summary.md'))).toMatch(/changes\.patch withheld/);
    for (const name of ['summary.md', 'result.json', 'transcript.jsonl', 'junit.xml']) expect(r.read(name)).not.toContain(SECRET);
  });

  it('a run whose changes hold no secret keeps its patch (control)', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_ok', name: 'Write', input: { file_path: 'docs.md', content: 'harmless\n' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.read('changes.patch')).toContain('+harmless');
    expect(RunResultSchema.parse(JSON.parse(r.read('result.json'))).patchWithheld).toBeUndefined();
  });

  it('a secret the agent reads (Read, Grep, cat, base64, xxd) is masked in every tool result: no request to the model holds it in any form', async () => {
    const bytes = Buffer.from(ENV_FILE);
    const r = await run([
      {
        content: [
          { type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: '.env' } },
          { type: 'tool_use', id: 'toolu_g', name: 'Grep', input: { pattern: 'DEPLOY', path: '.env', output_mode: 'content' } },
          { type: 'tool_use', id: 'toolu_c', name: 'Bash', input: { command: 'cat .env; base64 -w0 .env; echo; xxd -p -c 1000 .env' } },
        ],
      },
      { content: [{ type: 'text', text: 'Read it.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.bodies).toHaveLength(2);
    const last = r.bodies[1] ?? '';
    // The results did arrive, masked.
    expect(last).toContain('DEPLOY_TOKEN=***');
    expect(last.match(/\*\*\*/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    for (const body of r.bodies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(bytes.toString('base64'));
      expect(body).not.toContain(bytes.toString('hex'));
    }
  });
});
