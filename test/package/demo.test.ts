import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-repo.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run demo (scripts/demo.mjs, the built dist/)', () => {
  it('ends by showing the diff it made and where the copy is', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'demo.mjs')], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TMPDIR: tempDir() } });
    expect(r.status).toBe(0);
    const tail = r.stdout.slice(r.stdout.indexOf('warden demo: the change the agent made'));
    expect(tail).toMatch(/^warden demo: the change the agent made \(git diff in the copy\):\n\n src\/slug\.js \| \d+ [+-]+\n/);
    expect(tail).toContain('diff --git a/src/slug.js b/src/slug.js');
    expect(tail).toContain("\n+  return title.trim().toLowerCase().replace(/\\s+/g, '-');\n");
    const copy = /\nwarden demo: the copy is in (\S+) \(cd there and run `npm test`\); the transcript is (\S+)\n$/.exec(tail);
    expect(copy).not.toBeNull();
    expect(readFileSync(join(copy?.[1] ?? '', 'src', 'slug.js'), 'utf8')).toContain('/\\s+/g');
    expect(existsSync(copy?.[2] ?? '')).toBe(true);
  });
});
