/**
 * Makes text that came from the model, a tool or a file name safe to print where a terminal or a
 * CI runner reads it. Two things act on a reader:
 *  - control characters and escape sequences (ANSI CSI/OSC/DCS…, C1 controls, a bare carriage
 *    return that overwrites the line, backspaces) move the cursor, retitle the window, write
 *    hyperlinks or hide text: they are removed (tabs and newlines stay). Bidirectional and
 *    zero-width format characters reorder or hide what a person reads: removed too.
 *  - a line that a CI would parse as a command: GitHub Actions runs `::name args::value` where a
 *    line starts with it after any Unicode whitespace (the runner's TrimStart), and the legacy
 *    `##[name args]value` anywhere in a line, on stdout and stderr alike — `::add-mask::`,
 *    `::stop-commands::`, `::set-output`, `::error::` … Such a line gets a visible mark in front,
 *    and a legacy `##[` becomes `## [`, so it is shown, never obeyed.
 * Warden's own workflow commands (masking the API key, failing the step) are written by
 * `@actions/core`, never through here.
 */

/* eslint-disable no-control-regex -- matching control characters is the point of this module */
// ESC-introduced sequences: CSI (ESC [ … final), OSC/DCS/SOS/PM/APC (ESC ] … BEL or ESC \), and two-byte escapes.
// An unterminated string sequence ends at the line's end: what follows stays readable.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|[@-_]|[ -/]*[0-~]?)/g;
// C0 controls but tab and newline, DEL, C1 controls (8-bit CSI and friends).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
// Bidi embeddings, overrides and isolates, marks, zero-width characters, the BOM.
const FORMAT = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// GitHub's two workflow-command syntaxes: `::` after any leading whitespace (JS \s and .NET's
// char.IsWhiteSpace agree once controls are gone), and `##[` anywhere in the line.
const COMMAND_LINE = /^([^\S\n]*)(::.*|.*##\[.*)$/gm;

/** The mark put in front of a would-be workflow command: visible, and not a command prefix. */
export const COMMAND_MARK = '[warden: not a command] ';

export function terminalSafe(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(ESCAPE_SEQUENCE, '')
    .replace(CONTROL, '')
    .replace(FORMAT, '')
    .replace(COMMAND_LINE, (_m, blanks: string, rest: string) => `${blanks}${COMMAND_MARK}${rest.replaceAll('##[', '## [')}`);
}
