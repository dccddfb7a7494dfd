/** Pure renderers of a finished run: the Markdown summary a person reads. */
export { describeInput, renderSummary } from './summary.js';
export { describeOutcome } from './outcome-text.js';
