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
import { usableBwrap } from '../support/bwrap-state.js';

export const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
export const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
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

/**
 * A Python script (argv[1]: the workspace) swapping `src/m.txt` between a hard link to `.env` and a
 * link to `harmless`, by renames through `secrets/` so the name always exists: what a process a
 * command left running can do while a search reads by name. `writesPid`: it first writes its pid
 * to `secrets/pid`; `pauseSeconds`: it waits that long after each swap back to the harmless file,
 * so the link is held only briefly.
 */
export function linkSwapperScript(options: { writesPid?: boolean; pauseSeconds?: number } = {}): string {
  return [
    'import os, sys, time',
    'ws = sys.argv[1]',
    ...(options.writesPid === true ? ['open(os.path.join(ws, "secrets/pid"), "w").write(str(os.getpid()))'] : []),
    'target = os.path.join(ws, "src/m.txt")',
    'a = os.path.join(ws, "secrets/.swap-a"); b = os.path.join(ws, "secrets/.swap-b")',
    'while True:',
    '    try: os.link(os.path.join(ws, ".env"), a)',
    '    except FileExistsError: pass',
    '    os.replace(a, target)',
    '    try: os.link(os.path.join(ws, "harmless"), b)',
    '    except FileExistsError: pass',
    '    os.replace(b, target)',
    ...(options.pauseSeconds === undefined ? [] : [`    time.sleep(${options.pauseSeconds})`]),
  ].join('\n');
}
