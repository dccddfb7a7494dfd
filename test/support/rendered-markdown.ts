/**
 * What Warden posts, read the way GitHub reads it: parsed as GitHub Flavored Markdown by
 * micromark (CommonMark to the letter, with GFM's tables, autolinks, footnotes and strikethrough)
 * into a tree, and then judged on that tree, not on strings: a mention or a reference in text a
 * reader sees, raw HTML (a comment, a processing instruction, a declaration), an image, a link,
 * hidden characters. Plain text (a PR title, a commit message) is judged as GitHub and git read it.
 */
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

export function parseGfm(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** What a reader sees, text and code alike, a block to a line, without the invisible word joiners. */
export function renderedText(markdown: string): string {
  const parts: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') parts.push(node.value);
    if ('children' in node) for (const child of node.children) visit(child);
    if (['break', 'paragraph', 'heading', 'code', 'tableRow'].includes(node.type)) parts.push('\n');
    if (node.type === 'tableCell') parts.push(' | ');
  };
  visit(parseGfm(markdown));
  return parts.join('').replace(/\u2060/g, '');
}

export interface Allowed {
  /** Raw HTML Warden writes itself (its markers, `<details>`): exact values. */
  html?: readonly string[];
  /** Link targets Warden writes itself (the run, the pull request). */
  links?: readonly string[];
  /** References Warden writes itself, e.g. `#7` for the PR it works on. */
  references?: readonly string[];
}

/** GitHub's closing keywords, any case, before a reference of any form. */
export const CLOSING = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+(?:#\d|[\w.-]+\/[\w.-]+#\d|https?:\/\/\S*\/(?:issues|pull)\/\d)/i;
const MENTION = /@[A-Za-z0-9]/;
const REFERENCE = /(?:^|[^\w&])(?:[\w.-]+\/[\w.-]+)?#\d+|\bGH-\d|(?:^|\W)![0-9]/gi;
const BIDI_OR_ZERO_WIDTH = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** The HTML Warden's renderers write themselves: the collapsed sections. */
export const WARDEN_HTML = ['<details><summary>Full summary</summary>', '<details><summary>Every call</summary>', '</details>'];

/** What is wrong with a posted Markdown text; empty when nothing is. */
export function postedProblems(markdown: string, allowed: Allowed = {}): string[] {
  const problems: string[] = [];
  walk(parseGfm(markdown), (node) => {
    switch (node.type) {
      case 'html':
        if (![...WARDEN_HTML, ...(allowed.html ?? [])].includes(node.value)) problems.push(`raw HTML: ${JSON.stringify(node.value)}`);
        break;
      case 'image':
      case 'imageReference':
        problems.push(`image: ${JSON.stringify(node.type === 'image' ? node.url : node.identifier)}`);
        break;
      case 'link':
        if (!(allowed.links ?? []).includes(node.url)) problems.push(`link: ${JSON.stringify(node.url)}`);
        break;
      case 'linkReference':
      case 'definition':
      case 'footnoteReference':
      case 'footnoteDefinition':
        problems.push(`${node.type}: ${JSON.stringify(node.identifier)}`);
        break;
      case 'text':
        problems.push(...textProblems(node.value, allowed));
        break;
      default:
    }
  });
  return problems;
}

/** What is wrong with a posted plain text (a title, a commit message); `trailers`: lines git would read as trailers that Warden writes. */
export function plainProblems(text: string, allowed: Allowed & { trailers?: readonly string[] } = {}): string[] {
  const problems = textProblems(text, allowed);
  // Git never reads the first paragraph (the subject) as trailers.
  for (const line of text.split('\n\n').slice(1).join('\n\n').split('\n')) {
    const trailer = /^([A-Za-z0-9][A-Za-z0-9-]*)\s*:/.exec(line);
    if (trailer !== null && !(allowed.trailers ?? []).includes(trailer[1] ?? '')) problems.push(`trailer: ${JSON.stringify(line)}`);
  }
  for (const url of text.match(/\w+:\/\/\S+/g) ?? []) if (!(allowed.links ?? []).includes(url)) problems.push(`URL: ${url}`);
  return problems;
}

function textProblems(text: string, allowed: Allowed): string[] {
  const problems: string[] = [];
  if (MENTION.test(text)) problems.push(`mention: ${JSON.stringify(text)}`);
  for (const m of text.matchAll(REFERENCE)) {
    const ref = m[0].replace(/^[^\w#!]/, '');
    if (!(allowed.references ?? []).includes(ref)) problems.push(`reference ${JSON.stringify(ref)} in ${JSON.stringify(text)}`);
  }
  if (CLOSING.test(text)) problems.push(`closing keyword: ${JSON.stringify(text)}`);
  if (BIDI_OR_ZERO_WIDTH.test(text)) problems.push(`hidden character in ${JSON.stringify(text)}`);
  return problems;
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}
