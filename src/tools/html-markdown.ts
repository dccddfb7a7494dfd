/**
 * A small HTML → Markdown conversion for WebFetch: enough structure for the model to read a page
 * (headings, paragraphs, lists, links, code), nothing executed. Scripts, styles, templates,
 * frames and comments are dropped with their content; every other tag is reduced to its text.
 * A regular-expression tokenizer, not a browser's parser: a malformed page loses shape, not safety,
 * because what comes out is only ever text for a model.
 */
const DROPPED = 'script|style|noscript|template|svg|math|iframe|object|head|select|button|form';
const BLOCK = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'table', 'tr', 'ul', 'ol', 'dl', 'blockquote', 'figure', 'figcaption', 'dd', 'dt', 'hr']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…', copy: '©', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

export function htmlToMarkdown(html: string): string {
  let text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(new RegExp(`<(${DROPPED})\\b[\\s\\S]*?(?:</\\1\\s*>|$)`, 'gi'), '')
    .replace(/<!doctype[^>]*>/gi, '');
  // <pre> keeps its own lines; its inner tags are stripped first so the fence holds only text
  // (its entities are decoded with the rest, after the last tag is gone).
  text = text.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre\s*>/gi, (_m, body: string) => `\n\n\`\`\`\n${stripTags(body).replace(/```/g, "'''")}\n\`\`\`\n\n`);
  text = text.replace(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, d: string | undefined, s: string | undefined, u: string | undefined, inner: string) => {
    const href = (d ?? s ?? u ?? '').trim();
    const label = stripTags(inner).trim();
    return /^(?:https?:|\/|#|\.)/i.test(href) && label !== '' ? `[${label}](${href})` : label;
  });
  text = text.replace(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi, (_m, close: string, rawName: string) => {
    const name = rawName.toLowerCase();
    const heading = /^h([1-6])$/.exec(name);
    if (heading !== null) return close === '' ? `\n\n${'#'.repeat(Number(heading[1]))} ` : '\n\n';
    if (name === 'br') return '\n';
    if (name === 'li') return close === '' ? '\n- ' : '';
    if (name === 'strong' || name === 'b') return '**';
    if (name === 'em' || name === 'i') return '*';
    if (name === 'code') return '`';
    if (name === 'td' || name === 'th') return close === '' ? ' | ' : '';
    return BLOCK.has(name) ? '\n\n' : '';
  });
  // Whatever is left of a tag (a stray `<` … unclosed) goes; then entities, then whitespace.
  text = decode(text.replace(/<[^>]*(?:>|$)/g, ''));
  return text
    .split('\n')
    .map((line) => line.replace(/(\S)[ \t\f\v\u00a0]+/g, '$1 ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*(?:>|$)/g, '');
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}
