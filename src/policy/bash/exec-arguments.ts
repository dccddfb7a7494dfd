/**
 * Commands that run a program named in an argument: `find -exec`, `git rebase --exec`,
 * `tar --to-command`, `rsync -e`, `sort --compress-program` … The program is a payload and is
 * judged; a few forms that take code from somewhere the analysis cannot read (`git -c core.pager=…`,
 * `git filter-branch`, `--upload-pack`) fail outright.
 */
import type { Payload, ShellWord, Unwrapped } from './bash-types.js';
import { expandLong } from './option-scan.js';
import { dynamicWord, literalWord } from './shell-words.js';

const fail = (reason: string): Unwrapped => ({ ok: false, reason });
const gate = (label: string, payloads: Payload[]): Unwrapped => ({ ok: true, label, kind: 'gate', payloads, files: [], bindings: [] });

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** The starting points of a find command line, and where its expression begins. */
export function findOperands(args: readonly ShellWord[]): { roots: ShellWord[]; index: number } {
  let i = 0;
  while (i < args.length && /^-[HLP]$|^-D$|^-O\d$/.test((args[i] as ShellWord).value)) i += (args[i] as ShellWord).value === '-D' ? 2 : 1;
  const roots: ShellWord[] = [];
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (!w.dynamic && (w.value.startsWith('-') || w.value === '(' || w.value === '!')) break;
    roots.push(w);
  }
  return { roots, index: i };
}

/**
 * `find … -exec cmd {} ;` (also `+`, `-execdir`, `-ok`): each payload, with `{}` a dynamic word
 * bound to "anything under the starting points", so a reader's `{}` is judged as a tree read.
 */
function find(args: readonly ShellWord[]): Unwrapped | null {
  const payloads: Payload[] = [];
  const { roots: given } = findOperands(args);
  const roots = given.length === 0 ? [literalWord('.')] : given;
  const found = { name: '{}', quoted: true };
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic && FIND_EXEC.has(w.value)) return fail('`find` is given a computed -exec');
    if (!FIND_EXEC.has(w.value)) continue;
    let end = i + 1;
    while (end < args.length) {
      const v = (args[end] as ShellWord).value;
      if (v === ';' || (v === '+' && (args[end - 1]?.value.includes('{}') ?? false))) break;
      end++;
    }
    if (end >= args.length || end === i + 1) return fail(`\`find ${w.value}\` has no command or no terminating \`;\` or \`+\``);
    const words = args.slice(i + 1, end).map((a) => (a.value === '{}' ? dynamicWord(a.value, found) : a.value.includes('{}') ? dynamicWord(a.value) : a));
    payloads.push({ kind: 'command', words, env: [], stdin: undefined });
    i = end;
  }
  if (payloads.length === 0) return null;
  const execdir = args.some((w) => w.value === '-execdir' || w.value === '-okdir');
  const under = roots.map((r) => (r.dynamic ? r : { ...literalWord(`${r.value.replace(/\/+$/, '')}/**`), glob: true }));
  // -execdir runs its command inside each directory found, with `{}` as `./name`: neither is known here.
  const values = roots.some((r) => r.dynamic) || execdir || args.some((w) => w.value === '-files0-from') ? null : under;
  return { ok: true, label: execdir ? 'find -execdir' : 'find -exec', kind: 'gate', payloads, files: [], bindings: [{ name: '{}', values }] };
}

/** Is `given` the long option `option`, or a prefix of it at least `min` characters long? */
function abbreviates(given: string, option: string, min: number): boolean {
  return given === option || (given.length >= min && option.startsWith(given));
}

/** Config keys that cannot name a program, hook or included file. Everything else is refused. */
const INERT_GIT_KEY = /^(color\..*|user\.(name|email|signingkey)|author\.(name|email)|committer\.(name|email)|init\.defaultbranch|advice\..*|core\.(quotepath|autocrlf|safecrlf|abbrev|filemode|ignorecase|precomposeunicode|longpaths|eol|whitespace)|commit\.(gpgsign|verbose|cleanup)|tag\.(gpgsign|sort)|gc\.auto(detach)?|merge\.(conflictstyle|ff|log)|pull\.(rebase|ff)|push\.(default|autosetupremote|followtags)|fetch\.(prune|prunetags|parallel)|rebase\.(autosquash|autostash|updaterefs)|log\.(date|decorate|follow|abbrevcommit)|diff\.(renames|algorithm|noprefix|mnemonicprefix|relative|context|colormoved|statgraphwidth)|status\.(short|branch|showuntrackedfiles|relativepaths)|safe\.directory|protocol\.version|column\.ui|branch\.sort|pager\.[a-z-]+|i18n\.(commitencoding|logoutputencoding)|help\.autocorrect|rerere\.enabled|submodule\.recurse|feature\.manyfiles|index\.version|maintenance\.auto)$/i;

