/** Pure renderers of a finished run: the Markdown summary a person reads. */
export { describeInput, renderSummary } from './summary.js';
export { describeOutcome, describeVerdict } from './outcome-text.js';
export { renderResult, type ResultContext } from './result.js';
export { isStickyFor, renderFinal, renderInterrupted, renderNotStarted, renderProgress, renderWorking, stickyMarker, type Delivery, type FinalView, type ProgressView, type RecentCall, type WorkingView } from './sticky-comment.js';
export { renderReview, REVIEW_MARKER, type PostedComment, type RenderedReview, type ReviewCommentOut } from './review-body.js';
export { renderJunit } from './junit.js';
export { markdownForTerminal, mdCode, mdFence, mdProse, mdText, normaliseLines, plainLine, plainQuote } from './posted-text.js';
export { renderConfigErrorResult, renderConfigErrorSummary, type ConfigErrorContext } from './config-error.js';
export { latestTasks, renderTaskList, type Task } from './task-list.js';
export { decodeMemory, encodeMemory, memoryOf, MEMORY_CAP, type MemoryRead, type MemorySource, type RunMemory } from './run-memory.js';
