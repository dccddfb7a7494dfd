/**
 * fast-check arbitraries for Bash command lines built only from harmless marker commands (`echo`,
 * `printf`, `true`, `false`, `:`, `cat /dev/null`, `[ a = a ]`), combined with every construct the
 * analysis has to read: lists, pipelines, subshells, groups, substitutions, loops, `if`, `case`,
 * functions, redirections to /dev/null, here-strings, heredocs, comments, continuations, quoting
 * of every kind, blank lines, tabs and CRLF. Running any generated line can only print or read
 * /dev/null: no word ever becomes a command name except through the fixed marker forms.
 */
import fc from 'fast-check';
import { featureSetup, featureStatement, featureWord } from './bash-line-features.js';

/**
 * A piece of source and the heredoc bodies it has opened: they must follow the next newline, so
 * every combinator that writes a newline (or closes a compound) flushes them there.
 */
export interface Frag {
  src: string;
  heredocs: string[];
}

const frag = (src: string, heredocs: string[] = []): Frag => ({ src, heredocs });
const pick = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
/** `arb` one time in `n`, otherwise `none` (fc.option's `freq` counts the other way). */
const rarely = <T, N>(arb: fc.Arbitrary<T>, n: number, none: N): fc.Arbitrary<T | N> => fc.oneof({ weight: n - 1, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: arb });

/** Writes `a`, then `sep`; after sep's first newline, the bodies `a` opened. */
function joinAt(a: Frag, sep: string, b: Frag): Frag {
  const nl = sep.indexOf('\n');
  if (nl === -1 || a.heredocs.length === 0) return nl === -1 ? frag(a.src + sep + b.src, [...a.heredocs, ...b.heredocs]) : frag(a.src + sep + b.src, b.heredocs);
  return frag(a.src + sep.slice(0, nl + 1) + a.heredocs.join('') + sep.slice(nl + 1) + b.src, b.heredocs);
}

/** Ends a body before a closing keyword: pending heredocs need a newline before it. */
function close(open: string, body: Frag, end: string, closer: string): Frag {
  if (body.heredocs.length > 0) return frag(`${open}${body.src}\n${body.heredocs.join('')}${closer}`);
  return frag(`${open}${body.src}${end}${closer}`);
}

const chars = (alphabet: string, max = 6): fc.Arbitrary<string> => fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((xs) => xs.join(''));

const BARE = pick('a', 'hi', 'x', '-n', '-e', '--', '%s', 'a=b', '#x', 'a#b', '}', '{', '!', 'fi', 'done', 'then', 'esac', 'in', 'do', ']', '1', 'a.b', '/dev/null', 'x:y', 'a,b', '@', '+x');
/** Contents that are inert inside each kind of quote (no expansion can run). */
const SINGLE = chars('ab ;|&#\n\t"$`\\(){}<>*');
const DOUBLE = fc.array(pick('a', 'b', ' ', ';', '|', '&', '#', '\n', '\t', "'", '(', ')', '{', '}', '<', '>', '\\"', '\\$', '\\\\', '\\`', '\\a'), { maxLength: 6 }).map((xs) => xs.join(''));
const ANSI = fc.array(pick('a', 'b', ' ', ';', '|', '&', '#', '"', '\\n', '\\t', "\\'", '\\\\', '\\x41', '\\073', '\\e'), { maxLength: 6 }).map((xs) => xs.join(''));
const ESCAPED = pick(...';|&#() <>{}\'"$`!*'.split('').map((c) => `\\${c}`));

const literalPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: BARE },
  SINGLE.map((s) => `'${s}'`),
  DOUBLE.map((s) => `"${s}"`),
  ANSI.map((s) => `$'${s}'`),
  ESCAPED,
);
/** A word with no expansion: one to three quoted or bare parts run together. */
export const literalWord: fc.Arbitrary<string> = fc.array(literalPart, { minLength: 1, maxLength: 3 }).map((ps) => ps.join(''));

/** Ways to spell a marker's name: quoting a name does not change what runs. */
const NAME = pick('echo', 'echo', 'printf', 'true', ':', 'false', "'echo'", '"echo"', '\\echo', 'ec"ho"', "e'c'ho", 'command echo', 'builtin echo');
const SPACE = fc.oneof({ weight: 8, arbitrary: fc.constant(' ') }, pick('\t', '  ', ' \\\n'));
const REDIRECT = pick('>/dev/null', '2>/dev/null', '2>&1', '</dev/null', '&>/dev/null', '>>/dev/null', '>| /dev/null', '1>&2', '<<<hi', "<<< 'a b'", '<<<"$(echo hs)"');
const DELIM = pick('E', 'EOF', "'E'", '"E"', '\\E', 'E_1');

