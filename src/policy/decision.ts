import type { Access } from '../access.js';

/** One tool call as the permission decider sees it: parsed input plus what it touches. */
export interface ToolCallRequest {
  toolName: string;
  input: unknown;
  access: Access;
  isReadOnly: boolean;
}

export interface PermissionContext {
  /** Absolute, symlink-resolved workspace root. */
  cwd: string;
}

export type Decision =
  | { behavior: 'allow'; rule: string | null; reason: string }
  | { behavior: 'deny'; rule: string | null; reason: string; subcommand?: string };

/** The permission seam: the pipeline asks this, and only this, whether a call may run. */
export interface Decider {
  /** A short description for the transcript's run record. */
  readonly description: string;
  decide(call: ToolCallRequest, ctx: PermissionContext): Promise<Decision>;
  /** False for a tool denied outright: it is not offered to the model at all. */
  offersTool(toolName: string): boolean;
}
