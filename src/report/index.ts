/** Pure renderers of a finished run: the Markdown summary a person reads. */
export { describeInput, renderSummary } from './summary.js';
export { describeOutcome, describeVerdict } from './outcome-text.js';
export { renderResult, type ResultContext } from './result.js';
