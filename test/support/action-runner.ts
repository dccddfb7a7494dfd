/**
 * Runs `node dist/index.js` exactly as a GitHub Actions runner runs the action: every input of
 * action.yml as INPUT_* (the workflow's value, else action.yml's default, with `${{ github.token }}`
 * resolved to the test token), the event payload in GITHUB_EVENT_PATH, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, RUNNER_TEMP, a HOME without any git identity. The bundle runs from a
 * copy outside the repository, so it cannot lean on node_modules. Asynchronous: the test's own
 * servers (GitHub stand-in, git remote, model) keep answering while it runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { tempDir } from './temp-repo.js';

const ROOT = join(import.meta.dirname, '..', '..');

const ActionYml = z.object({
  inputs: z.record(z.string(), z.object({ default: z.union([z.string(), z.number(), z.boolean()]).optional() })),
});

/** action.yml's inputs with their defaults, as the runner computes them. */
export function actionDefaults(githubToken: string): Record<string, string> {
  const yml = ActionYml.parse(parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')));
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(yml.inputs)) {
    const value = spec.default === undefined ? '' : String(spec.default);
    out[name] = value.replace(/\$\{\{\s*github\.token\s*\}\}/g, githubToken);
  }
  return out;
}

let distCopy: string | undefined;

/** dist/ copied to a temp dir once per test process. */
export function distEntry(): string {
  if (distCopy === undefined) {
    const dir = tempDir('warden-dist-');
    cpSync(join(ROOT, 'dist'), dir, { recursive: true });
    distCopy = join(dir, 'index.js');
  }
  return distCopy;
}

export interface ActionEnvironment {
  eventName: string;
  payload: unknown;
  workspace: string;
  repository: string;
  apiUrl: string;
  serverUrl: string;
  githubToken: string;
  /** The workflow's `with:`; inputs not given take action.yml's defaults. */
  inputs?: Record<string, string>;
  modelUrl?: string;
  extraEnv?: Record<string, string>;
  /** Run `node dist/index.js ARGS` in the same job environment (e.g. `publish OUTBOX`) instead of the action. */
  args?: string[];
  /** Told the process once started (a test may signal it, as a runner cancelling the job does) and its RUNNER_TEMP. */
  onSpawn?: (child: ChildProcess, runnerTemp: string) => void;
}

export interface ActionResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
  home: string;
}

export async function runActionDist(env: ActionEnvironment): Promise<ActionResult> {
  const runnerTemp = tempDir('warden-runner-temp-');
  const home = tempDir('warden-home-');
  const eventPath = join(runnerTemp, 'event.json');
  const outputFile = join(runnerTemp, 'github-output');
  const summaryFile = join(runnerTemp, 'step-summary.md');
  writeFileSync(eventPath, JSON.stringify(env.payload, null, 2));
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  mkdirSync(join(runnerTemp, '_temp'), { recursive: true });
  const inputs = { ...actionDefaults(env.githubToken), ...(env.inputs ?? {}) };
  const inputEnv = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.replace(/ /g, '_').toUpperCase()}`, v]));
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: env.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: env.workspace,
    GITHUB_REPOSITORY: env.repository,
    GITHUB_API_URL: env.apiUrl,
    GITHUB_SERVER_URL: env.serverUrl,
    GITHUB_RUN_ID: '4242',
    GITHUB_ACTOR: 'Codertocat',
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
    ...(env.modelUrl === undefined ? {} : { ANTHROPIC_BASE_URL: env.modelUrl }),
    ...inputEnv,
    ...(env.extraEnv ?? {}),
  };
  const child = spawn(process.execPath, [distEntry(), ...(env.args ?? [])], { cwd: env.workspace, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  env.onSpawn?.(child, runnerTemp);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  return { code, stdout, stderr, outputs: parseOutputs(readFileSync(outputFile, 'utf8')), summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '', runnerTemp, home };
}

/** The GITHUB_OUTPUT file format: `name<<DELIM\nvalue\nDELIM` (and `name=value`). */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i] ?? '');
      out[heredoc[1] ?? ''] = value.join('\n');
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}
