/**
 * One simulated GitLab world for an end-to-end test: a real git remote served over smart HTTP with
 * the project token, the GitLab REST stand-in holding the merge request, the scripted model, GitLab
 * CI's predefined variables as a runner sets them, and `node dist/index.js` run in that environment.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distEntry } from './action-runner.js';
import { exampleRepoFiles } from './example-files.js';
import { GitHttpServer } from './git-http-server.js';
import { git, makeRemote, pushPull, type Remote } from './github-repo.js';
import { GitlabServer } from './gitlab-server.js';
import { ModelServer, type ScriptTurn } from './model-server.js';
import { tempDir } from './temp-repo.js';

export const GITLAB_TOKEN = 'glpat-e2eProjectToken0123456789';
const API_KEY = 'sk-ant-e2e-gitlab-0123456789';
export const GITLAB_POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Edit(src/**)", "Bash(npm test *)"]\npublish:\n  push: branch\n  review: true\n';

export interface GitlabWorld {
  remote: Remote;
  git: GitHttpServer;
  gitlab: GitlabServer;
  model: ModelServer;
  head: string;
  base: string;
  /** The policy file, outside the workspace (as the example reads it from the target branch). */
  policy: string;
  close(): Promise<void>;
}

export interface GitlabWorldOptions {
  policy?: string;
  /** The merge request's source project (42 is this one; anything else is a fork). */
  sourceProjectId?: number;
  /** Extra files in the repository's first commit. */
  files?: Record<string, string>;
}

export async function gitlabWorld(script: ScriptTurn[], opts: GitlabWorldOptions = {}): Promise<GitlabWorld> {
  const remote = makeRemote('group', 'project', exampleRepoFiles(opts.files ?? {}));
  const pushed = pushPull(remote, 1, { 'README.md': '# slugs, documented\n' }, { branch: 'feature' });
  const gitServer = await GitHttpServer.start(remote.root, GITLAB_TOKEN, 'oauth2');
  const gitlab = await GitlabServer.start({ projectId: 42, projectPath: 'group/project', token: GITLAB_TOKEN });
  gitlab.addMergeRequest({ iid: 1, title: 'Document slugs', description: 'Docs.', sourceBranch: 'feature', targetBranch: 'main', sourceProjectId: opts.sourceProjectId ?? 42, diffRefs: { base_sha: pushed.base, start_sha: pushed.base, head_sha: pushed.head } });
  gitlab.resolveBranch = (branch) => {
    try {
      return git(remote.bare, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`);
    } catch {
      return undefined;
    }
  };
  const model = await ModelServer.start({ script });
  const policy = join(tempDir(), 'warden.yml');
  writeFileSync(policy, opts.policy ?? GITLAB_POLICY);
  return {
    remote, git: gitServer, gitlab, model, head: pushed.head, base: pushed.base, policy,
    close: async () => {
      await gitServer.close();
      await model.close();
      await gitlab.close();
    },
  };
}

/** GitLab CI's predefined variables for a merge-request pipeline, as a runner sets them. */
export function gitlabEnv(w: GitlabWorld, workspace: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir(),
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: w.git.url,
    CI_API_V4_URL: w.gitlab.apiUrl,
    CI_PROJECT_ID: '42',
    CI_PROJECT_PATH: 'group/project',
    CI_PROJECT_URL: `${w.git.url}/group/project`,
    CI_PROJECT_DIR: workspace,
    CI_DEFAULT_BRANCH: 'main',
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_PIPELINE_URL: `${w.git.url}/group/project/-/pipelines/77`,
    CI_COMMIT_SHA: w.head,
    CI_COMMIT_REF_NAME: 'feature',
    CI_MERGE_REQUEST_IID: '1',
    CI_MERGE_REQUEST_PROJECT_ID: '42',
    CI_MERGE_REQUEST_SOURCE_PROJECT_ID: '42',
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature',
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
    CI_MERGE_REQUEST_DIFF_BASE_SHA: w.base,
    CI_JOB_TOKEN: 'job-token-not-for-notes-0123',
    ANTHROPIC_API_KEY: API_KEY,
    ANTHROPIC_BASE_URL: w.model.url,
    ...extra,
  };
}

/** GitLab CI's variables for a pipeline about no merge request (a schedule on the default branch). */
export function scheduleEnv(w: GitlabWorld, workspace: string, extra: Record<string, string> = {}): Record<string, string> {
  const env = gitlabEnv(w, workspace, { CI_PIPELINE_SOURCE: 'schedule', CI_COMMIT_SHA: w.remote.main, CI_COMMIT_REF_NAME: 'main', ...extra });
  for (const name of Object.keys(env)) if (name.startsWith('CI_MERGE_REQUEST_')) delete env[name];
  return env;
}

export async function warden(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [distEntry(), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
