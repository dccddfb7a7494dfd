/**
 * The GitHub subsystem's front door: the event that started the step, the trust gate, the pull
 * request's code and its base's configuration, the task text. Only this folder talks to GitHub.
 */
export { prepareRun, type PrepareRequest, type PreparedRun } from './prepare-run.js';
export { createGithubClient, type ClientOptions } from './api/client.js';
export { parseEvent, type EventParse, type GithubEvent } from './event/github-event.js';
export { knownDefaultBranch } from './event/default-branch.js';
export { containsTriggerPhrase, decideRelevance, type Relevance, type TriggerOptions } from './event/trigger.js';
export { sanitizeUntrusted, quoteName, type Sanitized } from './event/sanitize.js';
export { buildTask, TASK_LIMITS, type TaskInput, type PullInfo, type DiffStat, type FileStat, type Thread } from './event/task.js';
export { checkTrust, fetchPermission, type TrustDecision, type VerifiedActor } from './trust/gate.js';
export { isForkPull } from './trust/fork.js';
export type { TrustedConfig } from './trust/base-config.js';
export { PullFetchError } from './workspace/pull-fetch.js';
export { eventFactsFor, pickSticky, publishRun, StickyComment, type CommentStore, type ListedComment, type PublishOutcome, type PublishRequest, type StickyTarget } from './publish/index.js';
export { readEarlierRun, readEarlierRunOnGithub } from './publish/index.js';
export { APP_TOKEN_PERMISSIONS, createAppToken, type AppToken } from './api/app-token.js';