const GIT_VALUE_GLOBALS = new Set(['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--list-cmds']);
const GIT_CONFIG_READ = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', '--show-origin', '--show-scope', '--name-only', '--get-color', '--get-colorbool']);

function checkGitKey(key: string, how: string): string | null {
  // `pager.<cmd>` may be true/false only; as a string it is a command.
  const [name, value] = key.split('=', 2);
  if (name === undefined || !INERT_GIT_KEY.test(name)) return `\`git ${how} ${key}\` sets a config key that can run programs or load files`;
  if (/^pager\./i.test(name) && value !== undefined && !/^(true|false|yes|no|on|off|0|1)$/i.test(value)) return `\`git ${how} ${key}\` sets a pager command`;
  return null;
}

function git(args: readonly ShellWord[]): Unwrapped | null {
  let i = 0;
  for (; i < args.length && (args[i] as ShellWord).value.startsWith('-'); i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (w.dynamic) return fail(`\`git ${v}\` is given a computed global option`);
    if (v === '-c' || v.startsWith('--config-env')) {
      const key = v === '-c' ? args[++i] : { value: v.slice(v.indexOf('=') + 1), dynamic: false };
      if (key === undefined || key.dynamic) return fail('`git -c` is given a computed config key');
      const bad = checkGitKey(v === '-c' ? key.value : key.value.split('=')[0] ?? '', v === '-c' ? '-c' : '--config-env');
      if (bad !== null) return fail(bad);
    } else if (v.startsWith('--exec-path=')) {
      return fail('`git --exec-path=DIR` makes git run its subcommands from DIR');
    } else if (GIT_VALUE_GLOBALS.has(v)) {
      i++;
    }
  }
  const sub = args[i];
  if (sub === undefined || sub.dynamic) return null;
  const rest = args.slice(i + 1);
  const values = rest.map((w) => w.value);
  const names = values.filter((v) => v.startsWith('--')).map((v) => v.split('=')[0] as string);
  if (names.some((n) => abbreviates(n, '--upload-pack', 5) || abbreviates(n, '--receive-pack', 5))) return fail(`\`git ${sub.value}\` with --upload-pack/--receive-pack runs the program it names`);
  switch (sub.value) {
    case 'config':
      return gitConfig(rest);
    case 'rebase': {
      const payloads: Payload[] = [];
      for (let k = 0; k < rest.length; k++) {
        const v = rest[k] as ShellWord;
        const [name = '', attached] = v.value.split(/=(.*)/s);
        let script: ShellWord | undefined;
        if (abbreviates(name, '--exec', 4)) script = attached === undefined ? rest[++k] : { ...v, value: attached };
        else if (v.value === '-x') script = rest[++k];
        else if (/^-x./.test(v.value)) script = { ...v, value: v.value.slice(2) };
        else continue;
        if (script === undefined || script.dynamic) return fail('`git rebase --exec` is given a computed command');
        payloads.push({ kind: 'script', text: script.value });
      }
      return payloads.length === 0 ? null : gate('git rebase --exec', payloads);
    }
    case 'bisect':
      return values[0] === 'run' && rest.length > 1 ? gate('git bisect run', [{ kind: 'command', words: rest.slice(1), env: [], stdin: undefined }]) : null;
    case 'submodule': {
      const at = values.indexOf('foreach');
      if (at === -1) return null;
      const tail = rest.slice(at + 1).filter((w) => w.value !== '--recursive' && w.value !== '-q' && w.value !== '--quiet');
      if (tail.some((w) => w.dynamic)) return fail('`git submodule foreach` is given a computed command');
      return gate('git submodule foreach', [{ kind: 'script', text: tail.map((w) => w.value).join(' ') }]);
    }
    case 'filter-branch':
    case 'filter-repo':
      return fail(`\`git ${sub.value}\` runs shell filters given as strings`);
    case 'difftool':
    case 'mergetool':
      return values.some((v) => /^-x/.test(v)) || names.some((n) => abbreviates(n, '--extcmd', 5)) ? fail(`\`git ${sub.value} --extcmd\` runs the command it names`) : null;
    case 'clone':
      return values.some((v) => v === '-u' || /^-[A-Za-z]*u/.test(v)) || names.some((n) => abbreviates(n, '--template', 4)) ? fail('`git clone -u/--template` runs or installs programs it names') : null;
    case 'push':
    case 'archive':
    case 'send-pack':
    case 'fetch-pack':
      return names.some((n) => abbreviates(n, '--exec', 4)) ? fail(`\`git ${sub.value} --exec\` runs the program it names`) : null;
    case 'grep':
      return values.some((v) => /^-[A-Za-z]*O/.test(v)) || names.some((n) => abbreviates(n, '--open-files-in-pager', 4)) ? fail('`git grep -O` runs a pager command') : null;
    default:
      return null;
  }
}

