// commit_signing: delivering the five-file patch (added, modified, deleted, executable, binary)
// through GitHub's Git Data API vs git push, on the same scene: the tests' GitHub stand-in writing
// into the real bare remote that the smart-HTTP git server serves. Loaded through a TS hook.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', join(root, 'test', 'tools', 'race', 'ts-register.mjs'), join(root, 'bench', 'support', 'commit-signing.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
