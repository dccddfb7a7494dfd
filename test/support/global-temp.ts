/**
 * One temp directory for the whole test run, removed at its end. Tests make thousands of temp
 * repositories, workspaces and outboxes (a chaos suite alone makes hundreds), and runs under test
 * leave their own state there too; in the shared TMPDIR they piled up by the ten thousand on a
 * developer's machine and slowed every later run's sweep of it. Workers and every process they
 * start inherit TMPDIR, so os.tmpdir() and mkdtemp land here.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root: string | undefined;
// Each project of vitest.config.ts loads this file afresh, and runs its setup even when it has no
// files to run: what is made once for the whole run is marked on the process, not in this module.
const MADE = Symbol.for('warden.tests.tempRoot');
const marks = globalThis as { [MADE]?: string };

export function setup(): void {
  if (marks[MADE] !== undefined) return;
  root = mkdtempSync(join(tmpdir(), 'warden-tests-'));
  marks[MADE] = root;
  process.env.TMPDIR = root;
}

export function teardown(): void {
  if (root === undefined) return;
  // Tests make unreadable directories on purpose (chmod 000); without root's powers rm cannot
  // enter them, so permissions are given back first. lstat: a symlink is never followed.
  restoreAccess(root);
  rmSync(root, { recursive: true, force: true });
}

function restoreAccess(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (lstatSync(path).isDirectory()) restoreAccess(path);
    }
  } catch {
    // Gone already, or not ours: rm reports nothing for what it cannot remove (force).
  }
}
