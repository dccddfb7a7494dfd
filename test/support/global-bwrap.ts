/**
 * Whether bubblewrap can start a sandbox here, asked once per test run. Installed is not enough:
 * in a container without user namespaces bwrap is there and every sandbox fails to start, so each
 * test that needs it would fail on its own. Those tests skip instead, with this reason, as they do
 * where bwrap is missing (bwrap-state.ts reads the answer in the test files). Nothing from vitest
 * is imported at run time here: this runs in the main process, before any worker.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { findTool } from '../../src/sandbox/sandbox-tools.js';

/** `path` is null exactly when `problem` says why the sandbox tests cannot run. */
export interface BwrapState {
  path: string | null;
  problem: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    bwrap: BwrapState;
  }
}

export function probeBwrap(searchPath: string): BwrapState {
  const path = findTool('bwrap', searchPath);
  if (path === null) return { path: null, problem: 'bubblewrap (bwrap) is not installed: the sandbox tests need it (apt-get install bubblewrap socat)' };
  try {
    // A trivial sandbox with the namespaces every command's gets. The time limit is a hang guard.
    execFileSync(path, ['--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--unshare-all', 'true'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    return { path, problem: null };
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString('utf8').trim().split('\n')[0] ?? '';
    const said = stderr === '' ? (err as Error).message : stderr;
    return { path: null, problem: `bubblewrap (${path}) is installed but cannot start a sandbox here (${said}): the sandbox tests need user namespaces (in a container: run on the VM, or allow them)` };
  }
}

// Asked once although each project of vitest.config.ts runs this set-up (see global-temp.ts).
const ASKED = Symbol.for('warden.tests.bwrap');
const marks = globalThis as { [ASKED]?: BwrapState };

export function setup(project: TestProject): void {
  let state = marks[ASKED];
  if (state === undefined) {
    state = probeBwrap(process.env.PATH ?? '');
    marks[ASKED] = state;
    if (state.problem !== null) console.warn(`SKIPPING the tests that need bubblewrap: ${state.problem}`);
  }
  project.provide('bwrap', state);
}
