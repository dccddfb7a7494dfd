/**
 * The forms a secret value takes when it is copied without being seen: a command that cannot read
 * a token can still `base64`, `xxd -p` or URL-encode the file that holds it. Redaction, tool-result
 * masking and the outbox's patch check all look for every form, from this one list.
 */

/**
 * Values shorter than this are never looked for: masking every "true" or "1234" would garble the
 * text without protecting anything (a secret that short can be guessed anyway).
 */
export const MIN_SECRET_LENGTH = 8;

/** Every form of every value long enough to look for, longest first (so a form containing another is matched whole). */
export function secretForms(values: Iterable<string | undefined>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue;
    forms.add(value);
    // Transcript lines and tool inputs are JSON: a quote, backslash or control character appears escaped.
    forms.add(JSON.stringify(value).slice(1, -1));
    forms.add(encodeURIComponent(value));
    const bytes = Buffer.from(value, 'utf8');
    forms.add(bytes.toString('hex'));
    forms.add(bytes.toString('hex').toUpperCase());
    for (const core of base64Cores(bytes)) {
      forms.add(core);
      forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * The base64 of the value wherever it starts in a larger encoded text: for each of the three byte
 * alignments, only the characters that depend on the value's bits alone (the ones at either end
 * mix in the neighbouring bytes, and `=` padding depends on where the text ends).
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let k = 0; k < 3; k++) {
    const encoded = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + bytes.length)) / 6));
    cores.push(core);
  }
  return cores;
}

/**
 * Whether bytes hold any form of a secret (for file content, which need not be text). Line breaks
 * are looked through too: `base64` wraps its output at 76 columns and `xxd -p` at 60, so an encoded
 * value is often cut in two by one.
 */
export function containsSecret(bytes: Buffer, forms: readonly string[]): boolean {
  const needles = forms.map((form) => Buffer.from(form, 'utf8'));
  if (needles.some((n) => bytes.includes(n))) return true;
  if (!bytes.includes(0x0a) && !bytes.includes(0x0d)) return false;
  const joined = withoutLineBreaks(bytes);
  return needles.some((n) => joined.includes(n));
}

function withoutLineBreaks(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (const b of bytes) if (b !== 0x0a && b !== 0x0d) out[n++] = b;
  return out.subarray(0, n);
}
