/**
 * Issue 31 item 3: a denied file committed to git is printed by git. The sandbox hides denied
 * files in the work tree, not in `.git/objects`, so the analyser refuses every git form that can
 * print contents from history, the index or an object id, unless what it prints is limited to
 * paths the Read rules judge. Each attack is first run unprotected in real git to show it prints
 * the secret, then decided through the real decision path — under the read-only built-ins and
 * under `Bash(*)`, so no allow rule lets it through.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessFor, createPathJudge, createPolicyDecider, type LoadedPolicy } from '../../src/policy/index.js';
import { historyMayHoldDenied } from '../../src/policy/history-fact.js';
import { snap } from '../host-git/fixture.js';
import { decide, makeFixture, policyOf, type Fixture } from './policy-fixture.js';

const X = 'SECRET_X_hunter2'; // secrets/x: committed, then removed from history's tip
const Y = 'SECRET_Y_swordfish'; // secrets/y: tracked, deleted from the work tree only
const S = 'SECRET_S_stashed'; // secrets/y as changed in a stash
const W = 'SECRET_W_worktree'; // secrets/w: untracked, in the work tree
const K = 'SECRET_K_renamed'; // secrets/k on branch side, then renamed to src/k.txt and redacted
const SECRETS = [X, Y, S, W, K];
const Z = 'SECRET_Z_nested'; // src/secrets/z: committed, then removed: denied by Read(secrets/**) at any depth, not by Read(/secrets/**)

function sh(fx: Fixture, command: string): string {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: fx.home, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' };
  const run = spawnSync('/bin/bash', ['-c', command], { cwd: fx.ws, env, encoding: 'utf8', input: '', timeout: 20_000 });
  return `${run.stdout}${run.stderr}`;
}

/**
 * C1 src/a; C2 adds secrets/x, secrets/y and src/secrets/z; C3 removes secrets/x and src/secrets/z; branch `side` adds secrets/k
 * and renames it to src/k.txt, redacted; a stash changes secrets/y; then secrets/y is deleted from
 * the work tree.
 */
