/**
 * Host git after plants made from inside the real sandbox (bwrap; the Bash analyser switched off:
 * the commands go straight to the sandbox runner). A policy that lets the agent change workflows
 * and run anything; inside the sandbox it changes the workflows, commits the change and moves the
 * branch and HEAD onto that commit, marks the next change skip-worktree, and tries to plant config,
 * hooks, commondir and attributes that would run a program. Then the host does what a run does
 * after the agent (src/git/host-git-*.ts): the changes and the patch. The changed workflows
 * are reported and nothing planted runs on the host.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadPolicy } from '../../src/policy/index.js';
import { changedFiles, diffPatch } from '../../src/git/host-git-changes.js';
import { BWRAP, cleanupAll, makeHostDir, openRunner, run, SKIP_REASON } from '../sandbox/sandbox-fixture.js';
import { tempDir } from '../support/temp-repo.js';
import { DEFAULT_FILES, expectNoMarkers, makeRepo, snap } from './fixture.js';

const CI = '.github/workflows/ci.yml';
const DEPLOY = '.github/workflows/deploy.yml';

/** The agent's script: hide two workflow changes from git's own view, and plant what would run on the host. */
function plantScript(ws: string, markers: string): string {
  const touch = (name: string): string => `touch ${join(markers, name)}`;
  const g = 'git -c user.name=a -c user.email=a@example.invalid -c commit.gpgSign=false';
  return [
    // 1. A committed change, with the branch and HEAD rewritten onto it: `git diff HEAD` is empty.
    "printf 'on: pull_request_target\\njobs: {}\\n' > .github/workflows/ci.yml",
    "printf 'on: push\\njobs: {}\\n' > .github/workflows/deploy.yml",
    `${g} add -A .github && ${g} commit -qm 'routine'`,
    'hidden=$(git rev-parse HEAD)',
    'git update-ref refs/heads/main "$hidden"',
    'printf "%s\\n" "$hidden" > .git/HEAD',
    'git reflog expire --expire=now --all',
    // 2. A further change hidden by the index's skip-worktree and assume-unchanged bits.
    "printf 'on: pull_request_target\\njobs: {x: {runs-on: self-hosted}}\\n' > .github/workflows/ci.yml",
    `git update-index --skip-worktree ${CI} && git update-index --assume-unchanged ${CI}`,
    'echo "agent view: [$(git status --porcelain)]"',
    // 3. Programs the host's git would run, through every door the sandbox might have left open.
    `git config core.fsmonitor '${touch('fsmonitor')}; false'`,
    `printf '#!/bin/sh\\n${touch('hook')}\\n' > .git/hooks/post-index-change; chmod +x .git/hooks/post-index-change`,
    `cp -r .git planted-git && git --git-dir=planted-git config core.fsmonitor '${touch('commondir')}; false' && git --git-dir=planted-git config filter.evil.clean '${touch('filter')}; cat'`,
    `echo ${ws}/planted-git > .git/commondir && echo planted: commondir`,
    `printf '[core]\\n\\tfsmonitor = ${touch('worktree-config')}\\n' > .git/config.worktree && echo planted: config.worktree`,
    "mkdir -p .git/info; printf '* filter=evil\\n' > .git/info/attributes",
    "printf '* filter=evil diff=evil\\n' > .gitattributes",
    'exit 0',
  ].join('\n');
}

describe.skipIf(BWRAP === null)(`host git after plants made inside the real sandbox ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('skip-worktree bits and rewritten refs hide nothing, and nothing planted runs on the host', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const snapshot = await snap(ws);
    const markers = makeHostDir(); // outside /tmp: the sandbox cannot write it, the host can
    const policy = join(tempDir(), 'policy.yml');
    writeFileSync(policy, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Bash", "Edit(/.github/workflows/**)"]\n');
    const runner = await openRunner({ workspace: ws, config: (await loadPolicy(policy, { homeDir: homedir(), root: ws })).sandbox });
    let output: string;
    try {
      output = (await run(runner, ws, plantScript(ws, markers), 60_000)).output;
    } finally {
      await runner.dispose(); // the check after commands runs before the host's git, as in a run
    }
    expect(output).toContain('agent view: []'); // the agent's own git sees nothing changed
    // Two plants were made inside the sandbox (removed by the check after the command); the rest were refused there.
    expect(output).toContain('planted: commondir');
    expect(output).toContain('planted: config.worktree');

    const changes = await changedFiles(snapshot, { timeoutMs: 30_000 });
    const patch = (await diffPatch(changes)).toString('utf8');
    expectNoMarkers(markers);
    expect(changes.files).toContainEqual(expect.objectContaining({ path: CI, status: 'modified' }));
    expect(changes.files).toContainEqual(expect.objectContaining({ path: DEPLOY, status: 'added' }));
    expect(patch).toContain('+jobs: {x: {runs-on: self-hosted}}');
    expect(patch).toContain(`+++ b/${DEPLOY}`);

    // Control: the hiding worked — git as a plain user runs it (no planted program enabled) sees
    // no workflow change against HEAD.
    const plain = (...args: string[]): string => execFileSync('git', ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', ...args], { cwd: ws, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tempDir(), GIT_CONFIG_NOSYSTEM: '1' } });
    expect(plain('status', '--porcelain')).not.toMatch(/workflows/);
    expect(plain('diff', 'HEAD', '--name-only')).not.toMatch(/workflows/);
    expect(plain('rev-parse', 'HEAD').trim()).not.toBe(snapshot.startCommit);
    expectNoMarkers(markers);
  });
});
