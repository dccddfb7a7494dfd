/**
 * For test files: bubblewrap's path if it can start a sandbox here, else why not (global-bwrap.ts
 * asked once for the whole run; a file run without that set-up asks for itself, once).
 */
import { inject } from 'vitest';
import { probeBwrap, type BwrapState } from './global-bwrap.js';

let own: BwrapState | undefined;

export function bwrapState(): BwrapState {
  const provided = inject('bwrap') as BwrapState | undefined;
  if (provided !== undefined) return provided;
  if (own === undefined) {
    own = probeBwrap(process.env.PATH ?? '');
    if (own.problem !== null) console.warn(`SKIPPING the tests that need bubblewrap: ${own.problem}`);
  }
  return own;
}

/** bwrap's path where it can start a sandbox, else undefined (the tests that need it skip). */
export function usableBwrap(): string | undefined {
  return bwrapState().path ?? undefined;
}
