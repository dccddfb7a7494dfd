/**
 * The argv and environment of every git command the host runs on the workspace. Pure: nothing is
 * read from the runner's environment. After the agent ran, the workspace `.git` is the agent's, and
 * git runs programs named by config: so host git uses a private GIT_DIR with its own config, no
 * system or global config, and the overrides below at command-line scope, where they beat any file.
 */
import { delimiter, isAbsolute } from 'node:path';
import { isInside } from '../path-inside.js';

/** Paths and programs of one repository snapshot's private git state (all outside the workspace). */
export interface HostGitContext {
  /** Absolute path of the trusted host git. */
  git: string;
  /** PATH for git itself: absolute entries outside the workspace only (see trustedSearchPath). */
  path: string;
  /** An empty directory: HOME, so no ~/.gitconfig, ~/.config/git/* or ~/.git-credentials exists. */
  home: string;
  /** An empty directory: core.hooksPath. */
  hooksDir: string;
  /** The "global" config file: written by us (safe.directory for the workspace only). */
  globalConfig: string;
}

export interface GitInvocation {
  args: readonly string[];
  /** The private GIT_DIR; undefined only for the pre-run discovery in the workspace itself. */
  gitDir?: string;
  /** GIT_WORK_TREE; unset means git sees no work tree (and so no worktree .gitattributes). */
  workTree?: string;
  indexFile?: string;
  /** Extra object directories to read (GIT_ALTERNATE_OBJECT_DIRECTORIES); their content is unverified. */
  alternates?: readonly string[];
  /** Command-line config for this command only (push: protocol, auth header). Fixed overrides win. */
  config?: ReadonlyArray<readonly [string, string]>;
  /** Extra variables, from the short list in EXTRA_ENV_NAMES. */
  env?: Readonly<Record<string, string>>;
  /** Colon list for GIT_ALLOW_PROTOCOL; default none: no command but push may reach any transport. */
  allowProtocol?: string;
}

export interface GitCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * Overrides applied to every command, at command-line scope (GIT_CONFIG_COUNT), after any per-command
 * config so a caller cannot loosen them. Each names something git would otherwise run or read.
 */
export function fixedConfig(ctx: HostGitContext): Array<[string, string]> {
  return [
    // Programs git would start. (Others — askpass, external diff, textconv, filters, ssh — have no
    // off value; they stay unset because no config file but ours is read and the environment is ours.)
    ['core.fsmonitor', 'false'],
    ['core.hooksPath', ctx.hooksDir],
    ['core.pager', 'cat'],
    ['core.editor', 'false'],
    ['credential.helper', ''], // an empty value resets the list
    ['gpg.program', 'false'],
    ['commit.gpgSign', 'false'],
    ['tag.gpgSign', 'false'],
    ['push.gpgSign', 'false'],
    ['log.showSignature', 'false'],
    ['submodule.recurse', 'false'],
    ['push.recurseSubmodules', 'no'],
    ['fetch.recurseSubmodules', 'false'],
    ['diff.ignoreSubmodules', 'all'],
    ['status.submoduleSummary', 'false'],
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
    // Files git would read beyond the private GIT_DIR.
    ['core.attributesFile', '/dev/null'],
    ['core.excludesFile', '/dev/null'],
    // Index and object machinery that could carry state from the workspace or skip real checks.
    ['core.untrackedCache', 'false'],
    ['core.splitIndex', 'false'],
    ['index.sparse', 'false'],
    ['core.sparseCheckout', 'false'],
    ['feature.manyFiles', 'false'],
    ['feature.experimental', 'false'],
    ['core.trustctime', 'true'],
    ['core.checkStat', 'default'],
    ['core.commitGraph', 'false'],
    ['core.multiPackIndex', 'false'],
    ['pack.useBitmaps', 'false'],
    // Content conversions that need no program stay as the repository's .gitattributes say;
    // these keep the rest deterministic.
    ['core.autocrlf', 'false'],
    ['core.safecrlf', 'false'],
    ['core.symlinks', 'true'],
    ['core.fileMode', 'true'],
    ['core.ignoreCase', 'false'],
    ['core.precomposeUnicode', 'false'],
    ['core.protectNTFS', 'true'],
    ['core.protectHFS', 'true'],
    ['core.quotePath', 'false'],
    ['diff.noprefix', 'false'],
    ['diff.mnemonicPrefix', 'false'],
    ['diff.relative', 'false'],
    ['diff.renameLimit', '1000'],
    ['color.ui', 'false'],
    ['user.useConfigOnly', 'false'],
    // Network: nothing unless the command allows one protocol (push), never redirected elsewhere.
    ['protocol.allow', 'never'],
    ['http.followRedirects', 'false'],
    ['http.sslVerify', 'true'],
  ];
}

