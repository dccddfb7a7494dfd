/**
 * The one way text that Warden did not write — the agent's report and review items, tool names
 * and inputs, file names, branch names, messages that quote them — reaches anything Warden posts:
 * comments, reviews, job summaries, GitLab notes (Markdown), and PR titles, PR bodies and commit
 * messages. Pure.
 *
 * In Markdown such text is either in a code span or block that it cannot close (a delimiter
 * longer than any run of backticks in it, every line break a reader might honour made one) or
 * escaped so that it renders as the very characters it holds: every ASCII punctuation character
 * backslash-escaped (no HTML, comment, processing instruction, entity, image, link, emphasis or
 * block), and what GitHub or GitLab would turn into a notification or a cross-reference broken
 * with an invisible word joiner (an @mention, #123, owner/repo#123, GH-123, !123, a bare URL or
 * www. autolink — GitHub makes an issue URL a reference too). So the only HTML, links and
 * `warden:` markers in what Warden posts are the ones its own code writes.
 *
 * In plain text (titles, commit messages) the same references are broken, the text is one line
 * where it must be, and agent lines are quoted so none of them is a git trailer
 * (`Co-authored-by:`, `Signed-off-by:`) — and with no reference left, no closing keyword
 * ("fixes #2") closes anything.
 */
import { BLANK_RENDERING } from '../quoted-text.js';

/** Invisible; put after a character that would otherwise start a mention or a reference. */
const WORD_JOINER = '\u2060';

/** Every line break some reader honours: CommonMark's (\r\n, \r, \n), and \v, \f, NEL, U+2028/9. */
// eslint-disable-next-line no-control-regex -- \v and \f are among them
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;

// Controls but tab and newline, format characters (bidi overrides, zero-width …), fillers that
// render as nothing, lone surrogates: shown, never passed on to hide or reorder what is read.
const HIDDEN = new RegExp(`[\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u0084\\u0086-\\u009f\\p{Cf}${BLANK_RENDERING}\\ud800-\\udfff]`, 'gu');

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** Line breaks of every kind made `\n`. */
export function normaliseLines(text: string): string {
  return text.replace(LINE_BREAK, '\n');
}

/** Invisible characters shown as `[U+XXXX]`. */
function showHidden(text: string): string {
  return text.replace(HIDDEN, (ch) => `[U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);
}

/**
 * Breaks what GitHub or GitLab turn into a link, a notification or a cross-reference: @user,
 * @org/team, #1, owner/repo#1, GH-1, !1 (a merge request), ~label, %milestone, $snippet, &epic,
 * and autolinks (scheme://…, www.…; an issue URL is a reference, and a closing keyword takes it).
 */
function breakReferences(text: string): string {
  return text
    .replace(/([@#!~%$&])(?=[\p{L}\p{N}_])/gu, `$1${WORD_JOINER}`)
    .replace(/\b(gh)-(?=\d)/gi, `$1${WORD_JOINER}-`)
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/\b(www)\./gi, `$1${WORD_JOINER}.`);
}

/** One line, literal: line breaks shown as ⏎. */
export function oneLine(text: string): string {
  return normaliseLines(text).replace(/[^\S\n]*\n[^\S\n]*/g, ' ⏎ ');
}

/** Markdown that renders as exactly these characters (one line; references broken). */
function literal(line: string): string {
  return breakReferences(showHidden(line)).replace(ASCII_PUNCTUATION, (ch) => `\\${ch}`);
}

/**
 * One line of the agent's prose as Markdown it may format — emphasis, headings, lists, tables,
 * code spans — but with nothing that starts HTML, an entity, an image, a link or a link definition
 * (`\ < & [ ]` escaped; `~` too, which could open a fence inside a quote or a list) and
 * references broken. Its code spans pass as written (their content is
 * literal to every renderer); a backtick run that a renderer would not pair, or one after a
 * backslash, is escaped, so no span is ever read where this function saw text.
 */
function proseLine(line: string): string {
  const text = (part: string): string => breakReferences(showHidden(part)).replace(/[\\<&[\]`~]/g, (ch) => `\\${ch}`);
  let out = '';
  let plain = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      plain += line[i];
      i += 1;
      continue;
    }
    let end = i;
    while (line[end] === '`') end++;
    const run = end - i;
    const close = i > 0 && line[i - 1] === '\\' ? -1 : closingRun(line, end, run);
    if (close === -1) {
      plain += line.slice(i, end);
      i = end;
      continue;
    }
    out += text(plain) + showHidden(line.slice(i, close + run));
    plain = '';
    i = close + run;
  }
  return out + text(plain);
}

