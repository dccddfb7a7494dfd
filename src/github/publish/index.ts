/** Delivery to GitHub: the sticky comment, the review, the changes. Entered from src/entry/ only. */
export { publishRun, type PublishOutcome, type PublishRequest } from './publish.js';
export { StickyComment, type StickyTarget } from './sticky.js';
export { pickSticky, type CommentStore, type ListedComment } from './comment-store.js';
export { eventFactsFor } from './event-facts.js';
export { readEarlierRun, readEarlierRunOnGithub } from './earlier-run.js';
