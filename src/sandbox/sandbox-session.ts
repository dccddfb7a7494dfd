/**
 * Per-run sandbox state, set up once: the private state directory (temp dir, home, seccomp
 * program, proxy sockets), what to hide outside the workspace, the environment, the path rules,
 * the workspace scanner and guard, and the pids and memory cgroups. Per-command work lives in bwrap-runner.ts.
 */
import { existsSync, lstatSync, mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { posix } from 'node:path';
import { credentialCandidates, effectiveMasks, FRESH_DIRS, homeDirectories, resolveMasks } from './credential-mask.js';
import { CommandMounts } from './command-mounts.js';
import { findOutsideMasks } from './outside-masks.js';
import { PathRuleError, PathRules } from './path-rules.js';
import { TreeScanner } from './tree-scan.js';
import { WorkspaceGuard } from './workspace-guard.js';
import { BRIDGE_PORT, type BridgeTools } from './network-bridge.js';
import { createPidsCgroup, type PidsCgroup } from './process-limit.js';
import type { SandboxProbeReport } from './probe-types.js';
import type { SandboxConfig } from '../config/index.js';
import { buildSandboxEnv, type HostEnv } from './sandbox-env.js';
import { seccompArchFor } from './seccomp-filter.js';
import { writeSeccompFile } from './sandbox-tools.js';
import { makeOwnedTempDir, removeOwned } from './owned-dirs.js';
import { createMemoryCgroup, type MemoryCgroup } from './memory-limit.js';
import { mib, type ResolvedLimits } from './resource-limits.js';
import { hostSocketMasks, readHostSockets } from './host-sockets.js';
import { fillSandboxHome } from './sandbox-home.js';

/** Inside paths. */
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_HOME = '/tmp/home';

export interface SessionOptions {
  config: SandboxConfig;
  workspace: string;
  hostEnv: HostEnv;
  probe: SandboxProbeReport;
  maxProcesses: number;
  /** The memory and /tmp limits (resource-limits.ts); maxProcesses is the process one. */
  limits: Pick<ResolvedLimits, 'memoryMb' | 'tmpMb'>;
  stateRoot?: string;
  warn: (message: string) => void;
}

export interface SandboxSession {
  readonly workspace: string;
  readonly stateDir: string;
  readonly privateTmp: string;
  readonly seccompFile: string;
  readonly bwrap: string;
  readonly bridgeTools: BridgeTools | null;
  readonly tmpfs: string[];
  /**
   * What to hide outside the workspace from a command starting now: the credential masks and every
   * host socket bound now (host-sockets.ts), or why that cannot be told (the command is refused).
   */
  masks(): Mask[] | { problem: string };
  readonly env: Record<string, string>;
  /** How commands see the workspace (a bare Read or Edit deny, plan mode). */
  readonly workspaceAccess: 'write' | 'read' | 'hidden';
  readonly mounts: CommandMounts;
  /** What each workspace path is hidden or protected by (for explaining a refused write). */
  readonly rules: PathRules;
  readonly guard: WorkspaceGuard;
  readonly cgroup: PidsCgroup | null;
  /** The run's memory cgroup (memory-limit.ts), or null: RLIMIT_DATA per process instead. */
  readonly memory: MemoryCgroup | null;
  readonly config: SandboxConfig;
  readonly maxProcesses: number;
  readonly limits: Pick<ResolvedLimits, 'memoryMb' | 'tmpMb'>;
  close(): Promise<void>;
}

export interface Mask {
  path: string;
  kind: 'dir' | 'file';
}

export class SandboxSetupError extends Error {
  override readonly name = 'SandboxSetupError';
}

const isAncestorOrSelf = (parent: string, child: string): boolean => parent === '/' || child === parent || child.startsWith(`${parent}/`);

/** FRESH_DIRS that exist as real directories (a `/var/run -> /run` symlink is covered by /run). */
function freshDirs(): string[] {
  return FRESH_DIRS.filter((dir) => {
    try {
      return realpathSync.native(dir) === dir && statSync(dir).isDirectory();
    } catch {
      return false;
    }
  });
}

/** Where sandbox state goes by default: Unix socket paths (the proxy's) must stay under 108 bytes. */
export function sandboxStateRoot(): string {
  return tmpdir().length <= 60 ? tmpdir() : '/tmp';
}

export function openSession(opts: SessionOptions): SandboxSession {
  const { probe } = opts;
  if (probe.tools.bwrap === null) throw new SandboxSetupError('bubblewrap is not installed');
  const arch = seccompArchFor(process.arch);
  if (arch === null) throw new SandboxSetupError(`no seccomp syscall table for ${process.arch}`);
  const workspace = realpathSync.native(opts.workspace);
  if (workspace === '/') throw new SandboxSetupError('the workspace cannot be /');

  // Owned, so a later run removes it if this process is killed before close().
  const stateDir = makeOwnedTempDir(opts.stateRoot ?? sandboxStateRoot(), 'warden-sandbox-');
  if (isAncestorOrSelf(workspace, stateDir)) {
    rmSync(stateDir, { recursive: true, force: true });
    throw new SandboxSetupError(`the workspace ${workspace} contains the sandbox's state directory; choose a workspace that does not contain ${posix.dirname(stateDir)}`);
  }
  const privateTmp = posix.join(stateDir, 'tmp');
  mkdirSync(posix.join(privateTmp, 'home'), { recursive: true, mode: 0o700 });
  fillSandboxHome(posix.join(privateTmp, 'home'), opts.hostEnv, opts.warn);
  // Read before anything else is set up: Unix sockets are allowed only if the host's can be hidden.
  const hostSockets = readHostSockets();
  if (!hostSockets.readable) opts.warn(`sandbox: Unix sockets stay refused inside the sandbox: ${hostSockets.why}, so the host's sockets cannot be found and hidden`);
  const seccompFile = writeSeccompFile(stateDir, arch, { allowUnix: hostSockets.readable });

  const fail = (message: string): never => {
    rmSync(stateDir, { recursive: true, force: true });
    throw new SandboxSetupError(message);
  };
  let rules: PathRules;
  try {
    rules = new PathRules(workspace, opts.config);
  } catch (err) {
    if (!(err instanceof PathRuleError)) throw err;
    return fail(err.message);
  }
  for (const p of rules.invalid) opts.warn(`sandbox: ignoring protected path ${JSON.stringify(p)} (must be a plain workspace-relative path)`);
  const outside = findOutsideMasks(rules.outsideRead, workspace);
  if (outside.problems.length > 0) fail(outside.problems.join('; '));

  const tmpfs = freshDirs();
  const candidates = credentialCandidates({ hostEnv: opts.hostEnv, homes: homeDirectories(opts.hostEnv), extra: [stateDir] });
  const found = effectiveMasks([...resolveMasks(candidates), ...outside.masks], { workspace, privateTmp: SANDBOX_TMP, replaced: [SANDBOX_TMP, ...tmpfs] });
  const { skipped } = found;
  const hiddenDirs = [SANDBOX_TMP, ...tmpfs, ...found.masks.filter((m) => m.kind === 'dir').map((m) => m.path)];
  for (const s of skipped) opts.warn(`sandbox: not hiding ${s}: it contains the workspace`);

  const allow = opts.config.network.allow;
  const { env, dropped } = buildSandboxEnv({
    hostEnv: opts.hostEnv,
    envAllow: opts.config.envAllow,
    secrets: opts.config.secrets,
    home: SANDBOX_HOME,
    tmpdir: SANDBOX_TMP,
    proxyUrl: allow.length > 0 ? `http://127.0.0.1:${BRIDGE_PORT}` : null,
  });
  for (const d of dropped) opts.warn(`sandbox: environment variable ${d.name} is not passed (${d.reason})`);

  const emptyFile = posix.join(stateDir, 'empty');
  writeFileSync(emptyFile, '', { mode: 0o444 });
  const { denyAllReads, denyAllWrites } = opts.config.fileRules;
  const workspaceAccess = denyAllReads ? 'hidden' : denyAllWrites ? 'read' : 'write';
  const mounts = new CommandMounts(workspace, rules, new TreeScanner(workspace, rules, Date.now), stateDir, emptyFile);
  const guard = new WorkspaceGuard(workspace, () => mounts.snapshot(), rules.writablePaths());

  const { nsenter, socat, setpriv } = probe.tools;
  const bridgeTools = nsenter !== null && socat !== null ? { nsenter, socat, setpriv } : null;
  const cgroup = probe.processLimit === 'cgroup' ? createPidsCgroup(posix.basename(stateDir), opts.maxProcesses) : null;
  const memory = probe.memoryLimit === 'cgroup-v1' || probe.memoryLimit === 'cgroup-v2' ? createMemoryCgroup(posix.basename(stateDir), mib(opts.limits.memoryMb), cgroup) : null;
  if (memory === null && probe.memoryLimit !== undefined && probe.memoryLimit !== 'rlimit') opts.warn(`sandbox: no memory cgroup could be made for the run: each process is held to ${opts.limits.memoryMb} MB (RLIMIT_DATA) instead`);

  return {
    workspace, stateDir, privateTmp, seccompFile, bwrap: probe.tools.bwrap, bridgeTools, tmpfs, env,
    masks(): Mask[] | { problem: string } {
      // Listed again for each command: a socket bound since the run opened is hidden too.
      const sockets = hostSockets.readable ? readHostSockets() : null;
      if (sockets !== null && !sockets.readable) return { problem: `the host's Unix sockets cannot be listed to hide them: ${sockets.why}` };
      const socketMasks = sockets === null ? [] : hostSocketMasks(sockets.paths, { workspace, replaced: hiddenDirs });
      const masks = [...found.masks, ...socketMasks.filter((m) => !found.masks.some((f) => f.path === m.path))];
      // Only what is there now: bwrap cannot mount over a path that has gone (a host socket unbound
      // and its directory removed, a credential file deleted), and would refuse the command.
      return masks.filter((m) => lstatSync(m.path, { throwIfNoEntry: false }) !== undefined);
    },
    workspaceAccess, mounts, rules, guard, cgroup, memory, config: opts.config, maxProcesses: opts.maxProcesses, limits: opts.limits,
    async close(): Promise<void> {
      memory?.killAll();
      cgroup?.killAll();
      await Promise.all([memory?.remove(), cgroup?.remove()]);
      const left = [cgroup, memory].find((c) => c !== null && existsSync(c.dir));
      // Empty by now (killed); the runner's manager (systemd, a container runtime) removes it with the runner's own cgroup.
      if (left !== undefined && left !== null) opts.warn(`sandbox: could not remove the cgroup ${left.dir} yet`);
      // Commands wrote its private /tmp and may have locked parts of it (chmod 000); what cannot go
      // keeps its owner file, and a later run sweeps it (owned-removal.ts).
      if (!(await removeOwned(stateDir))) opts.warn(`sandbox: could not remove all of ${stateDir}; a later run removes it`);
    },
  };
}
