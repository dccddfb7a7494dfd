/**
 * What the sandbox blocked during one command, from our own records. Pure.
 *
 * - Network through the proxy: the proxy's log is authoritative (network-proxy.ts records it).
 * - Filesystem: a command's output is text it controls, so it is never trusted to *say* what was
 *   blocked. The rule: when the command failed (non-zero exit) and a line of its output reports
 *   EROFS ("Read-only file system"), each path named on that line is looked up in *our* mount table;
 *   only a path we mounted read-only (outside the writable places, or a protected path) is reported,
 *   and the report states the mount, which is true whatever the command printed.
 * - Direct network use (not through the proxy) cannot be observed. When a failed command's output
 *   shows a network failure, the result says what the sandbox's network is; that statement comes
 *   from the policy, not from the text.
 */
import { posix } from 'node:path';
import { isInside } from '../path-inside.js';

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
}

const EROFS = /read-only file system|\bEROFS\b/i;
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
    if (!EROFS.test(line)) continue;
    for (const named of pathsOnLine(line)) {
      if (out.size >= MAX_PATHS) break;
      const abs = posix.resolve(cwd, named);
      const rel = isInside(table.workspace, abs) ? posix.relative(table.workspace, abs) || '.' : abs;
      const prot = table.protectedPaths.find((p) => isInside(p, abs));
      if (prot !== undefined) {
        const name = posix.relative(table.workspace, prot);
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${rel} blocked: the sandbox keeps ${name} read-only (a protected path; a policy allow rule naming it, e.g. Edit(/${name}/**), makes it writable)` });
      } else if (table.masked.some((m) => isInside(m, abs))) {
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${abs} blocked: the sandbox hides that path (credentials)` });
      } else if (!table.writable.some((w) => isInside(w, abs))) {
        out.set(abs, { kind: 'filesystem', source: 'mount-table', message: `write to ${abs} blocked: outside the sandbox's writable area (only ${table.writable.join(' and ')} are writable)` });
      }
    }
  }
  return [...out.values()];
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
