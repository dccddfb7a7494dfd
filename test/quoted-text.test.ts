import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacter, jsonQuoted } from '../src/quoted-text.js';
import { rng } from './support/seeded-random.js';

describe('jsonQuoted: a name from anyone, as a JSON literal that gives it back and shows what it holds', () => {
  it.each([
    ['plain', 'a/b.txt', '"a/b.txt"'],
    ['a newline and a carriage return', 'a\nb\rc', '"a\\nb\\rc"'],
    ['a bidi override', 'x\u202Egnp.js', '"x\\u202egnp.js"'],
    ['the line separator JSON.stringify leaves as it is', 'a\u2028b', '"a\\u2028b"'],
    ['DEL and a C1 control', 'a\u007Fb\u0085', '"a\\u007fb\\u0085"'],
    ['a tag character (outside the BMP): two UTF-16 escapes, still JSON', 'ok\u{E0041}', '"ok\\udb40\\udc41"'],
    ['a variation selector carrying data', 'ok\u{E0101}', '"ok\\udb40\\udd01"'],
    ['a Hangul filler that renders as nothing', 'a\u3164b', '"a\\u3164b"'],
    ['a lone surrogate', 'a\ud800b', '"a\\ud800b"'],
    ['an emoji and accents stay as they are', 'é 😀 漢', '"é 😀 漢"'],
  ])('%s', (_what, name, shown) => {
    expect(jsonQuoted(name)).toBe(shown);
    expect(JSON.parse(jsonQuoted(name))).toBe(name);
    expect(hasUnsafeCharacter(jsonQuoted(name))).toBe(false);
  });

  it('any string round-trips, and what is shown holds no unsafe character (seeded)', () => {
    const random = rng(20261202);
    const alphabet = ['a', '/', '"', '\\', '\n', '\t', '\u0000', '\u007F', '\u0085', '\u200B', '\u202E', '\u2028', '\u2029', '\uFEFF', '\uFE0F', '\u3164', '\u{E0001}', '\u{E0100}', '\ud800', '\udc00', 'é', '😀'];
    for (let i = 0; i < 2_000; i++) {
      let name = '';
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j++) name += alphabet[Math.floor(random() * alphabet.length)];
      const shown = jsonQuoted(name);
      expect(JSON.parse(shown)).toBe(name);
      expect(hasUnsafeCharacter(shown)).toBe(false);
      expect(shown.includes('\n')).toBe(false);
    }
  });
});
