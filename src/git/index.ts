/**
 * Host git's front door: every git command Warden runs on the host, outside the agent's sandbox —
 * the runner's own fetches and checkouts (git-runner.ts), the snapshot taken before the agent runs,
 * the changes read after it, and the commit and push that publish them. Trusted host code, not
 * confinement: it reads what the sandboxed agent left behind as hostile data (docs/host-git.md).
 */
export { snapshotRepository } from './host-git-snapshot.js';
export type { SnapshotRequest } from './host-git-snapshot.js';
export type { RepositorySnapshot, SnapshotResult, ObjectFormat } from './host-git-types.js';
export type { HistoryListing } from './host-git-history.js';
export { HostGitError, HostGitIntegrityError } from './host-git-types.js';
export { HostGitUsageError } from './host-git-env.js';
export { changedFiles, changedPaths, diffPatch, diffStat } from './host-git-changes.js';
export { changesSince, committedEntries, secretFindings, type CommittedEntry } from './host-git-run-changes.js';
export type { ChangedFile, ChangeStatus, Changes, ChangesOptions, DiffStat, DiffStatFile, SkippedPath } from './host-git-changes.js';
export { commitChanges, commitMessage } from './host-git-commit.js';
export type { CommitRequest, CommitResult, GitIdentity } from './host-git-commit.js';
export { commitFiles, type CommitFile } from './host-git-commit-files.js';
export { pushCommit } from './host-git-push.js';
export type { PushRequest, PushResult } from './host-git-push.js';
export { BRANCH_COMMIT_FORMAT, parseBranchCommits, readRemoteBranch, type BranchCommit, type RemoteBranch, type RemoteBranchRequest } from './host-git-remote-branch.js';
export { authConfig, createGitRunner, gitText, GitError, transportOf, type GitAuth, type GitRequest, type GitResult, type GitRunner } from './git-runner.js';
export { applyPatch, type ApplyResult } from './host-git-apply.js';
