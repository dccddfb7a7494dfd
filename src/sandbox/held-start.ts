/**
 * A held start for an MCP server (the spawner does its own for commands): bwrap reports the
 * sandbox's pid (`--info-fd`) and waits (`--userns-block-fd`) before it sets anything up, while the
 * runner writes the id maps, joins cgroups and starts the network bridge; nothing inside has run
 * yet. Not --block-fd: left to itself an unprivileged bwrap nests a second user namespace, which
 * does not own the network namespace, so nsenter could not enter it (EPERM).
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';

export const FD_INFO = 4;
export const FD_USERNS_BLOCK = 5;

/** Reads bwrap's `--info-fd` JSON until it names the sandbox's pid. */
function readChildPid(info: Readable, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (err: Error | null, pid?: number): void => {
      clearTimeout(timer);
      info.removeAllListeners('data');
      if (err !== null || pid === undefined) reject(err ?? new Error('no pid'));
      else resolve(pid);
    };
    const timer = setTimeout(() => done(new Error('bwrap did not report the sandbox pid in time')), timeoutMs);
    info.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      try {
        const parsed: unknown = JSON.parse(text);
        const pid = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['child-pid'] : undefined;
        if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) done(null, pid);
        else done(new Error(`unexpected bwrap info: ${text.slice(0, 200)}`));
      } catch {
        // Incomplete JSON so far.
      }
    });
    info.once('end', () => done(new Error('bwrap exited before the sandbox started')));
  });
}

/**
 * Drives a bwrap started with `--info-fd FD_INFO --userns-block-fd FD_USERNS_BLOCK` (both 'pipe'):
 * identity id maps (the runner's own uid and gid, as bwrap would write them), then `beforeRelease`
 * (cgroups, the bridge), then bwrap is let go.
 */
export async function runHeldStart(child: ChildProcess, steps: { beforeRelease(childPid: number): Promise<void>; timeoutMs: number }): Promise<number> {
  const pipes: readonly unknown[] = child.stdio;
  const info = pipes[FD_INFO];
  const block = pipes[FD_USERNS_BLOCK];
  if (!(info instanceof Readable) || !(block instanceof Writable)) throw new Error('bwrap info/block pipes missing');
  block.on('error', () => undefined);
  const childPid = await readChildPid(info, steps.timeoutMs);
  const [uid, gid] = [process.getuid?.() ?? 0, process.getgid?.() ?? 0];
  writeFileSync(`/proc/${childPid}/uid_map`, `${uid} ${uid} 1\n`);
  writeFileSync(`/proc/${childPid}/setgroups`, 'deny');
  writeFileSync(`/proc/${childPid}/gid_map`, `${gid} ${gid} 1\n`);
  await steps.beforeRelease(childPid);
  block.end('1');
  return childPid;
}
