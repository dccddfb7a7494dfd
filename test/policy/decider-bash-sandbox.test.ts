/**
 * Issue 31, item 11: read-only commands over names the analyser cannot see (`xargs`, `$(…)`) and
 * recursive reads are allowed where the sandbox is the wall for reads (`sandbox.mode: required`,
 * the default: it hides whatever the Read deny rules match), and refused where it is off. Writes
 * and programs that are not read-only stay refused either way. And `cd` sequences that stay in the
 * workspace are allowed however they are joined, while a `cd` that may leave it, or that may not
 * run or not succeed, keeps its old treatment.
 */
import { describe, expect, it } from 'vitest';
import { decide, makeFixture, policyOf } from './policy-fixture.js';

const fx = makeFixture({ 'src/a.test.ts': 'describe()', 'src/b.ts': '// TODO', '.env': 'TOKEN=1', 'secrets/key': 'k' });
const READ_ONLY = { deny: ['Read(.env)', 'Read(secrets/**)'] };

type Outcome = 'allow' | 'deny';
/** A command, and its decision with the sandbox on and with it off. */
type Row = [command: string, on: Outcome, off: Outcome];

const UNSEEN_NAMES: Row[] = [
  ["find src -name '*.test.ts' | xargs grep -l describe", 'allow', 'deny'],
  ["git diff HEAD --name-only | grep '\\.ts$' | xargs wc -l", 'allow', 'deny'],
  ['wc -l $(git ls-files src)', 'allow', 'deny'],
  ['grep -r TODO .', 'allow', 'deny'],
  ['rg -l TODO', 'allow', 'deny'],
  ['cat $(git ls-files) | wc -l', 'allow', 'deny'],
  // The sandbox shows the denied file empty: the analyser need not judge the name.
  ['echo .env | xargs cat', 'allow', 'deny'],
];

/** A pipeline the sandbox would allow must never write outside the policy or run a program that is not read-only. */
const STILL_REFUSED: Row[] = [
  ['find . | xargs rm', 'deny', 'deny'],
  ['find . | xargs sh -c', 'deny', 'deny'],
  ["find . | xargs sh -c 'rm \"$@\"' sh", 'deny', 'deny'],
  ['find . | xargs -I{} cp {} /tmp', 'deny', 'deny'],
  ['git ls-files | xargs sed -i s/a/b/', 'deny', 'deny'],
  ['find . | xargs node', 'deny', 'deny'],
  ['find . | xargs tee out.txt', 'deny', 'deny'],
  ['find . | xargs sort -o out.txt', 'deny', 'deny'],
  ['cat $(git ls-files) > out.txt', 'deny', 'deny'],
  ['rm $(git ls-files src)', 'deny', 'deny'],
  ['sort -o $(echo out.txt) src/b.ts', 'deny', 'deny'],
  ['grep -r TODO ..', 'deny', 'deny'],
  ['grep -r TODO /', 'deny', 'deny'],
  ['cd $(echo ..); cat b.ts', 'deny', 'deny'],
  ['cat ~/.ssh/id_rsa', 'deny', 'deny'],
  ['cat .env', 'deny', 'deny'],
  // A name from the input may be an option or a find expression that writes.
  ['echo -fprint pwned | xargs find', 'deny', 'deny'],
  ['echo -delete | xargs find .', 'deny', 'deny'],
  ['find $(echo -delete)', 'deny', 'deny'],
  ['X=-fprint; find "$X" pwned', 'deny', 'deny'],
  ['echo -opwned | xargs sort src/b.ts', 'deny', 'deny'],
  ['echo --output=pwned | xargs git log', 'deny', 'deny'],
  ['echo -i | xargs sed s/a/b/ src/b.ts', 'deny', 'deny'],
  ['echo --pre=./x.sh | xargs rg TODO', 'deny', 'deny'],
  ['echo rm pwned | xargs env', 'deny', 'deny'],
  ["echo 'BEGIN{system(\"touch pwned\")}' | xargs awk", 'deny', 'deny'],
  // git reads its object store, where the sandbox hides nothing: its reads stay the analyser's.
  ['git grep TOKEN HEAD', 'deny', 'deny'],
  ['echo .env | xargs git log -p', 'deny', 'deny'],
  ['git log -p $(echo .env)', 'deny', 'deny'],
];

