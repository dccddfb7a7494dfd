/**
 * Commands that write files named in their arguments (`rm`, `mv`, `cp`, `mkdir`, `touch`, `ln`,
 * `tee`, `chmod`, `dd of=`, `sed -i`, `curl -o` …). Their targets are judged as writes whatever
 * approved the command, as redirect targets are; `cp` sources and `ln` targets are judged as
 * reads (a copy or a link exposes what it points at: `ln -s ~/.ssh/id_rsa x && cat x`).
 */
import type { ShellWord, SimpleCommand } from './bash-types.js';
import { awkEffects, awkProgram, sedArguments, sedEffects } from './program-effects.js';
import { tokenizeOptions, type OptionToken } from './option-scan.js';
import { dynamicWord, literalWord } from './shell-words.js';

export interface FileAccess {
  writes: ShellWord[];
  reads: ShellWord[];
  /** Every option was understood (acceptEdits auto-approves only then). */
  understood: boolean;
  /** `rm --no-preserve-root`. */
  noPreserveRoot: boolean;
}

interface WriterSpec {
  /** Short options taking a value. */
  values: string;
  /** Long options taking a value (without `=`). */
  longValues?: readonly string[];
  /** Options whose value is a file written (files read through options: option-files.ts). */
  writeValue?: readonly string[];
  /** How operands split into reads and writes. */
  operands: 'write' | 'last-write' | 'after-first' | 'none' | 'link';
  known: string;
  knownLong?: readonly string[];
}

