/**
 * Issue 31 item 3 (follow-up): the strict git history rule applies only where the object store can
 * hold a denied file. Through the real decider, the read-only review preset (`Read(.env)`, plan
 * mode) and the host's real listing of real repositories: with no denied path in the store and the
 * sandbox required, a reviewer sees hunks; otherwise the strict rule holds, and forms that name an
 * object by itself are refused in every case.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { accessFor, createPolicyDecider, type LoadedPolicy } from '../../src/policy/index.js';
import type { HistoryListing } from '../../src/policy/history-fact.js';
import { git, snap, writeFiles } from '../host-git/fixture.js';
import { makeFixture, policyOf, type Fixture } from './policy-fixture.js';

const REVIEW = ['git diff', 'git diff main...HEAD -- src/a.ts', 'git log -p', 'git show HEAD', 'git log -p -- src', 'git diff --cached', 'git stash show -p'];

function repo(secretInHistory: boolean): Fixture {
  const fx = makeFixture({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# r\n' });
  git(fx.ws, 'init', '-q', '-b', 'main');
  if (secretInHistory) writeFiles(fx.ws, { '.env': 'TOKEN=committed\n' });
  git(fx.ws, 'add', '-A');
  git(fx.ws, 'commit', '-qm', 'c1');
  if (secretInHistory) git(fx.ws, 'rm', '-q', '.env');
  git(fx.ws, 'checkout', '-q', '-b', 'feature');
  writeFiles(fx.ws, { 'src/a.ts': 'export const a = 2;\n' });
  git(fx.ws, 'commit', '-qam', 'c2');
  writeFiles(fx.ws, { 'src/a.ts': 'export const a = 3;\n', '.env': 'TOKEN=untracked\n' });
  git(fx.ws, 'stash', '-q');
  return fx;
}

async function decide(policy: LoadedPolicy, fx: Fixture, command: string, history: HistoryListing | undefined): Promise<string> {
  const input = { command };
  const d = await createPolicyDecider(policy, () => history).decide({ toolName: 'Bash', input, access: accessFor('Bash', input, fx.ws), isReadOnly: false }, { cwd: fx.ws });
  return d.behavior === 'allow' ? 'allow' : `deny: ${d.reason}`;
}

let clean: Fixture;
let dirty: Fixture;
let cleanListing: HistoryListing;
let dirtyListing: HistoryListing;
let review: LoadedPolicy;
let reviewNoSandbox: LoadedPolicy;

beforeAll(async () => {
  clean = repo(false);
  dirty = repo(true);
  cleanListing = (await snap(clean.ws)).history;
  dirtyListing = (await snap(dirty.ws)).history;
  review = await policyOf(clean, { extends: ['read-only-review'], mode: 'plan' });
  reviewNoSandbox = await policyOf(clean, { extends: ['read-only-review'], mode: 'plan', sandbox: 'off' });
});

describe('git review forms under the read-only review preset', () => {
  it.each(REVIEW)('`%s` is allowed when no denied path is in the store and the sandbox is required', async (command) => {
    expect(cleanListing.kind).toBe('paths');
    expect(await decide(review, clean, command, cleanListing)).toBe('allow');
  });

  it.each(REVIEW)('`%s` is refused when .env was committed (the strict rule)', async (command) => {
    const policy = await policyOf(dirty, { extends: ['read-only-review'], mode: 'plan' });
    expect(await decide(policy, dirty, command, dirtyListing)).toMatch(/^deny: .*history/);
  });

  it.each(REVIEW.filter((c) => !c.includes('-- src')))('`%s` is refused with the sandbox off, or with no listing (fail closed)', async (command) => {
    expect(await decide(reviewNoSandbox, clean, command, cleanListing)).toMatch(/^deny:/);
    expect(await decide(review, clean, command, undefined)).toMatch(/^deny: .*history/);
    expect(await decide(review, clean, command, { kind: 'unknown', reason: 'test' })).toMatch(/^deny: .*history/);
  });
});

describe('forms that stay strict whatever the host found', () => {
  const STRICT = [
    'git show $BLOB',
    'git cat-file -p $BLOB',
    'git show v1',
    'git diff v1 HEAD',
    'git show HEAD^{tree}',
    'git show --all',
    'git diff --tags',
    'git --git-dir=/tmp/other/.git log -p',
    'git --work-tree=/tmp log -p',
    'git -C /tmp/other log -p',
    'git log -p --output=/tmp/x',
    'git log -p --notes',
    'git archive HEAD',
    'git bundle create /tmp/b --all',
    'git notes show',
    'git clone . /tmp/copy',
    'git worktree add /tmp/wt',
    'git fetch /tmp/other',
    'git my-alias',
    'cd src && git log -p',
    'GIT_DIR=/tmp/other/.git git log -p',
    'GIT_INDEX_FILE=/tmp/i git diff --cached',
    'export GIT_DIR=/tmp/other/.git; git log -p',
    'GIT_OBJECT_DIRECTORY=/tmp/o; export GIT_OBJECT_DIRECTORY; git show HEAD',
    'env GIT_DIR=/tmp/other/.git git log -p',
    'git tag t HEAD:README.md && git show t',
    'git log -p && git --git-dir=/tmp/o/.git log -p',
  ];
  it.each(STRICT)('`%s` is refused', async (command) => {
    const blob = git(clean.ws, 'rev-parse', 'HEAD:README.md').trim();
    expect(await decide(review, clean, command.replace('$BLOB', blob), cleanListing)).toMatch(/^deny:/);
  });
});
