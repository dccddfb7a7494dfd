/**
 * Read-only forms of commands whose arguments are programs: sed scripts, awk programs, find
 * expressions and jq options. Programs are code (CVE-2025-64755: sed `w`/`e`; awk `system()`), so
 * only a small, plainly harmless subset is read-only; everything else needs an allow rule.
 */
import type { ShellWord } from './bash-types.js';
import { findOperands } from './exec-arguments.js';
import { awkEffects, awkProgram, sedArguments } from './program-effects.js';
import { checkSpec, notReadOnly, type ReadOnlyResult, type Resolve } from './read-only-spec.js';
import { inputWord } from './shell-words.js';

const RE = String.raw`(?:[^/\\\n]|\\.)*`;
const ADDR = String.raw`(?:\d+(?:~\d+)?|\$|/${RE}/I?)`;
const RANGE = String.raw`(?:${ADDR}(?:\s*,\s*(?:${ADDR}|[+~]\d+))?)`;
const SED_CMD = String.raw`(?:${RANGE}\s*)?!?\s*(?:[pdDqQ=lnNgGhHxzP]|s/${RE}/${RE}/[gpiIm0-9]*|y/${RE}/${RE}/)`;
/** Printing, deleting, substituting (no `w`/`e` flags) and buffer commands; no `w`, `r`, `e`, `a`, `i`, `c`. */
const SAFE_SED = new RegExp(String.raw`^\s*${SED_CMD}(?:\s*[;\n]\s*${SED_CMD})*\s*;?\s*$`);

export function checkSed(args: readonly ShellWord[], resolve: Resolve): ReadOnlyResult {
  const sed = sedArguments(args);
  const files = checkSpec('sed', sed.files, { operands: 'files' }, resolve);
  // Files the script reads (`r`) and writes (`w`) are judged for every sed (file-commands.ts).
  const { reads } = files;
  if (sed.inPlace) return notReadOnly('`sed -i` edits files in place', reads);
  if (sed.fromFile) return notReadOnly('`sed -f` runs a script from a file', reads);
  if (sed.unknownOption !== null) return notReadOnly(`\`sed ${sed.unknownOption}\` is not an option the read-only list knows`, reads);
  if (sed.scripts === null) return notReadOnly('`sed` with a script computed at run time', reads);
  if (sed.scripts.length === 0) return notReadOnly('`sed` without a script', reads);
  const unsafe = sed.scripts.find((script) => !SAFE_SED.test(script));
  if (unsafe !== undefined) return notReadOnly(`\`sed '${unsafe}'\` is not a plain print/substitute script (sed can write files and run commands)`, reads);
  return files;
}

/** Conservative on top of program-effects: no `>` at all inside an action (it may be a redirection). */
function redirectsInAction(program: string): boolean {
  let depth = 0;
  for (let i = 0; i < program.length; i++) {
    const c = program[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth > 0 && program[i + 1] !== '=') return true;
  }
  return false;
}

export function checkAwk(name: string, args: readonly ShellWord[], resolve: Resolve): ReadOnlyResult {
  const { program, index, loadsCode, sandboxed } = awkProgram(args);
  if (loadsCode) return notReadOnly(`\`${name}\` loads its program or extensions from files`);
  if (program === null) return notReadOnly(`\`${name}\` without a program, or with one computed at run time`);
  const operands = args.slice(index).filter((w) => w.dynamic || !/^[A-Za-z_]\w*=/.test(w.value));
  const files = checkSpec(name, operands, { operands: 'files' }, resolve);
  const effects = sandboxed ? { payloads: [], writes: [], reads: [] } : awkEffects(program);
  const { reads } = files;
  // A program that sets ARGV/ARGC reads files it names itself (`BEGIN { ARGV[1] = ".env"; ARGC = 2 }`).
  if (/\bARG[VC]\b/.test(program)) return notReadOnly(`the ${name} program changes ARGV, the list of files it reads`, [...reads, inputWord(`the files the ${name} program puts in ARGV`)]);
  if (/\bENVIRON\b|\bPROCINFO\b/.test(program)) return notReadOnly(`the ${name} program reads ENVIRON or PROCINFO (the environment holds secrets)`, reads);
  if (effects.payloads.length > 0) return notReadOnly(`the ${name} program runs commands (system, pipes, getline)`, reads);
  if (effects.writes.length > 0 || (!sandboxed && redirectsInAction(program))) return notReadOnly(`the ${name} program may write files (\`>\` inside an action)`, reads);
  return files;
}

