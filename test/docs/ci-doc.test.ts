import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist', 'index.js');

describe('docs/ci.md says what Warden really does', () => {
  it('quotes `warden sandbox probe` exactly as it reads where user namespaces are forbidden', () => {
    // Inside Warden's own sandbox, nested user namespaces are refused (seccomp): the same refusal
    // a container runtime's default profile makes.
    const probe = spawnSync(process.execPath, [DIST, 'sandbox', 'exec', '--cwd', ROOT, '--', process.execPath, DIST, 'sandbox', 'probe'], { encoding: 'utf8' });
    expect(probe.status).toBe(1);
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const quoted = /`warden sandbox probe` tells you[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(quoted).toBeDefined();
    for (const line of (quoted ?? '').split('\n').filter((l) => l.trim() !== '')) expect(probe.stdout).toContain(line);
  });

  it('every example it links exists, and the shell example is valid bash', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    for (const [, link] of doc.matchAll(/\]\(\.\.\/(examples\/[^)]+)\)/g)) expect(() => readFileSync(join(ROOT, link ?? ''))).not.toThrow();
    execFileSync('bash', ['-n', join(ROOT, 'examples', 'ci', 'run-warden.sh')]);
  });
});
