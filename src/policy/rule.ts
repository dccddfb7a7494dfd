import type { Decision } from './decision.js';

/** One permission rule from a policy file, e.g. `Bash(npm test *)` under `deny`. */
export type RuleBehavior = 'allow' | 'deny' | 'ask';

export interface PermissionRule {
  behavior: RuleBehavior;
  /** `Bash`, `Read`, `mcp__server__tool` … */
  toolName: string;
  /** The text inside the parentheses, or null for a bare tool name. */
  specifier: string | null;
  /** The rule as written, e.g. `Bash(npm test *)`. */
  text: string;
  /** Why the rule exists, shown to the model on a denial. */
  reason: string | undefined;
  /** Where it came from, e.g. `.github/warden.yml:7:7` or `preset:maintainer`. */
  source: string;
}

/**
 * How one filesystem access was judged, for Bash redirections and read-only command arguments. The
 * path is absolute and may hold `..` after a symlink (`/ws/lnk/../prod.json`): the judge resolves it
 * as the kernel does (the link first), which is where the command's file really is.
 */
export type PathJudge = (kind: 'read' | 'write', absolutePath: string) => Decision;
