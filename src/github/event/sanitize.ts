/**
 * Untrusted text from GitHub (titles, bodies, comments) is cleaned before the model sees it: what
 * a person reading the page would not see is removed, so a maintainer who read a PR and asked
 * Warden to act on it is not surprised by instructions hidden in it. Pure.
 *
 * Removed: HTML comments; elements whose content is never shown (script, style, template …);
 * collapsed `<details>` bodies (the summary line stays, with a note); every HTML attribute but
 * `href`/`src` (alt, title, aria-*, data-* …); image alt text, link titles and reference-style
 * link definitions in Markdown; zero-width, bidirectional, tag and other format or control
 * characters (and character references to them). The order follows how GitHub renders: comments
 * are found in the raw text, before invisible characters are removed, so an invisible character
 * cannot end a comment early and reveal what GitHub hid.
 */
import { BLANK_RENDERING, jsonQuoted } from '../../quoted-text.js';

export interface Sanitized {
  text: string;
  /** What was removed, by kind, for the summary and the task's note; empty when nothing was. */
  removed: Partial<Record<HiddenKind, number>>;
}

export type HiddenKind = 'html-comment' | 'hidden-element' | 'collapsed-details' | 'html-attribute' | 'image-alt-text' | 'link-title' | 'link-definition' | 'invisible-character';

type Counts = Partial<Record<HiddenKind, number>>;

const HIDDEN_ELEMENTS = ['script', 'style', 'template', 'noscript', 'textarea', 'iframe', 'object', 'svg', 'math', 'head', 'title'];
const KEPT_ATTRIBUTES = new Set(['href', 'src']);

// Format (Cf) characters include zero-width (U+200B–U+200D, U+2060, U+FEFF), bidirectional
// controls (U+200E/F, U+202A–U+202E, U+2066–U+2069, U+061C), soft hyphen and the tag block
// (U+E0000–U+E007F, "ASCII smuggling"). Also C0/C1 controls except tab and newline, variation
// selectors (which can carry data after an emoji) and blank fillers that render as nothing.
const INVISIBLE = new RegExp(`[\\p{Cf}\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BLANK_RENDERING}]`, 'gu');
const CHAR_REF = /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));?/g;
const NAMED_INVISIBLE = /&(?:zwj|zwnj|shy|lrm|rlm|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ic|it|af|ApplyFunction|NegativeVeryThinSpace|NegativeThinSpace|NegativeMediumSpace|NegativeThickSpace);/g;

