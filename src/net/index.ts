/** How Warden talks HTTP to the forges it publishes to: one retry policy for GitHub and GitLab alike. */
export { DEFAULT_RETRY_LIMITS, retryDecision, type FailedAttempt, type RetryDecision, type RetryLimits } from './http-retry.js';
export { createOnce } from './create-once.js';
