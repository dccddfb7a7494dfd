/**
 * Connects a sandbox's network namespace to the runner's proxy during a held start (held-start.ts):
 * `socat` runs outside the sandbox but in its network namespace (`nsenter -U -n`), listening on
 * BRIDGE_PORT there (loopback is not up yet: the wildcard address is loopback in that namespace)
 * and connecting to the proxy's Unix socket here. Nothing inside can reach it; it dies with the runner.
 */
import { spawn } from 'node:child_process';
import { killGroup } from './spawn-group.js';

export const BRIDGE_PORT = 3128;

export interface BridgeTools {
  nsenter: string;
  socat: string;
  /** util-linux setpriv, for --pdeathsig; without it the bridge relies on being killed by the runner. */
  setpriv: string | null;
}

export interface Bridge {
  readonly pid: number;
  stop(): void;
}

export function startBridge(opts: { childPid: number; socketPath: string; tools: BridgeTools; timeoutMs: number }): Promise<Bridge> {
  const socatArgs = ['-d', '-d', `TCP-LISTEN:${BRIDGE_PORT},fork,reuseaddr`, `UNIX-CONNECT:${opts.socketPath}`];
  const nsenterArgs = ['-t', String(opts.childPid), '-U', '-n', '--preserve-credentials', '--', opts.tools.socat, ...socatArgs];
  const [file, args] = opts.tools.setpriv !== null ? [opts.tools.setpriv, ['--pdeathsig', 'KILL', '--', opts.tools.nsenter, ...nsenterArgs]] : [opts.tools.nsenter, nsenterArgs];
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: {} });
  return new Promise((resolve, reject) => {
    let log = '';
    let ready = false;
    const stop = (): void => {
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    };
    const fail = (why: string): void => {
      if (ready) return;
      ready = true;
      clearTimeout(timer);
      stop();
      reject(new Error(`network bridge did not start: ${why}${log.trim() === '' ? '' : `: ${log.trim().split('\n').slice(-3).join(' | ')}`}`));
    };
    const timer = setTimeout(() => fail('timed out'), opts.timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      if (ready) return; // keep draining so socat never blocks on a full pipe
      log += chunk.toString('utf8');
      if (/listening on/.test(log)) {
        ready = true;
        clearTimeout(timer);
        resolve({ pid: child.pid ?? -1, stop });
      }
    });
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code ?? '?'})`));
  });
}
