/**
 * Each provider through its real client (AnthropicBedrock, AnthropicVertex, AnthropicFoundry)
 * against the stand-in speaking that cloud's wire protocol: Bedrock's SigV4-signed
 * invoke-with-response-stream in event-stream framing, Vertex's streamRawPredict with a Bearer
 * token from an external_account credentials file (as google-github-actions/auth leaves one),
 * Foundry's endpoint with its key. The loop is the same: a cut stream is retried, the prompt cache
 * is read, a file is written, and no credential reaches the sandbox, the model or the outbox.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResults, ModelServer, type ProviderWire, type ScriptTurn } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const AWS = { accessKeyId: 'AKIAWARDENPROVIDERS1', secretAccessKey: 'wardenTestSecret/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'FwoGZXIvYXdzEwardenTestSessionToken0123' };
const GOOGLE = { subjectToken: 'eyJ.warden-test-oidc-subject-token.sig', accessToken: 'ya29.warden-test-vertex-access-token' };
const FOUNDRY_KEY = 'foundry-test-key-0123456789abcdef';

interface Scene {
  wire: ProviderWire;
  env: (url: string, dir: string) => Record<string, string>;
  secrets: string[];
  /** The model ID the provider's request names for `claude-sonnet-4-5`. */
  wireModel: string;
}

const SCENES: Record<'bedrock' | 'vertex' | 'foundry', Scene> = {
  bedrock: {
    wire: { kind: 'bedrock', region: 'eu-west-1', ...AWS },
    env: (url) => ({ WARDEN_PROVIDER: 'bedrock', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: AWS.accessKeyId, AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey, AWS_SESSION_TOKEN: AWS.sessionToken, ANTHROPIC_BEDROCK_BASE_URL: url }),
    secrets: [AWS.accessKeyId, AWS.secretAccessKey, AWS.sessionToken],
    wireModel: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
  },
  vertex: {
    wire: { kind: 'vertex', project: 'warden-test', region: 'us-east5', ...GOOGLE },
    env: (url, dir) => ({ WARDEN_PROVIDER: 'vertex', CLOUD_ML_REGION: 'us-east5', ANTHROPIC_VERTEX_PROJECT_ID: 'warden-test', GOOGLE_APPLICATION_CREDENTIALS: externalAccountFile(url, dir, GOOGLE.subjectToken), ANTHROPIC_VERTEX_BASE_URL: `${url}/v1` }),
    secrets: [GOOGLE.subjectToken, GOOGLE.accessToken],
    wireModel: 'claude-sonnet-4-5@20250929',
  },
  foundry: {
    wire: { kind: 'foundry', apiKey: FOUNDRY_KEY },
    env: (url) => ({ WARDEN_PROVIDER: 'foundry', ANTHROPIC_FOUNDRY_API_KEY: FOUNDRY_KEY, ANTHROPIC_FOUNDRY_BASE_URL: `${url}/anthropic` }),
    secrets: [FOUNDRY_KEY],
    wireModel: 'claude-sonnet-4-5',
  },
};

/** The credentials file google-github-actions/auth writes for Workload Identity Federation, its STS pointed at the stand-in. */
function externalAccountFile(url: string, dir: string, subjectToken: string): string {
  const tokenFile = join(dir, 'oidc-token');
  writeFileSync(tokenFile, subjectToken);
  const file = join(dir, 'gha-creds-test.json');
  writeFileSync(file, JSON.stringify({
    type: 'external_account',
    audience: '//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/github/providers/github',
    subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
    token_url: `${url}/v1/token`,
    credential_source: { file: tokenFile },
  }));
  return file;
}

const POLICY = 'version: 1\npermissions:\n  allow: ["Bash(env)", "Edit(**)"]\n';
const CREDENTIAL_NAMES = /AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|GOOGLE_APPLICATION_CREDENTIALS|ANTHROPIC_FOUNDRY_API_KEY/;

