/**
 * The stand-in's Git Data routes — blobs, trees, commits and refs — backed by the real bare
 * repository the test's smart-HTTP git server serves (`state.gitDir`), written with real git
 * (`hash-object -w`, a temporary index over the base tree, `commit-tree`, `update-ref` with the
 * old value), so every SHA is git's own and a fetch sees what the API made. A commit made without
 * author and committer is GitHub's: authored by the token's bot, committed by GitHub, and signed
 * (`verification.verified`, and `state.signedCommits`), as github.com does for a bot's token.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, errorBody, WEB } from './objects.js';
import type { ErrorReply, RouteTable } from './route-types.js';
import { isError, notFound, repoOf } from './routes.js';
import type { GithubState, RepoState } from './state.js';

interface GitOut {
  code: number;
  stdout: string;
  stderr: string;
}

function git(gitDir: string, args: string[], input?: Buffer | string, env: Record<string, string> = {}): Promise<GitOut> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_DIR: gitDir, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8').trim(), stderr: Buffer.concat(err).toString('utf8') }));
    // A command that exits without reading all of its input is answered by its exit code.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

const unprocessable = (message: string): ErrorReply => ({ status: 422, body: errorBody(message) });

function bareOf(state: GithubState, params: { owner: string; repo: string }): { repo: RepoState; dir: string } | ErrorReply {
  const repo = repoOf(state, params);
  if (isError(repo)) return repo;
  const dir = state.gitDir(repo);
  return dir === undefined ? { status: 409, body: errorBody('Git Repository is empty.') } : { repo, dir };
}

async function typeOf(dir: string, sha: string): Promise<string | undefined> {
  const r = await git(dir, ['cat-file', '-t', sha]);
  return r.code === 0 ? r.stdout : undefined;
}

function gitRef(repo: RepoState, ref: string, sha: string): { ref: string; node_id: string; url: string; object: { type: string; sha: string; url: string } } {
  return { ref, node_id: `REF_${sha.slice(0, 12)}`, url: `${API}/repos/${repo.fullName}/git/${ref}`, object: { type: 'commit', sha, url: `${API}/repos/${repo.fullName}/git/commits/${sha}` } };
}

async function tipOf(dir: string, ref: string): Promise<string | undefined> {
  const r = await git(dir, ['rev-parse', '--verify', '-q', `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout : undefined;
}

export function registerGitDataRoutes(table: RouteTable): void {
  table.route('git/create-blob', async ({ params, body, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    const bytes = body.encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
    const r = await git(at.dir, ['hash-object', '-w', '--stdin'], bytes);
    if (r.code !== 0) return unprocessable(r.stderr);
    return { status: 201, body: { url: `${API}/repos/${at.repo.fullName}/git/blobs/${r.stdout}`, sha: r.stdout } };
  });

  table.route('git/get-ref', async ({ params, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    const sha = await tipOf(at.dir, `refs/${params.ref}`);
    return sha === undefined ? notFound() : { status: 200, body: gitRef(at.repo, `refs/${params.ref}`, sha) };
  });

  // The entries over `base_tree` in a temporary index, as GitHub applies them: `sha: null` removes a path.
  table.route('git/create-tree', async ({ params, body, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    const scratch = mkdtempSync(join(tmpdir(), 'github-tree-'));
    const env = { GIT_INDEX_FILE: join(scratch, 'index') };
    try {
      if (body.base_tree !== undefined) {
        if ((await typeOf(at.dir, body.base_tree)) !== 'tree') return unprocessable('base_tree is not a valid tree');
        await git(at.dir, ['read-tree', body.base_tree], undefined, env);
      }
      const lines: string[] = [];
      for (const e of body.tree) {
        if (e.path === undefined || e.mode === undefined || (e.type ?? 'blob') !== 'blob' || !['100644', '100755', '120000'].includes(e.mode)) return unprocessable('stand-in: only blob entries with a path and a file mode');
        let sha = e.sha;
        if (e.content !== undefined) sha = (await git(at.dir, ['hash-object', '-w', '--stdin'], e.content)).stdout;
        else if (sha !== null && sha !== undefined && (await typeOf(at.dir, sha)) !== 'blob') return unprocessable(`tree.sha ${sha} is not a valid blob`);
        lines.push(sha === null || sha === undefined ? `0 ${'0'.repeat(40)}\t${e.path}` : `${e.mode} ${sha}\t${e.path}`);
      }
      const updated = await git(at.dir, ['update-index', '-z', '--index-info'], lines.map((l) => `${l}\0`).join(''), env);
      if (updated.code !== 0) return unprocessable(updated.stderr);
      const written = await git(at.dir, ['write-tree'], undefined, env);
      if (written.code !== 0) return unprocessable(written.stderr);
      const sha = written.stdout;
      return { status: 201, body: { sha, url: `${API}/repos/${at.repo.fullName}/git/trees/${sha}`, truncated: false, tree: [] } };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  table.route('git/create-commit', async ({ params, body, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    if ((await typeOf(at.dir, body.tree)) !== 'tree') return unprocessable('Tree SHA does not exist');
    const parents = body.parents ?? [];
    for (const p of parents) if ((await typeOf(at.dir, p)) !== 'commit') return unprocessable('Parent SHA does not exist or is not a commit object');
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const login = state.identity.user.login;
    // No author nor committer: GitHub's own commit, which it signs.
    const signed = body.author === undefined && body.committer === undefined && body.signature === undefined;
    const author = { name: body.author?.name ?? login, email: body.author?.email ?? `41898282+${login}@users.noreply.github.com`, date: body.author?.date ?? now };
    const committer = signed ? { name: 'GitHub', email: 'noreply@github.com', date: now } : { name: body.committer?.name ?? author.name, email: body.committer?.email ?? author.email, date: body.committer?.date ?? author.date };
    const env = {
      GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_AUTHOR_DATE: author.date,
      GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email, GIT_COMMITTER_DATE: committer.date,
    };
    const r = await git(at.dir, ['commit-tree', body.tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], body.message, env);
    if (r.code !== 0) return unprocessable(r.stderr);
    const sha = r.stdout;
    if (signed) state.signedCommits.add(sha);
    const full = at.repo.fullName;
    return {
      status: 201,
      body: {
        sha,
        node_id: `C_${sha.slice(0, 12)}`,
        url: `${API}/repos/${full}/git/commits/${sha}`,
        html_url: `${WEB}/${full}/commit/${sha}`,
        author,
        committer,
        message: body.message,
        tree: { sha: body.tree, url: `${API}/repos/${full}/git/trees/${body.tree}` },
        parents: parents.map((p) => ({ sha: p, url: `${API}/repos/${full}/git/commits/${p}`, html_url: `${WEB}/${full}/commit/${p}` })),
        verification: signed ? { verified: true, reason: 'valid', signature: null, payload: null, verified_at: now } : { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      },
    };
  });

  table.route('git/create-ref', async ({ params, body, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    if (!/^refs\/[^/]+\/.+/.test(body.ref)) return unprocessable('Reference name must start with \'refs/\' and have at least two slashes.');
    if ((await typeOf(at.dir, body.sha)) !== 'commit') return unprocessable('Object does not exist');
    // The old value all zeros: created only if absent, atomically.
    const r = await git(at.dir, ['update-ref', body.ref, body.sha, '0'.repeat(40)]);
    if (r.code !== 0) return unprocessable('Reference already exists');
    return { status: 201, body: gitRef(at.repo, body.ref, body.sha) };
  });

  table.route('git/update-ref', async ({ params, body, state }) => {
    const at = bareOf(state, params);
    if (isError(at)) return at;
    const ref = `refs/${params.ref}`;
    const old = await tipOf(at.dir, ref);
    if (old === undefined) return unprocessable('Reference does not exist');
    if ((await typeOf(at.dir, body.sha)) !== 'commit') return unprocessable('Object does not exist');
    if (body.force !== true && (await git(at.dir, ['merge-base', '--is-ancestor', old, body.sha])).code !== 0) return unprocessable('Update is not a fast forward');
    const r = await git(at.dir, ['update-ref', ref, body.sha, old]);
    if (r.code !== 0) return unprocessable(`Reference cannot be updated: ${r.stderr.trim()}`);
    return { status: 200, body: gitRef(at.repo, ref, body.sha) };
  });
}