function gitConfig(rest: readonly ShellWord[]): Unwrapped | null {
  const operands: ShellWord[] = [];
  let read = false;
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k] as ShellWord;
    if (GIT_CONFIG_READ.has(w.value)) read = true;
    if (['-f', '--file', '--blob', '--default', '--type', '--comment'].includes(w.value)) k++;
    else if (!w.value.startsWith('-')) operands.push(w);
  }
  const first = operands[0]?.value;
  if (read || first === 'get' || first === 'list' || first === 'unset' || operands.length <= 1) return null;
  const key = first === 'set' ? operands[1] : operands[0];
  if (key === undefined || key.dynamic) return fail('`git config` sets a computed key');
  const bad = checkGitKey(key.value, 'config');
  return bad === null ? null : fail(bad);
}

/** Options naming a command, per tool: the value is a script payload. */
const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  tar: ['--to-command', '--use-compress-program', '-I', '--info-script', '--new-volume-script', '-F', '--checkpoint-action'],
  rsync: ['-e', '--rsh'],
  zip: ['-TT', '--unzip-command'],
  sort: ['--compress-program'],
  rg: ['--pre', '--hostname-bin'],
  // Builtins that call a command string back: `compgen -C CMD`, `mapfile -C CMD`; `-W LIST`
  // expands its word list like shell words (running substitutions), read here as `: LIST`.
  compgen: ['-C', '-W'],
  complete: ['-C', '-W'],
  mapfile: ['-C'],
  readarray: ['-C'],
  ssh: ['-oProxyCommand', '-oLocalCommand'],
  scp: ['-S', '-oProxyCommand'],
};

function commandOptions(name: string, options: readonly string[], args: readonly ShellWord[]): Unwrapped | null {
  const payloads: Payload[] = [];
  let first: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    let v = w.value;
    if ((name === 'ssh' || name === 'scp') && v === '-o') v = `-o${args[++i]?.value ?? ''}`;
    const long = v.startsWith('--') ? expandLong(v.split('=')[0] as string, options.filter((o) => o.startsWith('--'))) : null;
    const opt = options.find((o) => o === long || v === o || (!o.startsWith('--') && v.startsWith(o) && v.length > o.length));
    if (long !== null && opt !== undefined && long !== v.split('=')[0]) v = v.includes('=') ? `${opt}=${v.slice(v.indexOf('=') + 1)}` : opt;
    if (opt === undefined) continue;
    let value = v === opt ? args[++i]?.value : v.slice(opt.length).replace(/^=/, '');
    if (value === undefined || w.dynamic || (v === opt && args[i]?.dynamic === true)) return fail(`\`${name} ${opt}\` is given a computed command`);
    if (opt === '--checkpoint-action') {
      if (!value.startsWith('exec=')) continue;
      value = value.slice('exec='.length);
    }
    if (opt === '-W') value = `: ${value}`;
    payloads.push({ kind: 'script', text: value });
    first ??= opt;
  }
  return payloads.length === 0 ? null : gate(`${name} ${first ?? ''}`, payloads);
}

export function execArguments(name: string, args: readonly ShellWord[]): Unwrapped | null {
  if (name === 'find') return find(args);
  if (name === 'git') return git(args);
  const options = COMMAND_OPTIONS[name];
  return options === undefined ? null : commandOptions(name, options, args);
}
