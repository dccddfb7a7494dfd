/**
 * Read-only forms of git: `status`, `diff`, `log`, `show`, `branch`/`tag` listing, `rev-parse`,
 * `ls-files` … with flag allow-lists. Not read-only: anything that writes a file (`--output`),
 * runs a program (`--ext-diff`, `--textconv`, `--show-signature` runs gpg), reads outside the
 * repository (`--no-index`, `--git-dir`, `--work-tree`, `-C ..`), or changes refs.
 */
import type { ShellWord } from './bash-types.js';
import { colonPaths } from './git-options.js';
import { literalWord } from './shell-words.js';
import { notReadOnly, readOnly, type ReadOnlyResult, type Resolve } from './read-only-spec.js';

interface GitOptions {
  exact: ReadonlySet<string>;
  /** Options written with an attached value (`--format=…`, `-U3`, `-n5`). */
  prefixes: readonly string[];
  /** Options whose value may be the next word (`-n 5`, `--author X`). */
  separate?: ReadonlySet<string>;
  /** Operands allowed only when one of these is given (`git branch --list PATTERN`). */
  operandsNeed?: readonly string[];
  /** No operands at all. */
  noOperands?: boolean;
}

const FORBIDDEN: Readonly<Record<string, string>> = {
  '--output': 'writes its output to a file',
  '--ext-diff': 'runs an external diff program',
  '--textconv': 'runs textconv filter programs',
  '--filters': 'runs filter programs',
  '--no-index': 'compares files outside the repository',
  '--show-signature': 'runs gpg',
  '--open-files-in-pager': 'runs a pager',
  '--paginate': 'runs a pager',
};

const set = (...s: string[]): ReadonlySet<string> => new Set(s);

const DIFF = ['--stat', '--shortstat', '--numstat', '--name-only', '--name-status', '--summary', '--patch', '-p', '-u', '--no-patch', '-s', '--raw', '--patch-with-stat', '--patch-with-raw', '--compact-summary', '--cached', '--staged', '--merge-base', '--no-color', '--color', '--word-diff', '--color-words', '--no-renames', '--find-renames', '-M', '-C', '-B', '--find-copies-harder', '--text', '-a', '-w', '-b', '--ignore-all-space', '--ignore-space-change', '--ignore-space-at-eol', '--ignore-blank-lines', '--ignore-cr-at-eol', '--minimal', '--patience', '--histogram', '--full-index', '--binary', '--abbrev', '--no-abbrev', '--check', '-R', '--relative', '--no-relative', '--exit-code', '--quiet', '--no-prefix', '--default-prefix', '--ita-invisible-in-index', '--irreversible-delete', '-D', '--pickaxe-all', '--pickaxe-regex', '--submodule', '--no-ext-diff', '--no-textconv', '--indent-heuristic', '--no-indent-heuristic', '--function-context', '-W', '--color-moved', '--no-color-moved', '-z', '--dirstat', '--cumulative', '--no-stat', '-m', '-c', '--cc', '--combined-all-paths', '--full-diff'];
const DIFF_PREFIXES = ['--format=', '--pretty=', '--stat=', '--stat-width=', '--stat-name-width=', '--stat-graph-width=', '--stat-count=', '--dirstat=', '--unified=', '-U', '--word-diff=', '--word-diff-regex=', '--color=', '--color-moved=', '--color-words=', '--diff-filter=', '--diff-algorithm=', '--find-renames=', '--find-copies=', '-M', '-C', '-B', '-l', '-S', '-G', '-O', '--relative=', '--src-prefix=', '--dst-prefix=', '--line-prefix=', '--submodule=', '--ignore-submodules=', '--inter-hunk-context=', '--anchored=', '--output-indicator-new=', '--output-indicator-old=', '--output-indicator-context=', '--abbrev=', '--break-rewrites=', '--ws-error-highlight=', '--diff-merges=', '--orderfile=', '--rotate-to=', '--skip-to=', '--find-object='];
const LOG = ['--oneline', '--graph', '--all', '--branches', '--tags', '--remotes', '--decorate', '--no-decorate', '--reverse', '--first-parent', '--merges', '--no-merges', '--follow', '--left-right', '--cherry-pick', '--cherry-mark', '--cherry', '--boundary', '--topo-order', '--date-order', '--author-date-order', '--no-walk', '--do-walk', '--source', '--abbrev-commit', '--no-abbrev-commit', '--parents', '--children', '--full-history', '--simplify-merges', '--ancestry-path', '--simplify-by-decoration', '--dense', '--sparse', '--show-pulls', '--notes', '--no-notes', '--walk-reflogs', '-g', '--mailmap', '--use-mailmap', '--no-mailmap', '--regexp-ignore-case', '-i', '--extended-regexp', '-E', '--fixed-strings', '-F', '--perl-regexp', '-P', '--all-match', '--invert-grep', '--log-size', '--count', '--relative-date', '--show-linear-break', '--remove-empty', '--ignore-missing', '--pretty', '--date', '--no-graph', '--exclude-first-parent-only'];
const LOG_PREFIXES = ['--date=', '--since=', '--after=', '--until=', '--before=', '--author=', '--committer=', '--grep=', '--max-count=', '-n', '--skip=', '--max-age=', '--min-age=', '--decorate=', '--decorate-refs=', '--decorate-refs-exclude=', '--encoding=', '--expand-tabs=', '--branches=', '--tags=', '--remotes=', '--glob=', '--exclude=', '--notes=', '--show-notes=', '--max-parents=', '--min-parents=', '--grep-reflog=', '-L', '--since-as-filter='];
const LOG_SEPARATE = set('-n', '--max-count', '--skip', '--author', '--committer', '--grep', '--since', '--until', '--after', '--before', '-S', '-G', '-L', '-O');