export function sanitizeUntrusted(input: string): Sanitized {
  const counts: Counts = {};
  let text = input.replace(/\r\n?/g, '\n').replace(/[\u2028\u2029]/g, '\n');
  text = count(text, /<!--[\s\S]*?(?:-->|$)/g, '', 'html-comment', counts);
  for (const tag of HIDDEN_ELEMENTS) {
    text = count(text, new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?(?:</${tag}\\s*>|$)`, 'gi'), '', 'hidden-element', counts);
  }
  text = stripCollapsedDetails(text, counts);
  text = stripAttributes(text, counts);
  text = stripMarkdownHidden(text, counts);
  text = stripInvisible(text, counts);
  text = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { text, removed: counts };
}

function count(text: string, pattern: RegExp, replacement: string, kind: HiddenKind, counts: Counts): string {
  return text.replace(pattern, () => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    return replacement;
  });
}

const DETAILS_TAG = /<(\/?)details\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

/** `<details>` bodies are hidden until clicked: keep the summary line, drop the rest (unless `open`). */
function stripCollapsedDetails(text: string, counts: Counts): string {
  let out = '';
  let depth = 0;
  let contentStart = 0;
  let open = false;
  let last = 0;
  for (const m of text.matchAll(DETAILS_TAG)) {
    const closing = m[1] === '/';
    const at = m.index;
    if (!closing) {
      if (depth === 0) {
        out += text.slice(last, at);
        contentStart = at + m[0].length;
        open = /(^|\s)open(\s|=|$)/i.test(m[2] ?? '');
      }
      depth += 1;
    } else if (depth > 0) {
      depth -= 1;
      if (depth === 0) {
        out += renderDetails(text.slice(contentStart, at), open, counts);
        last = at + m[0].length;
      }
    }
  }
  if (depth > 0) {
    // Unclosed: GitHub hides the rest of the text inside it.
    out += renderDetails(text.slice(contentStart), open, counts);
    return out;
  }
  return out + text.slice(last);
}

function renderDetails(inner: string, open: boolean, counts: Counts): string {
  if (open) return stripCollapsedDetails(inner, counts);
  const summary = /<summary\b[^>]*>([\s\S]*?)(?:<\/summary\s*>|$)/i.exec(inner);
  const title = summary?.[1]?.trim() ?? '';
  const rest = summary === null ? inner : inner.slice(0, summary.index) + inner.slice(summary.index + summary[0].length);
  if (rest.trim() === '') return title;
  counts['collapsed-details'] = (counts['collapsed-details'] ?? 0) + 1;
  return `${title}\n[collapsed section removed: ${rest.trim().length} characters]\n`;
}

const TAG = /<([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

function stripAttributes(text: string, counts: Counts): string {
  return text.replace(TAG, (_whole, name: string, attrs: string, slash: string) => {
    const kept: string[] = [];
    for (const a of attrs.matchAll(ATTRIBUTE)) {
      const attr = (a[1] ?? '').toLowerCase();
      if (KEPT_ATTRIBUTES.has(attr) && a[2] !== undefined) kept.push(`${attr}=${a[2]}`);
      else counts['html-attribute'] = (counts['html-attribute'] ?? 0) + 1;
    }
    return `<${name}${kept.map((k) => ` ${k}`).join('')}${slash === '/' ? ' /' : ''}>`;
  });
}

// Link and image destinations: <…> or a run without spaces (one level of balanced parentheses).
const DEST = String.raw`(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)`;
const TITLE = String.raw`("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))`;
const LINK_TITLE = new RegExp(String.raw`\]\(\s*${DEST}\s+${TITLE}\s*\)`, 'g');
const IMAGE_ALT = /!\[((?:[^[\]\\]|\\.|\[[^[\]]*\])+)\]/g;
const LINK_DEFINITION = new RegExp(String.raw`^ {0,3}\[(?!\^)(?:[^\]\\\n]|\\.)+\]:[ \t]*(?:\S+)?[^\n]*(?:\n[ \t]+${TITLE}[ \t]*(?=\n|$))?`, 'gm');

function stripMarkdownHidden(text: string, counts: Counts): string {
  let out = count(text, LINK_DEFINITION, '', 'link-definition', counts);
  out = count(out, IMAGE_ALT, '![]', 'image-alt-text', counts);
  out = out.replace(LINK_TITLE, (_whole, dest: string) => {
    counts['link-title'] = (counts['link-title'] ?? 0) + 1;
    return `](${dest})`;
  });
  return out;
}

function isInvisibleCodePoint(cp: number): boolean {
  if (!Number.isInteger(cp) || cp > 0x10ffff) return true;
  if (cp === 0x0a || cp === 0x09) return false;
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(String.fromCodePoint(cp));
}

function stripInvisible(text: string, counts: Counts): string {
  let out = text.replace(CHAR_REF, (whole, hex: string | undefined, dec: string | undefined) => {
    const cp = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    if (!isInvisibleCodePoint(cp)) return whole;
    counts['invisible-character'] = (counts['invisible-character'] ?? 0) + 1;
    return '';
  });
  out = count(out, NAMED_INVISIBLE, '', 'invisible-character', counts);
  return count(out, INVISIBLE, '', 'invisible-character', counts);
}

/**
 * A name or one-line field from users (a branch, a file name, a label, a title) as a JSON string
 * literal (src/quoted-text.ts): quotes, backslashes and newlines cannot break out of it, and
 * invisible or control characters are shown as `\uXXXX` escapes rather than dropped, so the exact
 * name survives (`JSON.parse` gives it back, clipped to `max` characters).
 */
export function quoteName(input: string, max = 300): string {
  return jsonQuoted(input.length > max ? `${input.slice(0, max)}…` : input);
}
