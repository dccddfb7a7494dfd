/**
 * Warden's own files inside the workspace (an outbox kept with the project, as GitLab's artifacts
 * must be): a command cannot plant a link there for the host to write or read through, the agent's
 * Write cannot forge them, and the host's own writes refuse a link even where the sandbox did not
 * hold (the layer before switched off).
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { copyOwnFile, writeOwnFile } from '../../src/entry/own-file.js';
import { ownPathsInWorkspace } from '../../src/entry/output-paths.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Edit(**)", "Bash(sh plant.sh)"]\n';

describe('Warden\'s own files inside the workspace', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('a command cannot plant links at the outbox, the agent cannot Write into it, and nothing outside is touched', async () => {
    const repo = makeTempRepo();
    const victim = tempDir();
    writeFileSync(join(victim, 'authorized_keys'), 'ssh-ed25519 AAAA-good\n');
    writeFileSync(join(victim, 'host-secret.txt'), 'HOST-SECRET-VALUE\n');
    const policy = join(tempDir(), 'policy.yml');
    writeFileSync(policy, POLICY);
    // What a pull request's test script would do, given an outbox at warden-out/.
    writeFileSync(join(repo, 'plant.sh'), [
      `ln -sf ${victim}/authorized_keys warden-out/summary.md`,
      `ln -sf ${victim}/created-by-runner warden-out/changes.patch`,
      `ln -sf ${victim}/host-secret.txt warden-out/transcript.jsonl`,
      'rm -rf warden-out; mkdir warden-out',
      'echo planted',
    ].join('\n'));
    server = await ModelServer.start({
      minCacheableTokens: 0,
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_plant', name: 'Bash', input: { command: 'sh plant.sh' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_forge', name: 'Write', input: { file_path: join(repo, 'warden-out', 'result.json'), content: '{"forged":true}' } }] },
        { content: [{ type: 'text', text: 'All done.\nssh-ed25519 AAAA-attacker attacker@evil' }] },
      ],
    });
    const out = join(repo, 'warden-out');
    const run = await runWarden(['run', '--cwd', repo, '--policy', policy, '--prompt', 'go', '--out', out], { ANTHROPIC_API_KEY: 'sk-ant-test-own-paths-0000', ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    // Outside the workspace: nothing written, nothing created.
    expect(readFileSync(join(victim, 'authorized_keys'), 'utf8')).toBe('ssh-ed25519 AAAA-good\n');
    expect(existsSync(join(victim, 'created-by-runner'))).toBe(false);
    // The outbox holds the run, in regular files.
    for (const name of ['summary.md', 'changes.patch', 'transcript.jsonl', 'result.json']) expect(lstatSync(join(out, name)).isFile(), name).toBe(true);
    expect(readFileSync(join(out, 'transcript.jsonl'), 'utf8')).toContain('"type":"run_start"');
    expect(readFileSync(join(out, 'transcript.jsonl'), 'utf8')).not.toContain('HOST-SECRET-VALUE');
    expect(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'))).not.toHaveProperty('forged');
    // What the model was told: the links could not be made, the Write was refused and why.
    const told = JSON.stringify(server.requests.map((r) => r.body.messages));
    expect(told).toMatch(/Read-only file system|read-only/i);
    expect(told).toContain('Warden writes this path itself');
  });

  test('host side, the layer before switched off: a link at an output name is refused, never followed', () => {
    const dir = tempDir();
    const target = join(tempDir(), 'target');
    writeFileSync(target, 'untouched\n');
    symlinkSync(target, join(dir, 'summary.md'));
    expect(() => writeOwnFile(join(dir, 'summary.md'), 'summary')).toThrow(/ELOOP|symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    symlinkSync(target, join(dir, 'transcript.jsonl'));
    expect(() => copyOwnFile(join(dir, 'transcript.jsonl'), join(dir, 'copy.jsonl'))).toThrow(/ELOOP|symbolic link/);
    expect(existsSync(join(dir, 'copy.jsonl'))).toBe(false);
  });

  test('names the paths the sandbox must protect: those inside the workspace, relative to it', () => {
    const repo = makeTempRepo();
    mkdirSync(join(repo, 'warden-out'));
    const outside = tempDir();
    expect(ownPathsInWorkspace(repo, [join(repo, 'warden-out'), join(outside, 't.jsonl'), undefined, join(repo, 'reports', 'summary.md')])).toEqual(['warden-out', 'reports/summary.md']);
  });
});
