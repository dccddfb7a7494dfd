import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/log/redaction.js';

describe('createRedactor', () => {
  it('masks every occurrence of every secret, longest first', () => {
    const redact = createRedactor(['sk-ant-abcdefgh', 'sk-ant-abcdefgh-longer', undefined]);
    expect(redact('a sk-ant-abcdefgh-longer b sk-ant-abcdefgh c')).toBe('a *** b *** c');
  });

  it('treats secrets as text, not patterns, and ignores values too short to mean anything', () => {
    const redact = createRedactor(['a.b*c+d?e', 'true']);
    expect(redact('x a.b*c+d?e y true')).toBe('x *** y true');
    expect(redact('aXbbc+d?e')).toBe('aXbbc+d?e');
  });
});
