/**
 * Generators for the constructs where bash runs code the eye does not see as a command: array
 * subscripts evaluated as arithmetic wherever bash takes a variable *name* (`test -v`, `printf -v`,
 * `read`, `unset`, `declare`, `${!x}`, `${x:off}`, `(( ))`, `[[ -eq ]]`, array literals), every
 * operator of `${…}`, brace expansion, `select` and `coproc`. Every command they can make bash run
 * is a harmless marker (`echo WORD`, `true`, `printf`), so running a generated line is safe; the
 * differential test checks that the analysis lists every marker bash ran, or refuses the line.
 */
import fc from 'fast-check';

const pick = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);

/**
 * Values for the variables the features read: `v` and `w` may hold text with a subscript that runs
 * a marker when bash evaluates it as arithmetic or as a prompt string (`${v@P}`), `a` is an array.
 */
export const featureSetup: fc.Arbitrary<string> = fc
  .tuple(
    pick("v='a[$(echo vs)]'; ", "v='$(echo vp)'; ", 'v=x; ', 'v=1; ', ''),
    pick("w='a[$(echo ws)]'; ", 'w=1; ', 'w=v; ', "w='a[1]'; ", ''),
    pick('a=(1 2); ', 'a=(); ', ''),
  )
  .map(([v, w, a]) => v + w + a);

/** Text inside an operator of `${…}`: literals, or substitutions the analysis has to find. */
const OPERAND = pick('a', '*', '', '$(echo e1)', '`echo e2`', '"$(echo e3)"', '${w:-$(echo e4)}', '$((1))', '$w', "'$(echo no)'", '"x"');
/** Arithmetic text: bash evaluates the value of every name in it. */
const ARITH = pick('1', 'w', 'v', '$w', 'a[w]', 'a[$(echo ai)]', ' -1', '(1)', 'w+1', '${#v}', '$(echo 0)');

const expansion: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(pick('#', '##', '%', '%%', '^', '^^', ',', ',,', ':-', '-', ':=', '=', ':+', '+', '/', '//', '/#', '/%'), OPERAND, OPERAND).map(([op, x, y]) => (op.startsWith('/') ? `\${v${op}${x}/${y}}` : `\${v${op}${x}}`)),
  fc.tuple(pick('v', '@', 'a[@]'), ARITH, fc.option(ARITH, { nil: null })).map(([p, o, l]) => `\${${p}:${o}${l === null ? '' : `:${l}`}}`),
  pick('${!w}', '${!v}', '${!v*}', '${!a[@]}', '${a[@]}', '${#a[@]}', '${v@Q}', '${v@P}', '${v@A}', '${#v}', '${a[w]}', '${a[$(echo as)]}', '${a[v]:-d}', '${#a[w]}'),
  ARITH.map((e) => `$[${e}]`),
  ARITH.map((e) => `$((${e}))`),
);

/** A word using one feature, bare or double-quoted. */
export const featureWord: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(expansion, fc.boolean()).map(([e, q]) => (q ? `"${e}"` : e)),
  pick('{a,b}', '{1..2}', 'x{y,z}', '{e1,e2}$(echo be)'),
);

/** Names given to builtins that take a variable name (bash evaluates a subscript in them). */
const NAME = pick('x', 'a[1]', "'a[$(echo n1)]'", '"a[\\$(echo n2)]"', '"$w"', '$w', '"${w}"', 'a[w]', "'a[w]'");

const nameBuiltin: fc.Arbitrary<string> = fc.tuple(
  pick('test -v N', '[ -v N ]', '[[ -v N ]]', '[ ! -v N ]', 'printf -v N %s x', 'read N <<< x', 'read -a N <<< x', 'mapfile N </dev/null', 'readarray -t N </dev/null', 'unset N', 'unset -v N', 'declare N=1', 'typeset N', 'export N=1', 'let N=1', 'let N', 'getopts a N', 'wait -p N', 'f() { local N=1; }; f', '[[ N -eq 1 ]]', '[[ 1 -lt N ]]', '(( N ))', 'N=1', 'declare -a N=(1)'),
  NAME,
).map(([form, name]) => form.replaceAll('N', name));

/** A statement using one feature; `word` supplies ordinary words, `body` a nested list. */
export function featureStatement(word: fc.Arbitrary<string>, body: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const w = fc.oneof(word, featureWord);
  return fc.oneof(
    { weight: 3, arbitrary: nameBuiltin },
    fc.tuple(w, pick('==', '!=', '=~', '-eq', '-lt', '<', '-ne'), w).map(([a, op, b]) => `[[ ${a} ${op} ${b} ]]`),
    fc.tuple(pick('-n', '-z', '!', '-f', '-o'), w).map(([op, a]) => `[[ ${op} ${a} ]]`),
    fc.tuple(w, w).map(([a, b]) => `[[ ${a} && ${b} ]]`),
    ARITH.map((e) => `(( ${e} ))`),
    fc.tuple(ARITH, body).map(([e, b]) => `for (( i=${e}; i<0; i++ )); do ${b}; done`),
    fc.tuple(pick('a=(W W)', 'a[E]=W', 'a+=(W)', 'a=([E]=W)', 'declare -a a=(W)', 'declare -A m=([k]=W)', 'a=([E]=W [2]=W)'), w, ARITH).map(([form, x, e]) => form.replaceAll('W', x).replaceAll('E', e)),
    fc.tuple(pick('{echo,b1}', '{true,x}', 'e{ch,x}o b2', '{printf,%s}'), fc.array(w, { maxLength: 2 })).map(([head, args]) => [head, ...args].join(' ')),
    fc.tuple(pick('select s in a b', 'select s in W', 'select s'), w, body).map(([head, x, b]) => `${head.replace('W', x)}; do ${b}; done </dev/null`),
    fc.tuple(pick('coproc { B; }', 'coproc C { B; }', 'coproc echo c1', 'coproc C2 echo c2'), body).map(([form, b]) => form.replace('B', b)),
    fc.tuple(w, body).map(([x, b]) => `case ${x} in $(echo cp)|${x}) ${b};; esac`),
    fc.tuple(w).map(([x]) => `echo ${x}`),
  );
}
