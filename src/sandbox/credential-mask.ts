/**
 * What the sandbox hides: credential files (they read as empty), host directories full of sockets
 * and others' state, and the checkout token in `.git/config` (seen through a scrubbed copy).
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import type { HostEnv } from './sandbox-env.js';
import { isInside } from '../path-inside.js';
import { gitDirPointer } from './git-dir.js';

/** Relative to each home directory. */
export const HOME_CREDENTIAL_PATHS: readonly string[] = [
  '.ssh', '.gnupg', '.config/gh', '.config/hub', '.docker', '.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc', '.netrc',
  '.git-credentials', '.gitconfig', '.config/git/credentials', '.aws', '.azure', '.config/gcloud', '.kube', '.oci',
  '.config/doctl', '.terraform.d', '.terraformrc', '.vault-token', '.pulumi', '.gem/credentials', '.cargo/credentials',
  '.cargo/credentials.toml', '.m2/settings.xml', '.gradle/gradle.properties', '.nuget/NuGet/NuGet.Config',
  '.composer/auth.json', '.config/composer/auth.json', '.local/share/keyrings', '.password-store', '.config/op',
  '.claude', '.claude.json', '.config/anthropic',
];

/** Variables naming credential files or directories (google-github-actions/auth, setup-node, kubectl …). */
const CREDENTIAL_PATH_VARS: readonly string[] = [
  'RUNNER_TEMP', 'GOOGLE_APPLICATION_CREDENTIALS', 'GOOGLE_GHA_CREDS_PATH', 'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
  'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AZURE_FEDERATED_TOKEN_FILE',
  'KUBECONFIG', 'DOCKER_CONFIG', 'NPM_CONFIG_USERCONFIG', 'npm_config_userconfig', 'GH_CONFIG_DIR', 'GIT_CONFIG_GLOBAL',
  'SSH_AUTH_SOCK', 'GNUPGHOME', 'NETRC', 'CLAUDE_CONFIG_DIR',
];

/** Always hidden when present: shadow files and SSH host keys (readable when the runner is root). */
const SYSTEM_SECRET_PATHS: readonly string[] = ['/etc/shadow', '/etc/gshadow', '/etc/shadow-', '/etc/gshadow-', '/etc/ssh/ssh_host_ecdsa_key', '/etc/ssh/ssh_host_ed25519_key', '/etc/ssh/ssh_host_rsa_key', '/etc/ssh/ssh_host_dsa_key'];

/** Replaced by an empty tmpfs: sockets (docker, D-Bus, agents), container secrets (/run/secrets), others' temp files. */
export const FRESH_DIRS: readonly string[] = ['/run', '/var/run', '/var/tmp', '/dev/shm'];

export interface MaskInput {
  hostEnv: HostEnv;
  /** Home directories to clean (the runner's HOME, /root, /home/*). */
  homes: readonly string[];
  /** Host directories the runner keeps its sandbox state in (hidden too). */
  extra: readonly string[];
}

/** Candidate paths, before looking at the disk. Pure. */
export function credentialCandidates(input: MaskInput): string[] {
  const out = new Set<string>();
  for (const home of input.homes) for (const rel of HOME_CREDENTIAL_PATHS) out.add(posix.join(home, rel));
  for (const name of CREDENTIAL_PATH_VARS) {
    const value = input.hostEnv[name];
    if (value === undefined || value === '') continue;
    for (const p of name === 'KUBECONFIG' ? value.split(':') : [value]) if (p.startsWith('/')) out.add(posix.normalize(p));
  }
  for (const p of SYSTEM_SECRET_PATHS) out.add(p);
  for (const p of input.extra) out.add(p);
  return [...out];
}

/**
 * Drops masks that would break the sandbox or do nothing: ancestors of the workspace or of the
 * private temp dir (they would hide it), and paths under a directory that is replaced anyway
 * (/tmp, /run …) unless they are inside the workspace. Pure.
 */
