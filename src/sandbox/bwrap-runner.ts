/**
 * The sandboxed ProcessRunner: every command the agent causes to run goes through `run`, inside a
 * bubblewrap sandbox of its own (bwrap-args.ts), started when the command is run, from a plan made
 * then: its workspace mounts (command-mounts.ts), the masks outside the workspace (the host's
 * sockets listed anew), its own proxy log, and the check after commands (workspace-guard.ts).
 */
import { totalmem } from 'node:os';
import { lstatSync } from 'node:fs';
import { posix } from 'node:path';
import { SOCKET_HIDE_REASON } from './host-sockets.js';
import { relFrom } from './path-rules.js';
import { buildBwrapArgs, MAX_COMMAND_BYTES, sandboxCommandShell, sandboxShellCommand, type WorkspaceMount } from './bwrap-args.js';
import type { Preparation } from './command-mounts.js';
import { explainCommand, type SandboxViolation } from './denials.js';
import { RefusalTally } from './refusal-tally.js';
import { createDirectRunner } from './direct-runner.js';
import { FD_INFO, FD_USERNS_BLOCK } from './held-start.js';
import { startBridge, type Bridge } from './network-bridge.js';
import { startNetworkProxy, systemLookup, type Lookup, type NetworkProxy } from './network-proxy.js';
import type { CommandRequest, CommandResult, ProcessRunner, SearchOutcome, SearchRequest } from './process-runner.js';
import { probeSandbox } from './probe.js';
import type { SandboxProbeReport } from './probe-types.js';
import type { SandboxConfig } from '../config/index.js';
import { buildSandboxEnv, type HostEnv } from './sandbox-env.js';
import { openSession, SANDBOX_TMP, SandboxSetupError, type Mask, type SandboxSession } from './sandbox-session.js';
import { createSpawner, type SpawnResult } from './spawner.js';
import { limitWatcher, mib, resolveLimits, withNotes } from './resource-limits.js';
import { shellQuote } from './sandbox-exec.js';
import { startServerProcess, type ServerProcess, type ServerRequest } from './server-start.js';

export interface SandboxRunnerOptions {
  config: SandboxConfig;
  /** The workspace root; symlinks are resolved here. */
  workspace: string;
  /** The runner's environment; only allow-listed names reach commands. */
  hostEnv: HostEnv;
  /** A probe already run at start-up; probed here when absent. */
  probe?: SandboxProbeReport;
  /** Let the probe apply the AppArmor/userns sysctl fix with sudo (the action only). */
  allowSudoFix?: boolean;
  /** DNS for the proxy; tests stand in for it. */
  lookup?: Lookup;
  /** Process cap per command (RLIMIT_NPROC) and per run (pids cgroup, root only). Default: sandbox.limits.processes, else 4096. */
  maxProcesses?: number;
  /** Parent of the run's private state directory (default: the OS temp dir). */
  stateRoot?: string;
  /** Directories outside the workspace every command, search and server sees read-only (bwrap-args.ts). */
  readOnlyDirs?: readonly string[];
  /** Each violation as it is recorded (for the log). */
  onViolation?: (v: RecordedViolation) => void;
  warn?: (message: string) => void;
}

export interface RecordedViolation extends SandboxViolation {
  /** The command it happened in. */
  command: string;
}

export interface SandboxRunner extends ProcessRunner {
  /** What the probe found; null when the sandbox is off. */
  readonly probe: SandboxProbeReport | null;
  /** Every violation of the run so far, in order, for the summary. */
  violations(): readonly RecordedViolation[];
}

/** The sandbox is required and cannot start: the run stops before anything runs. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
  constructor(readonly problem: string, readonly howToFix: readonly string[]) {
    super(`The sandbox is required but cannot start: ${problem}.\nHow to fix:\n${howToFix.map((f) => `  - ${f}`).join('\n')}`);
  }
}

const START_TIMEOUT_MS = 10_000;
const FD_SECCOMP = 3;
/** A hidden workspace is an empty tmpfs: nothing of it to plan. */
const HIDDEN_PLAN = { ok: true as const, mounts: [] as WorkspaceMount[], readOnlyPaths: [] as string[], snapshot: null };
type Plan = Preparation | typeof HIDDEN_PLAN;

