/**
 * Commands that run other commands, and what they run. A wrapper's payload is judged like any
 * other command, for deny rules as for allow rules; what cannot be seen through (a shell reading
 * stdin, `source`) is a hidden payload, which matches every deny rule and no allow rule.
 * Transparent wrappers (`timeout`, `xargs`, `sh -c` …) need no approval of their own; gates
 * (`sudo`, `flock`, `find -exec` …) do.
 */
import type { EnvAssignment, Payload, Redirect, ShellWord, Unwrapped, WrappedCommand, WrapperKind } from './bash-types.js';
import { execArguments } from './exec-arguments.js';
import { awkEffects, awkProgram, sedEffects } from './program-effects.js';
import { runnerView } from './runner-views.js';
import { FOREIGN_SHELLS, shell, SHELLS } from './unwrap-shell.js';
import { expandLong, hasOption, optionValue, scanOptions, type OptionSpec } from './option-scan.js';
import { dynamicWord, inputWord, leadingAssignments, literalWord } from './shell-words.js';

const fail = (reason: string): Unwrapped => ({ ok: false, reason });
const command = (words: ShellWord[], env: EnvAssignment[] = []): Payload => ({ kind: 'command', words, env, stdin: undefined });
const wrap = (label: string, kind: WrapperKind | 'runner', payloads: Payload[], files: Redirect[] = []): Unwrapped => ({ ok: true, label, kind, payloads, files, bindings: [] });

/** Joins static words into a script (for `eval`, `watch`, `ssh`); null if any is dynamic. */
export function joinStatic(words: readonly ShellWord[]): string | null {
  return words.some((w) => w.dynamic) ? null : words.map((w) => w.value).join(' ');
}

/** A payload of words after `index`, or none when the wrapper was given nothing to run. */
function rest(label: string, kind: WrapperKind, args: readonly ShellWord[], index: number, env: EnvAssignment[] = []): Unwrapped | null {
  const words = args.slice(index);
  return words.length === 0 ? null : wrap(label, kind, [command(words, env)]);
}

function simple(name: string, kind: WrapperKind, spec: OptionSpec, skipOperands = 0) {
  return (args: readonly ShellWord[]): Unwrapped | null => {
    const scan = scanOptions(name, args, spec);
    if (!scan.ok) return fail(scan.reason);
    return rest(name, kind, args, scan.index + skipOperands);
  };
}

