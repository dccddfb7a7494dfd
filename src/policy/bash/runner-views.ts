/**
 * Environment runners (`npx`, `docker exec`, `ssh host`, `uv run`, `strace` …) run a command the
 * policy never sees as such: Claude Code documents that `Bash(devbox run *)` allows
 * `devbox run rm -rf .`. The runner itself still needs its own allow rule; here we only extract
 * its probable payload so deny and ask rules apply to it too (`docker exec c rm -rf /` meets
 * `Bash(rm *)`). Options the table does not know are read both ways (with and without a value),
 * so a guess can only add views, never hide one.
 */
import type { Payload, ShellWord, Unwrapped } from './bash-types.js';

interface RunnerSpec {
  /** Words after the runner's name that select the running subcommand (`exec`, `run`). */
  sub?: readonly string[];
  /** Options that take a separate value. */
  values?: readonly string[];
  /** Operands before the payload (container, host, directory). */
  operands?: number;
  /** The payload is joined and run by a shell (`ssh host 'cmd'`). */
  script?: boolean;
  /** An option whose value is a whole command string (`npx -c 'cmd'`, `nix-shell --run`). */
  scriptOption?: readonly string[];
}

const DOCKER_VALUES = ['-e', '--env', '-u', '--user', '-w', '--workdir', '--env-file', '--detach-keys', '-v', '--volume', '-p', '--publish', '--name', '--entrypoint', '--network', '--mount', '-l', '--label', '--platform', '-h', '--hostname', '--add-host', '--cpus', '-m', '--memory', '--pull', '--shm-size'];

const RUNNERS: Readonly<Record<string, readonly RunnerSpec[]>> = {
  docker: [{ sub: ['exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['run'], values: DOCKER_VALUES, operands: 1 }, { sub: ['compose', 'exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['compose', 'run'], values: DOCKER_VALUES, operands: 1 }],
  podman: [{ sub: ['exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['run'], values: DOCKER_VALUES, operands: 1 }],
  kubectl: [{ sub: ['exec'], values: ['-c', '--container', '-n', '--namespace', '-f', '--filename'], operands: 1 }],
  ssh: [{ values: ['-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S', '-W', '-w', '-B', '-I'], operands: 1, script: true }],
  npx: [{ values: ['-p', '--package'], scriptOption: ['-c', '--call'] }],
  bunx: [{ values: ['-p', '--package'] }],
  pnpx: [{}],
  npm: [{ sub: ['exec'], values: ['-p', '--package', '-w', '--workspace'], scriptOption: ['-c', '--call'] }, { sub: ['x'], values: ['-p', '--package'], scriptOption: ['-c', '--call'] }],
  pnpm: [{ sub: ['exec'] }, { sub: ['dlx'] }],
  yarn: [{ sub: ['exec'] }, { sub: ['dlx'] }],
  bun: [{ sub: ['x'] }],
  uv: [{ sub: ['run'], values: ['--with', '--python', '-p', '--project', '--directory', '--env-file', '--group', '--extra'] }, { sub: ['tool', 'run'] }],
  uvx: [{ values: ['--from', '--with', '--python', '-p'] }],
  poetry: [{ sub: ['run'] }],
  pipenv: [{ sub: ['run'] }],
  pdm: [{ sub: ['run'] }],
  hatch: [{ sub: ['run'] }],
  rye: [{ sub: ['run'] }],
  conda: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix'] }],
  mamba: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix'] }],
  bundle: [{ sub: ['exec'] }],
  mise: [{ sub: ['exec'] }, { sub: ['x'] }],
  asdf: [{ sub: ['exec'] }],
  devbox: [{ sub: ['run'] }],
  direnv: [{ sub: ['exec'], operands: 1 }],
  'nix-shell': [{ scriptOption: ['--run', '--command'], values: ['-p', '-A', '-I'] }],
  nix: [{ sub: ['develop'], scriptOption: ['-c', '--command'] }, { sub: ['shell'], scriptOption: ['-c', '--command'] }],
  strace: [{ values: ['-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-P', '-S', '-X'] }],
  ltrace: [{ values: ['-o', '-e', '-p', '-s', '-u', '-n', '-a'] }],
  valgrind: [{}],
  fakeroot: [{ values: ['-l', '--lib', '--faked', '-s', '-i', '-b'] }],
  firejail: [{}],
  'xvfb-run': [{ values: ['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file', '-p', '--xauth-protocol'] }],
  'systemd-run': [{ values: ['-p', '--property', '-u', '--unit', '-E', '--setenv', '--uid', '--gid', '--slice', '-M', '--machine', '--working-directory'] }],
  nsenter: [{ values: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'] }],
  unshare: [{ values: ['--map-user', '--map-group', '--propagation', '--setgroups', '-R', '--root', '-w', '--wd', '-S', '--setuid', '-G', '--setgid'] }],
  torsocks: [{ values: ['-u', '-p', '-a', '-P'] }],
  proxychains: [{ values: ['-f'] }],
  proxychains4: [{ values: ['-f'] }],
  'dbus-run-session': [{ values: ['--config-file', '--dbus-daemon'] }],
  catchsegv: [{}],
  caffeinate: [{ values: ['-t', '-w'] }],
  sg: [{ operands: 1, script: true, scriptOption: ['-c'] }],
  'ip': [{ sub: ['netns', 'exec'], operands: 1 }],
};

const MAX_VIEWS = 4;

function views(spec: RunnerSpec, args: readonly ShellWord[]): Payload[] {
  const out: Payload[] = [];
  const walk = (i: number, budget: number): void => {
    if (out.length >= MAX_VIEWS) return;
    while (i < args.length) {
      const w = args[i] as ShellWord;
      if (w.value === '--') {
        i++;
        break;
      }
      if (w.dynamic || !w.value.startsWith('-') || w.value === '-') break;
      const name = w.value.split('=')[0] as string;
      if (spec.scriptOption?.includes(name) === true) {
        const value = w.value.includes('=') ? w.value.slice(name.length + 1) : args[i + 1]?.value;
        if (value !== undefined) out.push({ kind: 'script', text: value });
        return;
      }
      if (spec.values?.includes(w.value) === true) i += 2;
      else {
        // An option we do not know: try it as taking a value, too.
        if (!w.value.includes('=') && budget > 0) walk(i + 2, budget - 1);
        i += 1;
      }
    }
    const payload = args.slice(i + (spec.operands ?? 0));
    if (payload.length === 0) return;
    if (spec.script === true) {
      if (payload.every((p) => !p.dynamic)) out.push({ kind: 'script', text: payload.map((p) => p.value).join(' ') });
      else out.push({ kind: 'command', words: [...payload], env: [], stdin: undefined });
    } else {
      out.push({ kind: 'command', words: [...payload], env: [], stdin: undefined });
    }
  };
  walk(0, 2);
  return out;
}

/** The probable payloads of an environment runner, or null when `name` is not one. */
export function runnerView(name: string, args: readonly ShellWord[]): Unwrapped | null {
  const specs = RUNNERS[name];
  if (specs === undefined) return null;
  for (const spec of specs) {
    const sub = spec.sub ?? [];
    if (!sub.every((s, k) => args[k]?.value === s)) continue;
    const payloads = views(spec, args.slice(sub.length));
    if (payloads.length === 0) return null;
    return { ok: true, label: [name, ...sub].join(' '), kind: 'runner', payloads, files: [], bindings: [] };
  }
  return null;
}
