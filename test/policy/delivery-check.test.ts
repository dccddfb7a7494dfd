import { describe, expect, it } from 'vitest';
import { checkDelivery, parsePolicy } from '../../src/policy/index.js';
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
    const reasons = checkDelivery(files, 100, policy, root, limits);
    expect(reasons).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(reasons[i]).toMatch(pattern));
  });

  it('limits: files and bytes', async () => {
    const policy = await parsePolicy(policyText, `${root}/.github/warden.yml`, { homeDir: '/tmp', root });
    const many = Array.from({ length: 11 }, (_, i) => ({ path: `src/f${i}.ts`, mode: '100644' }));
    expect(checkDelivery(many, 20_000, policy, root, limits)).toEqual([
      'the patch touches 11 files; the policy\'s publish.max_files is 10',
      'the patch is 20000 bytes; the policy\'s publish.max_bytes is 10000',
    ]);
  });

  it('without a policy the built-in protected list still holds', () => {
    expect(checkDelivery([{ path: '.github/workflows/x.yml' }, { path: '.env' }, { path: 'a.ts' }], 10, undefined, root, limits)).toHaveLength(2);
  });
});
