import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runActionDist, type ActionResult } from '../support/action-runner.js';
import { expectCompleteErrorOutbox } from '../support/config-error-outbox.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// Issue 31 item 7, in the action (`node dist/index.js` with INPUT_*): an error before the run
// starts leaves the complete outbox, and the outputs a workflow gates on say config_error.

const NOWHERE = 'http://127.0.0.1:9';

async function action(eventName: string, payload: unknown, inputs: Record<string, string>): Promise<ActionResult> {
  return runActionDist({ eventName, payload, workspace: makeTempRepo(), repository: 'octo-org/hello', apiUrl: NOWHERE, serverUrl: 'https://github.com', githubToken: 'ghs_test_config_error', inputs: { anthropic_api_key: 'sk-ant-test-action-config-error', ...inputs }, modelUrl: NOWHERE });
}

function expectConfigError(r: ActionResult, names: string): void {
  expect(r.code, r.stdout + r.stderr).toBe(2);
  expect(r.stdout).toContain(`::error::warden: `);
  expect(r.outputs).toMatchObject({ outcome: 'config_error', verdict: 'no_changes', outbox: join(r.runnerTemp, 'warden', 'outbox'), turns: '0', files_changed: '' });
  expect(r.summary).toContain('configuration error');
  // The gating line of docs/ci.md runs with the outbox at ./out.
  const dir = tempDir();
  symlinkSync(r.outputs.outbox ?? '', join(dir, 'out'));
  expectCompleteErrorOutbox(join(dir, 'out'), dir, names);
}

describe('the action refused before its run starts', () => {
  it('a bad event payload: no config parsed yet, the outbox is in its known place', async () => {
    const r = await action('issue_comment', { action: 'created' }, {});
    expectConfigError(r, 'the `issue_comment` payload is not what GitHub sends');
  });

  it('a number input past its range', async () => {
    const r = await action('schedule', { schedule: '17 3 * * 1' }, { prompt: 'Tidy up.', timeout_seconds: '99999999' });
    expectConfigError(r, 'action inputs: `timeout_seconds` "99999999"');
  });
});
