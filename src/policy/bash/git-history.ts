/**
 * File contents git prints from its object store, which the sandbox does not hide: under Read
 * denies, a git command that can print a blob must limit it to paths the Read rules judge —
 * literal pathspecs after `--` (judged as recursive reads) or `REV:path` — and every revision that
 * could name a blob or tree by itself must be one that can only be a commit (`HEAD~N`,
 * `X^{commit}`); `log`-like commands skip blobs among their revisions. docs/policy.md has the rest.
 * `free` (no denied path in the store, sandbox on) lifts the pathspec requirement, not the others.
 */
import type { ShellWord } from './bash-types.js';
import { commitOnly, interactiveOption, literalPath, mergeBaseRange, PATCH_LONG, patchOption, suppressed } from './git-options.js';
import { literalWord } from './shell-words.js';

export type GitHistory =
  | { kind: 'none' }
  | { kind: 'refused'; why: string }
  /** Content limited to these paths, judged by pattern on all beneath; `exact`: that one object only. */
  | { kind: 'paths'; paths: ShellWord[]; exact?: ShellWord[] };

const NONE: GitHistory = { kind: 'none' };
const refused = (why: string): GitHistory => ({ kind: 'refused', why });

/** Subcommands that print no file contents from the object store (their patch forms are handled below). */
const NO_CONTENT = new Set([
  'status', 'branch', 'tag', 'rev-parse', 'rev-list', 'ls-files', 'ls-tree', 'merge-base', 'show-ref', 'for-each-ref', 'describe',
  'name-rev', 'count-objects', 'check-ignore', 'check-attr', 'version', 'symbolic-ref', 'show-branch', 'shortlog', 'remote',
  'worktree', 'config', 'add', 'commit', 'rm', 'mv', 'init', 'fetch', 'pull', 'push', 'merge', 'rebase', 'cherry-pick', 'revert',
  'checkout', 'switch', 'restore', 'reset', 'clean', 'gc', 'prune', 'fsck', 'maintenance', 'submodule', 'bisect', 'apply',
  'am', 'help', 'var', 'cherry', 'hash-object', 'update-ref', 'write-tree', 'check-ref-format', 'stripspace', 'interpret-trailers', 'column', 'sparse-checkout', 'ls-remote', 'stash', 'blame', 'annotate',
]);
// Unlisted, so refused: `clone`, `read-tree`, `update-index`, `commit-tree`, `archive`, `bundle`, aliases …
/** Walk commits only: a revision naming a blob or tree is skipped, not printed. */
const LOG_FAMILY = new Set(['log', 'whatchanged', 'reflog', 'format-patch']);
/** Take any object as a revision and print blobs and trees given that way. */
const OBJECT_FAMILY = new Set(['show', 'diff', 'diff-tree', 'diff-index', 'diff-files', 'grep', 'cat-file']);

interface Globals {
  where: string;
  /** Why a content form is refused whatever its paths (`--icase-pathspecs`, `--git-dir` …). */
  problem: string | null;
  /** `--git-dir`, `--work-tree`, `--namespace`: another repository, work tree or set of refs. */
  elsewhere: string | null;
  sub: ShellWord | undefined;
  rest: readonly ShellWord[];
  /** The pathspec requirement is lifted (see the file comment). */
  free: boolean;
}

/** Config keys that cannot change which paths a pathspec matches or what a diff prints. */
const DISPLAY_KEY = /^(color\.|pager\.|advice\.|core\.quotepath|log\.(date|decorate|abbrevcommit)|i18n\.|diff\.(algorithm|context|noprefix|mnemonicprefix|renames|colormoved|statgraphwidth|relative)$)/i;

function globals(args: readonly ShellWord[], free: boolean): Globals {
  let where = '';
  let problem: string | null = null;
  let elsewhere: string | null = null;
  let i = 0;
  for (; i < args.length && (args[i] as ShellWord).value.startsWith('-'); i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (w.dynamic) problem ??= 'a global option computed at run time';
    else if (['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--noglob-pathspecs', '--no-replace-objects', '--no-advice'].includes(v)) continue;
    else if (v === '-C') {
      const dir = args[++i];
      if (dir === undefined || dir.dynamic) problem ??= '`-C` with a directory only known at run time';
      else where = where === '' || dir.value.startsWith('/') ? dir.value : `${where}/${dir.value}`;
    } else if (v === '-c' || v.startsWith('--config-env')) {
      const key = v === '-c' ? args[++i] : literalWord(v.slice(v.indexOf('=') + 1));
      if (key === undefined || key.dynamic || !DISPLAY_KEY.test(key.value.split('=')[0] ?? '')) problem ??= `\`${v} ${key?.value ?? ''}\` sets a key that can change what it matches or prints`;
    } else if (/^--(git-dir|work-tree|namespace)(=|$)/.test(v)) elsewhere ??= v;
    else problem ??= `the global option \`${v}\` (it changes which repository, objects or paths git uses)`;
  }
  return { where, problem, elsewhere, sub: args[i], rest: args.slice(i + 1), free: free && where === '' };
}