/** A heredoc opener and its body; body lines look like commands, some like the delimiter. */
const heredoc: fc.Arbitrary<Frag> = fc
  .tuple(pick('<<', '<<-', '<< '), DELIM, fc.array(pick('echo body', 'hi there', '$(echo hd)', '`echo hd`', ' E', 'E ', '\tE', 'EE', '#c', '\\', "'", 'echo $x', 'E;', ')', '}'), { maxLength: 3 }))
  .map(([op, delim, lines]) => {
    const word = delim.replace(/['"\\]/g, '');
    const tab = op === '<<-' ? '\t' : '';
    return frag(`${op}${delim}`, [lines.map((l) => `${tab}${l}\n`).join('') + `${tab}${word}\n`]);
  });

/** A simple marker command with words and redirections (no substitutions: see `word`). */
function simple(word: fc.Arbitrary<Frag>): fc.Arbitrary<Frag> {
  const fixed = pick('cat /dev/null', '[ a = a ]', 'test -n a', 'cat', "eval 'echo ev'", "eval echo ev2 '&&' true", "bash -c 'echo bc; true'", 'v=1');
  const generic = fc.tuple(rarely(pick('v=1 ', 'v="a b" ', "v=$'x' ", 'v= '), 6, ''), NAME, fc.array(fc.tuple(SPACE, word), { maxLength: 3 }), rarely(fc.tuple(SPACE, REDIRECT), 4, null));
  return fc
    .tuple(fc.oneof({ weight: 5, arbitrary: generic }, fixed), rarely(fc.tuple(pick(' ', ''), heredoc), 8, null))
    .map(([cmd, doc]) => {
      let out: Frag;
      if (typeof cmd === 'string') out = frag(cmd === 'cat' && doc === null ? 'cat </dev/null' : cmd);
      else {
        const [assign, name, args, redir] = cmd;
        out = frag(assign + name, args.flatMap(([, w]) => w.heredocs));
        for (const [sp, w] of args) out.src += sp + w.src;
        if (redir !== null) out.src += redir[0] + redir[1];
      }
      if (doc === null) return out;
      return frag(`${out.src} ${doc[0]}${doc[1].src}`, [...out.heredocs, ...doc[1].heredocs]);
      return out;
    });
}

const SEP = pick('; ', ' && ', ' || ', ' & ', '\n', ';\n', ' &&\n', ' ||\n', '\n\n', ' # c\n', '\n# c; echo no\n', ';', '&', ' ;\t');
const PIPE = pick(' | ', ' |& ', '|', ' |\n', ' | \\\n');
const END = pick('; ', '\n', ';\n', ' & ', ';', '\n\n', ' # c\n');
/** Ends a loop or `if` head: never `&`, which would make `while false &` loop for ever. */
const HEAD_END = pick('; ', '\n', ';\n', ';', '\n\n', ' # c\n');

export interface LineArbitraries {
  list: fc.Arbitrary<Frag>;
  line: fc.Arbitrary<string>;
}

/**
 * Command lines nested up to `depth` compound levels. With `features`, lines also use the
 * constructs of bash-line-features.ts (name-taking builtins, `${…}` operators, `[[ ]]`, `(( ))`,
 * arrays, brace expansion, `select`, `coproc`), after a prefix that sets the variables they read.
 */
export function bashLines(depth: number, features = false): LineArbitraries {
  const lists: Array<fc.Arbitrary<Frag>> = [];
  for (let d = 0; d <= depth; d++) lists.push(listAt(d, d === 0 ? null : (lists[d - 1] as fc.Arbitrary<Frag>), features));
  const list = lists[depth] as fc.Arbitrary<Frag>;
  const line = fc.tuple(pick('', '', '\n', '# lead\n', '\t', ' \\\n'), list, pick('', '', '', ';', ' &', '\n', ' # tail', '\n\n', ' ;', ' # c \\'), fc.nat(49).map((n) => n === 0), features ? featureSetup : fc.constant('')).map(([lead, body, tail, crlf, setup]) => {
    const out = joinAt(body, tail, frag(''));
    const src = setup + lead + out.src + (out.heredocs.length === 0 ? '' : `\n${out.heredocs.join('')}`);
    return crlf ? src.replaceAll('\n', '\r\n') : src;
  });
  return { list, line };
}

function listAt(d: number, inner: fc.Arbitrary<Frag> | null, features: boolean): fc.Arbitrary<Frag> {
  const sub: fc.Arbitrary<Frag> = inner === null ? fc.constant(frag('echo s')) : inner;
  const substitution: fc.Arbitrary<Frag> = fc.oneof(
    pick('$x', '"$x"', '$((1+1))', '${v:-d}').map((w) => frag(w)),
    fc.tuple(pick('$(', '"$(', 'x$(', '<('), sub, pick('', '\n')).map(([open, s, end]) => close(open, s, end, open === '"$(' ? ')"' : open === 'x$(' ? ')y' : ')')),
    pick('`echo bt`', '`true`', '"`echo q`"', '`printf %s a`', '`echo a; echo b`', '`echo "a b"`').map((w) => frag(w)),
  );
  const plainWord = fc.oneof({ weight: 5, arbitrary: literalWord.map((w) => frag(w)) }, substitution);
  const word = features ? fc.oneof({ weight: 2, arbitrary: plainWord }, featureWord.map((w) => frag(w))) : plainWord;
  const cmd = simple(word);
  const pipeline = fc.tuple(rarely(fc.constant('! '), 6, ''), cmd, fc.array(fc.tuple(PIPE, cmd), { maxLength: 2 })).map(([bang, first, rest]) => rest.reduce((acc, [p, c]) => joinAt(acc, p, c), frag(bang + first.src, first.heredocs)));
  const compound: Array<fc.Arbitrary<Frag>> = [];
  if (inner !== null) {
    const body = inner;
    const compoundRedir = rarely(pick(' >/dev/null', ' 2>&1', ' </dev/null', ' | cat'), 4, '');
    compound.push(
      fc.tuple(body, pick('', '\n', ' '), compoundRedir).map(([b, sp, r]) => close(`(${sp}`, b, sp, `)${r}`)),
      fc.tuple(body, END, compoundRedir).map(([b, e, r]) => close('{ ', b, e, `}${r}`)),
      fc.tuple(body, HEAD_END, body, END, rarely(body, 3, null)).map(([c, e1, t, e2, el]) => {
        const head = close('if ', c, e1, 'then ');
        const then = close(head.src, t, e2, el === null ? 'fi' : 'else ');
        return el === null ? then : close(then.src, el, e2, 'fi');
      }),
      fc.tuple(pick('while false', 'until true', 'while ! true'), HEAD_END, body, END).map(([h, e1, b, e2]) => close(`${h}${e1}do `, b, e2, 'done')),
      fc.tuple(pick('for x in a b', 'for x in "a b" c', 'for x', 'for x in'), HEAD_END, body, END).map(([h, e1, b, e2]) => close(`${h}${e1}do `, b, e2, 'done')),
      fc.tuple(pick('a', '"a"', 'x', "'*'", '$x'), body, pick(';;', ';&', ';;&'), body, pick(' ', '\n')).map(([w, b1, t, b2, sp]) => {
        const first = close(`case ${w} in${sp}a|x) `, b1, sp, `${t}${sp}`);
        return close(`${first.src}*) `, b2, ' ', `;;${sp}esac`);
      }),
      fc.tuple(pick('f() ', 'function f ', 'function f() ', 'f ()\n'), body, END, pick('; f', '\nf', ' && f', '; f | cat', '; f a b')).map(([h, b, e, call]) => {
        const def = close(`${h}{ `, b, e, '}');
        return frag(def.src + call);
      }),
      fc.tuple(body).map(([b]) => close('v=$(', b, '', ')')),
    );
  }
  const arms = [{ weight: 3, arbitrary: pipeline }];
  if (compound.length > 0) arms.push({ weight: 1, arbitrary: fc.oneof(...compound) });
  if (features) {
    // Bodies without heredocs: a feature statement closes on the same line.
    const body = sub.filter((f) => f.heredocs.length === 0).map((f) => f.src);
    arms.push({ weight: 4, arbitrary: featureStatement(literalWord, body).map((src) => frag(src)) });
  }
  const statement = arms.length === 1 ? pipeline : fc.oneof(...arms);
  return fc.tuple(statement, fc.array(fc.tuple(SEP, statement), { maxLength: 2 })).map(([first, rest]) => rest.reduce((acc, [s, c]) => joinAt(acc, s, c), first));
}
