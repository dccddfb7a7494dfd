import { describe, expect, it } from 'vitest';
import { COMMAND_MARK, terminalSafe } from '../../src/log/terminal-safe.js';

const ESC = '\u001b';

describe('terminalSafe: text from the model, tools and file names, made safe to print', () => {
  it.each([
    ['plain text and tabs stay', 'a\tb\nc', 'a\tb\nc'],
    ['CSI colour codes go', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['cursor movement and erase go', `ok${ESC}[2K${ESC}[1Ahidden`, 'okhidden'],
    ['OSC window title (BEL-terminated) goes', `${ESC}]0;pwned\u0007after`, 'after'],
    ['OSC 8 hyperlink (ST-terminated) goes, its text stays', `${ESC}]8;;https://evil${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['an unterminated OSC ends at the line end', `${ESC}]0;title\nnext`, '\nnext'],
    ['DCS goes', `${ESC}P1$r${ESC}\\x`, 'x'],
    ['two-byte escapes go', `${ESC}cA${ESC}7B`, 'AB'],
    ['8-bit CSI and other C1 controls go', '\u009b31mx\u0085y', '31mxy'],
    ['a bare carriage return (overwrites the line) goes', 'visible\rhidden', 'visiblehidden'],
    ['CRLF becomes LF', 'a\r\nb', 'a\nb'],
    ['backspace, BEL, NUL and DEL go', 'a\b\u0007\u0000\u007fb', 'ab'],
    ['bidi overrides and zero-width characters go', 'abc\u202edef\u2066\u200bx\ufeff', 'abcdefx'],
  ])('%s', (_name, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it.each([
    '::add-mask::hunter2',
    '::stop-commands::abc',
    '::set-output name=x::y',
    '::error file=a.ts,line=1::bad',
    '::warning::w',
    '::group::g',
    '  ::debug::indented',
    '\t::notice::tabbed',
    '##[set-output name=x;]y',
    '##[error]legacy',
  ])('a would-be workflow command is marked, not obeyed: %s', (line) => {
    const out = terminalSafe(`before\n${line}\nafter`).split('\n');
    expect(out[1]).toBe(line.replace(/^(\s*)/, `$1${COMMAND_MARK}`).replaceAll('##[', '## ['));
    expect(out.some((l) => /^\s*::/.test(l) || l.includes('##['))).toBe(false);
  });

  // The runner trims every Unicode whitespace before looking for `::`, and finds `##[` anywhere.
  it.each([
    ['no-break space', '\u00a0::add-mask::Done'],
    ['ideographic space', '\u3000::warning::x'],
    ['figure space, legacy form', '\u2007##[set-output name=a;]b'],
    ['en quad', '\u2000::stop-commands::t'],
    ['legacy form in the middle of a line', 'see ##[error]legacy command mid-line'],
    ['legacy form after a would-be mark', 'x [warden: not a command] ##[error]y'],
  ])('also marked: %s', (_name, line) => {
    const out = terminalSafe(`before\n${line}\nafter`).split('\n');
    expect(out[1]).toContain(COMMAND_MARK);
    expect(out[1]?.trimStart().startsWith('::')).toBe(false);
    expect(out[1]).not.toContain('##[');
  });

  it('catches commands that only appear once controls are removed', () => {
    for (const hidden of [`${ESC}[0m::error::x`, '\u0000::add-mask::x', `\u200b::set-output name=a::b`, `\r::error::x`, `${ESC}]0;t\u0007::error::x`]) {
      expect(terminalSafe(hidden)).toMatch(/^\[warden: not a command\] ::/);
    }
  });

  it('leaves :: inside a line alone, and is idempotent', () => {
    expect(terminalSafe('std::string and a::b')).toBe('std::string and a::b');
    const once = terminalSafe('::error::x\n##[warning]y');
    expect(terminalSafe(once)).toBe(once);
  });
});
