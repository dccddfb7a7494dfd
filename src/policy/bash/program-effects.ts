/**
 * What sed scripts and awk programs do besides filtering text (CVE-2025-64755; the
 * Claude-Code-awk write-up): run commands (sed `e`, `s///e`; awk `system()`, `"cmd" | getline`,
 * `print | "cmd"`), write files (sed `w`, `s///w`; awk `print > "f"`) and read files (sed `r`; awk
 * `getline < "f"`). A command given literally becomes a payload that is judged; one the scanner
 * cannot read becomes a hidden payload (it matches every deny rule and no allow rule).
 */
import type { Payload, ShellWord } from './bash-types.js';
import { tokenizeOptions } from './option-scan.js';
import { dynamicWord, literalWord } from './shell-words.js';

export interface ProgramEffects {
  payloads: Payload[];
  writes: ShellWord[];
  reads: ShellWord[];
}

const none = (): ProgramEffects => ({ payloads: [], writes: [], reads: [] });
const hidden = (why: string): Payload => ({ kind: 'hidden', why });

export interface SedArguments {
  /** The scripts (`-e S`, `--expression=S`, or the first operand); null when one is computed. */
  scripts: string[] | null;
  /** `-f FILE`: a script the analysis cannot see. */
  fromFile: boolean;
  /** `-i[SUFFIX]`: the files are rewritten. */
  inPlace: boolean;
  files: ShellWord[];
  /** The first option that is not a plain filtering option, if any. */
  unknownOption: string | null;
}

const SED_QUIET_LONG = ['--quiet', '--silent', '--regexp-extended', '--separate', '--null-data', '--zero-terminated', '--unbuffered', '--posix', '--debug', '--sandbox'];
const SED_OPTIONS = { shortValue: 'efl', shortFlags: 'nErszui', longValue: ['--expression', '--file', '--line-length'], longFlags: [...SED_QUIET_LONG, '--follow-symlinks', '--binary'], longOptional: ['--in-place'] };

/** Reads a sed command line: scripts, files, and the options that make it more than a filter. */
export function sedArguments(args: readonly ShellWord[]): SedArguments {
  const out: SedArguments = { scripts: [], fromFile: false, inPlace: false, files: [], unknownOption: null };
  for (const t of tokenizeOptions(args, SED_OPTIONS).tokens) {
    if (t.kind === 'operand') out.files.push(t.word);
    else if (t.name === '-e' || t.name === '--expression') out.scripts = t.value === undefined || t.value.dynamic || out.scripts === null ? null : [...out.scripts, t.value.value];
    else if (t.name === '-f' || t.name === '--file') out.fromFile = true;
    // `-i.bak`: the suffix reads as unknown flags after `-i`, and `-ie` as `-i -e`: in place either way.
    else if (t.name === '-i' || t.name === '--in-place') out.inPlace = true;
    else if (!t.known || t.name === '--follow-symlinks' || t.name === '--binary') out.unknownOption ??= t.name;
  }
  const first = out.scripts?.length === 0 && !out.fromFile ? out.files.shift() : undefined;
  if (first !== undefined) out.scripts = first.dynamic ? null : [first.value];
  return out;
}

/** Reads "rest of line" arguments (file names, `e` commands) the way GNU sed does. */
function restOfLine(script: string, at: number): [string, number] {
  const end = script.indexOf('\n', at);
  const stop = end === -1 ? script.length : end;
  return [script.slice(at, stop).trim(), stop];
}

/** Skips a delimited section (`/re/`), honouring backslash escapes; returns the index after it. */
function skipDelimited(script: string, at: number, delim: string): number {
  for (let i = at; i < script.length; i++) {
    if (script[i] === '\\') i++;
    else if (script[i] === delim) return i + 1;
    else if (script[i] === '\n') return -1;
  }
  return -1;
}

export function sedEffects(args: readonly ShellWord[]): ProgramEffects {
  const sed = sedArguments(args);
  if (sed.scripts === null) return { ...none(), payloads: [hidden('`sed` runs a script computed at run time')] };
  const out = none();
  if (sed.fromFile) out.payloads.push(hidden('`sed -f` runs a script from a file'));
  for (const script of sed.scripts) scanSed(script, out);
  return out;
}