const XARGS_LONG = ['--replace', '--arg-file', '--process-slot-var', '--delimiter', '--eof', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--null', '--no-run-if-empty', '--verbose', '--exit', '--interactive', '--open-tty', '--show-limits'];

/**
 * `xargs`: its payload gets words from the input, unseen file names unless the input is a
 * NUL-separated list from a command whose names are known to lie beneath some directories
 * (`find src -print0 | xargs -0 …`): then they are bound to those directories, as `{}` of find.
 */
function xargs(args: readonly ShellWord[], cmd: WrappedCommand): Unwrapped | null {
  let replace: string | null = null;
  let nul = false;
  const files: Redirect[] = [];
  let i = 0;
  const valueOf = (attached: string): string | null => {
    if (attached !== '') return attached;
    const next = args[++i];
    return next === undefined || next.dynamic ? null : next.value;
  };
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic) return fail(`cannot tell which command \`xargs\` runs: \`${w.value}\` is computed at run time`);
    const v = w.value;
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    const long = /^(--[a-z-]+)(?:=(.*))?$/.exec(v);
    if (long !== null) {
      const [, given = '', val] = long;
      const opt = expandLong(given, XARGS_LONG).slice(2);
      if (opt === 'null') nul = true;
      if (opt === 'replace') replace = val ?? '{}';
      else if (opt === 'arg-file') {
        const f = val ?? valueOf('');
        if (f === null) return fail('`xargs --arg-file` has no file');
        files.push({ op: '--arg-file', kind: 'read', target: literalWord(f) });
      } else if (opt === 'process-slot-var') return fail('`xargs --process-slot-var` sets an environment variable for the command');
      else if (['delimiter', 'eof', 'max-lines', 'max-args', 'max-procs', 'max-chars'].includes(opt)) {
        if (val === undefined && valueOf('') === null) return fail(`\`xargs --${opt}\` has no value`);
      } else if (!['null', 'no-run-if-empty', 'verbose', 'exit', 'interactive', 'open-tty', 'show-limits'].includes(opt)) {
        return fail(`cannot tell which command \`xargs\` runs: unknown option \`${v}\``);
      }
      continue;
    }
    const c = v[1] as string;
    const attached = v.slice(2);
    if (c === 'I') replace = valueOf(attached);
    else if (c === 'i') replace = attached === '' ? '{}' : attached;
    else if (c === 'a') {
      const f = valueOf(attached);
      if (f === null) return fail('`xargs -a` has no file');
      files.push({ op: '-a', kind: 'read', target: literalWord(f) });
    } else if ('dELnPs'.includes(c)) {
      if (valueOf(attached) === null) return fail(`\`xargs -${c}\` has no value`);
    } else if (!'el'.includes(c) && !/^[0prtxo]+$/.test(v.slice(1))) {
      return fail(`cannot tell which command \`xargs\` runs: unknown option \`${v}\``);
    } else if (/^[prtxo]*0/.test(v.slice(1))) nul = true;
  }
  const payload = args.slice(i);
  const proven = nul && files.length === 0 && cmd.pipedNames !== undefined;
  const binding = proven ? `<stdin#${cmd.id ?? 0}>` : null;
  const input = (): ShellWord => inputWord(files.length > 0 ? 'names read by xargs -a' : 'names xargs reads from its input', binding);
  const r = replace;
  const words = payload.length === 0 ? [literalWord('echo'), input()] : r === null || r === '' ? [...payload, input()] : payload.map((w) => (w.value.includes(r) ? (w.value === r ? input() : dynamicWord(w.value)) : w));
  const unwrapped = wrap('xargs', 'transparent', [command(words)], files);
  if (proven && binding !== null && unwrapped.ok) unwrapped.bindings.push({ name: binding, values: [...(cmd.pipedNames ?? [])] });
  return unwrapped;
}

function env(args: readonly ShellWord[]): Unwrapped | null {
  const scan = scanOptions('env', args, {
    shortValue: 'uSC', shortFlags: 'i0v',
    longValue: ['--unset', '--split-string', '--chdir'],
    longFlags: ['--ignore-environment', '--null', '--debug', '--ignore-signal', '--default-signal', '--block-signal', '--list-signal-handling'],
  });
  if (!scan.ok) return fail(scan.reason);
  if (hasOption(scan, '-C', '--chdir')) return fail('`env --chdir` changes the directory the command runs in, which the analysis does not follow');
  const split = optionValue(scan, '-S', '--split-string');
  if (split !== undefined) {
    if (/[$\\]/.test(split)) return fail('`env -S` with `$` or `\\` expands its string in ways the analysis does not follow');
    const tail = joinStatic(args.slice(scan.index));
    if (tail === null) return fail('`env -S` is given computed arguments');
    return wrap('env -S', 'transparent', [{ kind: 'script', text: `${split} ${tail}` }]);
  }
  const { assignments, index: i } = leadingAssignments(args, scan.index);
  return rest('env', 'transparent', args, i, assignments);
}

function sudo(args: readonly ShellWord[]): Unwrapped | null {
  const scan = scanOptions('sudo', args, {
    shortValue: 'ugChpRrtTUD', shortFlags: 'AbEHKklnPSVvBNis',
    longValue: ['--user', '--group', '--close-from', '--host', '--prompt', '--role', '--type', '--command-timeout', '--other-user', '--chroot', '--chdir'],
    longFlags: ['--askpass', '--background', '--preserve-env', '--set-home', '--remove-timestamp', '--reset-timestamp', '--list', '--non-interactive', '--preserve-groups', '--stdin', '--validate', '--bell', '--login', '--shell'],
  });
  if (!scan.ok) return fail(scan.reason);
  if (hasOption(scan, '-D', '--chdir', '-R', '--chroot')) return fail('`sudo` with a directory or chroot option runs somewhere the analysis does not follow');
  const { assignments, index: i } = leadingAssignments(args, scan.index);
  if (hasOption(scan, '-i', '-s', '--login', '--shell')) {
    const script = joinStatic(args.slice(i));
    if (script === null) return fail('`sudo -s` is given computed arguments');
    return wrap('sudo', 'gate', [script === '' ? { kind: 'hidden', why: '`sudo -s` starts an interactive shell' } : { kind: 'script', text: script }]);
  }
  const words = args.slice(i);
  return words.length === 0 ? null : wrap('sudo', 'gate', [command(words, assignments)]);
}