/** Variables a caller may add: commit identity and dates, and the runner's proxy and CA settings. */
export const EXTRA_ENV_NAMES: ReadonlySet<string> = new Set([
  'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_COMMITTER_DATE',
  'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy', 'NO_PROXY', 'no_proxy',
  'SSL_CERT_FILE', 'SSL_CERT_DIR',
]);

export class HostGitUsageError extends Error {
  override readonly name = 'HostGitUsageError';
}

/** Builds the exact argv and environment for one host git command. */
export function buildGitCommand(ctx: HostGitContext, inv: GitInvocation): GitCommand {
  if (!isAbsolute(ctx.git)) throw new HostGitUsageError(`host git must be an absolute path: ${ctx.git}`);
  const config = [...(inv.config ?? []), ...fixedConfig(ctx)];
  const env: Record<string, string> = {
    PATH: ctx.path,
    HOME: ctx.home,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_SYSTEM: '/dev/null',
    GIT_CONFIG_GLOBAL: ctx.globalConfig,
    GIT_ATTR_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_ALLOW_PROTOCOL: inv.allowProtocol ?? '',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  if (inv.gitDir !== undefined) env.GIT_DIR = inv.gitDir;
  if (inv.workTree !== undefined) env.GIT_WORK_TREE = inv.workTree;
  if (inv.indexFile !== undefined) env.GIT_INDEX_FILE = inv.indexFile;
  if (inv.alternates !== undefined && inv.alternates.length > 0) {
    env.GIT_ALTERNATE_OBJECT_DIRECTORIES = inv.alternates.map(quoteAlternate).join(delimiter);
  }
  for (const [name, value] of Object.entries(inv.env ?? {})) {
    if (!EXTRA_ENV_NAMES.has(name)) throw new HostGitUsageError(`not a variable host git may get: ${name}`);
    env[name] = value;
  }
  for (const [name, value] of Object.entries(env)) {
    if (value.includes('\0')) throw new HostGitUsageError(`NUL in ${name}`);
  }
  return { file: ctx.git, args: ['--no-pager', '--no-replace-objects', ...inv.args], env };
}

/**
 * An entry of GIT_ALTERNATE_OBJECT_DIRECTORIES. Git splits the list on ':' unless an entry starts
 * with a double quote, which it then C-unquotes; always quoting keeps any path intact.
 */
export function quoteAlternate(path: string): string {
  if (!isAbsolute(path)) throw new HostGitUsageError(`alternate object directory must be absolute: ${path}`);
  let out = '"';
  for (const ch of path) {
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else out += ch;
  }
  return `${out}"`;
}

/**
 * The PATH host git gets: absolute entries that are not inside any untrusted root (the workspace),
 * in order, without duplicates. Git itself finds its helpers in its compiled-in exec path; PATH only
 * matters for what it might start beyond that, which must never be a program the agent planted.
 */
export function trustedSearchPath(hostPath: string, untrustedRoots: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const dir of hostPath.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir) || seen.has(dir)) continue;
    if (untrustedRoots.some((root) => isInside(root, dir))) continue;
    seen.add(dir);
    kept.push(dir);
  }
  return kept.join(delimiter);
}

/** A value for a git config *file* (quoted, escaped); newlines cannot be represented and are refused. */
export function configFileValue(value: string): string {
  if (/[\n\r\0]/.test(value)) throw new HostGitUsageError('config value with a line break');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
