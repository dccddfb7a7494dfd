/**
 * What the sandbox's private HOME starts with: a `.gitconfig` with a neutral identity and nothing of
 * the host's, and the runner's `~/.npmrc` (hidden, it can hold tokens) copied with only settings
 * known to be harmless: an allow-list, since a credential can hide under names no list foresees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { HostEnv } from './sandbox-env.js';

export const SANDBOX_GIT_IDENTITY = { name: 'Warden Sandbox', email: 'sandbox@warden.invalid' };

/** npm settings that carry no credential and no host path the sandbox cannot use. */
const NPMRC_KEYS: ReadonlySet<string> = new Set([
  'registry', 'ca', 'cafile', 'strict-ssl', 'nodedir', 'python', 'msvs_version',
  'save-exact', 'save-prefix', 'engine-strict', 'legacy-peer-deps', 'strict-peer-deps', 'install-strategy', 'install-links',
  'omit', 'include', 'fund', 'audit', 'audit-level', 'progress', 'loglevel', 'color', 'unicode', 'update-notifier',
  'package-lock', 'lockfile-version', 'ignore-scripts', 'prefer-offline', 'prefer-online',
  'fetch-retries', 'fetch-retry-factor', 'fetch-retry-mintimeout', 'fetch-retry-maxtimeout', 'fetch-timeout', 'maxsockets',
  'git-tag-version', 'tag-version-prefix', 'sign-git-tag', 'workspaces-update',
]);
/** `@scope:registry`: where a scope's packages come from (its token, if any, is a `//host/:` key). */
const SCOPED_REGISTRY = /^@[a-z0-9][a-z0-9._-]*:registry$/i;
/** Values that can carry a credential whatever the key: `user:password@` in a URL, an environment reference. */
const CREDENTIAL_VALUE = /:\/\/[^/\s]*@|\$\{/;

/** The settings of `.npmrc` text a sandbox may see. Pure. */
export function filterNpmrc(text: string): { text: string; kept: string[]; dropped: number } {
  const out: string[] = [];
  const kept: string[] = [];
  let dropped = 0;
  let inSection = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    // npm reads `[section]` as nesting: nothing it is known to hold belongs here.
    if (line.startsWith('[')) inSection = true;
    const eq = line.indexOf('=');
    const key = (eq < 0 ? line : line.slice(0, eq)).trim().replace(/^(["'])(.*)\1$/, '$2').replace(/\[\]$/, '');
    const value = eq < 0 ? '' : line.slice(eq + 1).trim();
    if (inSection || eq < 0 || !(NPMRC_KEYS.has(key.toLowerCase()) || SCOPED_REGISTRY.test(key)) || CREDENTIAL_VALUE.test(value)) {
      dropped++;
      continue;
    }
    out.push(line);
    kept.push(key);
  }
  return { text: out.length === 0 ? '' : `${out.join('\n')}\n`, kept, dropped };
}

/** The runner's user npmrc, as npm finds it. */
export function hostNpmrcPath(hostEnv: HostEnv): string | null {
  const named = hostEnv.NPM_CONFIG_USERCONFIG ?? hostEnv.npm_config_userconfig;
  if (named !== undefined && named.startsWith('/')) return named;
  return hostEnv.HOME?.startsWith('/') === true ? posix.join(hostEnv.HOME, '.npmrc') : null;
}

/** Writes the sandbox HOME's `.gitconfig` and filtered `.npmrc` (host side, before any command). */
export function fillSandboxHome(home: string, hostEnv: HostEnv, warn: (message: string) => void): void {
  const { name, email } = SANDBOX_GIT_IDENTITY;
  writeFileSync(posix.join(home, '.gitconfig'), `[user]\n\tname = ${name}\n\temail = ${email}\n`, { mode: 0o644 });
  const source = hostNpmrcPath(hostEnv);
  let text: string;
  try {
    text = source === null ? '' : readFileSync(source, 'utf8');
  } catch {
    return; // none, or unreadable: npm's defaults, as with no file
  }
  const filtered = filterNpmrc(text);
  if (filtered.text !== '') writeFileSync(posix.join(home, '.npmrc'), filtered.text, { mode: 0o600 });
  if (filtered.dropped > 0) warn(`sandbox: ${source ?? '.npmrc'} is passed to commands without ${filtered.dropped} setting(s) that are not known to be free of credentials (kept: ${filtered.kept.join(', ') || 'none'})`);
}