/** `-c STRING` wrappers (`su`, `script`, `flock … -c`): the string is a script; without it, a hidden shell. */
function dashC(label: string, args: readonly ShellWord[], spec: OptionSpec, operands: number): Unwrapped | null {
  const scan = scanOptions(label, args, { ...spec, shortValue: `${spec.shortValue ?? ''}c`, longValue: [...(spec.longValue ?? []), '--command'] });
  if (!scan.ok) return fail(scan.reason);
  let script = optionValue(scan, '-c', '--command');
  // `flock FILE -c CMD`: the option may follow the operands.
  const after = args[scan.index + Math.min(operands, args.length)];
  if (script === undefined && operands < args.length && (after?.value === '-c' || after?.value === '--command')) {
    const s = args[scan.index + operands + 1];
    if (s === undefined || s.dynamic) return fail(`\`${label} -c\` is given a computed command`);
    script = s.value;
  }
  if (script !== undefined) return wrap(`${label} -c`, 'gate', [{ kind: 'script', text: script }]);
  if (args.length - scan.index > operands) return wrap(label, 'gate', [command(args.slice(scan.index + operands))]);
  return wrap(label, 'gate', [{ kind: 'hidden', why: `\`${label}\` without a command starts an interactive shell` }]);
}

type Handler = (args: readonly ShellWord[], stdin: WrappedCommand['stdin'], cmd: WrappedCommand) => Unwrapped | null;

