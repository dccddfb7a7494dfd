/**
 * Command-line options that do what an unsafe environment variable does (env-vars.ts): npm reads
 * every `--key=value` before `--` as config, so `npm test --script-shell=./x.sh` and
 * `--node-options=--require=./x.js` run other code exactly as NPM_CONFIG_SCRIPT_SHELL and
 * NODE_OPTIONS would, and `--userconfig`/`--globalconfig` load an npmrc that can set both. Such a
 * command line is refused whatever the rules, as the variables are. The npm keys are those of
 * npm's own config definitions (workspaces/config/lib/definitions) that name a program, a file
 * loaded or a directory code comes from; nopt also accepts any unambiguous prefix of a key
 * (`--script-sh`), so a prefix of one of them counts too.
 */
import type { ShellWord } from './bash-types.js';

/** npm config keys that run code, load a file, or change where code or packages come from. */
const NPM_KEYS = [
  'script-shell', 'node-options', 'userconfig', 'globalconfig', 'prefix', 'init-module', 'init.module', 'shell', 'editor', 'browser',
  'viewer', 'git', 'node-gyp', 'onload-script', 'scripts-prepend-node-path', 'unsafe-perm', 'user', 'group', 'cache', 'logs-dir', 'tmp',
  'cafile', 'registry', 'https-proxy', 'proxy', 'noproxy', 'replace-registry-host', 'allow-scripts', 'dangerously-allow-all-scripts',
  'sign-git-commit', 'sign-git-tag', 'commit-hooks', 'global', 'location', 'globalignorefile', 'pack-destination', 'provenance-file',
];
/** npm's one-letter spellings of those keys. */
const NPM_SHORT: Readonly<Record<string, string>> = { '-C': 'prefix', '-g': 'global', '-L': 'location' };
/** Exact keys that happen to be prefixes of a key above (nopt takes the exact key): `npm ls --all`. */
const NPM_SAFE_EXACT = new Set(['ca', 'all', 'provenance', 'workspace']);

