import { findHostExecutable } from '../sandbox/index.js';

/** Where `rg` is looked for when the caller passes no PATH (the config module passes the real one). */
export const DEFAULT_HOST_PATH = '/usr/local/bin:/usr/bin:/bin:/opt/homebrew/bin';

/** Finds a host program once per workspace (never inside it); the answer cannot change during a run. */
export function hostProgram(name: string, searchPath: string): (cwd: string) => Promise<string | undefined> {
  const located = new Map<string, Promise<string | undefined>>();
  return (cwd) => {
    let found = located.get(cwd);
    if (found === undefined) {
      found = findHostExecutable(name, searchPath, [cwd]);
      located.set(cwd, found);
    }
    return found;
  };
}
