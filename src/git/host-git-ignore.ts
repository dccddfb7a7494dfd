/**
 * The starting commit's ignore rules (and `info/exclude` as it was) as one exclude file, so a
 * `.gitignore` the agent writes cannot hide a file from the changes. Pure. Each file's patterns are
 * rewritten relative to the top following gitignore(5), parents first ("last match wins");
 * test/host-git/ignore.test.ts checks the result against git.
 */

export interface IgnoreSource {
  /** Directory of the `.gitignore`, relative to the top, raw bytes as latin1, '' for the top. */
  dir: string;
  /** File content, raw bytes as latin1. */
  content: string;
}

const BOM = '\u00ef\u00bb\u00bf';

export function translateIgnoreRules(sources: readonly IgnoreSource[], infoExclude = ''): string {
  const out: string[] = [];
  for (const line of patternLines(infoExclude)) out.push(line);
  const ordered = [...sources].sort((a, b) => depth(a.dir) - depth(b.dir) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  for (const source of ordered) {
    // A directory name git cannot write in a pattern: its rules are dropped, so files are shown, not hidden.
    if (/[\n\r]/.test(source.dir)) continue;
    for (const line of patternLines(source.content)) {
      const rebased = source.dir === '' ? line : rebase(line, source.dir);
      if (rebased !== '') out.push(rebased);
    }
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

function depth(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length;
}

/** The file's patterns as git parses them: comments and blanks out, CR and unescaped trailing spaces trimmed. */
function patternLines(content: string): string[] {
  const text = content.startsWith(BOM) ? content.slice(BOM.length) : content;
  const lines: string[] = [];
  for (let raw of text.split('\n')) {
    const nul = raw.indexOf('\0');
    if (nul >= 0) raw = raw.slice(0, nul);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (raw === '' || raw.startsWith('#')) continue;
    const line = trimTrailingSpaces(raw);
    if (line === '' || line === '!') continue;
    lines.push(line);
  }
  return lines;
}

/** git's trim_trailing_spaces: drop trailing spaces unless the first of them is escaped. */
function trimTrailingSpaces(s: string): string {
  let lastSpace = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ' ') {
      if (lastSpace < 0) lastSpace = i;
    } else if (c === '\\') {
      i++;
      if (i >= s.length) return s;
      lastSpace = -1;
    } else lastSpace = -1;
  }
  return lastSpace < 0 ? s : s.slice(0, lastSpace);
}

function rebase(line: string, dir: string): string {
  const negative = line.startsWith('!');
  let body = negative ? line.slice(1) : line;
  const dirOnly = body.endsWith('/');
  const core = dirOnly ? body.slice(0, -1) : body;
  const prefix = `/${escapeGlob(dir)}/`;
  if (core === '' || core === '/') return '';
  if (core.includes('/')) {
    if (body.startsWith('/')) body = body.slice(1);
    body = prefix + body;
  } else {
    body = `${prefix}**/${body}`;
  }
  return (negative ? '!' : '') + body;
}

/** Escapes glob metacharacters so a literal path can sit in a pattern. */
export function escapeGlob(s: string): string {
  return s.replace(/[\\*?[]/g, (c) => `\\${c}`);
}
