/**
 * A long-lived program (an MCP server) that talks over its stdin and stdout, started where
 * commands start: bwrap with the same arguments as a command (bwrap-runner.ts `start`), or, with
 * the sandbox off, on the host with the filtered environment. Not through the spawner, which runs
 * commands to completion: start-up speed does not matter for a server that lives all run.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { runHeldStart } from './held-start.js';
import { killSandbox } from './spawn-group.js';

export interface ServerRequest {
  /** The server's name, for violations and messages. */
  name: string;
  command: string;
  args: readonly string[];
  /** Set over the sandbox's environment. */
  env: Readonly<Record<string, string>>;
  cwd: string;
}

export interface ServerProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles when the program has ended (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Kills it and everything it started. */
  kill(): void;
}

export interface HeldBwrap {
  seccompFile: string;
  /** cgroup.procs files the sandbox joins before anything in it runs. */
  cgroupProcs: readonly string[];
  /** Runs before bwrap is let go (the network bridge). */
  beforeRelease: (childPid: number) => Promise<void>;
  timeoutMs: number;
}

/** Starts `file args` as its own process group; with `held`, a bwrap built with the held-start fds (3 seccomp, 4 info, 5 block). */
export async function startServerProcess(file: string, args: readonly string[], env: Record<string, string>, cwd: string, held: HeldBwrap | null): Promise<ServerProcess> {
  const seccompFd = held === null ? null : openSync(held.seccompFile, 'r');
  let child;
  try {
    child = spawn(file, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe', ...(seccompFd === null ? [] : [seccompFd, 'pipe' as const, 'pipe' as const])] });
  } finally {
    if (seccompFd !== null) closeSync(seccompFd);
  }
  let sandboxPid: number | null = null;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('error', () => resolve({ code: 127, signal: null }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const kill = (): void => killSandbox(child.pid, sandboxPid);
  if (held !== null) {
    try {
      sandboxPid = await runHeldStart(child, {
        timeoutMs: held.timeoutMs,
        beforeRelease: async (pid) => {
          for (const procs of held.cgroupProcs) writeFileSync(procs, String(pid));
          await held.beforeRelease(pid);
        },
      });
    } catch (err) {
      kill();
      throw err;
    }
  }
  const { stdin, stdout, stderr } = child;
  if (stdin === null || stdout === null || stderr === null) throw new Error('server pipes missing');
  stdin.on('error', () => undefined); // a server that died: its exit says so
  return { stdin, stdout, stderr, exited, kill };
}