function makeRepo(): { fx: Fixture; blob: string; tree: string } {
  const fx = makeFixture({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# r\n' });
  const steps = [
    'git init -q -b main && git config user.name t && git config user.email t@t && git add -A && git commit -qm c1',
    `mkdir -p secrets src/secrets && echo '${X}   ' > secrets/x && echo '${Y}' > secrets/y && echo '${Z}' > src/secrets/z && git add -A && git commit -qm c2`,
    "git rm -q secrets/x src/secrets/z && echo 'export const a = 2;' > src/a.ts && git commit -qam c3",
    `git checkout -q -b side && printf '%s\\n' ${K} $(seq -f 'a long enough line of the key file, number %g' 12) > secrets/k && git add -A && git commit -qm k`,
    "git mv secrets/k src/k.txt && sed -i 1s/.*/REDACTED/ src/k.txt && git commit -qam moved && git checkout -q main",
    `echo '${S}' > secrets/y && git stash -q && rm secrets/y && echo '${W}' > secrets/w`,
  ];
  for (const s of steps) sh(fx, s);
  const blob = sh(fx, 'git rev-parse HEAD~1:secrets/x').trim();
  const tree = sh(fx, 'git rev-parse HEAD~1:secrets').trim();
  // Refs an earlier allowed command could have made: a tag on a blob, one on a tree.
  sh(fx, `git tag keep ${blob} && git tag keeptree ${tree}`);
  return { fx, blob, tree };
}

let repo: ReturnType<typeof makeRepo>;
let builtIn: LoadedPolicy;
let everything: LoadedPolicy;
let anchored: LoadedPolicy;
let anchoredBuiltIn: LoadedPolicy;
let noDeny: LoadedPolicy;

beforeAll(async () => {
  repo = makeRepo();
  builtIn = await policyOf(repo.fx, { deny: ['Read(secrets/**)'] });
  everything = await policyOf(repo.fx, { allow: ['Bash(*)'], deny: ['Read(secrets/**)'] });
  anchored = await policyOf(repo.fx, { allow: ['Bash(*)'], deny: ['Read(/secrets/**)'] });
  anchoredBuiltIn = await policyOf(repo.fx, { deny: ['Read(/secrets/**)'] });
  noDeny = await policyOf(repo.fx, { allow: ['Bash(git *)'] });
});

/** A program reading a file: opaque to the analyser, allowed by `Bash(*)`; the sandbox hides only the workspace's denied paths. */
const NODE_CAT = (file: string): string => `node -e "process.stdout.write(require('fs').readFileSync('${file}', 'utf8'))"`;

/** Every form the issue names, and the ways around a path check; `$BLOB`/`$TREE` are the secret's ids. */
const ATTACKS: readonly string[] = [
  'git log -p',
  'git log --all -p',
  'git log -p --all -S SECRET',
  'git log -p -- .',
  'git log -p -- secrets',
  'git log -p -- src/../secrets',
  'git whatchanged -p',
  'git show',
  'git show HEAD~1',
  'git show HEAD~1:secrets/x',
  'git show HEAD~1:./secrets/x',
  'git show :0:secrets/y',
  'git show :secrets/y',
  'git show $BLOB',
  'git show --stat keep',
  'git show keeptree:x',
  'git diff',
  'git diff HEAD~1',
  'git diff HEAD~2 HEAD',
  'git diff --cached HEAD~2',
  'git diff keeptree HEAD^{tree} -- x',
  'git diff HEAD~2:src/a.ts HEAD~1:secrets/y',
  'git diff --no-index secrets/w /dev/null',
  'git diff-tree -p HEAD~1^{tree} HEAD^{tree}',
  'git diff-tree -p -r HEAD',
  'git grep -e SECRET HEAD~1',
  'git grep -e SECRET HEAD~1^{tree}',
  'git grep -e SECRET keeptree -- x',
  'git grep --cached -e SECRET',
  'git grep -e SECRET $(git rev-list --all)',
  'git cat-file -p $BLOB',
  'git cat-file blob $BLOB',
  'git cat-file -p HEAD~1:secrets/x',
  'echo HEAD~1:secrets/x | git cat-file --batch',
  'git ls-tree -r --object-only HEAD~1 | git cat-file --batch',
  'git cat-file --batch-all-objects --batch',
  'git archive HEAD~1',
  'git archive --format=tar HEAD~1^{tree} secrets',
  'git blame HEAD~1 -- secrets/x',
  'git annotate HEAD~1 -- secrets/y',
  'git format-patch --stdout -1 HEAD~1',
  'git format-patch --stdout --root HEAD',
  `git bundle create b.bundle --all && git clone -q b.bundle ../copy && ${NODE_CAT('../copy/secrets/y')}`,
  'git log -p -- ":(glob)secrets/**"',
  'git log -p -- ":(icase)SECRETS"',
  'git -C src log -p -- ":(top)secrets"',
  'git log -p -- ":(exclude)src"',
  'git log -p -- ":!src"',
  'git log -p -- "secr*"',
  'git --icase-pathspecs log -p -- SECRETS',
  'git --glob-pathspecs log -p -- "*/x"',
  'git -C src log -p',
  'git -C src show HEAD~1:./../secrets/x',
  'git --git-dir=.git log -p',
  'GIT_DIR=.git git log -p',
  'git -c alias.x=show x HEAD~1:secrets/x',
  'git stash show -p',
  'git stash list -p',
  'git status -vv',
  'git add -p',
  'git log -p --output=out.txt && cat out.txt',
  'git log -U1',
  'git log --cc',
  'git log --binary',
  'git log -c --all',
  'git log -L1,1:secrets/y HEAD',
  '/usr/bin/git log -p',
  'timeout 5 git log -p',
  'env git log -p',
  'bash -c "git log -p"',
  'echo | xargs git log -p',
  'strace -f -o /dev/null git log -p',
  'git -P log -p',
  'git log -p --follow side -- src/k.txt',
  'git log -p --full-diff side -- src/k.txt',
  'git -c log.follow=true log -p side -- src/k.txt',
  'git config --global log.follow true && git log -p side -- src/k.txt',
  'git symbolic-ref HEAD refs/tags/keep && git show --stat HEAD',
  `git clone -q . ../copy && ${NODE_CAT('../copy/secrets/y')}`,
  `git clone -q . sub && ${NODE_CAT('sub/secrets/y')}`,
  `git worktree add -q ../wt HEAD~1 && ${NODE_CAT('../wt/secrets/x')}`,
  `mkdir -p wt2 && git --work-tree=wt2 checkout HEAD~1 -- . && ${NODE_CAT('wt2/secrets/x')}`,
  'git init -q sub && git -C sub fetch -q .. main && git -C sub log -p FETCH_HEAD~0 -- secrets',
  `git init -q sub && git -C sub pull -q .. main && ${NODE_CAT('sub/secrets/y')}`,
  `git read-tree --prefix=pub/ HEAD~1^{tree} && git checkout -- pub && ${NODE_CAT('pub/secrets/x')}`,
  'git update-index --add --cacheinfo 100644,$BLOB,pub.txt && git checkout -- pub.txt && cat pub.txt',
  'git checkout HEAD~1 -- secrets/x && git mv secrets/x pub.txt && cat pub.txt',
  'git for-each-ref --format="%(raw)" refs/tags/keep',
  'git notes add -C $BLOB HEAD && git log -1',
];

const expand = (c: string): string => c.replaceAll('$BLOB', repo.blob).replaceAll('$TREE', repo.tree);

describe('git forms that print a denied file from history', () => {
  it('each prints a secret when run unprotected in real git', () => {
    const quiet: string[] = [];
    for (const c of ATTACKS) {
      const out = sh(repo.fx, expand(c));
      if (!SECRETS.some((s) => out.includes(s))) quiet.push(`${c}\n${out.slice(0, 300)}`);
      sh(repo.fx, 'rm -rf out.txt b.bundle ../copy .git/lost-found; git update-ref -d refs/notes/commits; git symbolic-ref HEAD refs/heads/main; rm -f ../home/.gitconfig; rm -rf sub pub pub.txt ../wt wt2 secrets/x; git worktree prune; git reset -q; git checkout -q -- src');
    }
    expect(quiet).toEqual([]);
  });

  it.each(ATTACKS.map((c) => [c] as const))('`%s` is denied under Read(secrets/**)', async (c) => {
    for (const policy of [builtIn, everything, anchored]) {
      const d = await decide(policy, repo.fx, 'Bash', { command: expand(c) });
      expect(d.behavior, `${d.reason}`).toBe('deny');
    }
  });
});

describe('the strict rule, driven by what the host finds in this repository', () => {
  it('its listing answers "may hold a denied file", and every attack is denied through the real decider given it', async () => {
    const listing = (await snap(repo.fx.ws)).history;
    for (const policy of [builtIn, everything, anchored]) {
      expect(historyMayHoldDenied(listing, createPathJudge(policy, repo.fx.ws))).toBe(true);
      const decider = createPolicyDecider(policy, () => listing);
      for (const c of ATTACKS) {
        const input = { command: expand(c) };
        const d = await decider.decide({ toolName: 'Bash', input, access: accessFor('Bash', input, repo.fx.ws), isReadOnly: false }, { cwd: repo.fx.ws });
        expect(d.behavior, `${c}: ${d.reason}`).toBe('deny');
      }
    }
  });
});

/** Forms that print no contents, or only `REV:path` objects the rules judge. */
const BENIGN: readonly string[] = [
  'git status',
  'git status -s',
  'git log --oneline',
  'git log --color --oneline',
  'git log --all --oneline --graph',
  'git log --stat',
  'git log -5 --format=%H',
  'git log -n 3 --name-only',
  'git log -S export --oneline',
  'git show --stat HEAD',
  'git show --name-only HEAD~1',
  'git show -s --format=%B HEAD',
  'git show HEAD~1:src/a.ts',
  'git show HEAD:README.md',
  'git diff --stat',
  'git diff --name-only HEAD~2',
  'git diff --name-status HEAD~2 HEAD',
  'git diff --shortstat',
  'git diff --summary HEAD~1',
  'git cat-file -t HEAD',
  'git cat-file -p HEAD',
  'git cat-file -p HEAD~1:src/a.ts',
  'git blame README.md',
  'git ls-tree -r HEAD~1',
  'git ls-files',
  'git rev-parse HEAD',
  'git branch -a',
  'git tag -l',
  'git stash list',
  'git stash show',
];

/**
 * Contents limited by pathspecs: allowed when no Read rule could match anything that was ever
 * beneath them. Under `Read(secrets/**)` (any depth) a directory could have held `secrets/`, so
 * these run under the anchored `Read(/secrets/**)`.
 */
const LIMITED: readonly string[] = [
  'git log -p -- src',
  'git log -p -- src/a.ts README.md',
  'git show HEAD -- src',
  'git diff HEAD~2 -- src',
  'git diff -- src/a.ts',
  'git diff --cached -- src',
  'git diff main~1 main^{commit} -- src',
  'git grep -e export -- src',
  'git grep -n export HEAD~1 -- src',
  'git -C src log -p -- a.ts',
  'git log -p side -- src/k.txt',
];

describe('git forms that keep working', () => {
  it('the ones that show contents print no secret when run', () => {
    const leaked = BENIGN.filter((c) => SECRETS.some((s) => sh(repo.fx, c).includes(s)));
    expect(leaked).toEqual([]);
  });

  it.each(BENIGN.map((c) => [c] as const))('`%s` is allowed under Read(secrets/**)', async (c) => {
    const d = await decide(builtIn, repo.fx, 'Bash', { command: c });
    expect(d.behavior, `${d.reason}`).toBe('allow');
  });

  it.each(LIMITED.map((c) => [c] as const))('`%s` is allowed under Read(/secrets/**)', async (c) => {
    const d = await decide(anchoredBuiltIn, repo.fx, 'Bash', { command: c });
    expect(d.behavior, `${d.reason}`).toBe('allow');
  });

  it('the limited forms print no denied secret when run', () => {
    const leaked = LIMITED.filter((c) => SECRETS.some((s) => sh(repo.fx, c).includes(s)));
    expect(leaked).toEqual([]);
  });

  it('a pathspec is judged on what history may hold beneath it, not on the disk', async () => {
    // src/secrets/z is gone from the disk; `git log -p -- src` would print it.
    expect(sh(repo.fx, 'git log -p -- src')).toContain(Z);
    const d = await decide(builtIn, repo.fx, 'Bash', { command: 'git log -p -- src' });
    expect(d.behavior).toBe('deny');
    expect(d.rule).toBe('Read(secrets/**)');
  });

  it.each(['git diff', 'git log -p', 'git show HEAD~1', 'git log --all -p', 'git grep -e x HEAD', 'git cat-file -p HEAD~1:secrets/x'].map((c) => [c] as const))(
    '`%s` is allowed when the policy denies no reads',
    async (c) => {
      const d = await decide(noDeny, repo.fx, 'Bash', { command: c });
      expect(d.behavior, `${d.reason}`).toBe('allow');
    },
  );

  it('a denial says how to limit the command', async () => {
    const d = await decide(builtIn, repo.fx, 'Bash', { command: 'git log -p' });
    expect(d.reason).toMatch(/history.*-- PATH/s);
  });

  it('a limited form over a denied path names the rule', async () => {
    const d = await decide(builtIn, repo.fx, 'Bash', { command: 'git log -p -- secrets/x' });
    expect(d.rule).toBe('Read(secrets/**)');
  });
});