const HISTORY: GitOptions = { exact: new Set([...DIFF, ...LOG]), prefixes: [...DIFF_PREFIXES, ...LOG_PREFIXES], separate: LOG_SEPARATE };
const DIFF_ONLY: GitOptions = { exact: new Set(DIFF), prefixes: DIFF_PREFIXES, separate: set('-S', '-G', '-O') };

const SUBCOMMANDS: Readonly<Record<string, GitOptions | 'any'>> = {
  status: { exact: set('-s', '--short', '-b', '--branch', '--long', '-v', '--verbose', '-z', '--null', '--show-stash', '--ahead-behind', '--no-ahead-behind', '--renames', '--no-renames', '--no-column', '-u', '--porcelain', '--ignored', '--untracked-files', '--column'), prefixes: ['--porcelain=', '--untracked-files=', '-u', '--ignored=', '--ignore-submodules', '--find-renames', '--column='] },
  diff: DIFF_ONLY, 'diff-tree': HISTORY, 'diff-index': DIFF_ONLY, 'diff-files': DIFF_ONLY,
  log: HISTORY, show: HISTORY, whatchanged: HISTORY, 'rev-list': HISTORY,
  shortlog: { exact: set('-n', '--numbered', '-s', '--summary', '-e', '--email', '-c', '--committer', '--all', '--no-merges', '--merges'), prefixes: ['--format=', '--group=', '-w', '--since=', '--until=', '--author='] },
  reflog: { exact: set('show', '--all', '--date=relative', '--oneline', '-n'), prefixes: ['--format=', '--pretty=', '--date=', '-n'], separate: set('-n') },
  branch: { exact: set('-a', '--all', '-r', '--remotes', '-v', '-vv', '--verbose', '-l', '--list', '--show-current', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty'), prefixes: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort=', '--format=', '--abbrev=', '--color='], separate: set('--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'), operandsNeed: ['-l', '--list'] },
  tag: { exact: set('-l', '--list', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty'), prefixes: ['-n', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort=', '--format=', '--color'], separate: set('--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'), operandsNeed: ['-l', '--list'] },
  'rev-parse': 'any',
  'ls-files': { exact: set('-c', '-d', '-m', '-o', '-i', '-s', '-u', '-k', '-z', '-t', '-v', '-f', '--cached', '--deleted', '--modified', '--others', '--ignored', '--stage', '--unmerged', '--killed', '--directory', '--no-empty-directory', '--eol', '--full-name', '--recurse-submodules', '--debug', '--deduplicate', '--exclude-standard', '--error-unmatch', '--sparse', '--abbrev'), prefixes: ['--format=', '--exclude=', '-x', '--exclude-per-directory=', '--abbrev='], separate: set('-x', '--exclude') },
  'ls-tree': { exact: set('-d', '-r', '-t', '-l', '-z', '--long', '--name-only', '--name-status', '--object-only', '--full-name', '--full-tree', '--abbrev'), prefixes: ['--format=', '--abbrev='] },
  'cat-file': { exact: set('-t', '-s', '-e', '-p', '--batch', '--batch-check', '--batch-all-objects', '--buffer', '--unordered', '--follow-symlinks', '-Z'), prefixes: ['--batch=', '--batch-check='] },
  'merge-base': { exact: set('--all', '--octopus', '--independent', '--is-ancestor', '--fork-point'), prefixes: [] },
  'show-ref': { exact: set('--head', '--tags', '--heads', '--branches', '-d', '--dereference', '-s', '--hash', '--verify', '--abbrev', '-q', '--quiet', '--exists'), prefixes: ['--hash=', '--abbrev='] },
  'for-each-ref': { exact: set('--shell', '--perl', '--python', '--tcl', '--ignore-case', '--omit-empty'), prefixes: ['--format=', '--sort=', '--count=', '--points-at', '--merged', '--no-merged', '--contains', '--no-contains', '--exclude='], separate: set('--format', '--sort', '--count', '--points-at', '--merged', '--no-merged', '--contains', '--no-contains') },
  describe: { exact: set('--tags', '--all', '--always', '--long', '--exact-match', '--first-parent', '--contains', '--debug'), prefixes: ['--abbrev=', '--match=', '--exclude=', '--candidates=', '--dirty', '--broken'], separate: set('--match', '--exclude') },
  'name-rev': { exact: set('--tags', '--all', '--name-only', '--no-undefined', '--always', '--annotate-stdin'), prefixes: ['--refs=', '--exclude='] },
  'count-objects': { exact: set('-v', '-H', '--verbose', '--human-readable'), prefixes: [], noOperands: true },
  blame: { exact: set('-w', '-s', '-e', '-l', '-t', '-p', '-c', '-f', '-n', '-b', '--porcelain', '--line-porcelain', '--root', '--show-name', '--show-number', '--show-email', '--incremental', '--minimal', '--progress', '--no-progress', '--color-lines', '--color-by-age'), prefixes: ['-L', '-M', '-C', '--date=', '--abbrev=', '--since=', '--ignore-rev=', '--first-parent'], separate: set('-L') },
  'check-ignore': { exact: set('-q', '--quiet', '-v', '--verbose', '-n', '--non-matching', '-z', '--stdin', '--no-index'), prefixes: [] },
  'check-attr': { exact: set('-a', '--all', '--cached', '-z', '--stdin'), prefixes: ['--source='] },
  grep: { exact: set('--cached', '--untracked', '--no-exclude-standard', '--exclude-standard', '--recurse-submodules', '-a', '--text', '-i', '--ignore-case', '-I', '-w', '--word-regexp', '-v', '--invert-match', '-h', '-H', '--full-name', '-E', '--extended-regexp', '-G', '--basic-regexp', '-P', '--perl-regexp', '-F', '--fixed-strings', '-n', '--line-number', '--column', '-l', '--files-with-matches', '--name-only', '-L', '--files-without-match', '-z', '--null', '-o', '--only-matching', '-c', '--count', '--color', '--no-color', '--break', '--heading', '-p', '--show-function', '-W', '--function-context', '--and', '--or', '--not', '--all-match', '-q', '--quiet', '-r', '--recursive', '--no-recursive'), prefixes: ['-e', '-A', '-B', '-C', '--max-depth=', '--color=', '-m', '--max-count=', '--threads=', '--after-context=', '--before-context=', '--context='], separate: set('-e', '-A', '-B', '-C', '-m', '--max-depth', '--max-count', '-f') },
  version: 'any',
  'symbolic-ref': { exact: set('-q', '--quiet', '--short', '--no-recurse'), prefixes: [] },
  'show-branch': { exact: set('-a', '--all', '-r', '--remotes', '--current', '--topo-order', '--date-order', '--sparse', '--more', '--list', '--merge-base', '--independent', '--no-name', '--sha1-name'), prefixes: ['--more='] },
};

