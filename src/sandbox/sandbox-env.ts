/**
 * The environment a sandboxed command gets: built from an explicit allow-list, never by copying the
 * runner's environment and deleting what looks dangerous. Pure.
 */
import { SECRET_ENV_NAMES } from '../config/index.js';

export type HostEnv = Readonly<Record<string, string | undefined>>;

/** Non-secret context every command may see (GitHub's documented default variables, minus file paths and tokens). */
const BASE_NAMES = [
  'PATH', 'LANG', 'LANGUAGE', 'TERM', 'TZ', 'CI', 'USER', 'LOGNAME',
  'GITHUB_ACTIONS', 'GITHUB_ACTOR', 'GITHUB_ACTOR_ID', 'GITHUB_API_URL', 'GITHUB_BASE_REF', 'GITHUB_EVENT_NAME',
  'GITHUB_GRAPHQL_URL', 'GITHUB_HEAD_REF', 'GITHUB_JOB', 'GITHUB_REF', 'GITHUB_REF_NAME', 'GITHUB_REF_PROTECTED',
  'GITHUB_REF_TYPE', 'GITHUB_REPOSITORY', 'GITHUB_REPOSITORY_ID', 'GITHUB_REPOSITORY_OWNER', 'GITHUB_REPOSITORY_OWNER_ID',
  'GITHUB_RUN_ATTEMPT', 'GITHUB_RUN_ID', 'GITHUB_RUN_NUMBER', 'GITHUB_SERVER_URL', 'GITHUB_SHA', 'GITHUB_TRIGGERING_ACTOR',
  'GITHUB_WORKFLOW', 'GITHUB_WORKFLOW_REF', 'GITHUB_WORKFLOW_SHA', 'GITHUB_WORKSPACE',
  'RUNNER_ARCH', 'RUNNER_OS', 'RUNNER_ENVIRONMENT', 'RUNNER_TOOL_CACHE',
];

/**
 * Never passed, whatever the policy says: the model and GitHub credentials, the Actions runtime and
 * OIDC tokens, action inputs (they carry the API key and tokens), the runner's command files
 * (writing GITHUB_ENV or GITHUB_PATH changes later steps), and bash's own settings.
 */
const DENY_EXACT = new Set([
  ...SECRET_ENV_NAMES,
  'GITHUB_ENV', 'GITHUB_OUTPUT', 'GITHUB_PATH', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY', 'GITHUB_EVENT_PATH',
  'RUNNER_TEMP', 'SSH_AUTH_SOCK', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'BASH_ENV', 'ENV',
  // They change how bash reads a command line (cd targets, options, splitting, globbing, xtrace),
  // so the command the Bash analyser judged would not be the one that runs.
  'CDPATH', 'BASHOPTS', 'SHELLOPTS', 'IFS', 'GLOBIGNORE', 'POSIXLY_CORRECT', 'BASH_COMPAT', 'PS4', 'BASH_XTRACEFD', 'PROMPT_COMMAND', 'INPUTRC',
]);
const DENY_PREFIXES = ['ACTIONS_', 'INPUT_', 'WARDEN_'];

/** Name words that mark a secret (split on `_`, case-insensitive). */
const SECRET_WORDS = new Set([
  'TOKEN', 'TOKENS', 'SECRET', 'SECRETS', 'PASSWORD', 'PASSWD', 'PASSPHRASE', 'PASS',
  'CREDENTIAL', 'CREDENTIALS', 'CREDS', 'KEY', 'KEYS', 'APIKEY', 'PRIVATE', 'AUTH', 'COOKIE', 'SIGNATURE',
]);
const SECRET_SUBSTRINGS = ['TOKEN', 'SECRET', 'PASSWORD', 'PASSWD', 'APIKEY', 'API_KEY', 'PRIVATE_KEY', 'ACCESS_KEY', 'CREDENTIAL'];

export type DropReason = 'always-denied' | 'policy-secret' | 'looks-secret' | 'not-set';

export interface SandboxEnvInput {
  hostEnv: HostEnv;
  /** Extra names the policy passes through (`sandbox.env.allow`). */
  envAllow: readonly string[];
  /** Names the policy marks secret (`sandbox.env.secrets`): never passed. */
  secrets: readonly string[];
  /** HOME inside the sandbox: private and writable. */
  home: string;
  /** TMPDIR inside the sandbox. */
  tmpdir: string;
  /** `http://127.0.0.1:PORT` when the policy allows some hosts; the proxy variables are set from it. */
  proxyUrl: string | null;
}

export interface SandboxEnv {
  env: Record<string, string>;
  /** Names asked for (policy envAllow) but not passed, and why: for a start-up warning. */
  dropped: Array<{ name: string; reason: DropReason }>;
}

export function looksSecret(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper.split(/[^A-Z0-9]+/).some((w) => SECRET_WORDS.has(w))) return true;
  return SECRET_SUBSTRINGS.some((s) => upper.includes(s));
}

function denial(name: string, secrets: ReadonlySet<string>): DropReason | null {
  const upper = name.toUpperCase();
  if (DENY_EXACT.has(upper) || DENY_PREFIXES.some((p) => upper.startsWith(p))) return 'always-denied';
  if (secrets.has(upper)) return 'policy-secret';
  if (looksSecret(name)) return 'looks-secret';
  return null;
}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function buildSandboxEnv(input: SandboxEnvInput): SandboxEnv {
  const env: Record<string, string> = {};
  const dropped: SandboxEnv['dropped'] = [];
  const secrets = new Set(input.secrets.map((s) => s.toUpperCase()));

  const pass = (name: string): void => {
    const value = input.hostEnv[name];
    if (value !== undefined && denial(name, secrets) === null) env[name] = value;
  };
  for (const name of BASE_NAMES) pass(name);
  for (const name of Object.keys(input.hostEnv)) if (name.startsWith('LC_')) pass(name);
  for (const name of input.envAllow) {
    const why = denial(name, secrets);
    if (why !== null) dropped.push({ name, reason: why });
    else if (input.hostEnv[name] === undefined) dropped.push({ name, reason: 'not-set' });
    else pass(name);
  }

  env.PATH ??= DEFAULT_PATH;
  env.HOME = input.home;
  env.TMPDIR = input.tmpdir;
  env.SHELL = '/bin/bash';
  env.WARDEN_SANDBOX = 'bwrap';
  if (input.proxyUrl !== null) {
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) env[name] = input.proxyUrl;
    // The sandbox's own loopback is private to it: local test servers are reached directly.
    env.NO_PROXY = env.no_proxy = 'localhost,127.0.0.1,::1';
  }
  return { env, dropped };
}
