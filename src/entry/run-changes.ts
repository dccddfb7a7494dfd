import { join } from 'node:path';
import type { RunConfig } from '../config/index.js';
import { secretForms } from '../log/index.js';
import { SECRET_FORMS, secretPlaces } from '../policy/index.js';
import { changedFiles, changedPaths, changesSince, diffPatch, secretFindings, HostGitIntegrityError, snapshotRepository } from '../git/index.js';
import type { Changes, RepositorySnapshot } from '../git/index.js';
import { errorMessage } from '../error-text.js';

/**
 * What the run changed, from host git, using a git state taken before the agent started and kept
 * outside the workspace (src/git/): nothing the agent plants in `.git` runs on the
 * host or hides a change. The worktree is captured when the run starts and when it ends; the run's
 * changes are the difference (host-git-run-changes.ts), so what an earlier CI step left in the
 * checkout is reported, never counted. Files Warden itself writes (outbox, transcript, summary) are
 * never counted, wherever they are. A patch that carries a secret of the run is withheld.
 */
export interface RunChanges {
  /** The snapshot, when the workspace is a git repository and it could be taken. */
  snapshot: RepositorySnapshot | undefined;
  /** Why there is none (shown to the user once). */
  unavailable: string | undefined;
  /** Files changed, for run_end (undefined: cannot tell; the tools' reports are used then). */
  files(): Promise<string[] | undefined>;
  /** `git diff --binary` against the starting commit, once files() ran; empty when unknown or withheld. */
  patch(): Promise<Buffer>;
  /** The computed changes (for the publisher), once files() ran. */
  changes(): Changes | undefined;
  /** Files already changed when the run started and left alone by it (not its changes). */
  changedBeforeRun(): string[];
  /** Once files() ran: why the patch is withheld (it carries a secret), or undefined. */
  withheld(): string | undefined;
}

/** Host git's private state, in the run directory; removed when the run ends (run-directory.ts). */
export const HOST_GIT_DIR = 'host-git';

/** Notices name at most this many files; result.json lists them all. */
const NAMED = 10;

/** Why the patch is withheld: where the secret is (each file named, never the value). */
export function withheldReason(places: readonly string[]): string {
  return `the changes contain the value of a secret of this run (${SECRET_FORMS}) in ${places.join(', ')}, so changes.patch is left empty and nothing may be published from this outbox`;
}

export async function trackRunChanges(
  config: RunConfig,
  say: { notice: (message: string) => void; warn: (message: string) => void },
  secretValues: readonly string[] = [],
): Promise<RunChanges> {
  const notice = say.notice;
  const result = await snapshotRepository({ workspace: config.cwd, hostPath: config.hostPath, stateDir: join(config.runDir, HOST_GIT_DIR) });
  const untracked = (why: string): RunChanges => {
    notice(why);
    return { snapshot: undefined, unavailable: why, files: () => Promise.resolve(undefined), patch: () => Promise.resolve(Buffer.alloc(0)), changes: () => undefined, changedBeforeRun: () => [], withheld: () => undefined };
  };
  if (result.kind !== 'repository') {
    return untracked(result.kind === 'not-a-repository'
      ? `--cwd ${config.cwd} is not a git repository (${result.reason}): "files changed" comes from the tools' own reports, and no patch can be made or delivered`
      : `git cannot track this run's changes (${result.reason}): "files changed" comes from the tools' own reports, and no patch can be made or delivered`);
  }
  const snapshot = result.snapshot;
  const exclude = [config.outDir, config.transcriptPath, ...(config.summaryPath === undefined ? [] : [config.summaryPath])];
  // Before the agent can change anything (the caller holds every tool call until this returns).
  // Without it an earlier step's files would pass for the run's: then no patch at all.
  let before: Changes;
  try {
    before = await changedFiles(snapshot, { exclude });
  } catch (err) {
    return untracked(`git cannot read the workspace as it is before the run (${errorMessage(err)}): "files changed" comes from the tools' own reports, and no patch can be made or delivered`);
  }
  const beforePaths = changedPaths(before);
  const forms = secretForms(secretValues);
  let computed: Changes | undefined;
  let patch: Buffer = Buffer.alloc(0);
  let withheld: string | undefined;
  let untouched: string[] = [];
  return {
    snapshot,
    unavailable: undefined,
    files: async () => {
      const changes = await changesSince(before, await changedFiles(snapshot, { exclude }));
      const files = changedPaths(changes).sort();
      const mine = new Set(files);
      untouched = beforePaths.filter((p) => !mine.has(p));
      if (untouched.length > 0) notice(preexistingNotice(untouched, beforePaths.length - untouched.length));
      const made = await patchOf(changes, say.warn);
      // Judged on the patch and on every file's full content: a copy, `base64` or `xxd` of a file
      // holding a secret is caught too. Nothing is kept until it is judged (a failure keeps nothing).
      const found = await secretFindings(changes, made, forms);
      if (found.length > 0) {
        withheld = withheldReason(secretPlaces(found));
        notice(`changes.patch withheld: ${withheld}. The files changed are listed; remove the secret from them and run again.`);
      } else patch = made;
      computed = changes;
      return files;
    },
    patch: () => Promise.resolve(patch),
    changes: () => computed,
    changedBeforeRun: () => untouched,
    withheld: () => withheld,
  };
}

async function patchOf(changes: Changes, warn: (message: string) => void): Promise<Buffer> {
  if (changes.files.length === 0) return Buffer.alloc(0);
  try {
    return await diffPatch(changes);
  } catch (err) {
    // Tampered objects: nothing from the workspace's store is trusted, so there is no patch to deliver.
    if (err instanceof HostGitIntegrityError) {
      warn(`no patch: ${err.message}`);
      return Buffer.alloc(0);
    }
    throw err;
  }
}

function preexistingNotice(untouched: readonly string[], alsoChanged: number): string {
  const named = untouched.slice(0, NAMED).map((p) => `\`${p}\``).join(', ');
  const more = untouched.length > NAMED ? ` and ${untouched.length - NAMED} more (all in result.json, changedBeforeRun)` : '';
  const changedToo = alsoChanged > 0
    ? ` ${alsoChanged} other file(s) changed before the run were changed by the run too: those are the run's, and the patch and any commit carry each as the run left it (against the starting commit, the earlier change included).`
    : '';
  return `${untouched.length} file(s) were already changed in the workspace when the run started (by an earlier CI step?): ${named}${more}. They are not this run's changes: not in changes.patch, never published.${changedToo}`;
}
