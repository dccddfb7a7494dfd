/**
 * Shells as wrappers: `bash -c STRING` runs STRING (parsed and judged); `bash` reading a heredoc or
 * here-string runs that text; `bash` reading any other stdin, a process substitution or
 * `/dev/stdin` runs something hidden from the analysis; `bash script.sh` is an ordinary command,
 * approved (or not) as written. Shells of other languages (`fish`, `pwsh`) are always hidden.
 */
import type { ShellWord, Unwrapped, WrappedCommand } from './bash-types.js';

const fail = (reason: string): Unwrapped => ({ ok: false, reason });
const wrap = (label: string, payloads: Extract<Unwrapped, { ok: true }>['payloads']): Unwrapped => ({ ok: true, label, kind: 'transparent', payloads, files: [], bindings: [] });

export const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'posh', 'yash', 'rbash', 'lksh', 'bosh']);
export const FOREIGN_SHELLS = new Set(['fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'nu', 'elvish', 'xonsh', 'rc', 'es', 'ion', 'oil', 'osh', 'ysh']);
const SHELL_LONG = new Set(['--norc', '--noprofile', '--login', '--posix', '--restricted', '--verbose', '--noediting', '--debugger', '--protected']);

/** `bash [options] -c STRING`, `bash` reading stdin (a heredoc we can read, or hidden), `bash FILE`. */
export function shell(name: string, args: readonly ShellWord[], stdin: WrappedCommand['stdin']): Unwrapped | null {
  let commandMode = false;
  let readStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as ShellWord;
    if (w.dynamic) return fail(`cannot tell what \`${name}\` runs: \`${w.value}\` is computed at run time`);
    const v = w.value;
    if (v === '--' || v === '-') {
      i++;
      break;
    }
    if (v.startsWith('--')) {
      if (v === '--rcfile' || v === '--init-file') return wrap(name, [{ kind: 'hidden', why: `\`${name} ${v}\` runs a startup file` }]);
      if (!SHELL_LONG.has(v)) return fail(`cannot tell what \`${name}\` runs: unknown option \`${v}\``);
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(v)) break;
    for (const c of v.slice(1)) {
      // An interactive shell first runs ~/.bashrc (dash: $ENV) and expands the aliases it defines.
      if (c === 'i' && v.startsWith('-')) return wrap(name, [{ kind: 'hidden', why: `\`${name} -i\` runs a startup file (~/.bashrc, $ENV) and expands the aliases it defines` }]);
      if (c === 'c') commandMode = true;
      else if (c === 's') readStdin = true;
      else if (c === 'o' || c === 'O') i++;
      else if (!'abefhiklmnprtuvxBCDEHPT'.includes(c)) return fail(`cannot tell what \`${name}\` runs: unknown option \`-${c}\``);
    }
  }
  if (commandMode) {
    const script = args[i];
    if (script === undefined) return fail(`\`${name} -c\` is missing its command string`);
    if (script.dynamic) return fail(`\`${name} -c ${script.value}\` runs a command string computed at run time`);
    return wrap(`${name} -c`, [{ kind: 'script', text: script.value }]);
  }
  const operand = args[i];
  if (readStdin || operand === undefined) {
    if (stdin === undefined) return wrap(name, [{ kind: 'hidden', why: `\`${name}\` runs commands read from its standard input` }]);
    if (stdin.text === null) return fail(`\`${name}\` is fed a heredoc or here-string with expansions, so the commands it runs are not known`);
    return wrap(`${name} <<`, [{ kind: 'script', text: stdin.text }]);
  }
  if (operand.pipe || operand.dynamic || /^\/(dev\/(stdin|fd\/)|proc\/self\/fd\/)/.test(operand.value)) {
    return wrap(name, [{ kind: 'hidden', why: `\`${name} ${operand.value}\` runs a script that is not in the command line` }]);
  }
  return null; // `bash script.sh`: an ordinary command, approved (or not) as written
}
