/** Credential hiding: the candidate list, which masks are kept, and the scrubbed .git/config. */
import { describe, expect, test } from 'vitest';
import { credentialCandidates, effectiveMasks, scrubGitConfig } from '../../src/sandbox/credential-mask.js';

describe('scrubGitConfig', () => {
  test.each([
    ['checkout token', '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3M=\n[core]\n\tbare = false\n', '[http "https://github.com/"]\n[core]\n\tbare = false\n', 1],
    ['any case, any spacing', '[http]\n  ExtraHeader=Authorization: bearer t\n', '[http]\n', 1],
    ['continued value', '[http]\n\textraheader = a \\\n  b\n[core]\n', '[http]\n[core]\n', 2],
    ['URL userinfo', '[remote "origin"]\n\turl = https://x-access-token:ghs_abc@github.com/o/r\n', '[remote "origin"]\n\turl = https://github.com/o/r\n', 1],
    ['nothing to scrub', '[core]\n\tfilemode = true\n', '[core]\n\tfilemode = true\n', 0],
  ])('%s', (_name, input, output, removed) => {
    expect(scrubGitConfig(input)).toEqual({ text: output, removed });
  });
});

describe('credentialCandidates', () => {
  test('home credentials, env-named files, runner temp and system secrets', () => {
    const c = credentialCandidates({
      hostEnv: { RUNNER_TEMP: '/home/runner/work/_temp', GOOGLE_APPLICATION_CREDENTIALS: '/home/runner/work/r/r/gha-creds-1.json', KUBECONFIG: '/a/k1:/a/k2', GITHUB_TOKEN: 'not a path' },
      homes: ['/home/runner'],
      extra: ['/state'],
    });
    for (const p of ['/home/runner/.ssh', '/home/runner/.config/gh', '/home/runner/.docker', '/home/runner/.npmrc', '/home/runner/.aws', '/home/runner/.config/gcloud', '/home/runner/work/_temp', '/home/runner/work/r/r/gha-creds-1.json', '/a/k1', '/a/k2', '/etc/shadow', '/state']) {
      expect(c).toContain(p);
    }
  });
});

describe('effectiveMasks', () => {
  const keep = { workspace: '/home/runner/work/r/r', privateTmp: '/tmp', replaced: ['/tmp', '/run'] };
  test('drops ancestors of the workspace, and paths under replaced directories outside it', () => {
    const { masks, skipped } = effectiveMasks(
      [
        { path: '/home/runner/.ssh', kind: 'dir' },
        { path: '/home/runner/work', kind: 'dir' },
        { path: '/tmp/creds.json', kind: 'file' },
        { path: '/run/secrets', kind: 'dir' },
        { path: '/home/runner/work/r/r/gha-creds-1.json', kind: 'file' },
        { path: '/home/runner/.ssh', kind: 'dir' },
      ],
      keep,
    );
    expect(masks.map((m) => m.path)).toEqual(['/home/runner/.ssh', '/home/runner/work/r/r/gha-creds-1.json']);
    expect(skipped).toEqual(['/home/runner/work']);
  });
});
