/**
 * Options whose value is a file the command reads (`git commit -F FILE`, `jq --rawfile N FILE`,
 * `curl -d @FILE`), or a file of *file names* it reads (`sort --files0-from=F`, `tar -T F`,
 * `git add --pathspec-from-file=F`), and flags that make it read file names from stdin
 * (`git cat-file --batch`, `zip -@`). Named files are judged as reads, whatever approved the
 * command; names the analysis cannot see make the command an unseen read (decide-bash.ts).
 */
import type { ShellWord } from './bash-types.js';
import { colonPaths, gitGlobals } from './git-options.js';
import { expandLong } from './option-scan.js';

interface OptionFileSpec {
  /** Options whose value is a file read (`-F`, `--file`). */
  reads?: readonly string[];
  /** Options whose value is a file holding the names of files read. */
  nameLists?: readonly string[];
  /** Flags (or operands) that make the command read file names or object names from stdin. */
  stdinNames?: readonly string[];
  /** Options whose value names a file when it starts with `@` (`curl -d @f`, `-F k=@f`). */
  atFiles?: readonly string[];
  /** `jq --rawfile NAME FILE`: the file is the second word after the option. */
  secondValue?: readonly string[];
  /** `git config --blob REV:PATH`: the value names a file in history, relative to the repository root. */
  blobs?: readonly string[];
}

const GIT_PATHSPEC = { nameLists: ['--pathspec-from-file'] };
const GIT_MESSAGE = { reads: ['-F', '--file', '-t', '--template'], nameLists: ['--pathspec-from-file'] };