/** `git remote`, `git stash`, `git worktree`, `git config`: only their listing forms. */
function listingForm(sub: string, rest: readonly string[]): boolean {
  const [first, ...more] = rest;
  switch (sub) {
    case 'remote':
      return first === undefined || first === '-v' || first === '--verbose' || (first === 'get-url' && more.length <= 2) || (first === 'show' && more[0] === '-n');
    case 'stash':
      return first === 'list' || (first === 'show' && more.every((m) => !m.startsWith('--output') && m !== '--ext-diff'));
    case 'worktree':
      return first === 'list';
    case 'config':
      return rest.some((r) => ['--get', '--get-all', '--get-regexp', '--list', '-l', '--get-urlmatch'].includes(r)) || first === 'get' || first === 'list';
    default:
      return false;
  }
}

/** Subcommands that print file contents (from the work tree, the index or history). */
const CONTENT = new Set(['show', 'cat-file', 'diff', 'log', 'blame', 'grep', 'whatchanged', 'diff-tree', 'diff-index', 'diff-files']);

/**
 * Paths whose content the command shows, so Read denies apply to what git prints from history
 * too: every operand (git takes a path without `--` too, and `git diff A B` compares files outside
 * the repository as with --no-index), the path of `rev:path` (`HEAD:.env`; relative to the
 * repository root, which is taken to be the workspace, unless written `rev:./path`), the file of
 * `-L…:file`, and any operand only known at run time (the path check refuses it unless it
 * resolves). Content reached only through an object id or a whole-history diff is not covered.
 */
