import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEndRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';

const KEY = { ANTHROPIC_API_KEY: 'sk-ant-test-hostgit-0000' };

describe('a run reports its changes through host git that trusts nothing in the workspace', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('with the sandbox and the policy switched off, planted git config runs nothing on the host and hides nothing', async () => {
    const seed = tempDir();
    mkdirSync(join(seed, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(seed, '.github', 'workflows', 'ci.yml'), 'on: push\n');
    const repo = makeTempRepo(seed);
    const dir = tempDir();
    const marker = join(dir, 'host-ran-this');
    writeFileSync(join(dir, 'policy.yml'), 'version: 1\nmode: bypassPermissions\nsandbox:\n  mode: "off"\n');
    // What an agent past both earlier layers would do: change the workflow, hide it from git's
    // index, and plant a second git dir whose config runs a program on any `git status`.
    const plant = [
      "printf 'on: [push, pull_request]\\n' > .github/workflows/ci.yml",
      'git update-index --skip-worktree .github/workflows/ci.yml',
      `cp -r .git ${dir}/planted-git`,
      `git --git-dir=${dir}/planted-git config core.fsmonitor 'touch ${marker}; false'`,
      `echo ${dir}/planted-git > .git/commondir`,
      `git config core.fsmonitor 'touch ${marker}; false'`,
      `printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/post-index-change; chmod +x .git/hooks/post-index-change`,
      `printf '* filter=evil\\n' > .gitattributes; git config filter.evil.clean 'touch ${marker}; cat'`,
    ].join(' && ');
    server = await ModelServer.start({
      minCacheableTokens: 0,
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_p', name: 'Bash', input: { command: plant } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const out = join(dir, 'out');
    // --dangerously-allow-all: no permission check at all (the analyser would refuse `git config core.fsmonitor`).
    const run = await runWarden(['run', '--cwd', repo, '--policy', join(dir, 'policy.yml'), '--dangerously-allow-all', '--prompt', 'go', '--out', out], { ...KEY, ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const end = readTranscript(join(out, 'transcript.jsonl')).find((r): r is RunEndRecord => r.type === 'run_end');
    expect(end?.filesChanged).toEqual(['.gitattributes', '.github/workflows/ci.yml']);
    const patch = readFileSync(join(out, 'changes.patch'), 'utf8');
    expect(patch).toContain('+on: [push, pull_request]');
    expect(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'))).toMatchObject({ startingCommit: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown, filesChanged: ['.gitattributes', '.github/workflows/ci.yml'] });
    expect(existsSync(marker)).toBe(false);
    // Control: the plants are live — the host's plain git would have run them, and missed the workflow.
    const plain = execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir } });
    expect(existsSync(marker)).toBe(true);
    expect(plain).not.toContain('ci.yml');
  });

  it('a --cwd that is not a git repository is said, once; the run completes and "files changed" comes from the tools', async () => {
    const cwd = tempDir();
    const dir = tempDir();
    writeFileSync(join(dir, 'policy.yml'), 'version: 1\npermissions:\n  allow: ["Edit(/notes/**)"]\n');
    server = await ModelServer.start({
      minCacheableTokens: 0,
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'notes/todo.md', content: '- one\n' } }] },
        { content: [{ type: 'text', text: 'Wrote the notes.' }] },
      ],
    });
    const out = join(dir, 'out');
    const run = await runWarden(['run', '--cwd', cwd, '--policy', join(dir, 'policy.yml'), '--prompt', 'go', '--out', out], { ...KEY, ANTHROPIC_BASE_URL: server.url });
    expect(run.code).toBe(0);
    expect(run.stderr.match(/is not a git repository/g)).toHaveLength(1);
    expect(renderedText(run.stdout)).toMatch(/warning: --cwd .* is not a git repository/);
    const end = readTranscript(join(out, 'transcript.jsonl')).find((r): r is RunEndRecord => r.type === 'run_end');
    expect(end?.filesChanged).toEqual(['notes/todo.md']);
    expect(end?.verdict).toBe('changes');
    expect(run.stdout).toMatch(/### Files changed\n\n- ` notes\/todo\.md `/);
    expect(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'))).toMatchObject({ filesChanged: ['notes/todo.md'], startingCommit: null });
    expect(readFileSync(join(out, 'changes.patch'), 'utf8')).toBe('');
  });
});