export async function createSandboxRunner(opts: SandboxRunnerOptions): Promise<SandboxRunner> {
  const warn = opts.warn ?? (() => undefined);
  const readOnlyDirs = opts.readOnlyDirs ?? [];
  if (opts.config.mode === 'off') {
    warn('sandbox.mode is off: commands run on the runner with no confinement (only the environment is filtered)');
    const { env } = buildSandboxEnv({ hostEnv: opts.hostEnv, envAllow: opts.config.envAllow, secrets: opts.config.secrets, home: opts.hostEnv.HOME ?? '/', tmpdir: opts.hostEnv.TMPDIR ?? '/tmp', proxyUrl: null });
    env.WARDEN_SANDBOX = 'off';
    return { ...createDirectRunner(env, { startNow: true }), probe: null, violations: () => [] };
  }
  const probe = opts.probe ?? (await probeSandbox({ hostEnv: opts.hostEnv, allowSudoFix: opts.allowSudoFix ?? false }));
  if (probe.fixApplied !== null) warn(`sandbox: applied "${probe.fixApplied}" so bubblewrap can create user namespaces`);
  for (const w of probe.warnings) warn(`sandbox: ${w}`);
  if (!probe.available) throw new SandboxUnavailableError(probe.problem ?? 'unknown', probe.howToFix);
  if (opts.config.network.allow.length > 0 && !probe.networkProxy) {
    throw new SandboxUnavailableError('the policy allows network hosts but socat or nsenter is missing, so the proxy cannot be reached', ['Install them: sudo apt-get install -y socat util-linux', 'or remove sandbox.network.allow from the policy']);
  }
  // The machine's memory, or the runner's own cgroup limit (a container's) where that is lower.
  const constrained = process.constrainedMemory();
  const limits = resolveLimits(opts.config.limits, constrained > 0 ? Math.min(totalmem(), constrained) : totalmem());
  let session: SandboxSession;
  try {
    session = openSession({ config: opts.config, workspace: opts.workspace, hostEnv: opts.hostEnv, probe, maxProcesses: opts.maxProcesses ?? limits.processes, limits, warn, ...(opts.stateRoot === undefined ? {} : { stateRoot: opts.stateRoot }) });
  } catch (err) {
    if (err instanceof SandboxSetupError) throw new SandboxUnavailableError(err.message, ['Check the workspace path and the runner\'s temp directory (TMPDIR)']);
    throw err;
  }
  const lookup = opts.lookup ?? systemLookup;
  const spawner = createSpawner({ cgroup: session.cgroup });
  spawner.start(); // now, while the run sets up, not on the first command
  const cleanups = new Set<() => Promise<void>>();
  const log: RecordedViolation[] = [];
  let counter = 0;
  let disposed = false;

  const cwdOf = (requestCwd: string): string => (session.workspaceAccess === 'hidden' ? session.workspace : posix.resolve(requestCwd));
  // Both read as the sandbox starts: the workspace as it is now, the host's sockets as bound now.
  const prepare = (): { masks: Mask[]; planned: Plan & { ok: true } } | { reasons: string[] } => {
    const masks = session.masks();
    if (!Array.isArray(masks)) return { reasons: [masks.problem] };
    const planned = session.workspaceAccess === 'hidden' ? HIDDEN_PLAN : session.mounts.prepare();
    return planned.ok ? { masks, planned } : { reasons: planned.reasons };
  };
  // The cgroups a sandbox joins in a held start, before anything in it runs (bwrap waits until the
  // spawner has set the id maps and moved it): the pids cgroup when the spawner itself could not
  // join it, and a v1 memory cgroup, which the spawner is never in (memory-limit.ts).
  const cgroupJoins = (): string[] => [
    ...(session.cgroup !== null && !spawner.start().inCgroup ? [session.cgroup.procsFile] : []),
    ...(session.memory?.procsFile == null ? [] : [session.memory.procsFile]),
  ];
  // Without a memory cgroup, RLIMIT_DATA per process holds memory_mb.
  const dataKb = session.memory === null ? session.limits.memoryMb * 1024 : null;
  const limitWatch = limitWatcher(session);

  // Runs still finishing (their check after the command may remove files): dispose waits for them,
  // so nothing on the host (the post-run git) looks at the workspace before that check is done.
  const inflight = new Set<Promise<unknown>>();
  function run(request: CommandRequest): Promise<CommandResult> {
    if (disposed) return Promise.reject(new Error('sandbox runner already disposed'));
    const p = runGuarded(request);
    inflight.add(p);
    const forget = (): void => void inflight.delete(p);
    p.then(forget, forget);
    return p;
  }

  async function runGuarded(request: CommandRequest): Promise<CommandResult> {
    const cwd = cwdOf(request.cwd);
    let guarded = false;
    let result: CommandResult;
    const extra: string[] = [];
    try {
      const problem = commandProblem(request.command);
      if (problem !== null) return failure(problem);
      const prepared = prepare();
      if ('reasons' in prepared) {
        for (const reason of prepared.reasons) record({ kind: 'filesystem', source: 'mount-table', message: reason }, request.command);
        return refusal(prepared.reasons);
      }
      const { masks, planned } = prepared;
      if (session.workspaceAccess === 'write' && planned.snapshot !== null) {
        session.guard.begin(planned.snapshot);
        guarded = true;
      }
      result = await execute(request, cwd, planned.mounts, planned.readOnlyPaths, masks);
    } finally {
      checkAfter(guarded, request.command, extra);
    }
    return extra.length === 0 ? result : { ...result, violations: [...result.violations, ...extra] };
  }

  /** Once no command is running, protected paths that appeared are removed (workspace-guard.ts). */
  function checkAfter(guarded: boolean, command: string, extra: string[]): void {
    const intrusions = guarded ? session.guard.end() : [];
    for (const i of intrusions) {
      const message = {
        removed: `${i.rel} appeared in a command and was removed: ${i.why}`,
        'kept-writable': `${i.rel} appeared in a command and was removed, except the paths inside it the policy lets commands write: ${i.why}`,
        failed: `${i.rel} appeared in a command and could not be removed: ${i.why}`,
      }[i.outcome];
      record({ kind: 'filesystem', source: 'workspace-check', message }, command);
      extra.push(`filesystem: ${message}`);
    }
  }

  async function execute(request: CommandRequest, cwd: string, workspaceMounts: WorkspaceMount[], readOnlyPaths: string[], masks: Mask[]): Promise<CommandResult> {
    const n = ++counter;
    // Refusals, counted: a client retrying one refusal ends the command (refusal-tally.ts).
    const refusals = new RefusalTally();
    const ended = new AbortController();
    let proxy: NetworkProxy | null = null;
    // Set from the start-up callback while the command runs.
    const held: { bridge: Bridge | null; error: string | null; done: boolean } = { bridge: null, error: null, done: false };
    const cleanup = async (): Promise<void> => {
      held.done = true;
      held.bridge?.stop();
      await proxy?.close();
    };
    cleanups.add(cleanup);
    try {
      const network = session.config.network;
      if (network.allow.length > 0) {
        proxy = await startNetworkProxy({ socketPath: posix.join(session.stateDir, `net-${n}.sock`), allow: network.allow, allowPrivate: network.allowPrivate, lookup, onViolation: (v) => refusals.add(v) && ended.abort() });
      }
      // Held start: bwrap waits until the spawner has set the id maps (and moved it into the
      // cgroups it is not born in), and the runner has started the bridge.
      const joins = cgroupJoins();
      const holdStart = proxy !== null || joins.length > 0;
      const args = buildBwrapArgs({
        workspace: session.workspace, privateTmp: session.privateTmp, readOnlyDirs, cwd, tmpfs: session.tmpfs, tmpSizeBytes: mib(session.limits.tmpMb),
        workspaceAccess: session.workspaceAccess, mounts: workspaceMounts, masks, env: session.env, seccompFd: FD_SECCOMP,
        bridge: holdStart ? { infoFd: FD_INFO, userNsBlockFd: FD_USERNS_BLOCK } : null, infoFd: FD_INFO, hostname: 'warden-sandbox',
        command: sandboxCommandShell(session.maxProcesses, dataKb),
      });
      const socketPath = proxy?.socketPath ?? null;
      const watchLimits = limitWatch();
      let result: SpawnResult;
      try {
        result = await spawner.run({
          file: session.bwrap, args, cwd: '/', env: {}, seccompFile: session.seccompFile, info: true, commandText: request.command,
          timeoutMs: request.timeoutMs, signal: AbortSignal.any([request.signal, ended.signal]), maxOutputChars: request.maxOutputChars,
          ...(holdStart ? { held: { cgroupProcs: joins, beforeRelease: socketPath === null ? null : (childPid: number) => startBridgeFor(childPid, socketPath, held) } } : {}),
        });
      } finally {
        watchLimits.end();
      }
      held.error = result.heldError;
      const endedNote = request.signal.aborted ? null : refusals.endedNote();
      // Ended by us, not cancelled by the caller: the result says why, as for a signal.
      if (endedNote !== null) result = { ...result, aborted: false, signal: result.signal ?? 'SIGTERM', output: `${result.output}${result.output === '' || result.output.endsWith('\n') ? '' : '\n'}${endedNote}\n` };
      const found = explainCommand({
        exitCode: result.exitCode, timedOut: result.timedOut, output: result.output, cwd, proxyLog: refusals.summary(), networkAllow: network.allow,
        table: { workspace: session.workspace, writable: [session.workspace, SANDBOX_TMP], protectedPaths: readOnlyPaths, masked: masks.map((m) => m.path), describe: (abs) => describeMounted(session, abs) },
      });
      for (const v of found) record(v, request.command);
      const { heldError: _shown, ...rest } = result;
      const output = withNotes(held.error === null ? result.output : `warden sandbox: ${held.error}\n${result.output}`, watchLimits.notes(result.output));
      return { ...rest, output, violations: found.map((v) => `${v.kind}: ${v.message}`) };
    } finally {
      await cleanup();
      cleanups.delete(cleanup);
    }
  }

  /** Grep and Glob's ripgrep, in a sandbox built as a command's now, but read-only and with no network (sandboxed-search.ts). */
  async function search(request: SearchRequest): Promise<SearchOutcome> {
    if (disposed) return { ran: false, why: 'the sandbox runner is disposed' };
    const prepared = prepare();
    if ('reasons' in prepared) return { ran: false, why: prepared.reasons.join('; ') };
    const { masks, planned } = prepared;
    const args = buildBwrapArgs({
      workspace: session.workspace, privateTmp: session.privateTmp, readOnlyDirs, cwd: request.cwd, tmpfs: session.tmpfs,
      workspaceAccess: session.workspaceAccess === 'hidden' ? 'hidden' : 'read', mounts: planned.mounts, masks, env: {}, seccompFd: FD_SECCOMP,
      bridge: null, infoFd: FD_INFO, hostname: 'warden-search', command: [request.file, ...request.args],
    });
    const result = await spawner.run({
      file: session.bwrap, args, cwd: '/', env: {}, seccompFile: session.seccompFile, info: true,
      timeoutMs: request.timeoutMs, signal: request.signal, maxOutputChars: request.maxOutputChars,
    });
    // bwrap's own failure (exit 1, its words first) means nothing searched: the tool judges instead.
    if (result.exitCode === 1 && result.output.startsWith('bwrap: ')) return { ran: false, why: result.output.split('\n')[0] ?? 'bwrap failed' };
    const { heldError: _none, ...ended } = result;
    return { ran: true, result: ended };
  }

  /**
   * An MCP server: a sandbox built as a command's, but with the workspace read-only: the check after
   * commands needs no sandboxed process alive when it looks, and a server lives all run.
   */
  async function start(request: ServerRequest): Promise<ServerProcess> {
    if (disposed) throw new Error('the sandbox runner is disposed');
    const prepared = prepare();
    if ('reasons' in prepared) throw new Error(prepared.reasons.join('; '));
    const { masks, planned } = prepared;
    const label = `mcp server ${request.name}`;
    const network = session.config.network;
    const proxy = network.allow.length === 0 ? null : await startNetworkProxy({ socketPath: posix.join(session.stateDir, `net-mcp-${++counter}.sock`), allow: network.allow, allowPrivate: network.allowPrivate, lookup, onViolation: (v) => record(v, label) });
    let bridge: Bridge | null = null;
    const args = buildBwrapArgs({
      workspace: session.workspace, privateTmp: session.privateTmp, readOnlyDirs, cwd: cwdOf(request.cwd), tmpfs: session.tmpfs, tmpSizeBytes: mib(session.limits.tmpMb),
      workspaceAccess: session.workspaceAccess === 'hidden' ? 'hidden' : 'read', mounts: planned.mounts, masks, env: { ...session.env, ...request.env }, seccompFd: FD_SECCOMP,
      bridge: { infoFd: FD_INFO, userNsBlockFd: FD_USERNS_BLOCK }, hostname: 'warden-mcp',
      command: sandboxShellCommand(`${dataKb === null ? '' : `ulimit -d ${dataKb} 2>/dev/null; `}exec ${shellQuote([request.command, ...request.args])}`, session.maxProcesses),
    });
    let stopped = false;
    const stop = async (): Promise<void> => {
      if (stopped) return;
      stopped = true;
      server?.kill();
      bridge?.stop();
      await proxy?.close();
    };
    let server: ServerProcess | null = null;
    cleanups.add(stop);
    try {
      server = await startServerProcess(session.bwrap, args, {}, '/', {
        seccompFile: session.seccompFile, timeoutMs: START_TIMEOUT_MS,
        cgroupProcs: [session.cgroup?.procsFile, session.memory?.procsFile].filter((f): f is string => typeof f === 'string'),
        beforeRelease: async (childPid) => {
          if (proxy !== null) bridge = await bridgeInto(childPid, proxy.socketPath);
        },
      });
    } catch (err) {
      await stop();
      cleanups.delete(stop);
      throw err;
    }
    void server.exited.then(stop);
    return server;
  }

  function record(v: SandboxViolation, command: string): void {
    const recorded = { ...v, command };
    log.push(recorded);
    opts.onViolation?.(recorded);
  }

  /** The network bridge into a held sandbox, before bwrap is let go (held-start.ts). */
  function bridgeInto(childPid: number, socketPath: string): Promise<Bridge> {
    if (session.bridgeTools === null) return Promise.reject(new Error('socat/nsenter missing'));
    return startBridge({ childPid, socketPath, tools: session.bridgeTools, timeoutMs: START_TIMEOUT_MS });
  }

  async function startBridgeFor(childPid: number, socketPath: string, held: { bridge: Bridge | null; done: boolean }): Promise<void> {
    held.bridge = await bridgeInto(childPid, socketPath);
    if (held.done) held.bridge.stop(); // the command already ended
  }

  return {
    kind: 'bwrap',
    probe,
    run,
    search,
    start,
    violations: () => log,
    async dispose(): Promise<void> {
      disposed = true;
      spawner.killAll();
      await Promise.all([...cleanups].map((c) => c()));
      await Promise.allSettled([...inflight]);
      await spawner.close();
      await session.close();
    },
  };
}

