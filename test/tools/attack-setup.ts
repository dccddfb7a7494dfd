/**
 * What the attack reviews of the host-side search share (proof-procfs-dialect-attack.test.ts,
 * dot-globstar-attack.test.ts): the host's ripgrep and bubblewrap, whether mounts can be made, the
 * secret two workspaces differ in, a policy denying reads, and the mounts a test made, undone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { canBindMount, workspace } from './tool-harness.js';

export const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
export const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = await findHostExecutable('bwrap', HOST_PATH, []);
export const ready = rgPath !== undefined && bwrapPath !== undefined;
export const mounts = process.platform === 'linux' && process.getuid?.() === 0 && canBindMount();
export const SECRET = 'sk-live-7e1d04b2';
export const HALF = SECRET.slice(0, 8);
export const MISS = 'x'.repeat(SECRET.length);
export const FIXED = new Date('2026-01-01T00:00:00Z');
/** procfs's statfs magic number: what a test has a directory taken for. */
export const PROC_MAGIC = 0x9fa0;

/** A policy file of `text`, outside the workspace `root`, loaded. */
export async function policyAt(text: string, root: string, homeDir?: string): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), text);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: homeDir ?? policyDir, root });
}

/** A dontAsk policy allowing Read but for `rules` (Read patterns). */
export const policyDenying = (...rules: string[]): string => `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: [${rules.map((r) => JSON.stringify(`Read(${r})`)).join(', ')}]\n`;

/** Undoes of the mounts a test made; `undoMounts` (an afterEach) runs them, the last first. */
export const unmounts: Array<() => void> = [];
export function undoMounts(): void {
  for (const unmount of unmounts.splice(0).reverse()) {
    try {
      unmount();
    } catch {
      // Already gone.
    }
  }
}
