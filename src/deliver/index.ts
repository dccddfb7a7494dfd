/** Delivering a run, whatever the forge: the decisions (plan.ts) and check, commit, push (push-changes.ts). */
export { baseBranchFor, commitMessageFor, ownBranchFor, pullBodyFor, pullTitleFor, pushModeFor, stickyKeyFor, subjectOf, undeliverable, type EventFacts } from './plan.js';
export { checkCommitPush, type CommitToDeliver, type DeliverCommit, type PushOutcome, type PushRequest } from './push-changes.js';
export { localActionsOf } from './ci-paths.js';
export { suggestionRefusals, withoutRefusedSuggestions } from './review-suggestions.js';
export { claimOwnBranch, judgeBranch, notWardens, ownBranchNames, type ClaimDeps, type CommitSigner, type OwnBranchClaim, type RequestFrom } from './own-branch.js';