const HANDLERS: Readonly<Record<string, Handler>> = {
  timeout: simple('timeout', 'transparent', { shortValue: 'sk', shortFlags: 'v', longValue: ['--signal', '--kill-after'], longFlags: ['--preserve-status', '--foreground', '--verbose'] }, 1),
  nice: simple('nice', 'transparent', { shortValue: 'n', longValue: ['--adjustment'], numeric: true }),
  nohup: simple('nohup', 'transparent', {}),
  stdbuf: simple('stdbuf', 'transparent', { shortValue: 'ioe', longValue: ['--input', '--output', '--error'] }),
  time: simple('time', 'transparent', { shortFlags: 'pv', shortValue: 'f', longValue: ['--format'], longFlags: ['--portability', '--verbose'] }),
  builtin: simple('builtin', 'transparent', {}),
  noglob: simple('noglob', 'transparent', {}),
  exec: simple('exec', 'transparent', { shortValue: 'a', shortFlags: 'cl' }),
  command: (args) => {
    const scan = scanOptions('command', args, { shortFlags: 'pvV' });
    if (!scan.ok) return fail(scan.reason);
    return hasOption(scan, '-v', '-V') ? null : rest('command', 'transparent', args, scan.index);
  },
  env: (args) => env(args),
  sudo: (args) => sudo(args),
  doas: (args) => {
    const scan = scanOptions('doas', args, { shortValue: 'uC', shortFlags: 'nsL' });
    if (!scan.ok) return fail(scan.reason);
    if (hasOption(scan, '-s')) return wrap('doas', 'gate', [{ kind: 'hidden', why: '`doas -s` starts a shell' }]);
    return rest('doas', 'gate', args, scan.index);
  },
  su: (args) => dashC('su', args, { shortValue: 'sgG', shortFlags: 'lmpPfw', longValue: ['--shell', '--group', '--supp-group', '--whitelist-environment'], longFlags: ['--login', '--preserve-environment', '--pty', '--fast'] }, Number.MAX_SAFE_INTEGER),
  script: (args) => dashC('script', args, { shortValue: 'ETIOBmo', shortFlags: 'aeqfk', longValue: ['--echo', '--log-timing', '--log-in', '--log-out', '--log-io', '--logging-format', '--output-limit'], longFlags: ['--append', '--return', '--quiet', '--flush', '--force'] }, Number.MAX_SAFE_INTEGER),
  flock: (args) => dashC('flock', args, { shortValue: 'wEn', shortFlags: 'sxunoFev', longValue: ['--timeout', '--wait', '--conflict-exit-code'], longFlags: ['--shared', '--exclusive', '--unlock', '--nonblock', '--close', '--no-fork', '--verbose'] }, 1),
  setsid: simple('setsid', 'gate', { shortFlags: 'cfw', longFlags: ['--ctty', '--fork', '--wait'] }),
  ionice: simple('ionice', 'gate', { shortValue: 'cn', shortFlags: 't', longValue: ['--class', '--classdata'], longFlags: ['--ignore'] }),
  chrt: simple('chrt', 'gate', { shortValue: 'TPD', shortFlags: 'bdfiormRva', longValue: ['--sched-runtime', '--sched-period', '--sched-deadline'], longFlags: ['--batch', '--deadline', '--fifo', '--idle', '--other', '--rr', '--reset-on-fork', '--verbose', '--all-tasks'] }, 1),
  taskset: simple('taskset', 'gate', { shortFlags: 'ac', longFlags: ['--all-tasks', '--cpu-list'] }, 1),
  unbuffer: simple('unbuffer', 'gate', { shortFlags: 'p' }),
  chroot: simple('chroot', 'gate', { longValue: ['--userspec', '--groups'], longFlags: ['--skip-chdir'] }, 1),
  busybox: (args) => (args.length === 0 ? null : wrap('busybox', 'transparent', [command([...args])])),
  watch: (args) => {
    const scan = scanOptions('watch', args, { shortValue: 'nq', shortFlags: 'bcdegptwx', longValue: ['--interval', '--differences', '--equexit'], longFlags: ['--beep', '--color', '--no-color', '--errexit', '--chgexit', '--precise', '--no-title', '--no-wrap', '--exec', '--no-linewrap'] });
    if (!scan.ok) return fail(scan.reason);
    if (hasOption(scan, '-x', '--exec')) return rest('watch', 'gate', args, scan.index);
    const script = joinStatic(args.slice(scan.index));
    if (script === null) return fail('`watch` is given a computed command');
    return script === '' ? null : wrap('watch', 'gate', [{ kind: 'script', text: script }]);
  },
  xargs: (args, _stdin, cmd) => xargs(args, cmd),
  eval: (args) => {
    const script = joinStatic(args);
    if (script === null) return fail('`eval` runs a command string computed at run time');
    return wrap('eval', 'transparent', [{ kind: 'script', text: script }]);
  },
  trap: (args) => {
    const ops = args.filter((w) => !/^-[lp]$/.test(w.value) && w.value !== '--');
    const action = ops[0];
    if (action === undefined || ops.length === 1 || action.value === '-' || action.value === '') return null;
    if (action.dynamic) return fail('`trap` is given an action computed at run time');
    return wrap('trap', 'transparent', [{ kind: 'script', text: action.value }]);
  },
  source: () => wrap('source', 'gate', [{ kind: 'hidden', why: '`source` runs a script file in the current shell' }]),
  hash: (args) => (args.some((w) => /^-[a-z]*p/.test(w.value)) ? fail('`hash -p` changes which program a command name runs') : null),
  enable: (args) => (args.some((w) => /^-[a-z]*f/.test(w.value)) ? fail('`enable -f` loads a builtin from a shared library') : null),
  runuser: (args) => dashC('runuser', args, { shortValue: 'ugGsw', shortFlags: 'lmpP', longValue: ['--user', '--group', '--supp-group', '--shell', '--whitelist-environment'], longFlags: ['--login', '--preserve-environment', '--pty'] }, 0),
  parallel: (args) => parallel(args),
  '.': () => wrap('.', 'gate', [{ kind: 'hidden', why: '`.` runs a script file in the current shell' }]),
  sed: (args) => programWrapper('sed', sedEffects(args).payloads),
  ...Object.fromEntries(['awk', 'gawk', 'mawk', 'nawk'].map((name) => [name, (args: readonly ShellWord[]) => awk(name, args)])),
};

