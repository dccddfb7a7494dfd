/**
 * Runs an attack case unprotected, in real bash, to show it does what it claims: in a fresh
 * workspace holding the fixture secrets (`.env`, `config/prod.json`, `secrets/key`), the command
 * either creates the marker file `pwned` or prints a secret. Only the corpus cases that carry a
 * `demo` are run; every command in them is harmless outside that temporary directory.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type Demo = 'marker' | 'secret';

const FILES: Readonly<Record<string, string>> = {
  '.env': 'SECRET_ENV=1\nTOKEN=SECRET_TOKEN\n',
  'config/prod.json': '{"s":"SECRET_PROD"}\n',
  'secrets/key': 'SECRET_KEY\n',
  'src/a.ts': 'export const a = 1;\n',
  'README.md': '# demo\n',
};

/** Named setups some attacks need before they can run. */
const SETUPS: Readonly<Record<string, string>> = {
  GITREPO: 'git init -q && git config user.name t && git config user.email t@t && git add -A && git commit -qm init',
  NPM: '',
  MAKE: "printf 't:\\n\\ttrue\\n' > Makefile",
  // Symlinks whose `..` the kernel resolves from the target: lnk2 and src/deep/lnk -> config/pub,
  // slnk -> secrets/inner, lnk3 -> a directory outside the workspace beside a secret.
  LINKS: [
    'mkdir -p config/pub config/sub src/deep secrets/inner ../outside/inner',
    'ln -s config/pub lnk2', 'ln -s ../../config/pub src/deep/lnk', 'ln -s secrets/inner slnk', 'ln -s ../outside/inner lnk3',
    'echo SECRET_OUTSIDE > ../outside/secret', 'touch secrets/SECRET_LISTED',
  ].join(' && '),
};

/** Setups whose files the decision depends on: their cases are judged on a real workspace. */
export const DISK_SETUPS: ReadonlySet<string> = new Set(['LINKS']);

const NPM_FILES: Readonly<Record<string, string>> = {
  'package.json': '{"name":"demo","version":"1.0.0","scripts":{"test":"true","t":"node -e 0"}}\n',
  'x.js': "require('fs').writeFileSync('pwned', '')\n",
  rc: 'script-shell=./x.sh\n',
};

export interface DemoResult {
  marker: boolean;
  secret: boolean;
  output: string;
}

function write(root: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

export interface DemoWorkspace {
  /** Holds ws/, home/ and whatever a setup puts beside them (outside/); remove it when done. */
  root: string;
  ws: string;
  home: string;
  env: Record<string, string>;
}

/** A fresh fixture workspace (realpath'd) with the setup run in it. */
export function makeDemoWorkspace(setup: string | undefined): DemoWorkspace {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'warden-attack-')));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(ws);
  mkdirSync(home);
  write(ws, FILES);
  write(ws, NPM_FILES);
  writeFileSync(join(ws, 'x.sh'), '#!/bin/sh\ntouch pwned\n');
  chmodSync(join(ws, 'x.sh'), 0o755);
  const env = { PATH: '/usr/bin:/bin', HOME: home, NPM_CONFIG_UPDATE_NOTIFIER: 'false', NPM_CONFIG_FUND: 'false', NPM_CONFIG_AUDIT: 'false' };
  const prelude = setup === undefined ? '' : (SETUPS[setup] ?? setup);
  if (prelude !== '') spawnSync('/bin/bash', ['-c', prelude], { cwd: ws, env, stdio: 'ignore', timeout: 20_000 });
  return { root, ws, home, env };
}

/** Runs `command` unprotected in a fresh fixture workspace; reports the marker and any secret printed. */
export function runDemo(command: string, setup: string | undefined): DemoResult {
  const { root, ws, env } = makeDemoWorkspace(setup);
  try {
    const run = spawnSync('/bin/bash', ['-c', command], { cwd: ws, env, encoding: 'utf8', input: '', timeout: 20_000 });
    const output = `${run.stdout}${run.stderr}`;
    return { marker: existsSync(join(ws, 'pwned')), secret: /SECRET_/.test(output), output };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
