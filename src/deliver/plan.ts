/**
 * The pure decisions of publishing: how changes may be delivered for this event, which branch is
 * Warden's own, which sticky comment is this trigger's, and the words of the commit and the PR.
 */
import type { PublishConfig, PushMode } from '../config/index.js';
import type { RunResultJson } from '../outbox/index.js';
import { describeVerdict, mdProse, normaliseLines, plainLine, plainQuote } from '../report/index.js';
import type { Delivery } from '../report/index.js';

export interface EventFacts {
  eventName: string;
  /** GITHUB_WORKFLOW: which workflow, so two workflows on one PR keep their own comments and branches. */
  workflow: string;
  /** The PR or issue, when the event has one. */
  number: number | undefined;
  /** Set for pull-request events. */
  pull: { headRef: string; headSha: string; baseRef: string; sameRepository: boolean } | undefined;
  /** False for fork PRs (the trust gate's ceiling): never a push. */
  writeDelivery: boolean;
  /** The repository's default branch when the event or the run's ref says; else the API is asked when a draft PR needs it. Never guessed. */
  defaultBranch: string | undefined;
}

/**
 * Whether an outbox's changes may be delivered at all, whatever the push mode: not when nothing
 * changed, and never when the run withheld its patch (it carries a secret) — read from result.json,
 * so a publish job that never saw the run's secrets refuses it too.
 */
export function undeliverable(result: RunResultJson): Delivery | undefined {
  if (result.verdict !== 'changes') return { kind: 'none', why: 'nothing changed' };
  if (result.patchWithheld !== undefined) return { kind: 'refused', reasons: [`changes.patch was withheld: ${result.patchWithheld}`] };
  return undefined;
}

/** How to deliver; `issue_comment` on a PR counts as a PR event (facts.pull is set). */
export function pushModeFor(config: PublishConfig, facts: EventFacts): { mode: PushMode; why?: string } {
  if (config.push === 'none') return { mode: 'none', why: 'the policy\'s publish.push is none' };
  if (!facts.writeDelivery) return { mode: 'none', why: 'a pull request from a fork never gets a push' };
  if (facts.pull !== undefined) {
    if (!facts.pull.sameRepository) return { mode: 'none', why: 'the pull request\'s branch is in another repository' };
    return { mode: config.push };
  }
  // Events about no pull request (schedule, dispatch, issues) have no branch to push to: always
  // Warden's own branch with a draft pull request.
  return { mode: 'pull-request' };
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'run';

/** Warden's own branch for this task: the same for every run of it, so a repeat updates its PR. */
export function ownBranchFor(facts: EventFacts): string {
  if (facts.pull !== undefined && facts.number !== undefined) return `warden/pr-${facts.number}`;
  if (facts.number !== undefined) return `warden/issue-${facts.number}`;
  return `warden/${slug(facts.workflow)}-${slug(facts.eventName)}`;
}

/** The branch a draft PR goes into: the PR's own branch for PR events, else the default branch (undefined: not known yet). */
export function baseBranchFor(facts: EventFacts): string | undefined {
  return facts.pull?.headRef ?? facts.defaultBranch;
}

/** One sticky comment per PR or issue and trigger (workflow and event). */
export function stickyKeyFor(facts: Pick<EventFacts, 'workflow' | 'eventName' | 'number'>): string | undefined {
  if (facts.number === undefined) return undefined;
  return `${slug(facts.workflow)}/${facts.eventName}#${facts.number}`;
}

/** What the run is about, for headings ("pull request #7"). */
export function subjectOf(facts: EventFacts): string {
  if (facts.number === undefined) return `the \`${facts.eventName}\` task`;
  return facts.pull !== undefined ? `pull request #${facts.number}` : `issue #${facts.number}`;
}

/** GitHub shows about this much of a title in lists; git's advice for a subject is shorter still. */
const MAX_SUBJECT = 72;

/**
 * The first line of the agent's report, as a commit subject or PR title: one line, bounded, no
 * mention or reference (posted-text.ts).
 */
function reportSubject(result: RunResultJson): string | undefined {
  if (result.outcome.reason !== 'completed') return undefined;
  const line = normaliseLines(result.outcome.finalText).split('\n').map((l) => l.replace(/^[#>*\-\s]+/, '').trim()).find((l) => l !== '');
  return line === undefined ? undefined : plainLine(line, MAX_SUBJECT - 'warden: '.length);
}

/**
 * The commit message: Warden's subject and trailer around the agent's report, quoted line by line
 * so none of its lines is a trailer (a forged `Co-authored-by:`) or a reference a closing keyword
 * would take ("fixes #2" merged into the default branch closes #2).
 */
export function commitMessageFor(result: RunResultJson, facts: EventFacts, runUrl: string | undefined): string {
  const subject = reportSubject(result) ?? `changes for ${subjectOf(facts).replace(/`/g, '')}`;
  const report = result.outcome.reason === 'completed' ? result.outcome.finalText.trim().slice(0, 2_000) : '';
  return [`warden: ${subject}`, '', ...(report === '' ? [] : [plainQuote(report), '']), `Warden-Run: ${runUrl ?? 'local'}`, ''].join('\n');
}

export function pullTitleFor(result: RunResultJson, facts: EventFacts): string {
  return `Warden: ${reportSubject(result) ?? `changes for ${subjectOf(facts).replace(/`/g, '')}`}`;
}

/** The PR body: Warden's line, then the agent's report as literal Markdown (no closing keyword, mention or HTML). */
export function pullBodyFor(result: RunResultJson, facts: EventFacts, runUrl: string | undefined): string {
  const report = result.outcome.reason === 'completed' ? mdProse(result.outcome.finalText.trim().slice(0, 20_000)) : '';
  return [
    `Opened by Warden for ${subjectOf(facts)}${runUrl === undefined ? '' : ` ([run](${runUrl}))`}: ${describeVerdict(result.verdict, result.filesChanged.length)}. A person reviews and merges it; Warden never does.`,
    '',
    report,
  ].join('\n');
}
