/** The sandbox subsystem's front door: what the runner, the action and the CLI use. */
export type { CommandRequest, CommandResult, ProcessRunner } from './process-runner.js';
export type { SandboxConfig } from '../config/index.js';
export { DEFAULT_SANDBOX_CONFIG } from '../config/index.js';
export { createSandboxRunner, SandboxUnavailableError } from './bwrap-runner.js';
export type { RecordedViolation, SandboxRunner, SandboxRunnerOptions } from './bwrap-runner.js';
export { probeSandbox } from './probe.js';
export type { ProbeOptions } from './probe.js';
export type { ProbeCheck, SandboxProbeReport } from './probe-types.js';
export { formatProbeReport } from './sandbox-probe-report.js';
export { sandboxExec } from './sandbox-exec.js';
export type { SandboxExecOptions } from './sandbox-exec.js';
export { writeWorkspaceFile, WorkspaceWriteError } from './workspace-write.js';
export type { SandboxViolation } from './denials.js';
export { gitChangedFiles } from './git-changes.js';
export { findHostExecutable, hostExec, type HostExecRequest, type HostExecResult } from './host-exec.js';
