/**
 * Runs command lines in real bash and reports the simple commands it executed, read from xtrace.
 * One long-lived driver bash starts, per line, a fresh `bash -c LINE` (as the direct runner does)
 * or `bash -c 'eval "set --; $1"' bash LINE` (as the sandbox prelude does), or `dash -c LINE`
 * (`sh -c` here), under `env -i`, with a
 * timeout, its cwd and HOME in fresh temporary directories, stdin from /dev/null and stdout and
 * stderr discarded; xtrace goes to fd 9 and back to us. Each line runs in a process group of its
 * own, killed whole when the line ends: a generated line can leave background jobs (a function
 * that calls itself through a pipe, started with `&`) that would otherwise outlive it. Forking from a bash driver costs a few
 * milliseconds a line, where spawning from Node costs ten.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunnerForm = 'bash-c' | 'eval';
/** `dash-c`: `/bin/dash -c LINE` (dash is `/bin/sh` here), traced through its stderr. */
export type TraceForm = RunnerForm | 'dash-c';

const MARK = '\\x02';

const DRIVER = `
while IFS= read -r -d '' form && IFS= read -r -d '' line; do
  if [ "$form" = eval ]; then set -- /bin/bash -c 'eval "set --; $1"' bash "$line"
  elif [ "$form" = dash-c ]; then set -- /bin/dash -c "$DASH_PRELUDE$line"
  else set -- /bin/bash -c "$line"; fi
  out=$(cd "$WORK" && ulimit -t 5 && { setsid timeout -s KILL 5 env -i PATH=/usr/bin:/bin HOME="$FAKEHOME" BASH_ENV="$SETUP" BASH_XTRACEFD=9 "$@" 9>&1 >/dev/null 2>/dev/null </dev/null & pid=$!; wait "$pid"; rc=$?; kill -KILL -- "-$pid" 2>/dev/null; exit "$rc"; })
  printf '%s\\0%s\\0' "$out" "$?"
done
`;

export class BashTracer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly dirs: string[];
  private buffer = '';
  private waiting: ((out: string) => void) | null = null;

  constructor() {
    const work = mkdtempSync(join(tmpdir(), 'warden-diff-cwd-'));
    const home = mkdtempSync(join(tmpdir(), 'warden-diff-home-'));
    const setup = mkdtempSync(join(tmpdir(), 'warden-diff-env-'));
    this.dirs = [work, home, setup];
    // Bash ignores PS4 from the environment when run as root, so BASH_ENV sets it: a mark no
    // generated word contains, because xtrace writes newlines inside quoted words as they are.
    writeFileSync(join(setup, 'env.sh'), `PS4=$'${MARK}+ '\nset -x\n`);
    // dash has no BASH_ENV or xtrace descriptor: the line's own prelude sets the mark and sends
    // stderr, where dash traces, to fd 9 (its lines keep stderr empty). It traces words unquoted.
    const dashPrelude = `PS4=$(printf '\\002+ ')\nexec 2>&9\nset -x\n`;
    this.child = spawn('/bin/bash', ['--norc', '--noprofile', '-c', DRIVER], { env: { PATH: '/usr/bin:/bin', WORK: work, FAKEHOME: home, SETUP: join(setup, 'env.sh'), DASH_PRELUDE: dashPrelude }, cwd: home });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.deliver();
    });
  }

  private deliver(): void {
    const first = this.buffer.indexOf('\0');
    const second = first === -1 ? -1 : this.buffer.indexOf('\0', first + 1);
    if (second === -1 || this.waiting === null) return;
    const out = this.buffer.slice(0, first);
    this.buffer = this.buffer.slice(second + 1);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(out);
  }

  /** The argv of every simple command bash traced, in order (assignments and `for`/`case` heads left out). */
  async run(line: string, form: RunnerForm = 'bash-c'): Promise<string[][]> {
    const entries = (await this.trace(line, form)).map((entry) => parseTraceWords(entry));
    // The sandbox form traces its own `eval …` and `set --` first.
    return (form === 'eval' ? entries.slice(2) : entries).filter((argv) => !isNotASimpleCommand(argv));
  }

  /**
   * What dash traced for `dash -c LINE`: each command's words joined by single spaces, unquoted
   * (dash's xtrace does not quote), assignments left out: for lines whose commands carry no
   * prefix assignments, every entry that starts with one.
   */
  async runDash(line: string): Promise<string[]> {
    return (await this.trace(line, 'dash-c')).map((e) => e.replace(/\n$/, '')).filter((e) => !/^[A-Za-z_]\w*=/.test(e));
  }

  private async trace(line: string, form: TraceForm): Promise<string[]> {
    if (line.includes('\0')) throw new Error('a command line cannot contain NUL');
    if (this.waiting !== null) throw new Error('one line at a time: the driver answers in order');
    const out = await new Promise<string>((resolve) => {
      this.waiting = resolve;
      this.child.stdin.write(`${form}\0${line}\0`);
      this.deliver();
    });
    // eslint-disable-next-line no-control-regex -- the PS4 mark is a control character on purpose
    return out.split(/(?:^|\n)\x02+\+ /).slice(1);
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

const HEADS = new Set(['for', 'case', 'select', '[[', '((']);

function isNotASimpleCommand(argv: string[]): boolean {
  const head = argv[0];
  if (head === undefined || HEADS.has(head)) return true;
  // xtrace prints an array assignment as `a=(1 2)`, which splits into words that are not assignments.
  if (/^[A-Za-z_]\w*\+?=\(/.test(head)) return true;
  return argv.every((w) => /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/.test(w));
}

const ANSI_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** Undoes xtrace's quoting: bare words, `'…'` joined by `\'`, and `$'…'` for unprintable text. */
export function parseTraceWords(text: string): string[] {
  const words: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === ' ' && cur !== null) {
      words.push(cur);
      cur = null;
      continue;
    }
    cur ??= '';
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      cur += text.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? text.length : end;
    } else if (c === '\\') {
      cur += text[++i] ?? '';
    } else if (c === '$' && text[i + 1] === "'") {
      for (i += 2; i < text.length && text[i] !== "'"; i++) {
        if (text[i] !== '\\') {
          cur += text[i];
          continue;
        }
        const e = text[++i] as string;
        const oct = /^[0-7]{1,3}/.exec(text.slice(i));
        const hex = /^x([0-9a-fA-F]{1,2})/.exec(text.slice(i));
        if (oct !== null) {
          cur += String.fromCharCode(parseInt(oct[0], 8));
          i += oct[0].length - 1;
        } else if (hex !== null) {
          cur += String.fromCharCode(parseInt(hex[1] as string, 16));
          i += hex[0].length - 1;
        } else cur += ANSI_ESCAPES[e] ?? `\\${e}`;
      }
    } else cur += c;
  }
  if (cur !== null) words.push(cur);
  return words;
}