const PNPM_KEYS = [...NPM_KEYS, 'pnpmfile', 'global-pnpmfile', 'dir', 'workspace-dir', 'store-dir', 'virtual-store-dir', 'modules-dir', 'global-dir', 'global-bin-dir', 'state-dir', 'cache-dir', 'npm-path', 'use-node-version', 'node-version'];
const YARN_KEYS = ['use-yarnrc', 'yarn-path', 'rcfile', 'cwd', 'modules-folder', 'global-folder', 'cache-folder', 'link-folder', 'preferred-cache-folder', 'offline-cache-folder', 'registry', 'proxy', 'https-proxy', 'script-shell', 'node-options'];
const BUN_KEYS = ['preload', 'require', 'config', 'cwd', 'shell', 'registry'];
/** Directory keys: allowed with a relative path inside the workspace (`npm --prefix packages/api test`). */
const DIR_KEYS = new Set(['prefix', 'dir', 'cwd']);
const INSIDE = /^(?![/~])(?!.*(?:^|\/)\.\.(?:\/|$))[^$`]+$/;

interface ToolSpec {
  keys: readonly string[];
  short: Readonly<Record<string, string>>;
  /** Options are read only before the first operand (`npx PKG ARGS`, `node SCRIPT ARGS`). */
  untilOperand: boolean;
  /** How the environment form is spelled, for the message. */
  env: (key: string) => string;
  /** Keys set through `TOOL config set KEY …`. */
  configSet: boolean;
}

const npmEnv = (key: string): string => `NPM_CONFIG_${key.replace(/[-.]/g, '_').toUpperCase()}`;

const TOOLS: Readonly<Record<string, ToolSpec>> = {
  npm: { keys: NPM_KEYS, short: NPM_SHORT, untilOperand: false, env: npmEnv, configSet: true },
  npx: { keys: NPM_KEYS, short: NPM_SHORT, untilOperand: true, env: npmEnv, configSet: false },
  pnpm: { keys: PNPM_KEYS, short: { '-C': 'dir', '-g': 'global' }, untilOperand: false, env: (k) => `PNPM_${k.replace(/-/g, '_').toUpperCase()} / NPM_CONFIG_${k.replace(/-/g, '_').toUpperCase()}`, configSet: true },
  pnpx: { keys: PNPM_KEYS, short: { '-C': 'dir' }, untilOperand: true, env: npmEnv, configSet: false },
  yarn: { keys: YARN_KEYS, short: {}, untilOperand: false, env: (k) => `YARN_${k.replace(/-/g, '_').toUpperCase()}`, configSet: true },
  bun: { keys: BUN_KEYS, short: { '-r': 'preload', '-c': 'config' }, untilOperand: false, env: (k) => `BUN_${k.replace(/-/g, '_').toUpperCase()}`, configSet: false },
  bunx: { keys: BUN_KEYS, short: { '-r': 'preload', '-c': 'config' }, untilOperand: true, env: (k) => `BUN_${k.replace(/-/g, '_').toUpperCase()}`, configSet: false },
};

/**
 * node's options that load code, or open a debugger, as NODE_OPTIONS would (only before the script).
 * `-e`/`--eval` are not among them: NODE_OPTIONS refuses them, and a rule that admits `node -e …`
 * admits the code written there.
 */
const NODE_OPTIONS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--inspect', '--inspect-brk', '--inspect-port', '--inspect-wait', '--experimental-policy', '--policy-integrity', '--openssl-config', '--openssl-shared-config', '--icu-data-dir', '--snapshot-blob', '--build-snapshot', '--experimental-sea-config', '--redirect-warnings', '--cpu-prof-dir', '--heap-prof-dir', '--diagnostic-dir', '--report-dir', '--report-directory', '--watch-path']);

/** Options of build tools that choose the program or shell run (GOFLAGS, CARGO_*, MAKEFLAGS, SHELL). */
const BUILD_OPTIONS: Readonly<Record<string, RegExp>> = {
  go: /^-(exec|toolexec|overlay|modfile)(=|$)/,
  cargo: /^(--config(=|$)|-Z)/,
  make: /^(SHELL|\.SHELLFLAGS|MAKEFLAGS|MAKE|MAKESHELL|MFLAGS|GNUMAKEFLAGS)\+?=|^(--eval|-E)(=|$)|^--eval=/,
};

/**
 * The keys a word may set. nopt strips any number of leading dashes (`-script-shell` is
 * `--script-shell`) and `no-` prefixes, and splits `-gC` into one-letter shorthands.
 */
function wordKeys(word: string, short: Readonly<Record<string, string>>): string[] {
  const m = /^-+([^-=][^=]*)(?:=|$)/.exec(word);
  if (m === null) return [];
  const key = (m[1] as string).toLowerCase().replace(/_/g, '-').replace(/^(no-)+/, '');
  const keys = [key];
  if (!word.startsWith('--')) for (const c of (m[1] as string)) keys.push(short[`-${c}`] ?? '');
  return keys.filter((k) => k !== '');
}

function dangerousKey(key: string, keys: readonly string[]): string | null {
  const bare = key.startsWith('config.') ? key.slice('config.'.length) : key; // pnpm --config.KEY=V
  if (keys.includes(bare)) return bare;
  if (NPM_SAFE_EXACT.has(bare) || bare.length < 2) return null;
  return keys.find((k) => k.startsWith(bare)) ?? null;
}

/** Why this command's options stand in for an unsafe environment variable, or null. */
export function configOptionProblem(words: readonly ShellWord[]): string | null {
  const [name, ...args] = words;
  if (name === undefined || name.dynamic) return null;
  const base = name.value.slice(name.value.lastIndexOf('/') + 1);
  if (base !== 'node' && base !== 'nodejs' && BUILD_OPTIONS[base] === undefined && TOOLS[base] === undefined) return null;
  const text = words.map((w) => w.value).join(' ');
  if (base === 'node' || base === 'nodejs') {
    for (const w of args) {
      if (w.value === '--' || (!w.dynamic && !w.value.startsWith('-'))) break;
      if (w.dynamic) return `\`${text}\` gives node an option computed at run time, which could load other code`;
      const opt = w.value.split('=')[0] as string;
      if (NODE_OPTIONS.has(opt) || /^-r./.test(w.value)) return `\`${text}\` gives node \`${opt}\`, which makes it load or run other code; the environment form NODE_OPTIONS is refused too`;
    }
    return null;
  }
  const build = BUILD_OPTIONS[base];
  if (build !== undefined) {
    const hit = args.find((w) => w.dynamic || build.test(w.value));
    return hit === undefined ? null : `\`${text}\` passes \`${hit.value}\` to ${base}, which chooses the programs or shell it runs, as the refused environment variables (GOFLAGS, CARGO_*, MAKEFLAGS, SHELL) would`;
  }
  const spec = TOOLS[base];
  if (spec === undefined) return null;
  const setAt = spec.configSet ? args.findIndex((w, i) => (w.value === 'set' && ['config', 'c'].includes(args[i - 1]?.value ?? '')) || (i === 0 && w.value === 'set')) : -1;
  if (setAt !== -1) {
    const key = args[setAt + 1];
    const k = key === undefined ? null : key.dynamic ? '' : (key.value.split('=')[0] as string).toLowerCase().replace(/_/g, '-');
    const hit = k === null ? null : k === '' ? 'a computed key' : dangerousKey(k, spec.keys);
    if (hit !== null) return `\`${text}\` sets ${base}'s \`${hit}\` config, which makes ${base} run other code or load other files; the environment form ${spec.env(hit)} is refused too`;
  }
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (/^-{2,}$/.test(w.value) && !w.dynamic) break;
    // A computed word may be any option: npm reads every word before `--` as one if it can.
    if (w.dynamic) return `\`${text}\` gives ${base} a word computed at run time where it reads options (it could be \`--script-shell=…\`); write its options literally`;
    if (!w.value.startsWith('-') || w.value === '-') {
      if (spec.untilOperand) break;
      continue;
    }
    let hit: string | null = null;
    for (const key of wordKeys(w.value, spec.short)) hit ??= dangerousKey(key, spec.keys);
    if (hit !== null && DIR_KEYS.has(hit)) {
      // Repository code in another directory of the workspace is what `cd DIR && npm test` runs too.
      const value = w.value.includes('=') ? { ...w, value: w.value.slice(w.value.indexOf('=') + 1) } : args[++i];
      if (value !== undefined && !value.dynamic && INSIDE.test(value.value)) continue;
    }
    if (hit !== null) return `\`${text}\` sets ${base}'s \`${hit}\` config (\`${w.value}\`), which makes ${base} run other code or load other files; the environment form ${spec.env(hit)} is refused too`;
  }
  return null;
}