export function effectiveMasks(
  masks: ReadonlyArray<{ path: string; kind: 'dir' | 'file' }>,
  keep: { workspace: string; privateTmp: string; replaced: readonly string[] },
): { masks: Array<{ path: string; kind: 'dir' | 'file' }>; skipped: string[] } {
  const kept: Array<{ path: string; kind: 'dir' | 'file' }> = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const m of masks) {
    if (seen.has(m.path)) continue;
    seen.add(m.path);
    if (isInside(m.path, keep.workspace) || isInside(m.path, keep.privateTmp)) {
      skipped.push(m.path);
      continue;
    }
    if (!isInside(keep.workspace, m.path) && keep.replaced.some((r) => isInside(r, m.path))) continue;
    kept.push(m);
  }
  return { masks: kept, skipped };
}

/** Resolves candidates on the host: only existing paths, symlinks followed (bwrap mounts on the target). */
export function resolveMasks(candidates: readonly string[]): Array<{ path: string; kind: 'dir' | 'file' }> {
  const out: Array<{ path: string; kind: 'dir' | 'file' }> = [];
  for (const candidate of candidates) {
    try {
      const real = realpathSync.native(candidate);
      out.push({ path: real, kind: statSync(real).isDirectory() ? 'dir' : 'file' });
    } catch {
      // Missing or unreadable: nothing to hide.
    }
  }
  return out;
}

/** The runner's HOME, /root and every directory under /home (the ones we can list). */
export function homeDirectories(hostEnv: HostEnv): string[] {
  const homes = new Set<string>(['/root']);
  const home = hostEnv.HOME;
  if (home?.startsWith('/')) homes.add(posix.normalize(home));
  try {
    for (const name of readdirSync('/home')) homes.add(`/home/${name}`);
  } catch {
    // No /home.
  }
  return [...homes];
}

/**
 * `.git/config` without credentials: `http.*.extraheader` lines (the checkout token, with their
 * backslash-continued lines) dropped, and `user:password@` removed from URLs. Pure.
 */
export function scrubGitConfig(text: string): { text: string; removed: number } {
  const out: string[] = [];
  let removed = 0;
  let continuing = false;
  for (const line of text.split('\n')) {
    if (continuing) {
      continuing = line.endsWith('\\');
      removed++;
      continue;
    }
    if (/^\s*extraheader\s*(=|$)/i.test(line)) {
      continuing = line.endsWith('\\');
      removed++;
      continue;
    }
    const cleaned = line.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, (_m, scheme: string) => {
      removed++;
      return scheme;
    });
    out.push(cleaned);
  }
  return { text: out.join('\n'), removed };
}

/**
 * Git config files the sandbox must only see scrubbed: the workspace repository's (also when `.git`
 * is a `gitdir:` file, as in worktrees and submodules) and its submodules' under `.git/modules`.
 */
export function gitConfigFiles(workspace: string): string[] {
  const found: string[] = [];
  const dotGit = posix.join(workspace, '.git');
  const st = lstatSync(dotGit, { throwIfNoEntry: false });
  if (st === undefined) return found;
  // A command may have planted a link or a FIFO at either file: gitDirPointer follows neither.
  const common = gitDirPointer(workspace, dotGit, st.isDirectory())?.common;
  if (common === undefined) return found;
  const add = (p: string): void => {
    if (lstatSync(p, { throwIfNoEntry: false })?.isFile() === true) found.push(realpathSync.native(p));
  };
  add(posix.join(common, 'config'));
  const walkModules = (dir: string, depthLeft: number): void => {
    if (depthLeft === 0) return;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const sub = posix.join(dir, name);
      add(posix.join(sub, 'config'));
      walkModules(posix.join(sub, 'modules'), depthLeft - 1);
    }
  };
  walkModules(posix.join(common, 'modules'), 3);
  return [...new Set(found)];
}