function contentReads(sub: string, rest: readonly ShellWord[], root: string): ShellWord[] {
  if (!CONTENT.has(sub)) return [];
  const reads: ShellWord[] = [];
  const values = rest.map((w) => w.value);
  // `git grep PATTERN …`: the first operand is the pattern unless -e or -f gave it.
  let pattern = sub === 'grep' && !values.some((v) => /^-[A-Za-z]*[ef]/.test(v) || v.startsWith('--regexp'));
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k] as ShellWord;
    const v = w.value;
    if (w.dynamic) {
      reads.push(w);
      continue;
    }
    const range = /^-L(.*)$/.exec(v) ?? (v === '-L' ? ['', rest[++k]?.value ?? ''] : null);
    if (range !== null && sub !== 'blame') {
      // `-L1,5:file`, `-L:func:file`: the file is after one of the colons.
      const spec = range[1] ?? '';
      for (let c = spec.indexOf(':'); c !== -1; c = spec.indexOf(':', c + 1)) reads.push(literalWord(spec.slice(c + 1)));
      continue;
    }
    if (v.startsWith('-') && v !== '-') {
      // Other option values are read as paths too: over-reading only makes the check stricter.
      if (sub === 'grep' && (v === '-e' || v === '--regexp')) k++;
      continue;
    }
    if (pattern) {
      pattern = false;
      continue;
    }
    if (v.includes(':')) reads.push(...colonPaths(w, [root]));
    else if (v !== '--') reads.push(w);
  }
  return reads;
}

