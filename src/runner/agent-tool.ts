import { z } from 'zod';
import type { AgentDefinition } from '../policy/index.js';
import { KNOWN_TOOLS } from '../policy/index.js';
import { buildTool } from '../tools/index.js';
import type { AnyTool, Tool, ToolOutput } from '../tools/index.js';
import type { AgentType, SubagentDeps } from './subagent.js';
import { runSubagent } from './subagent.js';

export const AGENT_TOOL = 'Agent';
export const GENERAL_PURPOSE = 'general-purpose';

const inputSchema = z.strictObject({
  description: z.string().min(1).max(200).describe('A short (3-5 word) description of the task'),
  prompt: z.string().min(1).describe('The task for the agent to perform'),
  subagent_type: z.string().min(1).optional().describe(`The type of agent to use for this task (default ${GENERAL_PURPOSE})`),
});
export type AgentInput = z.infer<typeof inputSchema>;

/** Tools that only read, whatever their input: an agent with nothing else runs beside others. */
const READ_ONLY = new Set(Object.entries(KNOWN_TOOLS).filter(([, kind]) => kind.family === 'read').map(([name]) => name));

/**
 * The agent types of a run: the built-in general-purpose one (every tool the run offers but Agent)
 * and the policy's, each with its tools narrowed to the run's. A policy agent may replace the
 * built-in one by taking its name. Subagents never get the Agent tool: one level deep.
 */
export function agentTypes(defined: readonly AgentDefinition[], offered: readonly AnyTool[], defaultMaxTurns: number): Map<string, AgentType> {
  const base = offered.filter((t) => t.name !== AGENT_TOOL);
  const make = (name: string, description: string, prompt: string | undefined, names: readonly string[] | undefined, maxTurns: number | undefined): AgentType => {
    const tools = names === undefined ? base : base.filter((t) => names.includes(t.name));
    // "Every tool" rather than their names: the names of MCP tools would change this definition,
    // the first of the request's tools, and with it the prompt cache, whenever a server is added.
    const toolsText = names === undefined ? 'every tool you have but Agent' : tools.length === 0 ? 'none' : tools.map((x) => x.name).join(', ');
    return { name, description, prompt, tools, toolsText, maxTurns: maxTurns ?? defaultMaxTurns, readOnly: tools.every((t) => READ_ONLY.has(t.name)) };
  };
  const types = new Map<string, AgentType>();
  types.set(GENERAL_PURPOSE, make(GENERAL_PURPOSE, 'General-purpose agent for researching complex questions, searching for code, and carrying out multi-step tasks.', undefined, undefined, undefined));
  for (const d of defined) types.set(d.name, make(d.name, d.description, d.prompt, d.tools, d.maxTurns));
  return types;
}

function describe(types: ReadonlyMap<string, AgentType>): string {
  const list = [...types.values()].map((t) => `- ${t.name}: ${t.description} (Tools: ${t.toolsText})`);
  return `Launches a new agent that carries out a task on its own, in a fresh context, and returns its final report. It works under the same policy and sandbox as you, with the tools of its type; nothing of its work comes back to you but its report, so its searching and reading do not fill your context.

Agent types and the tools they have:
${list.join('\n')}

Usage:
- Give a short description (3-5 words) and a prompt that stands alone: the agent knows nothing of this conversation, so say exactly what to do and what its report must contain.
- Use it for broad searches and self-contained pieces of work; for a known file or a single search, use Read, Grep or Glob yourself.
- Agents whose tools only read run at the same time when you launch several in one response.
- Its turns, tokens and cost count against this run's budgets.
- Agents cannot launch agents.
- Its report is its own account: check what matters before you rely on it.`;
}

/**
 * The Agent tool: runs a subagent (subagent.ts) and answers with its report alone. A call is as
 * concurrency-safe, and as read-only, as the tools of the agent it starts.
 */
export function createAgentTool(types: ReadonlyMap<string, AgentType>, deps: SubagentDeps): Tool<AgentInput> {
  const typeOf = (input: AgentInput): AgentType | undefined => types.get(input.subagent_type ?? GENERAL_PURPOSE);
  return buildTool<AgentInput>({
    name: AGENT_TOOL,
    description: describe(types),
    inputSchema,
    maxResultSizeChars: 100_000,
    isConcurrencySafe: (input) => typeOf(input)?.readOnly ?? false,
    isReadOnly: (input) => typeOf(input)?.readOnly ?? false,
    access: () => ({ kind: 'none' }),
    validateInput: (input) =>
      Promise.resolve(
        typeOf(input) !== undefined
          ? { ok: true }
          : { ok: false, category: 'invalid_input', message: `There is no agent type "${input.subagent_type ?? ''}". Available: ${[...types.keys()].join(', ')}.` },
      ),
    call: async (input, ctx): Promise<ToolOutput> => {
      const type = typeOf(input);
      if (type === undefined) return { isError: true, category: 'invalid_input', content: `There is no agent type "${input.subagent_type ?? ''}".` };
      const r = await runSubagent(deps, type, { id: ctx.callId ?? 'agent', description: input.description, prompt: input.prompt, signal: ctx.signal });
      const summary = `${r.outcome.reason}, ${r.turns} turn${r.turns === 1 ? '' : 's'}, ${r.calls} tool call${r.calls === 1 ? '' : 's'}${r.denied > 0 ? ` (${r.denied} denied)` : ''}, $${r.costUsd.toFixed(4)}`;
      const common = { summary, transcript: r.transcript, ...(r.filesChanged.length > 0 ? { filesChanged: r.filesChanged } : {}) };
      if (r.outcome.reason === 'completed') return { content: r.lastText.trim() === '' ? '(The agent finished without a report.)' : r.lastText, ...common };
      const said = r.lastText.trim() === '' ? '' : `\nIts last message:\n${r.lastText}`;
      return { isError: true, category: 'failed', content: `The agent stopped before finishing (${r.outcome.reason}${detail(r.outcome)}).${said}`, ...common };
    },
  });
}

function detail(outcome: SubagentOutcome): string {
  switch (outcome.reason) {
    case 'max_turns':
      return `: the limit of ${outcome.limit} turns`;
    case 'budget_exhausted':
      return `: the run's ${outcome.budget} of ${outcome.limit}`;
    case 'aborted':
      return `: ${outcome.why}`;
    case 'model_error':
      return `: ${outcome.message}`;
    default:
      return '';
  }
}

type SubagentOutcome = Awaited<ReturnType<typeof runSubagent>>['outcome'];
