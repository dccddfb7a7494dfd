/**
 * Noise in command output: what a terminal would hide or overwrite, and what repeats without
 * telling the model anything. Every line of a tool result stays in the context for the rest of
 * the run, so each is paid for on every later request. Pure: the caller keeps the full output on
 * disk and names its path next to the cleaned text.
 *
 * Removed: escape sequences (colours, cursor moves, titles); text a carriage return or backspace
 * overwrote; runs of identical lines (the first is kept, with a count); runs of progress lines
 * (the last is kept); runs of Node.js-internal stack frames (one marker line); and, in TAP output
 * (what `node --test` prints without a terminal), the `# Subtest:` comment that only repeats the
 * next result line, and each test's duration.
 */
export interface CleanedOutput {
  text: string;
  /** What was removed, for the note beside the text; empty when the output is unchanged. */
  removed: string[];
}

// CSI (colours, cursor), OSC (titles, hyperlinks; ended by BEL or ST), other two-byte escapes, 8-bit CSI.
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;
const MIN_REPEAT_RUN = 3;
const MIN_PROGRESS_RUN = 3;
// A progress line: a percentage, a count of a total, or a drawn bar.
const PROGRESS_MARK = /\d%|\b\d+\s*\/\s*\d+\b|[=#>-]{4,}|[█▓▒░■□▰▱⣿]{2,}/;
// `at fn (node:internal/…:1:2)`, `node:internal/…:1:2` or TAP's `fn (node:async_hooks:206:9)`: frames of Node.js itself.
const NODE_FRAME = /^(\s*)(?:at\s+)?(?:async\s+)?(?:\S[^()]*\s)?\(?node:[a-z_]+(?:\/[\w/.-]+)?(?::\d+){1,2}\)?$/;

export function cleanOutput(raw: string): CleanedOutput {
  const removed: string[] = [];
  let escapes = 0;
  let text = raw.replace(ESCAPES, () => (escapes++, ''));
  if (escapes > 0) removed.push(`${escapes} escape sequence${s(escapes)}`);

  const overwritten = resolveOverwrites(text.replace(/\r+\n/g, '\n'));
  text = overwritten.text;
  if (overwritten.count > 0) removed.push(`${overwritten.count} overwritten update${s(overwritten.count)}`);

  let lines = text.split('\n');
  const tap = /^TAP version \d+$/m.test(text) ? compactTap(lines) : { lines, subtests: 0, durations: 0 };
  lines = tap.lines;
  if (tap.subtests > 0) removed.push(`${tap.subtests} "# Subtest" line${s(tap.subtests)}`);
  if (tap.durations > 0) removed.push(`${tap.durations} test duration${s(tap.durations)}`);

  const frames = collapseNodeFrames(lines);
  lines = frames.lines;
  if (frames.count > 0) removed.push(`${frames.count} Node.js-internal frame${s(frames.count)}`);

  const progress = collapseProgress(lines);
  lines = progress.lines;
  if (progress.count > 0) removed.push(`${progress.count} progress line${s(progress.count)}`);

  const repeats = collapseRepeats(lines);
  lines = repeats.lines;
  if (repeats.count > 0) removed.push(`${repeats.count} repeated line${s(repeats.count)}`);

  return removed.length === 0 ? { text: raw, removed } : { text: lines.join('\n'), removed };
}

function s(n: number): string {
  return n === 1 ? '' : 's';
}

/** What a terminal shows of each line: the text after its last carriage return, backspaces applied. */
function resolveOverwrites(text: string): { text: string; count: number } {
  if (!text.includes('\r') && !text.includes('\b')) return { text, count: 0 };
  let count = 0;
  const lines = text.split('\n').map((line) => {
    let shown = line;
    if (shown.includes('\r')) {
      const parts = shown.split('\r');
      // A trailing CR (cursor back, nothing drawn yet) does not blank the line.
      const drawn = parts.filter((p) => p !== '');
      count += Math.max(0, drawn.length - 1);
      // The last drawing wins whole: redraws usually clear the line first (an escape already removed).
      shown = drawn.at(-1) ?? '';
    }
    if (shown.includes('\b')) {
      const chars: string[] = [];
      for (const ch of shown) {
        if (ch === '\b') {
          if (chars.pop() !== undefined) count++;
        } else chars.push(ch);
      }
      shown = chars.join('');
    }
    return shown;
  });
  return { text: lines.join('\n'), count };
}

/**
 * Drops `# Subtest: NAME` right before `ok N - NAME` (it says nothing more), and the `duration_ms:`
 * line of each test's diagnostics, with the block when nothing else is in it (a passing test's).
 * A test that timed out still says so in its error. The run's own total duration line stays.
 */
function compactTap(lines: string[]): { lines: string[]; subtests: number; durations: number } {
  const out: string[] = [];
  let subtests = 0;
  let durations = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const comment = /^(\s*)# Subtest: (.*)$/.exec(line);
    const result = /^(\s*)(?:not )?ok \d+ - (.*)$/.exec(lines[i + 1] ?? '');
    if (comment !== null && result !== null && comment[1] === result[1] && comment[2] === result[2]) {
      subtests++;
      continue;
    }
    const open = /^(\s*)---$/.exec(line);
    const duration = /^(\s*)duration_ms: [\d.]+$/.exec(lines[i + 1] ?? '');
    if (open !== null && duration !== null && duration[1] === open[1] && /^\s*(?:not )?ok \d+ /.test(out.at(-1) ?? '')) {
      durations++;
      if (lines[i + 2] === `${open[1] ?? ''}...`) {
        i += 2; // nothing else in the block: it goes whole
        continue;
      }
      out.push(line);
      i += 1;
      continue;
    }
    out.push(line);
  }
  return { lines: out, subtests, durations };
}

