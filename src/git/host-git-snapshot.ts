/**
 * The snapshot host git works from, taken before the agent starts and kept outside the workspace:
 * the starting commit, and a private GIT_DIR with our own config, the commit and its trees, an
 * index of it with the files' stat data, and its ignore rules. After the run nothing in the
 * workspace `.git` is read again except old blob content, verified first (host-git-objects.ts).
 * Before the run the workspace `.git` is still the checkout's: discovery uses git's own rules there,
 * under the fixed overrides of host-git-env.ts.
 */
import { chmod, lstat, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { isInside } from '../path-inside.js';
import { isWorkflowFile } from '../policy/index.js';
import { findHostExecutable } from '../sandbox/index.js';
import { configFileValue, trustedSearchPath } from './host-git-env.js';
import type { HostGitContext } from './host-git-env.js';
import { listHistoryPaths } from './host-git-history.js';
import { translateIgnoreRules } from './host-git-ignore.js';
import { isObjectId, linkObjectFiles, parseCatFileBatch } from './host-git-objects.js';
import { forgetRecentStat, indexFlags, reuseCheckoutStat } from './host-git-start-index.js';
import { gitCall, gitRun, HostGitError, rawToDisplay, splitNul } from './host-git-types.js';
import type { ObjectFormat, RepositorySnapshot, SnapshotResult, SnapshotState } from './host-git-types.js';

export interface SnapshotRequest {
  /** The run's workspace (`--cwd`). */
  workspace: string;
  /** The runner's PATH; entries inside the workspace are never used. */
  hostPath: string;
  /** A directory outside the workspace for the private state (created; should be new or empty). */
  stateDir: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** 2.32: GIT_CONFIG_GLOBAL/GIT_CONFIG_SYSTEM. Older git would read the runner's ~/.gitconfig. */
const MIN_GIT: readonly [number, number] = [2, 32];

export async function snapshotRepository(req: SnapshotRequest): Promise<SnapshotResult> {
  let workspace: string;
  try {
    workspace = await realpath(req.workspace);
  } catch {
    return { kind: 'unavailable', reason: `workspace not found: ${req.workspace}` };
  }
  const stateDir = resolve(req.stateDir);
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const stateReal = await realpath(stateDir);
  if (isInside(workspace, stateReal) || isInside(stateReal, workspace)) {
    return { kind: 'unavailable', reason: `the host git state directory ${stateReal} must be outside the workspace ${workspace}` };
  }
  const path = await resolvedSearchPath(req.hostPath, workspace);
  const git = await findHostExecutable('git', path, [workspace]);
  if (git === undefined) return { kind: 'unavailable', reason: 'git was not found on the host PATH (outside the workspace)' };
  const gitReal = await realpath(git);
  if (isInside(workspace, gitReal)) return { kind: 'unavailable', reason: `git resolves into the workspace: ${gitReal}` };

  const ctx = await makeContext(stateReal, gitReal, path, workspace);
  const opts = { cwd: workspace, ...(req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs }), ...(req.signal === undefined ? {} : { signal: req.signal }) };

  const version = (await gitCall(ctx, { args: ['version'] }, opts)).toString('utf8');
  const m = /git version (\d+)\.(\d+)/.exec(version);
  if (m === null || Number(m[1]) < MIN_GIT[0] || (Number(m[1]) === MIN_GIT[0] && Number(m[2]) < MIN_GIT[1])) {
    return { kind: 'unavailable', reason: `host git is too old (need ${MIN_GIT.join('.')}+): ${version.trim()}` };
  }

  const where = await gitRun(ctx, { args: ['rev-parse', '--show-toplevel', '--git-common-dir', '--show-object-format'] }, opts);
  if (where.code !== 'ok') {
    const reason = where.stderr.trim().split('\n')[0] ?? 'git rev-parse failed';
    return /not a git repository/i.test(where.stderr) ? { kind: 'not-a-repository', reason } : { kind: 'unavailable', reason };
  }
  const [top, commonDir, format] = where.stdout.toString('utf8').split('\n');
  if (top === undefined || commonDir === undefined || (format !== 'sha1' && format !== 'sha256')) {
    return { kind: 'unavailable', reason: `unexpected rev-parse output: ${where.stdout.toString('utf8')}` };
  }
  const topLevel = await realpath(top);
  const objectFormat: ObjectFormat = format;
  const commonReal = await realpath(resolve(workspace, commonDir));
  const workspaceObjects = await realpath(join(commonReal, 'objects'));
  if (isInside(topLevel, stateReal)) {
    return { kind: 'unavailable', reason: `the host git state directory ${stateReal} must be outside the repository ${topLevel}` };
  }

  const head = await gitRun(ctx, { args: ['rev-parse', '--verify', '-q', 'HEAD^{commit}'] }, opts);
  const symbolic = await gitRun(ctx, { args: ['symbolic-ref', '-q', 'HEAD'] }, { ...opts, okCodes: [0, 1] });
  const headRef = symbolic.code === 'ok' && symbolic.exitCode === 0 ? symbolic.stdout.toString('utf8').trim() : null;
  let startCommit: string | null = null;
  let parents: string[] = [];
  let startTree: string;
  const gitDir = join(stateReal, 'git');
  await makePrivateGitDir(gitDir, objectFormat);
  const inPrivate = { gitDir, alternates: [workspaceObjects] };

  if (head.code === 'ok') {
    startCommit = head.stdout.toString('utf8').trim();
    const lines = (await gitCall(ctx, { ...inPrivate, args: ['rev-parse', `${startCommit}^{tree}`, `${startCommit}^@`] }, opts)).toString('utf8').trim().split('\n');
    startTree = lines[0] ?? '';
    parents = lines.slice(1);
  } else {
    const unborn = headRef !== null && (await gitRun(ctx, { args: ['rev-parse', '--verify', '-q', headRef] }, opts)).code !== 'ok';
    if (!unborn) return { kind: 'unavailable', reason: 'HEAD does not name a commit' };
    startTree = (await gitCall(ctx, { gitDir, args: ['hash-object', '-t', 'tree', '-w', '--stdin'] }, { ...opts, input: '' })).toString('utf8').trim();
  }
  if (!isObjectId(objectFormat, startTree) || (startCommit !== null && !isObjectId(objectFormat, startCommit))) {
    return { kind: 'unavailable', reason: 'could not read the starting commit' };
  }

  // The commit's trees, and the few blobs needed without the workspace store: symlinks (compared by
  // content on refresh) and .gitignore files.
  const listing = startCommit === null ? [] : splitNul(await gitCall(ctx, { ...inPrivate, args: ['ls-tree', '-r', '-t', '-z', '--full-tree', startTree] }, opts));
  const copy = startCommit === null ? [] : [startCommit, startTree];
  const ignoreBlobs: Array<{ id: string; dir: string }> = [];
  const workflowBlobs: Array<{ id: string; path: string }> = [];
  const submodules: string[] = [];
  for (const entry of listing) {
    const tab = entry.indexOf('\t');
    const [mode, type, id] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (id === undefined) continue;
    if (type === 'tree' || mode === '120000') copy.push(id);
    else if (mode === '160000') submodules.push(path);
    if (type === 'blob' && (mode === '100644' || mode === '100755') && (path === '.gitignore' || path.endsWith('/.gitignore'))) {
      copy.push(id);
      ignoreBlobs.push({ id, dir: path === '.gitignore' ? '' : path.slice(0, -'/.gitignore'.length) });
    }
    if (type === 'blob' && (mode === '100644' || mode === '100755') && isWorkflowFile(path)) {
      copy.push(id);
      workflowBlobs.push({ id, path });
    }
  }
  if (copy.length > 0) {
    await gitCall(ctx, { ...inPrivate, args: ['pack-objects', '-q', join(gitDir, 'objects', 'pack', 'pack')] }, { ...opts, input: `${copy.join('\n')}\n` });
  }
  // A boundary at the starting commit: nothing ever walks (or pushes) past it from the private store.
  if (startCommit !== null && parents.length > 0) await writeFile(join(gitDir, 'shallow'), `${startCommit}\n`);

  // The workspace index as checkout left it (still trusted: the agent has not started).
  const flags = await indexFlags(ctx, opts);
  if (flags.skipWorktree) {
    // Files outside the sparse cone are absent from the worktree: they would all count as deleted.
    return { kind: 'unavailable', reason: 'a sparse checkout (skip-worktree entries) is not supported by host git' };
  }
  const startIndex = join(stateReal, 'start.index');
  const work = { gitDir, indexFile: startIndex, workTree: topLevel };
  if (!(await reuseCheckoutStat(ctx, { gitDir, workTree: topLevel, startIndex }, startTree, flags, opts))) {
    await rm(startIndex, { force: true });
    await gitCall(ctx, { gitDir, indexFile: startIndex, args: ['read-tree', startTree] }, { ...opts, cwd: stateReal });
  }
  await gitCall(ctx, { ...work, args: ['update-index', '-q', '--refresh'] }, { ...opts, cwd: topLevel, okCodes: [0, 1] });
  const dirty = splitNul(await gitCall(ctx, { ...work, args: ['diff-files', '--name-only', '-z', '--ignore-submodules=all'] }, { ...opts, cwd: topLevel }));
  // After the list above: the entries it drops show as changed until their files are hashed.
  await forgetRecentStat(ctx, { gitDir, indexFile: startIndex }, { ...opts, cwd: topLevel });
  await chmod(startIndex, 0o444);

  const excludesFile = join(stateReal, 'start-excludes');
  const ignoreTexts = await readBlobs(ctx, gitDir, ignoreBlobs.map((b) => b.id), stateReal, () => 'a .gitignore');
  const ignoreSources = ignoreBlobs.map((b, i) => ({ dir: b.dir, content: ignoreTexts[i]?.toString('latin1') ?? '' }));
  await writeFile(excludesFile, translateIgnoreRules(ignoreSources, await readInfoExclude(commonReal)), 'latin1');

  const history = await listHistoryPaths({ ctx, cwd: workspace, topLevel, commonDir: commonReal, submodules, ...(req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs }), ...(req.signal === undefined ? {} : { signal: req.signal }) });

  const tmpDir = join(stateReal, 'tmp');
  await mkdir(tmpDir, { mode: 0o700 });
  const mirror = join(stateReal, 'workspace-objects');
  const objectSources = (await linkObjectFiles(workspaceObjects, mirror)) ? [mirror, workspaceObjects] : [workspaceObjects];
  const state: SnapshotState = { ctx, stateDir: stateReal, gitDir, startIndex, excludesFile, objectSources, tmpDir };
  const snapshot: RepositorySnapshot = {
    workspace,
    topLevel,
    objectFormat,
    startCommit,
    startTree,
    headRef,
    modifiedAtStart: dirty.map(rawToDisplay).sort(),
    workflows: (await readBlobs(ctx, gitDir, workflowBlobs.map((b) => b.id), stateReal, (i) => `the workflow ${workflowBlobs[i]?.path ?? ''}`)).map((text, i) => ({ path: workflowBlobs[i]?.path ?? '', text: text.toString('utf8') })),
    submodules: submodules.map(rawToDisplay).sort(),
    history,
    state,
  };
  return { kind: 'repository', snapshot };
}

