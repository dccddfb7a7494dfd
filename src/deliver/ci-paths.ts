/**
 * The CI configuration a delivery must not touch beyond the fixed list: the local actions and
 * workflows the repository's own workflows run (src/policy/local-actions.ts), and the one answer
 * for "would this path be refused?" that commits and review suggestions share.
 *
 * The workflows are the trusted ones: the starting commit's, read by host git before the agent
 * could change anything, when the run has a snapshot; else the checkout as it is before anything
 * ran (the start of a run, or a publishing job's fresh checkout).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deliveryRefusal, isWorkflowFile, localActionPaths, type LoadedPolicy, type LocalActions, type WorkflowText } from '../policy/index.js';
import type { RepositorySnapshot } from '../git/index.js';
import { errnoCode } from '../error-text.js';

const WORKFLOW_DIR = '.github/workflows';

/** The workflows in a checkout, read from disk; an unreadable one is a problem, named. */
export function readWorkflowTexts(root: string): { workflows: WorkflowText[]; problems: string[] } {
  const workflows: WorkflowText[] = [];
  const problems: string[] = [];
  let names: string[];
  try {
    names = readdirSync(join(root, WORKFLOW_DIR), { withFileTypes: true }).filter((d) => d.isFile() || d.isSymbolicLink()).map((d) => d.name).sort();
  } catch (err) {
    const code = errnoCode(err);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') problems.push(`${WORKFLOW_DIR} could not be read (${code ?? 'error'}): local actions its workflows run are not known`);
    return { workflows, problems };
  }
  for (const name of names) {
    const rel = `${WORKFLOW_DIR}/${name}`;
    if (!isWorkflowFile(rel)) continue;
    try {
      workflows.push({ path: rel, text: readFileSync(join(root, rel), 'utf8') });
    } catch (err) {
      problems.push(`${rel} could not be read (${errnoCode(err) ?? 'error'}): the local actions it runs are not known`);
    }
  }
  return { workflows, problems };
}

/** The local actions the trusted workflows run: the snapshot's, else those on disk at `root`. */
export function localActionsOf(snapshot: RepositorySnapshot | undefined, root: string): LocalActions {
  if (snapshot !== undefined) return localActionPaths(snapshot.workflows);
  const read = readWorkflowTexts(root);
  const found = localActionPaths(read.workflows);
  return { entries: found.entries, problems: [...read.problems, ...found.problems] };
}

/** Why a change to `rel` (repository-relative) would not be delivered, or null. */
export function refusedPath(rel: string, policy: LoadedPolicy | undefined, root: string, localActions: LocalActions): string | null {
  return deliveryRefusal(rel, policy, root, localActions.entries);
}
