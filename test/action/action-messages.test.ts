/**
 * What the action says when a user got something wrong, in the action's own words: the input the
 * workflow sets (never the CLI flag or variable it becomes), what failed, and what to do. Run as
 * the runner runs it (node dist/index.js, INPUT_* from action.yml's defaults and the workflow).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ModelServer } from '../support/model-server.js';
import { runActionDist, type ActionEnvironment } from '../support/action-runner.js';
import { makeTempRepo } from '../support/temp-repo.js';

const KEY = 'sk-ant-test-messages-0123456789';

/** A scheduled run: no actor to check, so no GitHub API is asked anything before the run. */
function scheduled(inputs: Record<string, string>, modelUrl?: string): ActionEnvironment {
  return {
    eventName: 'schedule',
    payload: { schedule: '0 4 * * *' },
    workspace: makeTempRepo(),
    repository: 'octo-org/hello',
    apiUrl: 'http://127.0.0.1:9',
    serverUrl: 'http://127.0.0.1:9',
    githubToken: 'ghs_test_messages_token',
    inputs: { prompt: 'tidy up', comment: 'false', ...inputs },
    ...(modelUrl === undefined ? {} : { modelUrl }),
  };
}

describe('the action\'s messages name its inputs', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('no API key: names the `anthropic_api_key` input and how to pass it', async () => {
    const r = await runActionDist(scheduled({}));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(
      '::error::warden: action inputs: `anthropic_api_key` is empty, and the model claude-sonnet-4-6 needs an Anthropic API key: pass it from a secret (`anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}`; a workflow started from a fork is given no secrets)',
    );
    expect(r.stdout + r.stderr).not.toContain('ANTHROPIC_API_KEY is not set');
    expect(r.outputs.outcome).toBe('config_error');
  });

  it('a provider without its settings: names the `provider` input and what to set, needs no Anthropic key', async () => {
    const r = await runActionDist({ ...scheduled({ provider: 'bedrock' }), extraEnv: { AWS_ACCESS_KEY_ID: 'AKIATESTMESSAGES', AWS_SECRET_ACCESS_KEY: 'test-secret-messages' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('::error::warden: action inputs: `provider` bedrock: AWS_REGION is not set; set it to the region Claude is enabled in (aws-actions/configure-aws-credentials sets it from `aws-region`)');
    expect(r.stdout + r.stderr).not.toContain('anthropic_api_key');
    expect(r.stdout + r.stderr).not.toContain('test-secret-messages');
    expect(r.outputs.outcome).toBe('config_error');
  });

  it('a policy file that does not exist: names the `policy` input', async () => {
    const env = scheduled({ anthropic_api_key: KEY, policy: 'no/such-policy.yml' });
    const r = await runActionDist(env);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`::error::warden: action inputs: \`policy\` ${env.workspace}/no/such-policy.yml: no such file`);
    expect(r.stdout + r.stderr).not.toContain('--policy');
  });

  it('a key the API refuses (401): what failed and what to check, once, the key never printed', async () => {
    server = await ModelServer.start({ script: [{ error: { status: 401, message: 'invalid x-api-key' } }] });
    const r = await runActionDist(scheduled({ anthropic_api_key: KEY }, server.url));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '::error::warden: model error: the Anthropic API refused the API key (HTTP 401 authentication_error: "invalid x-api-key"); check that ANTHROPIC_API_KEY (in the action: the `anthropic_api_key` input) holds a current key (not retryable)',
    );
    expect(r.stdout + r.stderr + r.summary).not.toContain('{"type":"error"');
    const log = (r.stdout + r.stderr).split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n');
    expect(log).not.toContain(KEY);
  });
});
