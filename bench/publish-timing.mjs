// Time from the action's start to its sticky comment existing, and publishing time after the
// agent's last answer, against the GitHub stand-in (the tests' own, loaded through a TS hook).
// `npm run build` first: the action runs from dist/.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', join(root, 'test', 'tools', 'race', 'ts-register.mjs'), join(root, 'bench', 'support', 'publish-timing.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
