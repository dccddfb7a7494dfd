// Runs every benchmark in bench/ in turn and prints their figures. `npm run build` first.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const skip = new Set(['run-all.mjs']);
for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && !skip.has(f)).sort()) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`(${file} exited ${r.status})`);
}
