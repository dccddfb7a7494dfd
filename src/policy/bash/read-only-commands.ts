/**
 * The built-in read-only commands, allowed without a rule as in Claude Code (`ls`, `cat`, `grep`,
 * `git status` …), but only in their read-only forms: `sort -o`, `sed -i`, `rg --pre`,
 * `git log --output`, `find -delete` are not. Their file operands are reported as reads, so Read
 * denies still apply. Network tools (`ping`, `nslookup`, `curl`) are never read-only.
 * Recursive *content* readers (`grep -r`, `rg`, `diff -r`) report trees, judged as reads of
 * everything beneath; listings (`ls -R`, `find`, `tree`, `du`) read names only and report the
 * directory itself.
 */
import type { SimpleCommand } from './bash-types.js';
import { checkAwk, checkFind, checkJq, checkSed } from './read-only-programs.js';
import { checkGit } from './read-only-git.js';
import { checkSpec, notReadOnly, readOnly, type CommandSpec, type ReadOnlyResult, type Resolve } from './read-only-spec.js';

const files = (spec: Omit<CommandSpec, 'operands'>): CommandSpec => ({ ...spec, operands: 'files' });
const inert = (operands: CommandSpec['operands'] = 'any'): CommandSpec => ({ operands, inert: true });

const SUM = files({ flags: 'bctwz', long: ['--check', '--tag', '--text', '--binary', '--quiet', '--status', '--strict', '--warn', '--zero', '--ignore-missing'], inert: true });