/**
 * GNU parallel runs its command (words up to `:::`) through a shell, once per input, with `{}`
 * replaced: the words are joined into a script, and `{}` (or the appended input) is dynamic.
 */
function parallel(args: readonly ShellWord[]): Unwrapped | null {
  const scan = scanOptions('parallel', args, {
    shortValue: 'jNnSIEadC', shortFlags: 'kXmqvu0',
    longValue: ['--jobs', '--max-args', '--sshlogin', '--delay', '--timeout', '--retries', '--arg-file', '--colsep', '--joblog', '--results', '--tmpdir', '--delimiter', '--halt', '--memfree', '--load'],
    longFlags: ['--keep-order', '--quote', '--verbose', '--dry-run', '--null', '--line-buffer', '--ungroup', '--group', '--tag', '--pipe', '--bar', '--progress', '--eta', '--will-cite', '--no-notice'],
  });
  if (!scan.ok) return fail(scan.reason);
  if (hasOption(scan, '-S', '--sshlogin', '--joblog', '--results', '--tmpdir')) return fail('`parallel` with remote logins or output files is not supported by the analysis');
  const end = args.findIndex((w, i) => i >= scan.index && /^:::+\+?$/.test(w.value));
  const words = args.slice(scan.index, end === -1 ? undefined : end);
  if (words.length === 0) return wrap('parallel', 'gate', [{ kind: 'hidden', why: '`parallel` runs commands read from its input' }]);
  if (words.some((w) => w.dynamic)) return fail('`parallel` is given a computed command');
  const script = words.map((w) => w.value).join(' ');
  // `{}`, `{.}`, `{1}` … stand for the input; without one, the input is appended.
  const placeholder = /\{(\d*|\.|\/|\/\/|\/\.|#|%)\}/g;
  const text = script.search(placeholder) === -1 ? `${script} "$PARALLEL_ARG"` : script.replaceAll(placeholder, '"$PARALLEL_ARG"');
  const files: Redirect[] = [...(scan.seen.get('-a') ?? []), ...(scan.seen.get('--arg-file') ?? [])].map((f) => ({ op: '--arg-file', kind: 'read', target: literalWord(f) }));
  return wrap('parallel', 'gate', [{ kind: 'script', text }], files);
}

/** sed and awk run commands their programs name: those are gate payloads (program-effects.ts). */
function programWrapper(name: string, payloads: Payload[]): Unwrapped | null {
  return payloads.length === 0 ? null : wrap(name, 'gate', payloads);
}

function awk(name: string, args: readonly ShellWord[]): Unwrapped | null {
  const { program, loadsCode, sandboxed } = awkProgram(args);
  if (sandboxed) return null;
  if (loadsCode) return programWrapper(name, [{ kind: 'hidden', why: `\`${name}\` loads its program or extensions from files` }]);
  if (program === null) return programWrapper(name, [{ kind: 'hidden', why: `\`${name}\` runs a program computed at run time` }]);
  return programWrapper(name, awkEffects(program).payloads);
}

/** What `words` runs, if it is a wrapper (null: an ordinary command). */
export function unwrapCommand(cmd: WrappedCommand): Unwrapped | null {
  const [name, ...args] = cmd.words;
  if (name === undefined || name.dynamic) return null;
  const base = name.value.slice(name.value.lastIndexOf('/') + 1);
  const handler = HANDLERS[base];
  if (handler !== undefined) return handler(args, cmd.stdin, cmd);
  if (SHELLS.has(base)) return shell(base, args, cmd.stdin);
  if (FOREIGN_SHELLS.has(base)) return wrap(base, 'gate', [{ kind: 'hidden', why: `\`${base}\` runs commands in a language other than Bash` }]);
  return execArguments(base, args) ?? runnerView(base, args);
}