/** Keyed by command name, or `git SUBCOMMAND`. */
const SPECS: Readonly<Record<string, OptionFileSpec>> = {
  sort: { nameLists: ['--files0-from'], reads: ['--random-source'] },
  shuf: { reads: ['--random-source'] },
  wc: { nameLists: ['--files0-from'] },
  du: { nameLists: ['--files0-from'], reads: ['-X', '--exclude-from'] },
  tar: { nameLists: ['-T', '--files-from'], reads: ['-X', '--exclude-from'] },
  rsync: { nameLists: ['--files-from'], reads: ['--exclude-from', '--include-from', '--password-file'] },
  cpio: { stdinNames: ['-o', '--create', '-p', '--pass-through'] },
  zip: { stdinNames: ['-@', '--names-stdin'] },
  file: { nameLists: ['-f', '--files-from'], reads: ['-m', '--magic-file'] },
  ...Object.fromEntries(['md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum'].map((n) => [n, { nameLists: ['-c', '--check'] }])),
  find: { nameLists: ['-files0-from'] },
  hexdump: { reads: ['-f'] },
  date: { reads: ['-r', '--reference'] },
  touch: { reads: ['-r', '--reference'] },
  truncate: { reads: ['-r', '--reference'] },
  ...Object.fromEntries(['grep', 'egrep', 'fgrep'].map((n) => [n, { reads: ['-f', '--file', '--exclude-from'] }])),
  rg: { reads: ['-f', '--file', '--ignore-file'] },
  diff: { reads: ['--from-file', '--to-file', '-X', '--exclude-from'] },
  jq: { reads: ['-f', '--from-file'], secondValue: ['--rawfile', '--slurpfile'] },
  curl: { reads: ['-K', '--config', '-T', '--upload-file'], atFiles: ['-d', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--json', '-F', '--form'] },
  wget: { reads: ['-i', '--input-file', '--post-file', '--body-file', '--config'] },
  node: { reads: ['--env-file', '--env-file-if-exists'] },
  bun: { reads: ['--env-file'] },
  'git commit': GIT_MESSAGE,
  'git tag': { reads: ['-F', '--file'] },
  'git notes': { reads: ['-F', '--file'] },
  'git merge': { reads: ['-F', '--file'] },
  'git add': GIT_PATHSPEC,
  'git reset': GIT_PATHSPEC,
  'git restore': GIT_PATHSPEC,
  'git checkout': GIT_PATHSPEC,
  'git rm': GIT_PATHSPEC,
  'git stash': GIT_PATHSPEC,
  'git blame': { reads: ['--ignore-revs-file', '--contents', '-S'] },
  'git diff': { reads: ['-O', '--orderfile'] },
  'git log': { reads: ['-O', '--orderfile'] },
  'git show': { reads: ['-O', '--orderfile'] },
  'git grep': { reads: ['-f'] },
  'git config': { reads: ['-f', '--file'], blobs: ['--blob'] },
  'git cat-file': { stdinNames: ['--batch', '--batch-check', '--batch-command'] },
  'git hash-object': { stdinNames: ['--stdin-paths'] },
  'git update-index': { stdinNames: ['--stdin', '--index-info'] },
  'git checkout-index': { stdinNames: ['--stdin'] },
};

export interface OptionFiles {
  /** Files named by options, judged as reads. */
  reads: ShellWord[];
  /** Why the command also reads files whose names the analysis cannot see, or null. */
  unseen: string | null;
}

/** The git subcommand and the words after it (global options skipped, `-C` directories kept), or null. */
function gitSub(args: readonly ShellWord[]): { key: string; rest: readonly ShellWord[]; dirs: string[] } | null {
  const { dirs, sub } = gitGlobals(args);
  const name = args[sub];
  return name === undefined || name.dynamic ? null : { key: `git ${name.value}`, rest: args.slice(sub + 1), dirs };
}

/** The files `cmd` reads through options, and whether it reads names it cannot show. */
export function optionFiles(words: readonly ShellWord[], root: string): OptionFiles {
  const out: OptionFiles = { reads: [], unseen: null };
  const [name, ...all] = words;
  if (name === undefined || name.dynamic) return out;
  const base = name.value.slice(name.value.lastIndexOf('/') + 1);
  const git = base === 'git' ? gitSub(all) : null;
  const spec = SPECS[git?.key ?? base];
  if (spec === undefined) return out;
  const args = git?.rest ?? all;
  const label = git?.key ?? base;
  const withValue = [...(spec.reads ?? []), ...(spec.nameLists ?? []), ...(spec.atFiles ?? []), ...(spec.secondValue ?? []), ...(spec.blobs ?? [])];
  const longs = withValue.filter((o) => o.startsWith('--'));
  const stdin = spec.stdinNames ?? [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (v === '--' && !w.dynamic) break;
    if (w.dynamic || !v.startsWith('-')) continue;
    const eq = v.indexOf('=');
    let opt: string | undefined;
    let value: ShellWord | undefined;
    if (v.startsWith('--')) {
      const given = eq === -1 ? v : v.slice(0, eq);
      const full = given.length >= 5 ? expandLong(given, [...longs, ...stdin.filter((o) => o.startsWith('--'))]) : given;
      if (stdin.includes(full)) {
        out.unseen ??= `\`${label} ${full}\` reads file or object names from its standard input`;
        continue;
      }
      if (!withValue.includes(full)) continue;
      opt = full;
      value = eq === -1 ? args[++i] : { ...w, value: v.slice(eq + 1) };
    } else {
      if (stdin.includes(v) || (/^-[\w@]+$/.test(v) && [...v.slice(1)].some((c) => stdin.includes(`-${c}`)))) {
        out.unseen ??= `\`${label} ${v}\` reads file names from its standard input`;
        continue;
      }
      // `-F FILE`, `-FFILE`, a cluster (`-cT FILE`: any letter of it may take the value, so
      // the first one in the table is read as taking it, and everything after it is the value,
      // `-Oconfig/prod.json` too); `-files0-from F` is matched whole.
      const whole = withValue.find((o) => !o.startsWith('--') && o.length > 2 && v === o);
      const at = whole !== undefined ? -1 : valueLetter(v, withValue);
      if (whole === undefined && at === -1) continue;
      opt = whole ?? `-${v[at + 1] ?? ''}`;
      const attached = whole === undefined ? v.slice(at + 2) : '';
      value = attached === '' ? args[++i] : { ...w, value: attached };
    }
    if (spec.secondValue?.includes(opt) === true) value = args[++i];
    if (spec.blobs?.includes(opt) === true) {
      // Relative to the workspace, or to a `git -C` directory that is a repository of its own: both are read.
      if (value !== undefined) out.reads.push(...(value.dynamic ? [value] : colonPaths(value, [root, ...(git?.dirs ?? [])])));
      continue;
    }
    if (spec.nameLists?.includes(opt) === true) out.unseen ??= `\`${label} ${opt}\` reads the names of the files it reads from ${value === undefined || value.value === '-' ? 'its standard input' : `\`${value.value}\``}`;
    if (value === undefined || value.value === '-') continue;
    if (spec.atFiles?.includes(opt) === true) {
      const at = /(?:^|=)[@<]([\s\S]*)$/.exec(value.value);
      if (value.dynamic) out.reads.push(value);
      else if (at !== null) out.reads.push({ ...value, value: (at[1] as string).replace(/;.*$/, '') });
      continue;
    }
    out.reads.push(value);
  }
  return out;
}

/** Where in a short-option cluster (`-xOfile`) the first option taking a value is, 0-based after the dash, or -1. */
function valueLetter(v: string, withValue: readonly string[]): number {
  for (let k = 1; k < v.length; k++) {
    const c = v[k] as string;
    if (withValue.includes(`-${c}`)) return k - 1;
    if (!/[\w@]/.test(c)) return -1; // not a cluster of flags
  }
  return -1;
}