const FIND_VALUE = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-type', '-xtype', '-maxdepth', '-mindepth', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-size', '-perm', '-user', '-group', '-uid', '-gid', '-links', '-inum', '-samefile', '-used', '-printf', '-lname', '-ilname', '-fstype', '-context']);
const FIND_FLAG = new Set(['-empty', '-print', '-print0', '-prune', '-quit', '-ls', '-true', '-false', '-readable', '-writable', '-executable', '-nouser', '-nogroup', '-depth', '-mount', '-xdev', '-noleaf', '-follow', '-daystart', '-ignore_readdir_race', '-noignore_readdir_race', '-not', '!', '-a', '-and', '-o', '-or', '(', ')', ',', '-d']);
const FIND_FORBIDDEN: Readonly<Record<string, string>> = {
  '-exec': 'runs a command', '-execdir': 'runs a command', '-ok': 'runs a command', '-okdir': 'runs a command',
  '-delete': 'deletes files', '-fprint': 'writes a file', '-fprint0': 'writes a file', '-fprintf': 'writes a file', '-fls': 'writes a file',
};

export function checkFind(args: readonly ShellWord[], resolve: Resolve): ReadOnlyResult {
  const { roots, index } = findOperands(args);
  let i = index;
  const start = checkSpec('find', roots, { operands: 'files', defaultsToCwd: true, inert: true }, resolve);
  const globbed = roots.find((r) => r.glob);
  if (globbed !== undefined) return notReadOnly(`\`find\` with the unquoted glob \`${globbed.value}\` (it could expand to -delete)`, start.reads);
  // A starting point known only at run time may be an expression (`X=-delete; find "$X"`).
  for (const r of roots.filter((w) => w.dynamic)) {
    const values = resolve(r);
    if (values === null || values.some((v) => v.dynamic || v.glob || /^[-(!]/.test(v.value))) return notReadOnly(`\`find\` is given the starting point \`${r.value}\`, which could be an expression such as -delete`, start.reads);
  }
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic) return notReadOnly(`\`find\` is given \`${w.value}\`, which is only known at run time`, start.reads);
    if (w.glob) return notReadOnly(`\`find\` with the unquoted glob \`${w.value}\` (it could expand to -delete)`, start.reads);
    const why = FIND_FORBIDDEN[w.value];
    if (why !== undefined) return notReadOnly(`\`find ${w.value}\` ${why}`, start.reads);
    if (FIND_VALUE.has(w.value) || /^-newer[a-zA-Z]{2}$/.test(w.value)) i++;
    else if (!FIND_FLAG.has(w.value)) return notReadOnly(`\`find ${w.value}\` is not a primary the read-only list knows`, start.reads);
  }
  return start;
}

export function checkJq(args: readonly ShellWord[], resolve: Resolve): ReadOnlyResult {
  const rest: ShellWord[] = [];
  let filterFromFile = false;
  // Files named by options (`--rawfile N F`, `-f F`) are judged for every jq (option-files.ts).
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (w.dynamic || !v.startsWith('-') || v === '-') {
      rest.push(w);
      continue;
    }
    if (v === '--args' || v === '--jsonargs') {
      // The rest are values, not files; the filter may still come first.
      const filter = args.slice(i + 1).find((a) => a.dynamic || !a.value.startsWith('-'));
      if (rest.length === 0 && !filterFromFile && filter !== undefined) rest.push(filter);
      break;
    }
    if (['--arg', '--argjson', '--slurpfile', '--rawfile'].includes(v)) i += 2;
    else if (v === '-f' || v === '--from-file') {
      i++;
      filterFromFile = true;
    } else if (v === '--indent') i++;
    else if (v === '-L' || v.startsWith('-L') || v.startsWith('--library-path')) return notReadOnly('`jq -L` loads modules from a directory', [inputWord('modules jq loads from its library path')]);
    else if (!/^-[rcjaSCMensRe]+$/.test(v) && !['--raw-output', '--compact-output', '--join-output', '--ascii-output', '--sort-keys', '--color-output', '--monochrome-output', '--null-input', '--slurp', '--raw-input', '--exit-status', '--tab', '--seq', '--stream', '--raw-output0', '--unbuffered'].includes(v)) {
      return notReadOnly(`\`jq ${v}\` is not an option the read-only list knows`);
    }
  }
  const files = filterFromFile ? rest : rest.slice(1);
  if (!filterFromFile && rest[0]?.dynamic === true) return notReadOnly('`jq` with a filter computed at run time');
  const checked = checkSpec('jq', files, { operands: 'files' }, resolve);
  const all = checked.reads;
  const filter = filterFromFile ? null : (rest[0]?.value ?? '');
  // Modules and data files a filter imports are found on a search path: names the analysis cannot resolve.
  if (filter === null) return notReadOnly('`jq -f` runs a filter from a file, which may import modules and data files', [...all, inputWord('modules and data files the jq filter file may import')]);
  if (/\b(import|include|modulemeta)\b/.test(filter)) return notReadOnly('the jq filter imports modules or data files', [...all, inputWord('modules and data files the jq filter imports')]);
  if (/\$ENV\b|\benv\b|\$__prog_args\b/.test(filter)) return notReadOnly('the jq filter reads the environment, which holds secrets', all);
  return { ...checked, reads: all };
}