async function makeContext(stateDir: string, git: string, path: string, workspace: string): Promise<HostGitContext> {
  const home = join(stateDir, 'home');
  const hooksDir = join(stateDir, 'hooks');
  await mkdir(home, { recursive: true, mode: 0o700 });
  await mkdir(hooksDir, { recursive: true, mode: 0o500 });
  const globalConfig = join(stateDir, 'global.gitconfig');
  // The only "global" setting: the workspace may be owned by another user (containers); our
  // overrides make its config harmless for the commands run before the agent starts.
  await writeFile(globalConfig, `[safe]\n\tdirectory = ${configFileValue(workspace)}\n`, { mode: 0o400 });
  return { git, path, home, hooksDir, globalConfig };
}

/** The host PATH without entries that are, or resolve to, somewhere inside the workspace (or do not exist). */
async function resolvedSearchPath(hostPath: string, workspace: string): Promise<string> {
  const dirs: string[] = [];
  for (const dir of trustedSearchPath(hostPath, [workspace]).split(delimiter)) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined && !isInside(workspace, real)) dirs.push(dir);
  }
  return dirs.join(delimiter);
}

async function makePrivateGitDir(gitDir: string, format: ObjectFormat): Promise<void> {
  for (const d of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags']) await mkdir(join(gitDir, d), { recursive: true, mode: 0o700 });
  await writeFile(join(gitDir, 'HEAD'), 'ref: refs/heads/warden\n');
  const ext = format === 'sha256' ? '[extensions]\n\tobjectformat = sha256\n' : '';
  await writeFile(join(gitDir, 'config'), `[core]\n\trepositoryformatversion = ${format === 'sha256' ? 1 : 0}\n\tbare = true\n\tfilemode = true\n${ext}`, { mode: 0o400 });
}

/** The contents of these blobs of the private store, in order (`what` names one in an error). */
async function readBlobs(ctx: HostGitContext, gitDir: string, ids: readonly string[], cwd: string, what: (i: number) => string): Promise<Buffer[]> {
  if (ids.length === 0) return [];
  const entries = parseCatFileBatch(await gitCall(ctx, { gitDir, args: ['cat-file', '--batch'] }, { cwd, input: `${ids.join('\n')}\n` }));
  return ids.map((id, i) => {
    const e = entries[i];
    if (e === undefined || e.missing || e.id !== id) throw new HostGitError('cat-file', 'failed', null, `could not read ${what(i)} (${id})`);
    return e.content;
  });
}

/** The repository's own `info/exclude` as it is before the run (a regular file, a sane size), else nothing. */
async function readInfoExclude(commonDir: string): Promise<string> {
  const path = join(commonDir, 'info', 'exclude');
  try {
    const info = await lstat(path);
    if (!info.isFile() || info.size > 1_000_000) return '';
    return await readFile(path, 'latin1');
  } catch {
    return '';
  }
}

