/**
 * Lines that define aliases and then use them, for the differential test against real bash and
 * dash (issue 31, item 1): an alias whose value ends in `eval ` turns `true 'echo m4'` into
 * `eval 'echo m4'`, so the shell runs `echo m4`, which the line does not say. Definitions come as
 * `alias`, through `eval`, `command` and (bash) `BASH_ALIASES`; uses on a later line, in an `eval`
 * string, a command substitution, a function body, after a wrapper alias ending in a space (the
 * trailing-space rule). Bash lines sometimes turn alias expansion on (`shopt`, POSIX mode); dash
 * always expands. Every command a line can run is a harmless marker; the alias names (`true`,
 * `false`) stay silent when an alias does not apply, so dash's trace on stderr stays clean, and the
 * marker `echo` is never an alias.
 */
import fc from 'fast-check';

const pick = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);

export type AliasShell = 'bash' | 'dash';

/** A marker only an expanded alias runs: uses carry `echo mN` (N from 4 to 8) only as data. */
export const EXPANDED_MARKER = /^m[4-8]$/;

function definition(shell: AliasShell): fc.Arbitrary<string> {
  const value = shell === 'bash'
    ? pick("'eval '", "'command eval '", "'builtin eval '", "'true '", "'command '", "'echo m1'", "'eval'", "'echo m2; eval '")
    : pick("'eval '", "'command eval '", "'true '", "'command '", "'echo m1'", "'eval'", "'echo m2; eval '");
  const pair = fc.tuple(pick('true', 'false'), value).map(([n, v]) => `${n}=${v}`);
  const plain = fc.array(pair, { minLength: 1, maxLength: 2 }).map((ps) => `alias ${ps.join(' ')}`);
  const forms = [plain, plain.map((a) => `command ${a}`), plain.map((a) => `eval "${a}"`)];
  if (shell === 'bash') forms.push(fc.tuple(pick('true', 'false'), value).map(([n, v]) => `BASH_ALIASES[${n}]=${v}`));
  return fc.oneof(...forms);
}

const use: fc.Arbitrary<string> = fc.tuple(pick('true', 'false'), pick('true', 'false')).chain(([a, b]) =>
  pick(`${a} 'echo m4'`, `${a} ${b} 'echo m5'`, `eval "${a} 'echo m6'"`, `x=$(${a} 'echo m7')`, `f() { ${a} 'echo m8'; }; f`),
);

/**
 * One line: a switch that turns alias expansion on (bash, usually), definitions, then uses, more
 * definitions and noise, mostly on separate lines (a shell applies an alias from the next line).
 */
export function aliasLines(shell: AliasShell): fc.Arbitrary<string> {
  const def = definition(shell);
  const statement = fc.oneof({ weight: 1, arbitrary: def }, { weight: 3, arbitrary: use }, { weight: 1, arbitrary: pick('echo m9', 'unalias -a') });
  const on = shell === 'bash' ? pick('shopt -s expand_aliases', 'shopt -s expand_aliases', 'set -o posix', '') : pick('');
  const sep = pick('\n', '\n', '; ');
  return fc
    .tuple(on, fc.array(fc.tuple(def, sep), { minLength: 1, maxLength: 2 }), fc.array(fc.tuple(statement, sep), { minLength: 1, maxLength: 3 }))
    .map(([first, defs, rest]) => [first === '' ? '' : `${first}\n`, ...[...defs, ...rest].map(([s, e]) => s + e)].join('').trimEnd());
}
