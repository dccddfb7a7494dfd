import { describe, expect, it } from 'vitest';
import { checkDelivery, localActionPaths, parsePolicy } from '../../src/policy/index.js';
import { tempDir } from '../support/temp-repo.js';

const limits = { maxFiles: 10, maxBytes: 10_000 };

describe('checkDelivery: what a patch may not carry out of the runner', () => {
  const root = tempDir();
  const policyText = 'version: 1\npermissions:\n  allow: ["Edit(src/**)", "Edit(/.husky/pre-commit)"]\n  deny: [{ rule: "Edit(secrets/**)", reason: "never" }]\n';

  it.each([
    ['an ordinary change', [{ path: 'src/a.ts', mode: '100644' }], []],
    ['a workflow', [{ path: '.github/workflows/ci.yml', mode: '100644' }], [/`.github\/workflows\/ci.yml`: changes a workflow/]],
    ['a workflow, differently cased', [{ path: '.GitHub/Workflows/ci.yml', mode: '100644' }], [/changes a workflow/]],
    ['a workflow renamed away', [{ path: 'docs/ci.yml', oldPath: '.github/workflows/ci.yml', mode: '100644' }], [/`.github\/workflows\/ci.yml`: changes a workflow/]],
    ['the policy file', [{ path: '.github/warden.yml', mode: '100644' }], [/changes the Warden policy file/]],
    ['a file an Edit deny rule names', [{ path: 'secrets/key', mode: '100644' }], [/denied by deny rule `Edit\(secrets\/\*\*\)`.*never/]],
    ['a built-in protected path', [{ path: '.envrc', mode: '100644' }], [/protected path/]],
    ['a nested protected name', [{ path: 'pkg/.npmrc', mode: '100644' }], [/protected path/]],
    ['a protected path the policy names explicitly', [{ path: '.husky/pre-commit', mode: '100755' }], []],
    ['a symlink', [{ path: 'src/link', mode: '120000' }], [/symbolic link/]],
    ['a submodule', [{ path: 'vendor/lib', mode: '160000' }], [/submodule/]],
  ])('%s', async (_name, files, expected) => {
    const policy = await parsePolicy(policyText, `${root}/.github/warden.yml`, { homeDir: '/tmp', root });
    const reasons = checkDelivery(files, policy, root, limits);
    expect(reasons).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(reasons[i]).toMatch(pattern));
  });

  it('limits: files, and the bytes committed (delivery-content.test.ts has the table)', async () => {
    const policy = await parsePolicy(policyText, `${root}/.github/warden.yml`, { homeDir: '/tmp', root });
    const many = Array.from({ length: 11 }, (_, i) => ({ path: `src/f${i}.ts`, mode: '100644', bytes: 1_000 }));
    expect(checkDelivery(many, policy, root, limits)).toEqual([
      'the patch touches 11 files; the policy\'s publish.max_files is 10',
      'the changes commit 11000 bytes of file content, more than the policy\'s publish.max_bytes (10000); largest: `src/f0.ts` 1000, `src/f1.ts` 1000, `src/f2.ts` 1000, and 8 more',
    ]);
  });

  // Every CI system's configuration, where each documents it: refused even under a policy whose
  // allow rule names the file (so the layers before delivery let the agent write it).
  const ciPolicy = 'version: 1\nmode: bypassPermissions\npermissions:\n  allow: ["Edit(/.gitlab-ci.yml)", "Edit(/.gitlab/**)", "Edit(/.circleci/**)", "Edit(**/Jenkinsfile)", "Edit(/.travis.yml)"]\n';
  it.each([
    ['.gitlab-ci.yml', /`.gitlab-ci.yml`: changes CI configuration \(.gitlab-ci.yml: GitLab CI/],
    ['.gitlab/ci/templates/test.yml', /changes CI configuration \(.gitlab: GitLab configuration/],
    ['Jenkinsfile', /changes CI configuration \(Jenkinsfile: a Jenkins pipeline/],
    ['ci/Jenkinsfile', /changes CI configuration \(Jenkinsfile:/],
    ['Jenkinsfile.release', /changes CI configuration \(Jenkinsfile\.\*:/],
    ['.circleci/config.yml', /changes CI configuration \(.circleci:/],
    ['.buildkite/pipeline.yml', /changes CI configuration \(.buildkite:/],
    ['buildkite.yml', /changes CI configuration \(buildkite.yml:/],
    ['azure-pipelines.yml', /changes CI configuration \(azure-pipelines.yml:/],
    ['azure-pipelines.yaml', /changes CI configuration \(azure-pipelines.yaml:/],
    ['.travis.yml', /changes CI configuration \(.travis.yml:/],
    ['bitbucket-pipelines.yml', /changes CI configuration \(bitbucket-pipelines.yml:/],
    ['.drone.yml', /changes CI configuration \(.drone.yml:/],
    ['.woodpecker.yml', /changes CI configuration \(.woodpecker.yml:/],
    ['.woodpecker/build.yaml', /changes CI configuration \(.woodpecker:/],
    ['.GitLab-CI.yml', /changes CI configuration/],
    ['.github/actions/setup/action.yml', /changes CI configuration \(.github\/actions:/],
  ])('CI configuration: %s is refused with or without a policy that allows it', async (file, pattern) => {
    const policy = await parsePolicy(ciPolicy, `${root}/.github/warden.yml`, { homeDir: '/tmp', root });
    for (const p of [policy, undefined]) {
      const reasons = checkDelivery([{ path: file, mode: '100644' }], p, root, limits);
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(pattern);
    }
    // Renamed away is a change to it too.
    expect(checkDelivery([{ path: 'docs/old-ci.txt', oldPath: file, mode: '100644' }], policy, root, limits)[0]).toMatch(pattern);
  });

  it.each(['src/gitlab-ci.yml', 'docs/travis.md', 'ci/pipeline.yml', 'src/.circleci/x.yml', 'Jenkinsfiles.md'])('not CI configuration: %s', (file) => {
    expect(checkDelivery([{ path: file, mode: '100644' }], undefined, root, limits)).toEqual([]);
  });

  it('a local action a workflow runs, and the root action, are CI configuration, even where the policy allows them', async () => {
    const policy = await parsePolicy('version: 1\nmode: bypassPermissions\npermissions:\n  allow: ["Edit(/tools/**)", "Edit(/action.yml)"]\n', `${root}/.github/warden.yml`, { homeDir: '/tmp', root });
    const actions = localActionPaths([{ path: '.github/workflows/ci.yml', text: 'jobs: {b: {steps: [{uses: ./tools/setup}]}}' }]).entries;
    for (const p of [policy, undefined]) {
      const check = (file: string): string[] => checkDelivery([{ path: file, mode: '100644' }], p, root, limits, actions);
      expect(check('tools/setup/action.yml')[0]).toMatch(/changes CI configuration \(tools\/setup: a local action or workflow the workflow \.github\/workflows\/ci\.yml runs/);
      expect(check('tools/setup/entry.sh')).toHaveLength(1);
      expect(check('action.yml')[0]).toMatch(/changes CI configuration \(action\.yml:/);
      expect(check('tools/other/x.sh')).toEqual([]);
    }
  });

  it('without a policy the built-in protected list still holds', () => {
    expect(checkDelivery([{ path: '.github/workflows/x.yml' }, { path: '.env' }, { path: 'a.ts' }], undefined, root, limits)).toHaveLength(2);
  });
});
