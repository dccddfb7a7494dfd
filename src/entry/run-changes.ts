import { join } from 'node:path';
import type { RunConfig } from '../config/index.js';
import { changedFiles, changedPaths, diffPatch, HostGitIntegrityError, snapshotRepository } from '../sandbox/index.js';
import type { Changes, RepositorySnapshot } from '../sandbox/index.js';

/**
 * What the run changed, from host git against the commit the run started from, using a git state
 * taken before the agent started and kept outside the workspace (src/sandbox/host-git*.ts): nothing
 * the agent plants in `.git` runs on the host or hides a change. Files Warden itself writes
 * (outbox, transcript, summary) are never counted, wherever they are.
 */
export interface RunChanges {
  /** The snapshot, when the workspace is a git repository and it could be taken. */
  snapshot: RepositorySnapshot | undefined;
  /** Why there is none (shown to the user once). */
  unavailable: string | undefined;
  /** Files changed, for run_end (undefined: cannot tell; the tools' reports are used then). */
  files(): Promise<string[] | undefined>;
  /** `git diff --binary` against the starting commit, once files() ran; empty when unknown. */
  patch(): Promise<Buffer>;
  /** The computed changes (for the publisher), once files() ran. */
  changes(): Changes | undefined;
}

/** Host git's private state, in the run directory; removed when the run ends (run-directory.ts). */
export const HOST_GIT_DIR = 'host-git';

export async function trackRunChanges(config: RunConfig, say: { notice: (message: string) => void; warn: (message: string) => void }): Promise<RunChanges> {
  const notice = say.notice;
  const result = await snapshotRepository({ workspace: config.cwd, hostPath: config.hostPath, stateDir: join(config.runDir, HOST_GIT_DIR) });
  if (result.kind !== 'repository') {
    const why = result.kind === 'not-a-repository'
      ? `--cwd ${config.cwd} is not a git repository (${result.reason}): "files changed" comes from the tools' own reports, and no patch can be made or delivered`
      : `git cannot track this run's changes (${result.reason}): "files changed" comes from the tools' own reports, and no patch can be made or delivered`;
    notice(why);
    return { snapshot: undefined, unavailable: why, files: () => Promise.resolve(undefined), patch: () => Promise.resolve(Buffer.alloc(0)), changes: () => undefined };
  }
  const snapshot = result.snapshot;
  const exclude = [config.outDir, config.transcriptPath, ...(config.summaryPath === undefined ? [] : [config.summaryPath])];
  let computed: Changes | undefined;
  return {
    snapshot,
    unavailable: undefined,
    files: async () => {
      computed = await changedFiles(snapshot, { exclude });
      return changedPaths(computed).sort();
    },
    patch: async () => {
      if (computed === undefined || computed.files.length === 0) return Buffer.alloc(0);
      try {
        return await diffPatch(computed);
      } catch (err) {
        // Tampered objects: nothing from the workspace's store is trusted, so there is no patch to deliver.
        if (err instanceof HostGitIntegrityError) {
          say.warn(`no patch: ${err.message}`);
          return Buffer.alloc(0);
        }
        throw err;
      }
    },
    changes: () => computed,
  };
}
