/**
 * Does this event concern Warden? A pure decision made before any API or model request, so an
 * event that does not (a comment without the trigger phrase, the wrong label) ends the step at once.
 */
import { ciPull, type GithubEvent } from './github-event.js';
import { sanitizeUntrusted } from './sanitize.js';

export interface TriggerOptions {
  triggerPhrase: string;
  /** '' turns label triggers off. */
  labelTrigger: string;
  /** The workflow gave `prompt` or `prompt_file`. */
  hasPrompt: boolean;
}

export type Relevance =
  /** `taskFrom`: where the task comes from when the workflow gave no prompt (null: a prompt is required). */
  | { concerns: true; taskFrom: 'comment' | 'issue' | 'ci' | null }
  | { concerns: false; reason: string };

/**
 * The phrase as a word: not inside a longer name (`@wardenbot`, `@warden-ci`) or an address
 * (`ops@warden.dev`), case-insensitive like GitHub mentions. Matched on the sanitized text, so a
 * phrase in an HTML comment or behind zero-width characters does not count.
 */
export function containsTriggerPhrase(text: string, phrase: string): boolean {
  const wanted = phrase.trim();
  if (wanted === '') return false;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = String.raw`[\p{L}\p{N}_-]`;
  const before = /^[\p{L}\p{N}_]/u.test(wanted) ? `(?<!${word}|@)` : `(?<!${word})`;
  const pattern = new RegExp(`${before}${escaped}(?!${word}|@|\\.${word})`, 'iu');
  return pattern.test(sanitizeUntrusted(text).text);
}

export function decideRelevance(event: GithubEvent, opts: TriggerOptions): Relevance {
  const phrase = (text: string, what: string): Relevance =>
    containsTriggerPhrase(text, opts.triggerPhrase) ? { concerns: true, taskFrom: 'comment' } : { concerns: false, reason: `the ${what} does not mention ${opts.triggerPhrase}` };
  switch (event.kind) {
    case 'issue_comment':
      return phrase(event.comment.body, 'comment');
    case 'review_comment':
      return phrase(event.comment.body, 'review comment');
    case 'review':
      return phrase(event.review.body, 'review');
    case 'issues': {
      if (event.action === 'labeled') {
        if (opts.labelTrigger === '') return { concerns: false, reason: 'no `label_trigger` is set, so labels start nothing' };
        return (event.label ?? '').toLowerCase() === opts.labelTrigger.toLowerCase()
          ? { concerns: true, taskFrom: 'issue' }
          : { concerns: false, reason: `the label ${JSON.stringify(event.label ?? '')} is not \`label_trigger\` (${JSON.stringify(opts.labelTrigger)})` };
      }
      if (opts.hasPrompt) return { concerns: true, taskFrom: 'issue' };
      return containsTriggerPhrase(`${event.issue.title}\n${event.issue.body}`, opts.triggerPhrase)
        ? { concerns: true, taskFrom: 'issue' }
        : { concerns: false, reason: `the issue does not mention ${opts.triggerPhrase} and the workflow gives no prompt` };
    }
    case 'ci_failure': {
      const what = event.source.replace('_', ' ');
      if (event.conclusion !== 'failure') return { concerns: false, reason: `the ${what} concluded \`${event.conclusion || 'without a conclusion'}\`, not \`failure\`` };
      if (ciPull(event) === undefined) return { concerns: false, reason: `the failed ${what} is on no pull request of this repository (GitHub lists none for a fork's)` };
      return { concerns: true, taskFrom: 'ci' };
    }
    case 'pull_request':
    case 'workflow_dispatch':
    case 'repository_dispatch':
    case 'schedule':
      return { concerns: true, taskFrom: null };
  }
}
