/**
 * What the sandbox blocked during one command, from our own records. Pure. The proxy's log is
 * authoritative for the network. A command's output is never trusted to *say* what was blocked: a
 * failed command's line reporting EROFS, EBUSY, EPERM or EACCES only points at paths, which are
 * looked up in *our* mount table. Direct network use cannot be observed: a failed command whose
 * output shows a network failure is told what the sandbox's network is, from the policy.
 */
import { posix } from 'node:path';
import { isInside } from '../path-inside.js';
import { editAllowHint, hintText } from './policy-hints.js';

export type ViolationKind = 'network' | 'filesystem';

export interface SandboxViolation {
  kind: ViolationKind;
  /** Where the record comes from: the proxy's own log, our mount table / network config, or the check after commands. */
  source: 'proxy' | 'mount-table' | 'network-config' | 'workspace-check';
  /** One line, for the model and the summary. */
  message: string;
}

export interface MountTable {
  workspace: string;
  /** Writable inside the sandbox (the workspace, /tmp). */
  writable: readonly string[];
  /** Protected paths (absolute) kept read-only inside the workspace. */
  protectedPaths: readonly string[];
  /** Hidden paths. */
  masked: readonly string[];
  /** Why a path in `protectedPaths` is there (the path rules' reason), whether hidden rather than read-only, and whether a directory. */
  describe?: (abs: string) => { reason: string | null; hidden: boolean; isDir: boolean };
}

/** Inside the git dir no allow rule opens a path (git-dir.ts keeps it read-only whatever the policy says). */
const GIT_FIX = 'no policy rule opens it: pass a setting for one command with `git -c name=value`, and skip hook installers (HUSKY=0)';

const EROFS = /read-only file system|\bEROFS\b/i;
/** Mount points cannot be renamed, removed or replaced: EBUSY, or EPERM/EACCES from some tools. */
const MOUNT_REFUSAL = /device or resource busy|\bEBUSY\b|operation not permitted|\bEPERM\b|permission denied|\bEACCES\b/i;
const NETWORK_FAILURE = /network is unreachable|\bENETUNREACH\b|could not resolve host|temporary failure in name resolution|\bEAI_AGAIN\b|\bENOTFOUND\b|name or service not known|failed to resolve|getaddrinfo/i;
const MAX_PATHS = 5;

/** Paths named on a line: quoted strings first, then bare tokens that look like paths. */
export function pathsOnLine(line: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/'([^'\n]+)'|"([^"\n]+)"|‘([^’\n]+)’|`([^`\n]+)'/g)) {
    const p = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (p !== undefined && p.trim() !== '' && !/\s{2,}/.test(p)) found.push(p);
  }
  if (found.length === 0) {
    for (const m of line.matchAll(/(?:^|[\s(:=])((?:\/|\.{1,2}\/)[^\s:'"),]*|[\w.-]+\/[^\s:'"),]*)/g)) {
      if (m[1] !== undefined) found.push(m[1]);
    }
  }
  return found;
}

function filesystemViolations(output: string, cwd: string, table: MountTable): SandboxViolation[] {
  const out = new Map<string, SandboxViolation>();
  for (const line of output.split('\n')) {
    const readOnly = EROFS.test(line);
    if (!readOnly && !MOUNT_REFUSAL.test(line)) continue;
    for (const named of pathsOnLine(line)) {
      if (out.size >= MAX_PATHS) break;
      const abs = posix.resolve(cwd, named);
      const rel = isInside(table.workspace, abs) ? posix.relative(table.workspace, abs) || '.' : abs;
      // The deepest mount covering it decides (a hidden socket inside a pinned directory).
      const prot = table.protectedPaths.filter((p) => isInside(p, abs)).sort((a, b) => b.length - a.length)[0];
      if (prot !== undefined) {
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${rel} blocked: ${protectedNote(prot, table)}` });
      } else if (table.masked.some((m) => isInside(m, abs))) {
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${abs} blocked: the sandbox hides that path (credentials)` });
      } else if (readOnly && !table.writable.some((w) => isInside(w, abs))) {
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${abs} blocked: outside the sandbox's writable area (only ${table.writable.join(' and ')} are writable)` });
      }
    }
  }
  return [...out.values()];
}

/** "X is protected (read-only in the sandbox): why; what to do", from the mount table alone. */
function protectedNote(prot: string, table: MountTable): string {
  const name = posix.relative(table.workspace, prot) || '.';
  const { reason, hidden, isDir } = table.describe?.(prot) ?? { reason: null, hidden: false, isDir: false };
  if (hidden) return `${name} is hidden in the sandbox (it reads as empty and cannot be moved or removed): ${reason ?? 'hidden by the policy'}`;
  const why = reason === null ? 'a protected path' : reason;
  const inGit = name === '.git' || name.startsWith('.git/');
  const fix = inGit ? GIT_FIX : hintText(editAllowHint(name, isDir), 'a policy allow rule naming it makes it writable');
  return `${name} is protected (read-only in the sandbox): ${why}; ${fix}`;
}

export interface ExplainInput {
  exitCode: number | null;
  timedOut: boolean;
  output: string;
  cwd: string;
  table: MountTable;
  /** Hosts the proxy lets through; empty means no network at all. */
  networkAllow: readonly string[];
  /** Violations the proxy recorded for this command. */
  proxyLog: readonly SandboxViolation[];
}

export function explainCommand(input: ExplainInput): SandboxViolation[] {
  const found = [...input.proxyLog];
  if (input.exitCode === 0 || input.timedOut) return found;
  found.push(...filesystemViolations(input.output, input.cwd, input.table));
  if (input.proxyLog.length === 0 && NETWORK_FAILURE.test(input.output)) {
    found.push(
      input.networkAllow.length === 0
        ? { kind: 'network', source: 'network-config', message: 'network access is off in this sandbox (sandbox.network.allow is empty), so connections and DNS lookups fail' }
        : { kind: 'network', source: 'network-config', message: `the sandbox has no direct network; only HTTP(S) through its proxy (HTTP_PROXY/HTTPS_PROXY) to ${input.networkAllow.join(', ')} works` },
    );
  }
  return found;
}
