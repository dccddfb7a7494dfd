// What a CI job downloads to run Warden with `npx`: the packed tarball, what it unpacks to, and
// what npx installs from it with the registry unreachable (no dependency may be fetched).
// Reference (issue 12, before the package stood alone): npx installed 95 MB of node_modules.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'warden-bench-pack-'));
const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }));

function du(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((n, e) => n + du(join(path, e)), 0);
}

const env = { PATH: process.env.PATH, HOME: dir, npm_config_cache: join(dir, 'cache'), npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false' };
const started = process.hrtime.bigint();
const r = spawnSync('npx', ['--yes', '--package', join(dir, info.filename), 'warden', '--version'], { cwd: dir, env, encoding: 'utf8' });
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const installed = du(join(dir, 'cache', '_npx'));
const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
console.log(`npm pack: ${mb(info.size)} packed, ${mb(info.unpackedSize)} unpacked, ${info.entryCount} files, dependencies: 0`);
console.log(`npx from the tarball, registry unreachable: ${r.status === 0 ? 'ok' : `FAILED (${r.status})`} in ${ms.toFixed(0)} ms; installed ${mb(installed)} (reference before: 95 MB of node_modules)`);
rmSync(dir, { recursive: true, force: true });