const CD: Row[] = [
  ['cd src; cd ..; ls', 'allow', 'allow'],
  ['cd src\ncd ..\nls', 'allow', 'allow'],
  ['cd src && cd .. && ls', 'allow', 'allow'],
  ['cd src && ls; cd ..; ls', 'allow', 'allow'],
  ['cd src || exit 1; cd ..; ls', 'allow', 'allow'],
  ['(cd src; cd ..; ls)', 'allow', 'allow'],
  ['{ cd src; cd ..; }; ls', 'allow', 'allow'],
  ['cd src 2>/dev/null; cd .. >/dev/null 2>&1; ls', 'allow', 'allow'],
  ['cd src; ls; cd ..; cat src/b.ts', 'allow', 'allow'],
  // A cd that leaves the workspace, or goes where the line does not say.
  ['cd /; ls', 'deny', 'deny'],
  ['cd ..; ls', 'deny', 'deny'],
  ['cd src; cd ../..; ls', 'deny', 'deny'],
  ['cd $DIR; cat b.ts', 'deny', 'deny'],
  ['cd src; cd -; cat b.ts', 'deny', 'deny'],
  // A cd that may not run, may not succeed, or runs in another shell: the old directory stays possible.
  ['cd nosuchdir; cd ..; ls', 'deny', 'deny'],
  ['cd nosuchdir && ls; cd ..; ls', 'deny', 'deny'],
  ['ls && cd src; cd ..; ls', 'deny', 'deny'],
  ['cd src/b.ts; cd ..; ls', 'deny', 'deny'],
  ['(cd src); cd ..; ls', 'deny', 'deny'],
  ['x=$(cd src); cd ..; ls', 'deny', 'deny'],
  ['cd src | true; cd ..; ls', 'deny', 'deny'],
  ['cd src & cd ..; ls', 'deny', 'deny'],
  ['true || cd src; cd ..; ls', 'deny', 'deny'],
  ['false && cd src; cd ..; ls', 'deny', 'deny'],
  ['if false; then cd src; fi; cd ..; ls', 'deny', 'deny'],
  ["sh -c 'cd src'; cd ..; ls", 'deny', 'deny'],
  ["eval 'cd src'; cd ..; ls", 'deny', 'deny'],
  ['! cd src; cd ..; ls', 'deny', 'deny'],
  ['cd -@ src; cd ..; ls', 'deny', 'deny'],
];

describe.each([
  ['sandbox on', 1],
  ['sandbox off', 2],
] as const)('%s', (_title, column) => {
  const policy = policyOf(fx, column === 1 ? READ_ONLY : { ...READ_ONLY, sandbox: 'off' });
  const table = (rows: Row[]): Array<[string, Outcome]> => rows.map((r) => [r[0], r[column]]);

  it.each(table(UNSEEN_NAMES))('read-only over unseen names: %s → %s', async (command, expected) => {
    const d = await decide(await policy, fx, 'Bash', { command });
    expect(d.behavior, d.reason).toBe(expected);
  });

  it.each(table(STILL_REFUSED))('writes and other programs: %s → %s', async (command, expected) => {
    const d = await decide(await policy, fx, 'Bash', { command });
    expect(d.behavior, d.reason).toBe(expected);
  });

  it.each(table(CD))('cd: %s → %s', async (command, expected) => {
    const d = await decide(await policy, fx, 'Bash', { command });
    expect(d.behavior, d.reason).toBe(expected);
  });
});

describe('with the sandbox on, the other modes', () => {
  it('plan mode runs a read-only pipeline over unseen names', async () => {
    const plan = await policyOf(fx, { ...READ_ONLY, mode: 'plan' });
    expect((await decide(plan, fx, 'Bash', { command: 'git ls-files -z src | xargs -0 wc -l; find src | xargs grep -l TODO' })).behavior).toBe('allow');
  });

  it('acceptEdits: a line that may have moved the directory keeps both directories for a later cd', async () => {
    const edits = await policyOf(fx, { ...READ_ONLY, mode: 'acceptEdits' });
    const d = await decide(edits, fx, 'Bash', { command: 'mv src s2; cd src; cd ..; ls' });
    expect(d.behavior, d.reason).toBe('deny');
    expect((await decide(edits, fx, 'Bash', { command: 'cd src; cd ..; touch src/new.ts' })).behavior).toBe('allow');
    // A redirection that fails skips its statement, and the cd with it.
    for (const command of ['cd src > nosuchdir/f; cd ..; ls', '{ cd src; } 2> nosuchdir/f; cd ..; ls']) {
      expect((await decide(edits, fx, 'Bash', { command })).behavior, command).toBe('deny');
    }
  });

  it('an allow rule for git does not let it read names it cannot see, nor a tree over a denied file', async () => {
    const p = await policyOf(fx, { ...READ_ONLY, allow: ['Bash(git log *)', 'Bash(git grep *)'] });
    for (const command of ['echo .env | xargs git log -p', 'git log -p $(echo .env)', 'git grep TOKEN HEAD']) {
      expect((await decide(p, fx, 'Bash', { command })).behavior, command).toBe('deny');
    }
  });

  it('deny rules still see every command', async () => {
    const p = await policyOf(fx, { ...READ_ONLY, deny: [...READ_ONLY.deny, 'Bash(wc *)'] });
    const d = await decide(p, fx, 'Bash', { command: 'git ls-files | xargs wc -l' });
    expect(d).toMatchObject({ behavior: 'deny', rule: 'Bash(wc *)' });
  });
});