/** What `git ARGS` can print from the object store; `root` (the workspace) anchors `REV:path`. */
export function gitHistoryReads(args: readonly ShellWord[], root: string, free = false): GitHistory {
  const g = globals(args, free);
  const sub = g.sub;
  if (sub === undefined) return NONE;
  if (sub.dynamic) return refused('`git` with a subcommand only known at run time');
  if (g.elsewhere !== null) return refused(`\`git ${g.elsewhere}\` uses a repository or work tree the Read rules do not see`);
  const name = sub.value;
  const rest = g.rest;
  if (NO_CONTENT.has(name)) return specialForms(name, rest, g, root);
  if (!LOG_FAMILY.has(name) && !OBJECT_FAMILY.has(name)) return refused(`\`git ${name}\` is not known to keep file contents from history out of its output`);
  const computed = rest.find((w) => w.dynamic || w.glob);
  if (computed !== undefined) return refused(`\`git ${name}\` given \`${computed.value}\`, which is only known at run time`);
  return contentForms(name, rest, g, root);
}

/** Subcommands below whose options decide whether they print contents. */
const OPTION_SENSITIVE = new Set(['mv', 'worktree', 'submodule', 'fetch', 'pull', 'push', 'remote', 'blame', 'annotate', 'status', 'commit', 'add', 'checkout', 'restore', 'reset', 'stash', 'branch', 'tag', 'for-each-ref', 'fsck', 'config']);
/** Options whose value may be computed without changing what the command prints. */
const VALUE_OPTIONS = /^(-[mFbB]|--message|--file|--author|--date|--trailer|--format|--sort)$/;