const WRITERS: Readonly<Record<string, WriterSpec>> = {
  rm: { values: '', operands: 'write', known: 'fiIrRdv', knownLong: ['--force', '--interactive', '--recursive', '--dir', '--verbose', '--one-file-system', '--preserve-root', '--no-preserve-root'] },
  rmdir: { values: '', operands: 'write', known: 'pv', knownLong: ['--parents', '--verbose', '--ignore-fail-on-non-empty'] },
  mkdir: { values: 'm', longValues: ['--mode'], operands: 'write', known: 'pvZ', knownLong: ['--parents', '--verbose'] },
  touch: { values: 'drt', longValues: ['--date', '--reference', '--time'], operands: 'write', known: 'acmhf', knownLong: ['--no-create', '--no-dereference'] },
  mv: { values: 'St', longValues: ['--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'write', known: 'finuvbTZ', knownLong: ['--force', '--interactive', '--no-clobber', '--update', '--verbose', '--backup', '--no-target-directory', '--strip-trailing-slashes'] },
  cp: { values: 'St', longValues: ['--suffix', '--target-directory', '--sparse', '--no-preserve'], writeValue: ['-t', '--target-directory'], operands: 'last-write', known: 'abdfiHlLnPpRrsTuvxZ', knownLong: ['--archive', '--backup', '--force', '--interactive', '--link', '--dereference', '--no-clobber', '--no-dereference', '--preserve', '--parents', '--recursive', '--reflink', '--remove-destination', '--symbolic-link', '--no-target-directory', '--update', '--verbose', '--one-file-system', '--attributes-only', '--strip-trailing-slashes'] },
  ln: { values: 'St', longValues: ['--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'link', known: 'sfnrvbiLPT', knownLong: ['--symbolic', '--force', '--no-dereference', '--relative', '--verbose', '--backup', '--interactive', '--logical', '--physical', '--no-target-directory'] },
  tee: { values: '', operands: 'write', known: 'aip', knownLong: ['--append', '--ignore-interrupts', '--output-error'] },
  truncate: { values: 'sr', longValues: ['--size', '--reference'], operands: 'write', known: 'co', knownLong: ['--no-create', '--io-blocks'] },
  chmod: { values: '', longValues: ['--reference'], operands: 'after-first', known: 'Rvcfh', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--preserve-root'] },
  chown: { values: '', longValues: ['--reference', '--from'], operands: 'after-first', known: 'RvcfhHLP', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--dereference', '--preserve-root'] },
  chgrp: { values: '', longValues: ['--reference'], operands: 'after-first', known: 'RvcfhHLP', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--dereference'] },
  install: { values: 'gmoStT', longValues: ['--group', '--mode', '--owner', '--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'last-write', known: 'bcCdDpsvZ', knownLong: ['--backup', '--compare', '--directory', '--preserve-timestamps', '--strip', '--verbose'] },
  curl: { values: 'oHdXuAeEKrTwxyzbcCFmQ', longValues: ['--output', '--header', '--data', '--request', '--user', '--user-agent', '--url', '--config'], writeValue: ['-o', '--output', '-c', '--cookie-jar'], operands: 'none', known: '' },
  sort: { values: 'kStTo', longValues: ['--output', '--key', '--field-separator', '--buffer-size', '--temporary-directory', '--parallel', '--random-source', '--sort', '--files0-from', '--compress-program', '--batch-size'], writeValue: ['-o', '--output', '-T', '--temporary-directory'], operands: 'none', known: 'bdfgiMhnRrVcCmsuz' },
  rsync: { values: 'eBfT', longValues: ['--rsh', '--exclude', '--include', '--filter', '--log-file', '--temp-dir', '--partial-dir', '--backup-dir', '--password-file', '--files-from', '--rsync-path', '--chmod'], writeValue: ['--log-file', '-T', '--temp-dir', '--partial-dir', '--backup-dir'], operands: 'last-write', known: 'avzrlptgoDhPnuqcSHAXWxRiOJ' },
  shred: { values: 'nsx', longValues: ['--iterations', '--size', '--random-source'], operands: 'write', known: 'fuvxz', knownLong: ['--force', '--remove', '--verbose', '--exact', '--zero'] },
  unlink: { values: '', operands: 'write', known: '' },
  mkfifo: { values: 'mZ', operands: 'write', known: '' },
  sponge: { values: '', operands: 'write', known: 'a' },
  gzip: { values: 'S', operands: 'write', known: 'cdfklnNqrtv123456789' },
  gunzip: { values: 'S', operands: 'write', known: 'cdfklnNqrtv' },
  bzip2: { values: '', operands: 'write', known: 'cdfkqstvz123456789' },
  xz: { values: 'TM', operands: 'write', known: 'cdfklqtvz0123456789e' },
  zstd: { values: 'oT', writeValue: ['-o'], operands: 'write', known: 'cdfkqrtv0123456789' },
  tree: { values: 'oLPIH', writeValue: ['-o'], operands: 'none', known: 'adfilpsughDFqNQrtvUxCAS' },
  wget: { values: 'OoaPUeTtwiBcQ', longValues: ['--output-document', '--output-file', '--directory-prefix', '--input-file', '--user-agent'], writeValue: ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix'], operands: 'none', known: '' },
};

/** Reads and writes of a file-writing command; null when `cmd` is not one. */
export function fileAccess(cmd: SimpleCommand): FileAccess | null {
  const [name, ...args] = cmd.words;
  if (name === undefined || name.dynamic) return null;
  const base = name.value.slice(name.value.lastIndexOf('/') + 1);
  if (base === 'dd') return ddAccess(args);
  if (base === 'sed') return sedAccess(args);
  if (['awk', 'gawk', 'mawk', 'nawk'].includes(base)) return awkAccess(args);
  if (base === 'find') return findWrites(args);
  if (['tar', 'unzip', 'patch', '7z', 'cpio'].includes(base)) return extraction(base, args);
  const spec = base === 'git' ? gitSpec(args) : WRITERS[base];
  if (spec === undefined) return null;
  const writes: ShellWord[] = [];
  const reads: ShellWord[] = [];
  const operands: ShellWord[] = [];
  let understood = true;
  let noPreserveRoot = false;
  const { tokens } = tokenizeOptions(args, { shortValue: spec.values, shortFlags: spec.known, longValue: spec.longValues, longFlags: spec.knownLong });
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as OptionToken;
    if (token.kind === 'operand') {
      operands.push(token.word);
      continue;
    }
    let { name, value } = token;
    if (name === '--no-preserve-root') noPreserveRoot = true;
    if (!token.known) {
      understood = false;
      // An ambiguous prefix of a file-writing option is read as that option: stricter, never looser.
      const write = name.length > 3 ? spec.writeValue?.find((o) => o.startsWith(name)) : undefined;
      if (write === undefined) continue;
      name = write;
      const next = tokens[t + 1];
      if (value === undefined && next?.kind === 'operand') {
        value = next.word;
        t++;
      }
    }
    if (value === undefined) continue;
    if (spec.writeValue?.includes(name) === true) writes.push(value);
  }
  const targetDir = spec.writeValue !== undefined && writes.length > 0 && ['mv', 'cp', 'ln', 'install'].includes(base);
  switch (spec.operands) {
    case 'write':
      writes.push(...operands);
      break;
    case 'after-first':
      writes.push(...operands.slice(1));
      break;
    case 'last-write':
    case 'link': {
      // `ln -s TARGET` alone makes a link named like the target, here.
      const only = !targetDir && spec.operands === 'link' && operands.length === 1 ? operands[0] : undefined;
      reads.push(...(targetDir || only !== undefined ? operands : operands.slice(0, -1)));
      if (only !== undefined) writes.push(only.dynamic ? only : literalWord(only.value.slice(only.value.lastIndexOf('/') + 1)));
      else if (!targetDir) writes.push(...operands.slice(-1));
      break;
    }
    case 'none':
      break; // only their options write (`curl -o`, `sort -o`)
  }
  return { writes, reads, understood, noPreserveRoot };
}

function ddAccess(args: readonly ShellWord[]): FileAccess {
  const writes: ShellWord[] = [];
  const reads: ShellWord[] = [];
  for (const w of args) {
    const m = /^(if|of)=([\s\S]*)$/.exec(w.value);
    if (m === null) continue;
    const file = w.dynamic ? w : literalWord(m[2] as string);
    (m[1] === 'of' ? writes : reads).push(file);
  }
  return { writes, reads, understood: false, noPreserveRoot: false };
}

const writesOnly = (writes: ShellWord[]): FileAccess | null => (writes.length === 0 ? null : { writes, reads: [], understood: false, noPreserveRoot: false });

/**
 * Archive extraction and patching write files named inside the archive or patch, which the
 * analysis cannot see (one entry could be `.git/hooks/pre-commit`): a write of unknown files.
 */
function extraction(base: string, args: readonly ShellWord[]): FileAccess | null {
  const first = args.find((w) => !w.dynamic)?.value ?? '';
  const extracts =
    (base === 'tar' && (args.some((w) => /^--(extract|get)$|^-[A-Za-z]*x/.test(w.value)) || /^[A-Za-z]*x[A-Za-z]*$/.test(first))) ||
    (base === 'unzip' && !args.some((w) => /^-[A-Za-z]*[lvtZ]/.test(w.value))) ||
    base === 'patch' || (base === '7z' && first === 'x') || (base === 'cpio' && args.some((w) => /^-[A-Za-z]*i|^--extract$/.test(w.value)));
  return extracts ? writesOnly([dynamicWord(`<files extracted by ${base}>`)]) : null;
}

/** `find -delete` removes files only known at run time; `-fprint F`, `-fls F` … write F. */
function findWrites(args: readonly ShellWord[]): FileAccess | null {
  const writes: ShellWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = (args[i] as ShellWord).value;
    if (v === '-delete') writes.push(dynamicWord('<files found by find -delete>'));
    else if (['-fprint', '-fprint0', '-fprintf', '-fls'].includes(v) && args[i + 1] !== undefined) writes.push(args[++i] as ShellWord);
  }
  return writesOnly(writes);
}

/** `git diff/log/show --output=F`, `git format-patch -o DIR`: files git writes. */
function gitSpec(args: readonly ShellWord[]): WriterSpec {
  const patch = args.some((a) => a.value === 'format-patch');
  return { values: patch ? 'o' : '', longValues: ['--output', '--output-directory'], writeValue: ['-o', '--output', '--output-directory'], operands: 'none', known: '' };
}

/** awk programs: files they write (`print > "f"`) and read (`getline < "f"`). */
function awkAccess(args: readonly ShellWord[]): FileAccess | null {
  const { program } = awkProgram(args);
  if (program === null) return null;
  const effects = awkEffects(program);
  return effects.writes.length + effects.reads.length === 0 ? null : { writes: effects.writes, reads: effects.reads, understood: false, noPreserveRoot: false };
}

/** sed: `-i` rewrites every file operand; `w`/`r` commands in the script write and read files. */
function sedAccess(args: readonly ShellWord[]): FileAccess | null {
  const effects = sedEffects(args);
  const sed = sedArguments(args);
  const inPlace = sed.inPlace ? sed.files : [];
  if (inPlace.length + effects.writes.length + effects.reads.length === 0) return null;
  return { writes: [...inPlace, ...effects.writes], reads: effects.reads, understood: false, noPreserveRoot: false };
}