function scanSed(script: string, out: ProgramEffects): void {
  let i = 0;
  const fail = (): void => {
    out.payloads.push(hidden(`the sed script \`${script}\` is not one the analysis can read`));
    i = script.length;
  };
  while (i < script.length) {
    const c = script[i] as string;
    if (/[\s;{}!,0-9$~+]/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' || c === '\\') {
      const delim = c === '\\' ? (script[i + 1] ?? '') : '/';
      const end = skipDelimited(script, c === '\\' ? i + 2 : i + 1, delim);
      if (end === -1) return fail();
      i = end;
      if (script[i] === 'I' || script[i] === 'M') i++;
      continue;
    }
    if (c === '#') {
      i = restOfLine(script, i)[1];
      continue;
    }
    if (c === 's' || c === 'y') {
      const delim = script[i + 1];
      if (delim === undefined || delim === '\n' || delim === '\\') return fail();
      const mid = skipDelimited(script, i + 2, delim);
      const end = mid === -1 ? -1 : skipDelimited(script, mid, delim);
      if (end === -1) return fail();
      i = end;
      if (c === 'y') continue;
      while (i < script.length && /[gpiImMe0-9w]/.test(script[i] as string)) {
        const flag = script[i] as string;
        if (flag === 'e') out.payloads.push(hidden('the sed `s///e` flag runs the pattern space as a command'));
        if (flag === 'w') {
          const [file, stop] = restOfLine(script, i + 1);
          out.writes.push(literalWord(file));
          i = stop;
          break;
        }
        i++;
      }
      continue;
    }
    if ('aic'.includes(c)) {
      i = restOfLine(script, i + 1)[1]; // text to insert: data, not code
      continue;
    }
    if ('btT:'.includes(c)) {
      const m = /^[^;\n}]*/.exec(script.slice(i + 1));
      i += 1 + (m?.[0].length ?? 0);
      continue;
    }
    if ('rRwW'.includes(c)) {
      const [file, stop] = restOfLine(script, i + 1);
      const word = file === '' ? dynamicWord('<missing file>') : literalWord(file);
      (c === 'r' || c === 'R' ? out.reads : out.writes).push(word);
      i = stop;
      continue;
    }
    if (c === 'e') {
      const [command, stop] = restOfLine(script, i + 1);
      out.payloads.push(command === '' ? hidden('the sed `e` command runs the pattern space as a command') : { kind: 'script', text: command });
      i = stop;
      continue;
    }
    if ('qQlL'.includes(c)) {
      i++;
      while (i < script.length && /[0-9 ]/.test(script[i] as string)) i++;
      continue;
    }
    if ('=dDgGhHnNpPxzF'.includes(c)) {
      i++;
      continue;
    }
    return fail();
  }
}

/** Unescapes an awk string literal body. */
function awkString(body: string): string {
  return body.replace(/\\(.)/g, (_, ch: string) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\', '/': '/' })[ch] ?? `\\${ch}`);
}

const STRING = String.raw`"((?:[^"\\\n]|\\.)*)"`;

export function awkEffects(program: string): ProgramEffects {
  const out = none();
  // Strings are data, except where they name a command or a file; blank them to scan the code.
  const code = program.replace(new RegExp(STRING, 'g'), (m) => `"${'_'.repeat(m.length - 2)}"`).replace(/#[^\n]*/g, '');
  const literal = (at: number): string | null => {
    const m = new RegExp(`^${STRING}`).exec(program.slice(at));
    return m === null ? null : awkString(m[1] as string);
  };
  if (/@|\/inet\d?\//.test(program)) out.payloads.push(hidden('the awk program uses gawk extensions (@load, @include, /inet/) that can run code'));
  for (const m of code.matchAll(/\bsystem\s*\(\s*/g)) {
    const s = literal((m.index ?? 0) + m[0].length);
    out.payloads.push(s === null ? hidden('the awk program calls system() with a computed command') : { kind: 'script', text: s });
  }
  for (const m of code.matchAll(/(^|[^|])\|&?(?!\|)\s*/g)) {
    const after = (m.index ?? 0) + m[0].length;
    if (code.slice(after).startsWith('getline')) {
      const before = /"(_*)"\s*$/.exec(code.slice(0, m.index + (m[1] ?? '').length));
      const s = before === null ? null : literal(before.index);
      out.payloads.push(s === null ? hidden('the awk program reads from a computed command') : { kind: 'script', text: s });
    } else {
      const s = literal(after);
      out.payloads.push(s === null ? hidden('the awk program pipes to a computed command') : { kind: 'script', text: s });
    }
  }
  for (const m of code.matchAll(/\bprintf?\b[^;{}\n]*?(?<![<>=!])>>?(?![=>])\s*/g)) {
    const s = literal((m.index ?? 0) + m[0].length);
    out.writes.push(s === null ? dynamicWord('<awk output file>') : literalWord(s));
  }
  for (const m of code.matchAll(/\bgetline\b[^;{}\n|]*?<\s*/g)) {
    const s = literal((m.index ?? 0) + m[0].length);
    out.reads.push(s === null ? dynamicWord('<awk input file>') : literalWord(s));
  }
  return out;
}

/** The program of an awk command line and whether options load code; null program when computed. */
export function awkProgram(args: readonly ShellWord[]): { program: string | null; index: number; loadsCode: boolean; sandboxed: boolean } {
  let loadsCode = false;
  let sandboxed = false;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (w.dynamic || !v.startsWith('-') || v === '-') break;
    if (v === '--') {
      i++;
      break;
    }
    if (v === '--sandbox' || v === '-S') sandboxed = true;
    else if (v === '-F' || v === '-v') i++;
    else if (/^-[fEil]$|^--(file|exec|include|load)/.test(v)) {
      loadsCode = true;
      i++;
    } else if (/^-[fEil]./.test(v)) loadsCode = true;
  }
  const program = args[i];
  if (loadsCode) return { program: null, index: i, loadsCode, sandboxed };
  return { program: program === undefined || program.dynamic ? null : program.value, index: i + 1, loadsCode, sandboxed };
}
