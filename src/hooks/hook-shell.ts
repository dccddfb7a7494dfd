/**
 * The command line a hook runs as. The sandbox's one seam (ProcessRunner.run) takes a command
 * line and gives back stdout and stderr interleaved; a hook needs its stdin, and its stdout and
 * stderr apart. So the hook runs inside a small wrapper: its JSON input comes from a file written
 * by a quoted heredoc, its stdout and stderr go to files in the command's private /tmp, and the
 * wrapper prints both, base64-encoded and capped, on one line between random markers, with the
 * hook's exit code. Whatever else appears in the output (notes of the sandbox) is ignored.
 */
import { shellQuote } from '../sandbox/index.js';

/** Bytes of a hook's stdout, and of its stderr, that are read back. */
export const HOOK_OUTPUT_BYTES = 65_536;
/** Enough for both streams base64-encoded, the markers, and the sandbox's notes. */
export const HOOK_WRAPPER_OUTPUT_CHARS = 4 * HOOK_OUTPUT_BYTES + 16_384;

export interface HookShellInput {
  command: string;
  /** The event's JSON, one line (JSON.stringify never writes a raw newline). */
  input: string;
  env: Readonly<Record<string, string>>;
  /** Random hex: the heredoc's delimiter and the markers. */
  nonce: string;
}

export function hookShellCommand({ command, input, env, nonce }: HookShellInput): string {
  if (!/^[0-9a-f]{16,}$/.test(nonce)) throw new Error('hook nonce must be 16+ hex digits');
  if (input.includes('\n')) throw new Error('hook input must be one line');
  const assignments = Object.entries(env).map(([name, value]) => {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`bad hook variable name ${name}`);
    return `${name}=${shellQuote([value])}`;
  });
  const cap = `head -c ${HOOK_OUTPUT_BYTES}`;
  return [
    'd=$(mktemp -d) || exit 125',
    `trap 'rm -rf "$d"' EXIT`,
    `cat > "$d/in" <<'WARDEN_HOOK_${nonce}'`,
    input,
    `WARDEN_HOOK_${nonce}`,
    // Its own bash: a comment or an `exit` in the hook's command line ends only the hook.
    `${assignments.join(' ')} bash -c ${shellQuote([command])} < "$d/in" > "$d/out" 2> "$d/err"`,
    'c=$?',
    `printf '\\n%s:%s:' ${nonce} "$c"; ${cap} "$d/out" | base64 -w0; printf ':'; ${cap} "$d/err" | base64 -w0; printf ':%s\\n' ${nonce}`,
    'exit "$c"',
  ].join('\n');
}

export interface HookOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The hook's exit code and streams from the wrapper's output, or null when they are not there whole. */
export function readHookOutput(output: string, nonce: string): HookOutput | null {
  const line = new RegExp(`\\n${nonce}:(\\d{1,3}):([A-Za-z0-9+/=]*):([A-Za-z0-9+/=]*):${nonce}\\n`, 'g');
  const last = [...output.matchAll(line)].at(-1);
  if (last === undefined) return null;
  const [, code = '', out = '', err = ''] = last;
  return { exitCode: Number(code), stdout: Buffer.from(out, 'base64').toString('utf8'), stderr: Buffer.from(err, 'base64').toString('utf8') };
}