/** Where the next run of exactly `run` backticks starts at or after `from`, or -1. */
function closingRun(line: string, from: number, run: number): number {
  for (let i = from; i < line.length; ) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    let end = i;
    while (line[end] === '`') end++;
    if (end - i === run) return i;
    i = end;
  }
  return -1;
}

/** Text as one line of Markdown that renders as itself: for a list item, a heading or a table cell. */
export function mdText(text: string): string {
  return literal(oneLine(text));
}

/** Text as an inline code span it cannot close; one line. */
export function mdCode(text: string): string {
  const line = showHidden(oneLine(text));
  const fence = '`'.repeat(longestRun(line, '`') + 1);
  return `${fence} ${line} ${fence}`;
}

/** A fenced code block its content cannot close; `info` is kept only when it is a plain word. */
export function mdFence(text: string, info = ''): string {
  const body = normaliseLines(text).replace(/\n$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${/^[A-Za-z0-9_+.-]{1,30}$/.test(info) ? info : ''}\n${body}\n${fence}`;
}

/**
 * Multi-line text (the agent's report, a review comment) as Markdown: lines and paragraphs kept (a
 * line break is a hard break), indentation kept (as no-break spaces, so it starts no code block),
 * the code blocks it fenced kept as code blocks of Warden's own fencing, its formatting kept where
 * it can only format (proseLine).
 */
export function mdProse(text: string): string {
  const lines = normaliseLines(text).split('\n');
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const endParagraph = (): void => {
    if (paragraph.length > 0) blocks.push(paragraph.map((l, i) => (i < paragraph.length - 1 ? `${l}\\` : l)).join('\n'));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // Only a fence with a plain word (or nothing) after it: any other line is shown as written.
    const open = /^ {0,3}(`{3,}|~{3,})[^\S\n]*([A-Za-z0-9_+.-]*)\s*$/.exec(line);
    if (open !== null) {
      const marker = open[1] ?? '```';
      const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      let end = i + 1;
      while (end < lines.length && !close.test(lines[end] ?? '')) end++;
      endParagraph();
      blocks.push(mdFence(lines.slice(i + 1, end).join('\n'), open[2] ?? ''));
      i = end;
      continue;
    }
    if (line.trim() === '') endParagraph();
    else paragraph.push(proseLine(line.replace(/^[ \t]+/, (lead) => lead.replace(/\t/g, '    ').replace(/ /g, '\u00a0'))));
  }
  endParagraph();
  return blocks.join('\n\n');
}

/** Plain text on one line, at most `max` characters, references broken: a PR title, a commit subject. */
export function plainLine(text: string, max: number): string {
  const line = breakReferences(showHidden(oneLine(text))).trim();
  return [...line].length > max ? `${[...line].slice(0, max - 1).join('')}…` : line;
}

/**
 * Multi-line plain text quoted line by line (`> `), references broken: the agent's report in a
 * commit message, where no line of it can be a trailer or a closing keyword's reference.
 */
export function plainQuote(text: string): string {
  return breakReferences(showHidden(normaliseLines(text)))
    .split('\n')
    .map((l) => (l.trim() === '' ? '>' : `> ${l}`))
    .join('\n');
}

function longestRun(text: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Markdown as a terminal shows it: a terminal renders none, so the backslash escapes that keep
 * text literal on GitHub are only noise there (`\/tmp\/x\.txt`); undone outside fenced code, where
 * a backslash is the code's own. What a terminal or a CI log must not get is filtered after this
 * (terminal-safe.ts: escape sequences, workflow commands).
 */
export function markdownForTerminal(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== null) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && /^ {0,3}[`~]+\s*$/.test(line)) fence = null;
        return line;
      }
      if (marker !== undefined) {
        fence = marker;
        return line;
      }
      return line.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    })
    .join('\n');
}
