import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISH_CONFIG, narrowPublish, type PublishConfig } from '../../src/config/publish-config.js';
import { parsePolicy } from '../../src/policy/index.js';

const pushing: PublishConfig = { ...DEFAULT_PUBLISH_CONFIG, push: 'branch' };

describe('publish: inputs narrow the policy, never widen it', () => {
  it.each([
    ['nothing asked: the policy stands', pushing, {}, pushing, []],
    ['push none narrows branch', pushing, { push: 'none' }, { ...pushing, push: 'none' }, []],
    ['pull-request instead of branch: the same power', pushing, { push: 'pull-request' }, { ...pushing, push: 'pull-request' }, []],
    ['push branch cannot widen none', DEFAULT_PUBLISH_CONFIG, { push: 'branch' }, DEFAULT_PUBLISH_CONFIG, ['push: branch (the policy says push: none)']],
    ['comment off narrows', DEFAULT_PUBLISH_CONFIG, { comment: false }, { ...DEFAULT_PUBLISH_CONFIG, comment: false }, []],
    ['comment on cannot widen off', { ...DEFAULT_PUBLISH_CONFIG, comment: false }, { comment: true }, { ...DEFAULT_PUBLISH_CONFIG, comment: false }, ['comment: true (the policy turns comments off)']],
    ['review on cannot widen off', { ...DEFAULT_PUBLISH_CONFIG, review: false }, { review: true }, { ...DEFAULT_PUBLISH_CONFIG, review: false }, ['review: true (the policy turns reviews off)']],
    ['commit_signing: the input turns it on', pushing, { commitSigning: true }, { ...pushing, commitSigning: true }, []],
    ['commit_signing: false does not turn the policy\'s off', { ...pushing, commitSigning: true }, { commitSigning: false }, { ...pushing, commitSigning: true }, []],
  ] as const)('%s', (_name, policy, inputs, expected, ignored) => {
    expect(narrowPublish(policy, inputs)).toEqual({ config: expected, ignored });
  });
});

describe('the policy file\'s publish: section', () => {
  it('defaults when absent', async () => {
    expect((await parsePolicy('version: 1\n', 'p.yml', { homeDir: '/tmp', root: '/tmp' })).publish).toEqual(DEFAULT_PUBLISH_CONFIG);
  });

  it('reads every field', async () => {
    const yaml = 'version: 1\npublish:\n  comment: false\n  review: false\n  push: pull-request\n  max_files: 5\n  max_bytes: 1000\n  review_event: REQUEST_CHANGES\n  commit_signing: true\n';
    expect((await parsePolicy(yaml, 'p.yml', { homeDir: '/tmp', root: '/tmp' })).publish).toEqual({ comment: false, review: false, push: 'pull-request', maxFiles: 5, maxBytes: 1000, reviewEvent: 'REQUEST_CHANGES', commitSigning: true });
  });

  it.each([
    ['publish:\n  push: force\n', /publish\.push/],
    ['publish:\n  max_files: 0\n', /publish\.max_files/],
    ['publish:\n  review_event: DISMISS\n', /publish\.review_event/],
    ['publish:\n  commit_signing: yes please\n', /publish\.commit_signing/],
    ['publish:\n  unknown: 1\n', /publish/],
  ])('refuses %j with file:line', async (body, message) => {
    await expect(parsePolicy(`version: 1\n${body}`, 'p.yml', { homeDir: '/tmp', root: '/tmp' })).rejects.toThrow(message);
  });
});
