/**
 * A failed job's log, cut down to what the agent needs: the steps that failed. Pure.
 *
 * The runner writes each step's header as a `##[group]Run …` line (a script's first line, an
 * action's name), the step's output follows until the next step's header, and a failing step
 * ends in `##[error]` lines. The jobs API says which steps failed, by name and number, but the log
 * names a step by its command, not its `name:`, so sections are matched to failed steps by their
 * `##[error]` lines, in order. What is kept of a long section is its header and its end, where a
 * test runner prints its failures; every cut says how much it left out.
 */

export interface StepInfo {
  number: number;
  name: string;
  conclusion: string | null;
}

export interface TrimmedLog {
  /** The text to hand over. */
  text: string;
  /** Characters of the original log (timestamps included). */
  originalChars: number;
  /** Which failed steps the text holds, as `#N name`. */
  steps: string[];
  /** What was left out, in words (empty when nothing was). */
  cuts: string[];
}

/** Each kept section's header lines, at most. */
const HEAD_LINES = 40;
const TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z /;

interface Section {
  header: string;
  lines: string[];
  failed: boolean;
}

/** `maxChars`: the most text kept for this job (never less than a short note). */
export function trimJobLog(log: string, steps: readonly StepInfo[], maxChars: number): TrimmedLog {
  const sections = splitSteps(log);
  const failedSteps = steps.filter((s) => s.conclusion === 'failure');
  const failing = sections.filter((s) => s.failed);
  const cuts: string[] = [];
  let kept: Section[];
  let names: string[];
  if (failing.length > 0) {
    kept = failing;
    // Named by the API when the counts agree (the usual case: one failing step, one error section).
    names = failing.length === failedSteps.length ? failedSteps.map((s) => `#${s.number} ${s.name}`) : failing.map((s) => s.header);
    const left = sections.length - failing.length;
    if (left > 0) cuts.push(`${left} step section${left === 1 ? '' : 's'} without an error left out`);
  } else {
    // No `##[error]` line (a cancelled step, an unusual log): the end of the whole log.
    kept = [{ header: '(whole log)', lines: sections.flatMap((s) => s.lines), failed: true }];
    names = failedSteps.length > 0 ? failedSteps.map((s) => `#${s.number} ${s.name}`) : ['(no step marked failed)'];
    cuts.push('no step has an ##[error] line: the end of the whole log is kept');
  }
  const budget = Math.max(200, Math.floor(maxChars / kept.length));
  const parts = kept.map((s, i) => clipSection(s, names[i] ?? s.header, budget, cuts));
  return { text: parts.join('\n'), originalChars: log.length, steps: names, cuts };
}

/** The log as step sections, timestamps removed (a third of a line's bytes, and no help in finding a failure). */
export function splitSteps(log: string): Section[] {
  const sections: Section[] = [];
  let current: Section = { header: '(job set-up)', lines: [], failed: false };
  let start = 0;
  while (start < log.length) {
    let end = log.indexOf('\n', start);
    if (end === -1) end = log.length;
    let line = log.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    line = line.replace(TIMESTAMP, '');
    if (line.startsWith('##[group]Run ')) {
      if (current.lines.length > 0) sections.push(current);
      current = { header: line.slice('##[group]'.length), lines: [], failed: false };
    } else if (line.startsWith('##[error]')) {
      current.failed = true;
    }
    current.lines.push(line);
  }
  if (current.lines.length > 0) sections.push(current);
  return sections;
}

function clipSection(section: Section, name: string, budget: number, cuts: string[]): string {
  const title = `===== failed step ${name} =====`;
  const all = section.lines.join('\n');
  if (all.length <= budget) return `${title}\n${all}`;
  // The header (the command, its environment) up to its ##[endgroup], then the end.
  const close = section.lines.indexOf('##[endgroup]');
  const headCount = close >= 0 && close < HEAD_LINES ? close + 1 : Math.min(5, section.lines.length);
  let head = section.lines.slice(0, headCount).join('\n');
  if (head.length > budget / 4) head = head.slice(0, Math.floor(budget / 4));
  const tailBudget = Math.max(0, budget - head.length);
  let tail = all.slice(all.length - tailBudget);
  const newline = tail.indexOf('\n');
  if (newline >= 0 && newline < 1000) tail = tail.slice(newline + 1); // start on a whole line
  const cut = all.length - head.length - tail.length;
  cuts.push(`${cut} characters from the middle of step ${name}`);
  return `${title}\n${head}\n[… ${cut} characters of this step's output cut here; its end follows …]\n${tail}`;
}
