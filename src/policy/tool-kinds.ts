/**
 * What the policy knows about each built-in tool: which rules govern it and what its specifier means.
 * A tool missing here is unknown: rules naming it do not load and calls to it are denied.
 */
export type RuleFamily = 'read' | 'write' | 'command' | 'web' | 'tool' | 'agent';

export interface ToolKind {
  /** Which rules apply to the tool's calls: `Read(...)` rules govern every read-family tool, etc. */
  family: RuleFamily;
  /** The tool whose rules carry specifiers for this family (`Edit` for Write), or null if none. */
  specifierTool: string | null;
  /** Allowed without an allow rule in every mode (still subject to deny rules). */
  free: boolean;
}

export const KNOWN_TOOLS: Readonly<Record<string, ToolKind>> = {
  Read: { family: 'read', specifierTool: 'Read', free: false },
  Glob: { family: 'read', specifierTool: 'Read', free: false },
  Grep: { family: 'read', specifierTool: 'Read', free: false },
  Edit: { family: 'write', specifierTool: 'Edit', free: false },
  Write: { family: 'write', specifierTool: 'Edit', free: false },
  NotebookEdit: { family: 'write', specifierTool: 'Edit', free: false },
  Bash: { family: 'command', specifierTool: 'Bash', free: false },
  WebFetch: { family: 'web', specifierTool: 'WebFetch', free: false },
  WebSearch: { family: 'tool', specifierTool: null, free: false },
  TodoWrite: { family: 'tool', specifierTool: null, free: true },
  // Starts a subagent whose every call is judged like the main agent's: nothing to allow by itself.
  // `Agent(reviewer)` names one agent type (subagent_type).
  Agent: { family: 'agent', specifierTool: 'Agent', free: true },
  // Only appends a proposed review comment to the outbox; offered only when publish.review allows it.
  ReviewComment: { family: 'tool', specifierTool: null, free: true },
  // Only loads deferred MCP tools' definitions (src/mcp/tool-search.ts); calling one is judged as usual.
  ToolSearch: { family: 'tool', specifierTool: null, free: true },
};

export const WRITE_TOOLS = ['Edit', 'Write', 'NotebookEdit'] as const;

export function isMcpToolName(name: string): boolean {
  return name.startsWith('mcp__');
}

export function toolKind(name: string): ToolKind | undefined {
  return Object.hasOwn(KNOWN_TOOLS, name) ? KNOWN_TOOLS[name] : undefined;
}
