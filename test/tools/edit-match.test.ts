import { describe, expect, it } from 'vitest';
import { adaptNewString, applyReplacement, findOldString, usesCrlf } from '../../src/tools/edit-match.js';

describe('findOldString', () => {
  it.each([
    // [file, old_string, expected]
    ['a b a', 'a', { kind: 'found', actual: 'a', count: 2, normalized: false }],
    ['x \u2018y\u2019 z', "'y'", { kind: 'found', actual: '\u2018y\u2019', count: 1, normalized: true }],
    ['x \u201Cy\u201D z', '"y"', { kind: 'found', actual: '\u201Cy\u201D', count: 1, normalized: true }],
    ['a  \nb\n', 'a\nb', { kind: 'found', actual: 'a  \nb', count: 1, normalized: true }],
    ['a\r\nb\r\n', 'a\nb\n', { kind: 'found', actual: 'a\r\nb\r\n', count: 1, normalized: true }],
    ['a\tb', 'a b', { kind: 'not_found' }],
    // Trailing blanks in old_string do not match a shorter run mid-line.
    ['foo bar', 'foo  ', { kind: 'not_found' }],
    ['\u201Cq\u201D \u201Cq\u201D', '"q"', { kind: 'ambiguous', count: 2 }],
  ] as const)('%j / %j', (file, old, expected) => {
    expect(findOldString(file, old)).toEqual(expected);
  });
});

describe('adaptNewString', () => {
  it('curls quotes only when the match was normalised from curly ones', () => {
    expect(adaptNewString('"a" it\'s', { actual: '\u201Cx\u201D it\u2019s', normalized: true }, false)).toBe('\u201Ca\u201D it\u2019s');
    expect(adaptNewString('"a"', { actual: '"x"', normalized: false }, false)).toBe('"a"');
  });
  it('writes CRLF into a CRLF file', () => {
    expect(adaptNewString('a\nb\r\nc', { actual: 'x', normalized: false }, true)).toBe('a\r\nb\r\nc');
  });
});

describe('usesCrlf / applyReplacement', () => {
  it.each([
    ['a\r\nb\r\n', true],
    ['a\nb\r\n', false],
    ['a\nb\n', false],
    ['one line', false],
  ] as const)('usesCrlf(%j) is %s', (text, expected) => {
    expect(usesCrlf(text)).toBe(expected);
  });
  it('replaces the first or every occurrence literally', () => {
    expect(applyReplacement('a-a-a', 'a', '$&', false)).toEqual({ content: '$&-a-a', firstIndex: 0 });
    expect(applyReplacement('a-a-a', 'a', 'b', true).content).toBe('b-b-b');
  });
});