function checkOptions(sub: string, rest: readonly ShellWord[], opts: GitOptions): string | null {
  let operands = 0;
  let needMet = false;
  let endOfOptions = false;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] as ShellWord;
    if (w.dynamic) return `\`git ${sub}\` is given \`${w.value}\`, which is only known at run time`;
    if (w.glob) return `\`git ${sub}\` with the unquoted glob \`${w.value}\` (it could expand to an option)`;
    const v = w.value;
    if (endOfOptions || !v.startsWith('-') || v === '-') {
      operands++;
      continue;
    }
    if (v === '--') {
      endOfOptions = true;
      continue;
    }
    const name = v.split('=')[0] as string;
    const why = FORBIDDEN[name];
    if (why !== undefined) return `\`git ${sub} ${name}\` ${why}`;
    if (/^-\d+$/.test(v) || opts.exact.has(v)) {
      if (opts.separate?.has(v) === true && !/^-\d+$/.test(v)) i++;
      if (opts.operandsNeed?.includes(v) === true) needMet = true;
      continue;
    }
    if (opts.separate?.has(v) === true) {
      i++;
      continue;
    }
    if (!opts.prefixes.some((p) => v.startsWith(p) && v.length > p.length)) return `\`git ${sub} ${v}\` is not an option the read-only list knows`;
  }
  if (opts.noOperands === true && operands > 0) return `\`git ${sub}\` with operands`;
  if (opts.operandsNeed !== undefined && operands > 0 && !needMet) return `\`git ${sub}\` with a name creates or changes something`;
  return null;
}

export function checkGit(args: readonly ShellWord[], _resolve: Resolve, workspace: string): ReadOnlyResult {
  let i = 0;
  let where = '';
  for (; i < args.length && (args[i] as ShellWord).value.startsWith('-'); i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic) return notReadOnly('`git` with a computed global option');
    if (['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-replace-objects', '--no-advice'].includes(w.value)) continue;
    if (w.value === '-c') {
      i++; // only inert keys get this far (exec-arguments refuses the rest)
      continue;
    }
    if (w.value === '-C') {
      const dir = args[++i];
      if (dir === undefined || dir.dynamic || dir.value.startsWith('/') || dir.value.split('/').includes('..') || dir.tilde) {
        return notReadOnly('`git -C` with a directory that may be outside the workspace (its hooks and config could run)');
      }
      where = where === '' ? dir.value : `${where}/${dir.value}`;
      continue;
    }
    return notReadOnly(`\`git ${w.value}\` is not a global option the read-only list knows`);
  }
  const sub = args[i];
  if (sub === undefined) return notReadOnly('`git` without a subcommand');
  if (sub.dynamic) return notReadOnly('`git` with a subcommand computed at run time');
  const rest = args.slice(i + 1);
  const opts = SUBCOMMANDS[sub.value];
  if (opts === 'any') return rest.some((r) => r.dynamic) ? notReadOnly(`\`git ${sub.value}\` with computed arguments`) : readOnly();
  if (opts === undefined) {
    if (rest.every((r) => !r.dynamic) && listingForm(sub.value, rest.map((r) => r.value))) return readOnly();
    return notReadOnly(`\`git ${sub.value}\` is not a read-only git command`);
  }
  if (sub.value === 'reflog' && rest[0] !== undefined && !['show', '-n'].includes(rest[0].value) && !rest[0].value.startsWith('-') && /^(expire|delete|drop|write|exists)$/.test(rest[0].value)) {
    return notReadOnly(`\`git reflog ${rest[0].value}\` changes the reflog`);
  }
  const problem = checkOptions(sub.value, rest, opts);
  // Paths are relative to `git -C DIR`; with --no-index, operands are files or directories compared.
  const under = (w: ShellWord): ShellWord => (w.dynamic || w.value.startsWith('/') || where === '' ? w : { ...w, value: `${where}/${w.value}` });
  const noIndex = rest.some((w) => w.value === '--no-index');
  const grep = sub.value === 'grep';
  const content = noIndex ? [] : contentReads(sub.value, rest, workspace).map(under);
  // `git grep` searches trees: the paths after `--`, or (operands before it may be revisions) the whole tree.
  const dash = rest.findIndex((w) => w.value === '--');
  const grepPaths = dash === -1 ? [] : rest.slice(dash + 1).map(under);
  const tree = [
    ...(grep ? (grepPaths.length > 0 ? grepPaths : [literalWord(where === '' ? '.' : where)]) : []),
    ...(noIndex ? rest.filter((w) => w.dynamic || !w.value.startsWith('-')).map(under) : []),
  ];
  const reads = grep ? [] : content;
  return problem === null ? readOnly(reads, tree) : { ...notReadOnly(problem, reads), treeReads: tree };
}