const SPECS: Readonly<Record<string, CommandSpec>> = {
  cat: files({ flags: 'AbeEnstTuv', long: ['--show-all', '--number-nonblank', '--number', '--squeeze-blank', '--show-ends', '--show-tabs', '--show-nonprinting'], inert: true }),
  head: files({ flags: 'qvz', valueFlags: 'cn', numeric: true, longValue: ['--bytes', '--lines'], long: ['--quiet', '--silent', '--verbose', '--zero-terminated'], inert: true }),
  tail: files({ flags: 'qvz', valueFlags: 'cn', numeric: true, longValue: ['--bytes', '--lines'], long: ['--quiet', '--silent', '--verbose', '--zero-terminated'], forbidden: { '-f': 'follows the file forever', '-F': 'follows the file forever', '--follow': 'follows the file forever' }, inert: true }),
  wc: files({ flags: 'clmwL', long: ['--bytes', '--chars', '--lines', '--words', '--max-line-length'], longValue: ['--total'], inert: true }),
  nl: files({ flags: 'p', valueFlags: 'bdfhilnsvw', inert: true }),
  tac: files({ flags: 'br', valueFlags: 's', inert: true }),
  rev: files({ inert: true }),
  od: files({ flags: 'bcdfilosvx', valueFlags: 'AjNStw', inert: true }),
  hexdump: files({ flags: 'bcCdovx', valueFlags: 'enst', inert: true }),
  xxd: { flags: 'aCEipu', valueFlags: 'cglosn', operands: 'files', maxOperands: 1, forbidden: { '-r': 'writes binary output (and patches files)' } },
  strings: files({ flags: 'afw', valueFlags: 'ntTe', inert: true }),
  fold: files({ flags: 'bs', valueFlags: 'w', inert: true }),
  fmt: files({ flags: 'cstu', valueFlags: 'wpg', inert: true }),
  column: files({ flags: 'xnJeLrt', valueFlags: 'csoNRHWlS', inert: true }),
  expand: files({ flags: 'i', valueFlags: 't', inert: true }),
  unexpand: files({ flags: 'a', valueFlags: 't', inert: true }),
  cut: files({ flags: 'nsz', valueFlags: 'bcdf', long: ['--complement', '--only-delimited', '--zero-terminated'], longValue: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'], inert: true }),
  paste: files({ flags: 'sz', valueFlags: 'd', inert: true }),
  comm: files({ flags: '123iz', long: ['--check-order', '--nocheck-order', '--total', '--zero-terminated'], longValue: ['--output-delimiter'], inert: true }),
  join: files({ flags: 'iz', valueFlags: 'aejotv12', inert: true }),
  tr: { flags: 'cCdst', operands: 'any', inert: true },
  uniq: { flags: 'cdDiuz', valueFlags: 'fsw', long: ['--count', '--repeated', '--ignore-case', '--unique', '--zero-terminated'], longValue: ['--skip-fields', '--skip-chars', '--check-chars'], longOptional: ['--all-repeated', '--group'], operands: 'files', maxOperands: 1 },
  sort: {
    flags: 'bdfgiMhnRrVcCmsuz', valueFlags: 'kSt', operands: 'files',
    long: ['--ignore-leading-blanks', '--dictionary-order', '--ignore-case', '--general-numeric-sort', '--ignore-nonprinting', '--month-sort', '--human-numeric-sort', '--numeric-sort', '--random-sort', '--reverse', '--version-sort', '--merge', '--stable', '--unique', '--zero-terminated', '--debug'],
    longValue: ['--key', '--field-separator', '--buffer-size', '--parallel', '--sort'], longOptional: ['--check'],
    forbidden: { '-o': 'writes its output to a file', '--output': 'writes its output to a file', '--compress-program': 'runs the program it names', '-T': 'writes temporary files to a directory it names', '--temporary-directory': 'writes temporary files to a directory it names', '--files0-from': 'reads its file list from a file', '--random-source': 'reads a file it names' },
  },
  diff: {
    flags: 'abBdeEfHiNnpqrstTuwyZ', valueFlags: 'CDFILUWxXS', operands: 'files', maxOperands: 2, recursive: ['-r', '--recursive'],
    long: ['--brief', '--recursive', '--new-file', '--ignore-case', '--ignore-all-space', '--ignore-space-change', '--ignore-blank-lines', '--text', '--side-by-side', '--strip-trailing-cr', '--normal', '--minimal', '--speed-large-files', '--suppress-common-lines', '--expand-tabs', '--initial-tab', '--show-c-function', '--report-identical-files', '--no-dereference', '--unidirectional-new-file', '--ignore-tab-expansion', '--ignore-trailing-space', '--suppress-blank-empty', '--left-column'],
    longValue: ['--exclude', '--label', '--width', '--show-function-line', '--ignore-matching-lines', '--horizon-lines', '--tabsize'], longOptional: ['--unified', '--context', '--color'],
    forbidden: { '--from-file': 'compares against a file list it names', '--to-file': 'compares against a file list it names', '--exclude-from': 'reads patterns from a file' },
  },
  cmp: files({ flags: 'blsz', valueFlags: 'in', inert: true, maxOperands: 4 }),
  md5sum: SUM, sha1sum: SUM, sha256sum: SUM, sha512sum: SUM,
  cksum: files({ inert: true }),
  base64: { flags: 'di', valueFlags: 'w', long: ['--decode', '--ignore-garbage'], longValue: ['--wrap'], operands: 'files', maxOperands: 1 },
  file: {
    flags: 'bcEhiIkLlNnprsvzZ0S', valueFlags: 'eFP', operands: 'files', long: ['--brief', '--mime', '--mime-type', '--mime-encoding', '--dereference', '--no-dereference', '--keep-going', '--special-files', '--uncompress', '--no-pad', '--print0', '--raw', '--preserve-date'],
    forbidden: { '-m': 'loads a magic file it names', '--magic-file': 'loads a magic file it names', '-f': 'reads its file list from a file', '--files-from': 'reads its file list from a file', '-C': 'compiles (writes) a magic file', '--compile': 'compiles (writes) a magic file' },
  },
  stat: files({ flags: 'LftZ', valueFlags: 'c', long: ['--dereference', '--file-system', '--terse'], longValue: ['--format', '--printf', '--cached'], inert: true }),
  du: files({ flags: '0abcDhHklLmsSxPt', valueFlags: 'dBtX', long: ['--all', '--apparent-size', '--bytes', '--total', '--dereference-args', '--human-readable', '--si', '--count-links', '--dereference', '--separate-dirs', '--summarize', '--one-file-system', '--null', '--no-dereference', '--inodes'], longValue: ['--max-depth', '--block-size', '--threshold', '--exclude', '--time-style'], longOptional: ['--time'], defaultsToCwd: true, inert: true }),
  df: files({ flags: 'ahHiklPTx', valueFlags: 'BtxF', long: ['--all', '--human-readable', '--si', '--inodes', '--local', '--portability', '--print-type', '--total', '--sync', '--no-sync'], longValue: ['--block-size', '--type', '--exclude-type'], longOptional: ['--output'], inert: true }),
  tree: files({ flags: 'adfilpsughDFqNQrtvUxCAS', valueFlags: 'LPIH', long: ['--noreport', '--dirsfirst', '--filesfirst', '--prune', '--du', '--gitignore', '--matchdirs', '--ignore-case', '--si'], longValue: ['--charset', '--filelimit', '--sort', '--timefmt'], forbidden: { '-o': 'writes its output to a file', '-R': 'writes index files into directories', '--fromfile': 'reads its listing from files' }, defaultsToCwd: true }),
  ls: files({
    flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvwxXZ1', valueFlags: 'ITw', defaultsToCwd: true, inert: true,
    long: ['--all', '--almost-all', '--author', '--escape', '--directory', '--classify', '--file-type', '--full-time', '--group-directories-first', '--no-group', '--human-readable', '--si', '--dereference', '--dereference-command-line', '--inode', '--kibibytes', '--literal', '--numeric-uid-gid', '--hide-control-chars', '--show-control-chars', '--quote-name', '--recursive', '--reverse', '--size', '--context', '--zero'],
    longValue: ['--block-size', '--format', '--hide', '--ignore', '--indicator-style', '--quoting-style', '--sort', '--time', '--time-style', '--tabsize', '--width'], longOptional: ['--color', '--colour', '--hyperlink'],
  }),
  grep: grepSpec(), egrep: grepSpec(), fgrep: grepSpec(),
  rg: {
    flags: 'abcFHhiIlLnNopqsSuvVwxUP0', valueFlags: 'ABCegtTmMjEfr', operands: 'pattern-files', patternOptions: ['-e', '--regexp', '-f', '--file'], recursive: 'always', defaultsToCwd: true,
    long: ['--files', '--files-with-matches', '--files-without-match', '--count', '--count-matches', '--fixed-strings', '--ignore-case', '--smart-case', '--case-sensitive', '--invert-match', '--word-regexp', '--line-regexp', '--line-number', '--no-line-number', '--column', '--no-heading', '--heading', '--hidden', '--no-ignore', '--no-ignore-vcs', '--no-ignore-dot', '--follow', '--json', '--vimgrep', '--only-matching', '--quiet', '--multiline', '--multiline-dotall', '--pcre2', '--no-messages', '--stats', '--sort-files', '--trim', '--with-filename', '--no-filename', '--null', '--unrestricted', '--text', '--binary', '--passthru', '--debug', '--type-list', '--no-config', '--crlf', '--byte-offset', '--no-unicode', '--one-file-system', '--glob-case-insensitive', '--include-zero', '--max-columns-preview'],
    longValue: ['--regexp', '--file', '--glob', '--iglob', '--type', '--type-not', '--max-count', '--max-depth', '--max-filesize', '--max-columns', '--threads', '--after-context', '--before-context', '--context', '--context-separator', '--field-match-separator', '--encoding', '--sort', '--sortr', '--replace', '--path-separator', '--type-add', '--color', '--colors', '--engine'],
    forbidden: { '--pre': 'runs a preprocessor program', '--pre-glob': 'runs a preprocessor program', '-z': 'runs decompression programs', '--search-zip': 'runs decompression programs', '--hostname-bin': 'runs the program it names', '--ignore-file': 'reads an ignore file it names' },
  },
  echo: inert(), printf: inert(), test: inert(), '[': inert(), '[[': inert(), true: inert(), false: inert(), ':': inert(),
  pwd: { flags: 'LP', operands: 'none' }, whoami: inert('none'), id: inert(), uname: inert(), nproc: inert(), arch: inert('none'),
  basename: inert(), dirname: inert(), realpath: inert(), readlink: inert(), which: inert(), type: inert(), seq: inert(), expr: inert(), sleep: inert(),
  hostname: { flags: 'aAdfiIsy', long: ['--fqdn', '--short', '--all-ip-addresses', '--ip-address'], operands: 'none' },
  date: { flags: 'uIR', valueFlags: 'dr', long: ['--utc', '--universal', '--rfc-email', '--debug'], longValue: ['--date', '--reference'], longOptional: ['--iso-8601', '--rfc-3339'], operands: 'any', forbidden: { '-s': 'sets the clock', '--set': 'sets the clock', '-f': 'reads dates from a file', '--file': 'reads dates from a file' } },
  // Shell builtins that only change the shell's own state (unsafe variables are refused earlier).
  unset: inert(), shopt: inert(),
  read: inert(), mapfile: inert(), readarray: inert(), shift: inert(), wait: inert(), break: inert(), continue: inert(), return: inert(),
  exit: inert(), getopts: inert(), unalias: inert(), jobs: inert(), times: inert(), trap: inert(), alias: inert(), dirs: inert(),
  exec: inert('none'), umask: { flags: 'pS', operands: 'none' },
};

function grepSpec(): CommandSpec {
  return {
    flags: 'EFGPcHhiIlLnoqrRsTUvVwxyZzab', valueFlags: 'ABCDdefm', operands: 'pattern-files', patternOptions: ['-e', '--regexp', '-f', '--file'],
    recursive: ['-r', '-R', '--recursive', '--dereference-recursive'], recursiveValues: { '-d': ['recurse'], '--directories': ['recurse'] }, defaultsToCwd: 'recursive',
    long: ['--extended-regexp', '--fixed-strings', '--basic-regexp', '--perl-regexp', '--count', '--with-filename', '--no-filename', '--ignore-case', '--no-ignore-case', '--files-with-matches', '--files-without-match', '--line-number', '--only-matching', '--quiet', '--silent', '--recursive', '--dereference-recursive', '--no-messages', '--invert-match', '--word-regexp', '--line-regexp', '--null', '--null-data', '--text', '--byte-offset', '--line-buffered', '--initial-tab'],
    longValue: ['--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--exclude-dir', '--exclude-from', '--label', '--binary-files', '--devices', '--directories'],
    longOptional: ['--color', '--colour'],
    // grep has no option that writes or runs anything, so globs and piped file names are harmless.
    inert: true,
  };
}

/** Is this command read-only, and what does it read? `resolve` gives the values of dynamic words. */
export function readOnlyForm(cmd: SimpleCommand, resolve: Resolve, workspace: string): ReadOnlyResult {
  const [name, ...args] = cmd.words;
  if (name === undefined || name.dynamic) return notReadOnly('it has no static command name');
  // A path-qualified name may be a planted binary (`./ls`): only bare names are built-ins.
  if (name.value.includes('/')) return notReadOnly(`\`${name.value}\` is run by path`);
  switch (name.value) {
    case 'git':
      return checkGit(args, resolve, workspace);
    case 'sed':
      return checkSed(args, resolve);
    case 'awk':
    case 'gawk':
    case 'mawk':
      return checkAwk(name.value, args, resolve);
    case 'find':
      return checkFind(args, resolve);
    case 'jq':
      return checkJq(args, resolve);
    case 'cd':
    case 'pushd':
      return args.length > 1 ? notReadOnly(`\`${name.value}\` with options`) : readOnly();
    case 'popd':
      return readOnly();
    case 'command':
      return args.length >= 1 && /^-[vV]$/.test(args[0]?.value ?? '') ? readOnly() : notReadOnly('`command` without -v');
    case 'trap':
      return readOnly(); // with a payload it is a wrapper, and the payload is judged
    case 'set':
    case 'export':
    case 'declare':
    case 'typeset':
    case 'readonly':
    case 'local':
      // Without operands, or with -p, these print every variable: secrets in the environment too.
      if (name.value === 'set' ? args.length === 0 : args.every((w) => w.value.startsWith('-')) || args.some((w) => /^-[a-zA-Z]*p/.test(w.value))) {
        return notReadOnly(`\`${[name.value, ...args.map((w) => w.value)].join(' ')}\` prints the variables of the shell, secrets included`);
      }
      return readOnly();
    default: {
      const spec = SPECS[name.value];
      if (spec === undefined) return notReadOnly(`\`${name.value}\` is not a built-in read-only command`);
      return checkSpec(name.value, args, spec, resolve);
    }
  }
}