/** Why a command cannot be carried to its shell, or null. An argv could not hold a NUL either. */
function commandProblem(command: string): string | null {
  if (command.includes('\0')) return 'the command contains a NUL byte, which a shell command line cannot hold';
  if (Buffer.byteLength(command) > MAX_COMMAND_BYTES) return `the command is longer than ${MAX_COMMAND_BYTES} bytes`;
  return null;
}

/** Why a path the plan keeps read-only or hidden is so, from the run's path rules (denials.ts). */
function describeMounted(session: SandboxSession, abs: string): { reason: string | null; hidden: boolean; isDir: boolean } {
  const rel = relFrom(session.workspace, abs);
  const rule = rel === null || rel.length === 0 ? null : session.rules.classify(rel);
  const st = lstatSync(abs, { throwIfNoEntry: false });
  const hiddenBy = rule?.hide ?? (st?.isSocket() === true ? SOCKET_HIDE_REASON : null);
  return { reason: hiddenBy ?? rule?.protect ?? null, hidden: hiddenBy !== null, isDir: st?.isDirectory() === true };
}

function failure(problem: string): CommandResult {
  return { exitCode: 127, signal: null, output: `warden sandbox: ${problem}\n`, droppedChars: 0, timedOut: false, aborted: false, durationMs: 0, violations: [] };
}

function refusal(reasons: string[]): CommandResult {
  return {
    exitCode: 126, signal: null, output: `warden sandbox: the command was not run: ${reasons.join('; ')}\n`, droppedChars: 0,
    timedOut: false, aborted: false, durationMs: 0, violations: reasons.map((r) => `filesystem: ${r}`),
  };
}