/** The patch and format forms of commands that otherwise print no contents. */
function specialForms(name: string, rest: readonly ShellWord[], g: Globals, root: string): GitHistory {
  if (OPTION_SENSITIVE.has(name)) {
    // `git add $f` could be `git add -p`: a computed word is fine only as a known option's value.
    const computed = rest.find((w, k) => (w.dynamic || w.glob) && !VALUE_OPTIONS.test(rest[k - 1]?.value ?? '') && !rest.slice(0, k).some((x) => x.value === '--'));
    if (computed !== undefined) return refused(`\`git ${name}\` given \`${computed.value}\`, which is only known at run time and could be an option that prints contents`);
  }
  const values = rest.map((w) => w.value);
  const dash = values.indexOf('--');
  const opts = (dash === -1 ? values : values.slice(0, dash)).filter((v) => v.startsWith('-') && v !== '-');
  switch (name) {
    case 'branch':
    case 'tag':
    case 'for-each-ref':
      // `%(raw)` prints the object a ref points to, a blob too.
      return values.some((v) => /%\(\*?raw/.test(v)) ? refused(`\`git ${name}\` with a \`%(raw)\` format prints objects`) : NONE;
    case 'blame':
    case 'annotate':
      // It prints the one file it is given, at a commit: every operand is judged as that file.
      return { kind: 'paths', paths: [], exact: rest.filter((w) => !w.value.startsWith('-')).map((w) => under(g.where, w)) };
    case 'fsck':
      return values.includes('--lost-found') ? refused('`git fsck --lost-found` writes unreachable blobs into .git/lost-found') : NONE;
    case 'mv':
      // `git mv secrets/x pub.txt` carries a denied file out from under its rule.
      return { kind: 'paths', paths: rest.filter((w) => !w.value.startsWith('-')).map((w) => under(g.where, w)) };
    case 'worktree':
    case 'submodule':
      return ['add', 'update'].includes(values[0] ?? '') ? refused(`\`git ${name} ${values[0] ?? ''}\` checks a copy of the history out where the Read rules do not look`) : NONE;
    case 'fetch':
    case 'pull':
    case 'push':
    case 'remote': {
      // Into or from a repository on this machine: a nested one holds the history under paths the rules do not anchor.
      const local = values.find((v) => /^(\.|\/|~|file:)/.test(v));
      return local === undefined ? NONE : refused(`\`git ${name}\` with the local repository \`${local}\` copies history where the Read rules do not look`);
    }
    case 'symbolic-ref':
      // `git symbolic-ref HEAD refs/tags/T`: HEAD, trusted to be a commit below, would name T's blob.
      return rest.filter((w) => !w.value.startsWith('-')).length > 1 ? refused('`git symbolic-ref` pointing HEAD elsewhere (a tag can name a blob)') : NONE;
    case 'config': {
      // log.follow makes `git log -p -- PATH` print the history of another path (--follow).
      if (!g.free && values.some((v) => /^log\.follow(=|$)/i.test(v))) return refused('`git config log.follow`, which makes a limited `git log -p` print other paths');
      const at = values.findIndex((v) => v === '--blob' || v.startsWith('--blob='));
      if (at === -1) return NONE;
      const blob = values[at]?.startsWith('--blob=') === true ? values[at].slice(7) : values[at + 1] ?? '';
      return pathLimited(name, [], [literalWord(blob)], g, root);
    }
    case 'stash':
      // `stash show -p`, `stash list -p`, `stash push -p`; `-u` and `-m` are not patch options here.
      return !g.free && opts.some((v) => v === '-p' || /^-U/.test(v) || PATCH_LONG.test(v)) ? refused('`git stash` with a patch option prints stashed contents') : NONE;
    case 'status':
    case 'commit':
    case 'add':
    case 'checkout':
    case 'restore':
    case 'reset':
      // `-v` puts the staged diff in the output (or the message file), `-p` shows hunks.
      return opts.some(interactiveOption) ? afterDashes(name, rest, g) : NONE;
    default:
      return NONE;
  }
}

/** Literal pathspecs after `--`, under `-C`; refused when there are none or one is not literal. */
function afterDashes(name: string, rest: readonly ShellWord[], g: Globals): GitHistory {
  if (g.problem !== null) return refused(`\`git ${name}\` with ${g.problem}`);
  const dash = rest.findIndex((w) => w.value === '--');
  const specs = dash === -1 ? [] : rest.slice(dash + 1);
  // No denied path in the store: whatever the pathspecs match, it is not denied.
  if (g.free) return NONE;
  if (specs.length === 0) return refused(`\`git ${name}\` in this form can print any file's contents from the repository's history or index`);
  const bad = specs.find((w) => !literalPath(w.value));
  if (bad !== undefined) return refused(`\`git ${name}\` with the pathspec \`${bad.value}\` (wildcards and \`:(magic)\` match paths the Read rules cannot judge here)`);
  return { kind: 'paths', paths: specs.map((w) => under(g.where, w)) };
}

const under = (where: string, w: ShellWord): ShellWord => (where === '' || w.value.startsWith('/') ? w : { ...w, value: `${where}/${w.value}` });

/** Words before `--` that are revisions (options and their separate values skipped). */
function revisionWords(name: string, rest: readonly ShellWord[]): { revs: ShellWord[]; opts: string[] } {
  const revs: ShellWord[] = [];
  const opts: string[] = [];
  const end = rest.findIndex((w) => w.value === '--');
  const before = end === -1 ? rest : rest.slice(0, end);
  let pattern = name === 'grep' && !before.some((w) => /^-[A-Za-z]*[ef]/.test(w.value) || w.value.startsWith('--regexp') || w.value === '--file');
  const separate = name === 'grep' ? /^(-[eABCmf]|--max-depth|--max-count|--regexp|--file|--after-context|--before-context|--context|--threads)$/ : /^(-[nSGOL]|--max-count|--skip|--author|--committer|--grep|--since|--until|--after|--before)$/;
  for (let k = 0; k < before.length; k++) {
    const v = (before[k] as ShellWord).value;
    if (v.startsWith('-') && v !== '-') {
      opts.push(v);
      if (separate.test(v)) k++;
    } else if (pattern) pattern = false;
    else revs.push(before[k] as ShellWord);
  }
  return { revs, opts };
}

/** `--follow` and `--full-diff` print other paths than the pathspecs (the file before a rename, the whole commit). */
function widening(name: string, opts: readonly string[], g: Globals): GitHistory | null {
  if (g.free) return null;
  const w = opts.find((v) => /^--(follow|full-diff)$/.test(v));
  return w === undefined ? null : refused(`\`git ${name} ${w}\` prints paths beyond the ones it is given`);
}

function contentForms(name: string, rest: readonly ShellWord[], g: Globals, root: string): GitHistory {
  const { revs, opts } = revisionWords(name, rest);
  const patch = opts.some(patchOption);
  if (name === 'diff' && opts.includes('--no-index')) return NONE; // files in the work tree, hidden by the sandbox and judged as reads
  if (name === 'cat-file') {
    const safe = /^(-[tse]|-Z|--batch-check(=.*)?|--batch-all-objects|--buffer|--unordered|--follow-symlinks|--allow-unknown-type|--(no-)?(use-)?mailmap)$/;
    // `-t`, `-s`, `-e`, `--batch-check` print types and sizes; anything else (`-p`, `cat-file blob X`) contents.
    if (opts.length > 0 && opts.every((v) => safe.test(v))) return NONE;
    if (opts.some((v) => v.startsWith('--batch'))) return refused('`git cat-file --batch` prints the objects its input names');
    return pathLimited(name, revs.filter((r) => !/^(blob|tree|commit|tag)$/.test(r.value)), [], g, root);
  }
  // Lifting the pathspec requirement does not reach notes (blobs named by commit) or a patch written to a file.
  const kept = opts.find((v) => /^--(output|notes|show-notes)(=|$)/.test(v));
  if (g.free && kept !== undefined) return refused(`\`git ${name} ${kept}\` prints notes or writes the patch to a file`);
  if (LOG_FAMILY.has(name)) {
    // Commits only: revisions cannot print a blob, so only the patch matters.
    if (!patch && name !== 'format-patch') return NONE;
    return widening(name, opts, g) ?? afterDashes(name, rest, g);
  }
  // show, diff, diff-tree, diff-index, diff-files, grep.
  const defaultPatch = name === 'show' || name === 'diff';
  const prints = name === 'grep' || patch || (defaultPatch && !suppressed(opts));
  if (!prints) {
    // `git show --stat TAG` still prints TAG when it names a blob.
    return name === 'show' ? pathLimited(name, revs, [], g, root, false) : NONE;
  }
  // `--all`, `--tags` …: refs naming a tree or a blob by itself (whose paths are not the ones judged).
  const refSet = opts.find((v) => /^--(all|branches|tags|remotes|glob|reflog|stdin|alternate-refs|indexed-objects|exclude|bisect|walk-reflogs)(=|$)/.test(v) || v === '-g');
  if (g.free && refSet !== undefined) return refused(`\`git ${name} ${refSet}\` can print objects that refs name by themselves`);
  const colon = revs.filter((r) => r.value.includes(':'));
  if (name !== 'grep' && revs.length > 0 && colon.length === revs.length && !rest.some((w) => w.value === '--')) return pathLimited(name, revs, [], g, root);
  const limited = widening(name, opts, g) ?? afterDashes(name, rest, g);
  if (limited.kind === 'refused') return limited;
  // Lifted pathspecs (`free`) leave the revisions to judge: an id or a tag can name a blob.
  const revsJudged = pathLimited(name, revs, [], g, root);
  if (revsJudged.kind === 'refused') return revsJudged;
  const paths = limited.kind === 'paths' ? limited.paths : [];
  return revsJudged.kind === 'paths' ? { kind: 'paths', paths: [...paths, ...revsJudged.paths], exact: revsJudged.exact ?? [] } : limited;
}

/** Every revision commit-only or `REV:path` with such a REV (`blobs` must be the latter); the paths to judge. */
function pathLimited(name: string, revs: readonly ShellWord[], blobs: readonly ShellWord[], g: Globals, root: string, content = true): GitHistory {
  if (g.problem !== null && content) return refused(`\`git ${name}\` with ${g.problem}`);
  const paths: ShellWord[] = [];
  for (const r of [...revs, ...blobs]) {
    const v = r.value;
    const colon = /^(:[0-3]:|:|([^:]+):)(.*)$/.exec(v);
    if (colon === null) {
      if (!blobs.includes(r) && (commitOnly(v) || (g.free && mergeBaseRange(v)))) continue;
      return refused(`\`git ${name}\` given \`${v}\`, which could name a file's contents by itself (write the revision as \`HEAD~N\` or \`NAME^{commit}\`, and file contents as \`REV:path\`)`);
    }
    const rev = colon[2];
    const path = colon[3] ?? '';
    if ((rev !== undefined && !commitOnly(rev)) || !literalPath(path) || path.startsWith('/')) {
      return refused(`\`git ${name}\` given \`${v}\`: file contents are judged only as \`REV:path\` with a literal path and a revision that can only be a commit`);
    }
    // Relative to the repository root (the workspace, or a repository at the `-C` directory or the
    // shell's directory), or to the current directory when written `./path`: judged at each.
    const rel = path === '' ? '.' : path;
    if (/^\.\.?(\/|$)/.test(rel)) paths.push(under(g.where, literalWord(rel)));
    else paths.push(literalWord(`${root}/${rel}`), under(g.where, literalWord(rel)));
  }
  if (paths.length === 0 && !content) return NONE;
  return EXACT.has(name) ? { kind: 'paths', paths: [], exact: paths } : { kind: 'paths', paths };
}

/** Where `REV:path` prints just that object: a blob, or a tree's names. */
const EXACT = new Set(['show', 'cat-file', 'config']);
