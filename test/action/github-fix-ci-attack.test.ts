/**
 * Attacks on "fix failed CI" through the action as a runner runs it (node dist/index.js, the
 * OpenAPI-checked GitHub stand-in, a real git remote): ways a fix loop could start again.
 */
import { join } from 'node:path';
import type { WorkflowRunCompletedEvent } from '@octokit/webhooks-types';
import { describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { git } from '../support/github-repo.js';
import { NAME, OWNER, PR, REPOSITORY, scenePerTest, type Scene } from '../support/github-scene.js';
import { tempDir } from '../support/temp-repo.js';
import { webhook } from '../support/webhook-payloads.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)"]\npublish:\n  push: branch\n  commit_signing: true\n';
const RUN_ID = 30433642;
const BRANCH = 'docs-tweak';

function failurePayload(scene: Scene, headSha: string): WorkflowRunCompletedEvent {
  const p = webhook('workflow_run', 'completed') as WorkflowRunCompletedEvent;
  const repoRef = { id: 1296269, url: `https://api.github.com/repos/${REPOSITORY}`, name: NAME };
  const run = p.workflow_run;
  run.id = RUN_ID;
  run.name = 'CI';
  run.conclusion = 'failure';
  run.head_sha = headSha;
  run.head_branch = BRANCH;
  run.pull_requests = [{ url: `https://api.github.com/repos/${REPOSITORY}/pulls/${PR}`, id: 1, number: PR, head: { ref: BRANCH, sha: headSha, repo: repoRef }, base: { ref: 'main', sha: scene.pull?.base ?? '', repo: repoRef } }];
  const actor = { ...p.sender, login: 'Codertocat', type: 'User' as const };
  run.actor = actor;
  run.triggering_actor = actor;
  p.sender = actor;
  return p;
}

describe('fix-CI loops (node dist/index.js, GitHub stand-in, git remote)', () => {
  const startScene = scenePerTest();

  it('commit_signing: Warden\'s fix commits are made by GitHub as the token\'s bot; max_fix_attempts still counts them, so the loop stops', async () => {
    const s = await startScene({ base: exampleRepoFiles({ '.github/warden.yml': POLICY }), pull: { files: { 'README.md': '# slug\n\nMore words.\n' }, branch: BRANCH }, script: [{ content: [{ type: 'text', text: 'Nothing to do.' }] }] });
    s.github.state.actions.runs.set(RUN_ID, []);
    // Two fix commits as the API path leaves them: author the token's bot, committer GitHub, Warden's trailer.
    const bot = s.github.state.identity.user.login;
    const work = join(tempDir(), 'w');
    git(tempDir(), 'clone', '-q', '--branch', BRANCH, s.remote.bare, work);
    for (const n of [1, 2]) {
      git(work, '-c', `user.name=${bot}`, '-c', `user.email=1+${bot}@users.noreply.github.com`, '-c', 'committer.name=GitHub', '-c', 'committer.email=noreply@github.com', 'commit', '-q', '--allow-empty', '-m', `Fix attempt ${n}\n\nWarden-Run: ${n}`);
    }
    const head = git(work, 'rev-parse', 'HEAD');
    expect(git(work, 'log', '-1', '--format=%an|%cn <%ce>')).toBe(`${bot}|GitHub <noreply@github.com>`);
    git(work, 'push', '-q', 'origin', `HEAD:refs/heads/${BRANCH}`, `HEAD:refs/pull/${PR}/head`);
    const pull = s.github.state.repo(OWNER, NAME)?.issues.get(PR)?.pull;
    if (pull === undefined) throw new Error('no pull request');
    pull.head.sha = head;

    const r = await s.run('workflow_run', failurePayload(s, head), { commit_signing: 'true' });
    expect(r.stderr).not.toContain('internal error');
    expect(r.outputs.outcome).toBe('skipped');
    expect(r.stdout + r.stderr).toContain('max_fix_attempts');
    expect(s.model.requests).toHaveLength(0);
  });
});
