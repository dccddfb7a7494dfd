// Temp dirs of a bench run (repo copies, scratch HOMEs, transcripts) are removed when the bench
// exits, so `npm run bench` does not fill /tmp. WARDEN_BENCH_KEEP=1 keeps them for a post-mortem.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = [];
let hooked = false;

export function tempDir(prefix) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  if (!hooked && process.env.WARDEN_BENCH_KEEP !== '1') {
    hooked = true;
    process.on('exit', () => {
      for (const d of made) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
