import { mkdirSync, rmdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../config/index.js';
import type { RunConfig } from '../config/index.js';
import { claimDir, isWardenTempDirName, releaseDir, removeTree, sandboxStateRoot, sweepStaleDirs } from '../sandbox/index.js';
import { HOST_GIT_DIR } from './run-changes.js';
import { errorReason } from '../error-text.js';

export interface RunDirectory {
  /** Removes what only the run needed; keeps what the user's outputs point into. */
  finish(): Promise<void>;
}

/**
 * The run's own directory in TMPDIR. It holds host git's snapshot (about 100 KB, needed until the
 * changes are delivered), tool results too large for the conversation (the transcript's
 * `tool_call.savedTo` points at them), and the outbox when --out is not given. When the run ends,
 * the snapshot goes, and so does the directory unless it still holds saved results or the default
 * outbox — what is left is the user's, and is released (never swept).
 *
 * A run that is killed cannot do that, nor remove its sandbox's state directory; so every run
 * sweeps, while it goes, the directories Warden created whose owning process is gone
 * (src/sandbox/owned-dirs.ts).
 */
export function openRunDirectory(config: Pick<RunConfig, 'runDir' | 'resultsDir'>): RunDirectory {
  const root = dirname(config.runDir);
  // While the run goes (TMPDIR may hold thousands of entries); awaited before the run ends.
  const sweeping = Promise.all([
    sweepStaleDirs(root, isWardenTempDirName),
    // With a long TMPDIR the sandbox keeps its state in /tmp (socket path length): its own directories only.
    sandboxRoot(root).then((other) => (other === undefined ? [] : sweepStaleDirs(other, (name) => name.startsWith('warden-sandbox-') && isWardenTempDirName(name)))),
  ]).catch(() => undefined);

  try {
    mkdirSync(config.runDir, { mode: 0o700 });
  } catch (err) {
    throw new UsageError(`the run directory (TMPDIR) ${config.runDir}: cannot be created (${errorReason(err)})`);
  }
  claimDir(config.runDir);
  return {
    async finish() {
      await sweeping;
      await removeTree(join(config.runDir, HOST_GIT_DIR));
      removeIfEmpty(config.resultsDir);
      releaseDir(config.runDir);
      removeIfEmpty(config.runDir);
    },
  };
}

function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (saved results, the default outbox), or gone.
  }
}

async function sandboxRoot(runRoot: string): Promise<string | undefined> {
  try {
    const root = await realpath(sandboxStateRoot());
    return root === runRoot ? undefined : root;
  } catch {
    return undefined;
  }
}