/** Two or more Node.js-internal frames in a row become one line saying how many there were. */
function collapseNodeFrames(lines: string[]): { lines: string[]; count: number } {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && NODE_FRAME.test(lines[j] ?? '')) j++;
    if (j - i >= 2) {
      const indent = NODE_FRAME.exec(lines[i] ?? '')?.[1] ?? '';
      out.push(`${indent}[${j - i} Node.js-internal frames]`);
      count += j - i;
      i = j;
    } else {
      out.push(lines[i] ?? '');
      i++;
    }
  }
  return { lines: out, count };
}

/**
 * A run of progress lines keeps only its last line: lines alike but for their numbers and bars,
 * whose first number never goes down (a table of figures rarely does both).
 */
function collapseProgress(lines: string[]): { lines: string[]; count: number } {
  const shape = (line: string): string | undefined => (PROGRESS_MARK.test(line) ? line.replace(/\d+/g, '#').replace(/[=#>█▓▒░■□▰▱⣿ -]+/g, '~') : undefined);
  const firstNumber = (line: string): number => Number(/\d+(?:\.\d+)?/.exec(line)?.[0] ?? 0);
  const out: string[] = [];
  let count = 0;
  for (let i = 0; i < lines.length; ) {
    const first = shape(lines[i] ?? '');
    let j = i + 1;
    if (first !== undefined) {
      while (j < lines.length && shape(lines[j] ?? '') === first && firstNumber(lines[j] ?? '') >= firstNumber(lines[j - 1] ?? '')) j++;
    }
    if (j - i >= MIN_PROGRESS_RUN) {
      out.push(`[${j - i - 1} earlier progress lines omitted]`, lines[j - 1] ?? '');
      count += j - i - 1;
    } else {
      out.push(...lines.slice(i, j));
    }
    i = j;
  }
  return { lines: out, count };
}

/** A run of identical lines keeps its first line and says how often it repeated. */
function collapseRepeats(lines: string[]): { lines: string[]; count: number } {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[i]) j++;
    // Blank lines are layout, not noise worth a note.
    if (j - i >= MIN_REPEAT_RUN && (lines[i] ?? '').trim() !== '') {
      out.push(lines[i] ?? '', `[the line above repeated ${j - i - 1} more times]`);
      count += j - i - 1;
    } else {
      out.push(...lines.slice(i, j));
    }
    i = j;
  }
  return { lines: out, count };
}
