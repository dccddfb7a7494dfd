import { describe, expect, it } from 'vitest';
import { containsSecret, MIN_SECRET_LENGTH, secretForms } from '../../src/log/secret-forms.js';
import { createRedactor } from '../../src/log/redaction.js';

const SECRET = 'tok+en/Value:0123';

describe('the forms a secret takes when copied unseen', () => {
  it.each<[string, (s: Buffer) => string]>([
    ['raw', (s) => s.toString('utf8')],
    ['JSON-escaped', (s) => JSON.stringify(s.toString('utf8')).slice(1, -1)],
    ['URL-encoded', (s) => encodeURIComponent(s.toString('utf8'))],
    ['hex', (s) => s.toString('hex')],
    ['HEX', (s) => s.toString('hex').toUpperCase()],
  ])('%s, inside other text', (_name, encode) => {
    const text = `before ${encode(Buffer.from(SECRET))} after`;
    expect(createRedactor([SECRET])(text)).toBe('before *** after');
  });

  it('base64 and base64url at every byte offset inside a larger encoded text', () => {
    let checked = 0;
    for (let before = 0; before < 6; before++) {
      for (let after = 0; after < 4; after++) {
        const bytes = Buffer.concat([Buffer.from('x'.repeat(before)), Buffer.from(SECRET), Buffer.from('y'.repeat(after))]);
        for (const encoded of [bytes.toString('base64'), bytes.toString('base64url')]) {
          expect(createRedactor([SECRET])(encoded), encoded).toContain('***');
          expect(containsSecret(Buffer.from(encoded), secretForms([SECRET]))).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBe(48);
  });

  it(`values shorter than ${MIN_SECRET_LENGTH} characters are not looked for: no absurd masking`, () => {
    expect(secretForms(['true', '1234567', undefined, ''])).toEqual([]);
    expect(createRedactor(['1234567'])('1234567 MTIzNDU2Nw== 31323334353637')).toBe('1234567 MTIzNDU2Nw== 31323334353637');
  });

  it('ordinary text with no secret in it is left alone', () => {
    const text = 'The quick brown fox, 0123456789abcdef, dG9rZW4=, a%2Fb';
    expect(createRedactor([SECRET])(text)).toBe(text);
    expect(containsSecret(Buffer.from(text), secretForms([SECRET]))).toBe(false);
  });
});

describe('containsSecret: file content, line-wrapped encodings included', () => {
  const bytes = Buffer.from(`${'x'.repeat(50)}${SECRET}${'y'.repeat(50)}`);
  it.each<[string, string | Buffer]>([
    ['raw after a NUL byte', Buffer.concat([Buffer.from([0, 1]), Buffer.from(SECRET), Buffer.from([0])])],
    ['base64 wrapped at 76 columns (`base64`)', bytes.toString('base64').replace(/.{76}/g, '$&\n')],
    ['base64 wrapped with CRLF', bytes.toString('base64').replace(/.{64}/g, '$&\r\n')],
    ['hex wrapped at 60 columns (`xxd -p`)', bytes.toString('hex').replace(/.{60}/g, '$&\n')],
  ])('%s', (_name, content) => {
    const buf = Buffer.isBuffer(content) ? content : Buffer.from(content);
    expect(containsSecret(buf, secretForms([SECRET]))).toBe(true);
  });

  it('the wrapped forms really are cut by a line break (the case is not vacuous)', () => {
    const wrapped = Buffer.from(bytes.toString('hex').replace(/.{60}/g, '$&\n'));
    expect(secretForms([SECRET]).some((f) => wrapped.includes(Buffer.from(f)))).toBe(false);
  });

  it('text without the secret, wrapped or not, holds none', () => {
    const other = Buffer.from(Buffer.from('x'.repeat(200)).toString('base64').replace(/.{76}/g, '$&\n'));
    expect(containsSecret(other, secretForms([SECRET]))).toBe(false);
  });
});
