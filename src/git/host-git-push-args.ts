/**
 * The arguments of the one push host git makes. Pure, table-tested: the remote is a parsed https
 * URL (http to loopback, file for tests) without credentials, and only its protocol is allowed; the
 * token is an `Authorization: Basic` header in that one process's environment config, never argv
 * or a file; the destination is one valid `refs/heads/…`, the source an object id; an overwrite is
 * leased from the value seen (`--force-with-lease`), so a push made after Warden looked is not lost.
 */
import { EXTRA_ENV_NAMES, HostGitUsageError } from './host-git-env.js';

export interface PushSpec {
  commit: string;
  remoteUrl: string;
  /** `refs/heads/<branch>`. */
  ref: string;
  token?: string;
  /** The user the token is sent as: `x-access-token` (GitHub, the default), `oauth2` or `gitlab-ci-token` (GitLab). */
  username?: string;
  /** Overwrite the branch even when it is not an ancestor (tests; a forge whose branch is checked otherwise). */
  force?: boolean;
  /**
   * Overwrite the branch only if it still points at this commit ('' : only if it does not exist):
   * a re-run replacing Warden's own branch as it checked it, and nothing pushed since.
   */
  lease?: string;
  /** The runner's proxy and CA variables (HTTPS_PROXY, NO_PROXY, SSL_CERT_FILE …), passed in by config. */
  networkEnv?: Readonly<Record<string, string>>;
}

/** How one git process reaches one remote with the token: the parsed URL, the header config, what to scrub. */
export interface RemoteAccess {
  url: URL;
  config: Array<[string, string]>;
  allowProtocol: string;
  secrets: string[];
  /** Those of `networkEnv` git may get (never a GIT_* one). */
  env: Record<string, string>;
}

export interface PushInvocation extends Omit<RemoteAccess, 'url'> {
  args: string[];
  /** The URL as given to git, for messages. */
  url: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function buildPushInvocation(spec: PushSpec): PushInvocation {
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(spec.commit)) throw new HostGitUsageError(`not a commit id: ${spec.commit}`);
  checkBranchRef(spec.ref);
  if (spec.lease !== undefined && spec.lease !== '' && !/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(spec.lease)) throw new HostGitUsageError(`not a commit id to lease from: ${spec.lease}`);
  if (spec.lease !== undefined && spec.force === true) throw new HostGitUsageError('a push is forced or leased, not both');
  const { url, ...access } = remoteAccess(spec);
  const refspec = `${spec.force === true ? '+' : ''}${spec.commit}:${spec.ref}`;
  const lease = spec.lease === undefined ? [] : [`--force-with-lease=${spec.ref}:${spec.lease}`];
  const args = ['push', '--porcelain', '--no-verify', '--no-recurse-submodules', '--no-follow-tags', '--no-signed', ...lease, url.href, refspec];
  return { ...access, args, url: url.href };
}

/** The checked URL and the token as this one process's header (never in argv or a file). */
export function remoteAccess(spec: Pick<PushSpec, 'remoteUrl' | 'token' | 'username' | 'networkEnv'>): RemoteAccess {
  const url = checkRemoteUrl(spec.remoteUrl);
  const scheme = url.protocol.slice(0, -1);
  const config: Array<[string, string]> = [[`protocol.${scheme}.allow`, 'always']];
  const secrets: string[] = [];
  if (spec.token !== undefined) {
    if (scheme === 'file') throw new HostGitUsageError('a token is only sent to an http(s) remote');
    if (!/^[\x21-\x7e]+$/.test(spec.token)) throw new HostGitUsageError('the token has characters a header cannot carry');
    const user = spec.username ?? 'x-access-token';
    if (!/^[A-Za-z0-9._-]+$/.test(user)) throw new HostGitUsageError(`not a user name for a token: ${user}`);
    const basic = Buffer.from(`${user}:${spec.token}`).toString('base64');
    // The empty value first resets any header list, so this is the only one sent.
    config.push(['http.extraHeader', ''], ['http.extraHeader', `Authorization: Basic ${basic}`]);
    secrets.push(spec.token, basic);
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.networkEnv ?? {})) if (EXTRA_ENV_NAMES.has(k) && !k.startsWith('GIT_')) env[k] = v;
  return { url, config, allowProtocol: scheme, secrets, env };
}

export function checkRemoteUrl(remote: string): URL {
  // eslint-disable-next-line no-control-regex
  if (/[\s\0-\x1f\x7f]/.test(remote)) throw new HostGitUsageError('remote URL has whitespace or control characters');
  let url: URL;
  try {
    url = new URL(remote);
  } catch {
    throw new HostGitUsageError(`remote is not a URL: ${remote}`);
  }
  if (url.username !== '' || url.password !== '') throw new HostGitUsageError('remote URL must not carry credentials');
  if (url.search !== '' || url.hash !== '') throw new HostGitUsageError('remote URL must not have a query or fragment');
  if (url.protocol === 'https:') {
    if (url.hostname === '') throw new HostGitUsageError('remote URL has no host');
  } else if (url.protocol === 'http:') {
    if (!LOOPBACK.has(url.hostname)) throw new HostGitUsageError('plain http is allowed to a loopback address only');
  } else if (url.protocol === 'file:') {
    if (url.hostname !== '') throw new HostGitUsageError('file URL with a host');
  } else {
    throw new HostGitUsageError(`remote protocol not allowed: ${url.protocol}`);
  }
  return url;
}

/** `refs/heads/<name>` by `git check-ref-format` rules. */
export function checkBranchRef(ref: string): void {
  const bad = (why: string): never => {
    throw new HostGitUsageError(`not a branch ref (${why}): ${ref}`);
  };
  if (!ref.startsWith('refs/heads/') || ref.length === 'refs/heads/'.length) bad('must be refs/heads/<name>');
  if (/[\0-\x20\x7f~^:?*[\\]/.test(ref)) bad('forbidden character');
  if (ref.includes('..') || ref.includes('@{') || ref.includes('//') || ref === '@') bad('forbidden sequence');
  if (ref.endsWith('/') || ref.endsWith('.') || ref.endsWith('.lock')) bad('forbidden ending');
  for (const part of ref.split('/')) if (part.startsWith('.') || part.endsWith('.lock')) bad('component starts with . or ends with .lock');
}

/** Replaces every secret in text (git's messages never should hold one; this is the last guard). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s !== '') out = out.split(s).join('***');
  return out;
}