describe('providers: each cloud through its own client', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(scene: Scene, script: ScriptTurn[]) {
    server = await ModelServer.start({ script, minCacheableTokens: 0, provider: scene.wire });
    const repo = makeTempRepo();
    mkdirSync(join(repo, '.github'));
    writeFileSync(join(repo, '.github', 'warden.yml'), POLICY);
    const dir = tempDir();
    return { server, repo, dir, out: join(dir, 'out'), env: scene.env(server.url, dir) };
  }

  it.each(Object.keys(SCENES) as (keyof typeof SCENES)[])('%s: a scripted run writes a file, a cut stream is retried, the cache is read, and no credential leaves', async (name) => {
    const scene = SCENES[name];
    let envOutput = '';
    const { server, repo, out, env } = await start(scene, [
      { content: [{ type: 'tool_use', id: 'toolu_env', name: 'Bash', input: { command: 'env' } }] },
      (req) => {
        envOutput = JSON.stringify(lastToolResults(req.body)[0]?.content);
        return { cut: 'mid_tool_use' };
      },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'hello.txt', content: `written through ${name}\n` } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'write hello.txt', '--model', 'claude-sonnet-4-5', '--out', out], env);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(readFileSync(join(repo, 'hello.txt'), 'utf8')).toBe(`written through ${name}\n`);
    server.assertAllTurnsUsed();

    // Every request reached the provider's endpoint with the provider's model ID.
    expect(server.requests).toHaveLength(4);
    for (const q of server.requests) expect(q.body.model).toBe(scene.wireModel);
    const transcript = readFileSync(join(out, 'transcript.jsonl'), 'utf8');
    const records = transcript.trim().split('\n').map((l) => JSON.parse(l) as { type: string; attempt?: number; errorKind?: string; usage?: { cacheReadTokens: number; cacheWriteTokens: number }; costUsd?: number | null });
    const requests = records.filter((r) => r.type === 'model_request');
    // The cut attempt was recorded and retried.
    expect(requests.some((q) => q.errorKind !== undefined && (q.attempt ?? 1) === 1)).toBe(true);
    expect(requests.some((q) => q.attempt === 2 && q.errorKind === undefined)).toBe(true);
    // Prompt caching holds: the first request writes the prefix, later ones read it, and cost is known.
    const done = requests.filter((q) => q.errorKind === undefined);
    expect(done[0]?.usage?.cacheWriteTokens).toBeGreaterThan(0);
    expect(done.slice(1).every((q) => (q.usage?.cacheReadTokens ?? 0) > 0)).toBe(true);
    expect(records.find((r) => r.type === 'run_end')?.costUsd).toBeGreaterThan(0);

    // The sandbox's environment held none of the credentials, by name or value.
    expect(envOutput).toContain('PATH=');
    expect(envOutput).not.toMatch(CREDENTIAL_NAMES);
    // The model requests (not Vertex's token exchange, whose business the subject token is).
    const modelRequests = server.allRequests.filter((q) => q.path !== '/v1/token');
    expect(modelRequests.length).toBeGreaterThanOrEqual(4);
    const everything = [...modelRequests.map((q) => q.rawBody), ...readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8')), r.stdout, r.stderr];
    for (const secret of scene.secrets) for (const text of everything) expect(text).not.toContain(secret);
  });

  it('bedrock: the stand-in checks the signature: a wrong secret key is refused, and the error names Bedrock and the AWS credentials', async () => {
    const scene = SCENES.bedrock;
    const { repo, out, env } = await start(scene, [{ content: [{ type: 'text', text: 'never' }] }]);
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', '--out', out], { ...env, AWS_SECRET_ACCESS_KEY: 'not-the-secret-key' });
    expect(r.code).not.toBe(0);
    expect(server?.allRequests.map((q) => q.status)).toEqual([403]);
    expect(r.stderr).toContain('Amazon Bedrock refused the AWS credentials');
    expect(r.stderr).toContain('does not match the signature');
    server?.push({ content: [{ type: 'text', text: 'never' }] });
  });

  it('vertex: a subject token the STS refuses ends the run before any model request (exit 2), naming the provider and the credentials file', async () => {
    const scene = SCENES.vertex;
    const { repo, out, env, dir } = await start(scene, []);
    writeFileSync(join(dir, 'oidc-token'), 'a-token-the-sts-refuses');
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', '--out', out], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('WARDEN_PROVIDER (--provider) vertex: no usable Google credentials');
    expect(r.stderr).toContain('GOOGLE_APPLICATION_CREDENTIALS');
    expect(server?.allRequests.map((q) => q.path)).toEqual(['/v1/token']);
  });

  it('vertex: the credentials file google-github-actions/auth leaves in the workspace is read by neither a tool nor a command', async () => {
    const scene = SCENES.vertex;
    let results = '';
    const { server, repo, out, env, dir } = await start(scene, [
      {
        content: [
          { type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'gha-creds-test.json' } },
          { type: 'tool_use', id: 'toolu_g', name: 'Grep', input: { pattern: 'token', path: '.', output_mode: 'content' } },
          { type: 'tool_use', id: 'toolu_c', name: 'Bash', input: { command: 'cat gha-creds-test.json' } },
        ],
      },
      (req) => {
        results = JSON.stringify(lastToolResults(req.body));
        return { content: [{ type: 'text', text: 'Could not read it.' }] };
      },
    ]);
    // Where the action writes it: the workspace, ignored by git as its docs advise.
    writeFileSync(join(repo, '.gitignore'), 'gha-creds-*.json\n');
    const inWorkspace = join(repo, 'gha-creds-test.json');
    writeFileSync(inWorkspace, readFileSync(env.GOOGLE_APPLICATION_CREDENTIALS ?? '', 'utf8'));
    writeFileSync(join(repo, '.github', 'warden.yml'), 'version: 1\npermissions:\n  allow: ["Bash(cat *)"]\n');
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'read the credentials', '--out', out], { ...env, GOOGLE_APPLICATION_CREDENTIALS: inWorkspace });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(results).toContain('toolu_r');
    // The file names the token file; neither its path nor its audience reached the model.
    expect(results).not.toContain(join(dir, 'oidc-token'));
    expect(results).not.toContain('workloadIdentityPools');
  });

  it('foundry: a wrong key is refused by the endpoint and the error names Foundry and its key variable', async () => {
    const { repo, out, env } = await start(SCENES.foundry, [{ content: [{ type: 'text', text: 'never' }] }]);
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', '--out', out], { ...env, ANTHROPIC_FOUNDRY_API_KEY: 'wrong-key' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Microsoft Foundry refused the API key');
    expect(r.stderr).toContain('ANTHROPIC_FOUNDRY_API_KEY');
  });

  it.each<[string, Record<string, string>, string[], RegExp]>([
    ['bedrock without a region', { AWS_ACCESS_KEY_ID: AWS.accessKeyId, AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey }, ['--provider', 'bedrock'], /^warden: --provider bedrock: AWS_REGION is not set/],
    ['bedrock with half a key pair', { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: AWS.accessKeyId }, ['--provider', 'bedrock'], /--provider bedrock: AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not/],
    ['vertex without a project', { WARDEN_PROVIDER: 'vertex', CLOUD_ML_REGION: 'us-east5' }, [], /^warden: WARDEN_PROVIDER \(--provider\) vertex: ANTHROPIC_VERTEX_PROJECT_ID is not set/],
    ['vertex with a credentials file that is not there', { CLOUD_ML_REGION: 'global', ANTHROPIC_VERTEX_PROJECT_ID: 'p', GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/creds.json' }, ['--provider', 'vertex'], /GOOGLE_APPLICATION_CREDENTIALS names a file that does not exist/],
    ['foundry without a key', { ANTHROPIC_FOUNDRY_RESOURCE: 'res' }, ['--provider', 'foundry'], /--provider foundry: ANTHROPIC_FOUNDRY_API_KEY is not set/],
    ['an unknown provider', {}, ['--provider', 'azure'], /--provider "azure": expected one of anthropic, bedrock, vertex, foundry/],
  ])('%s: exit 2 before any request, naming the provider and what is missing', async (_name, env, flags, message) => {
    const repo = makeTempRepo();
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', ...flags], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
