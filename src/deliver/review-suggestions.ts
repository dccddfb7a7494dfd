/**
 * A review suggestion is a commit one click away: on a file the publisher would refuse to commit (a
 * workflow, a local action a workflow runs, the policy, anything protected) it is not posted as a
 * suggestion. The comment keeps its explanation; the replacement is left out, with a line saying why.
 * GitHub and GitLab publishers both pass their items through here before rendering the review.
 */
import type { LoadedPolicy } from '../policy/index.js';
import type { ReviewItem } from '../outbox/index.js';
import type { Changes } from '../git/index.js';
import { localActionsOf, refusedPath } from './ci-paths.js';

/**
 * Why a suggestion on this repository-relative path would be refused, or null. The trusted workflows
 * are the run's starting commit's when there is a snapshot, else the checkout the publisher runs in.
 */
export function suggestionRefusals(policy: LoadedPolicy | undefined, changes: Changes | undefined, checkout: string): (rel: string) => string | null {
  const root = changes?.snapshot.topLevel ?? policy?.root ?? checkout;
  const localActions = localActionsOf(changes?.snapshot, root);
  return (rel) => refusedPath(rel, policy, root, localActions);
}

/** The items, with no suggestion (in the field or as a fence in the text) on a refused path. Pure. */
export function withoutRefusedSuggestions(items: readonly ReviewItem[], refused: (rel: string) => string | null): ReviewItem[] {
  return items.map((item) => {
    const why = refused(item.path);
    if (why === null) return item;
    const { suggestion, ...rest } = item;
    const body = neutraliseSuggestionFences(item.body);
    if (suggestion === undefined && body === item.body) return item;
    return { ...rest, body: `${body}\n\n(Warden left out a suggested change here: a commit to this file would be refused — ${why}.)` };
  });
}

/** A ```suggestion (or ~~~suggestion) fence the agent wrote itself becomes a plain code block. */
function neutraliseSuggestionFences(text: string): string {
  return text.replace(/(`{3,}|~{3,})([ \t]*)suggestion/gi, '$1$2text');
}
