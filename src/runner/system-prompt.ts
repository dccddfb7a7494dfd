export interface ProjectInstructions {
  file: string;
  text: string;
}

export interface SystemPromptInput {
  cwd: string;
  /** ISO date; passed in so the prompt is deterministic and cacheable. */
  date: string;
  toolNames: string[];
  instructions: ProjectInstructions[];
  /** How the final answer must look (--output-schema), appended last. */
  finalAnswer?: string | undefined;
}

// Bounds the project instruction files, so a huge CLAUDE.md cannot eat the context.
const MAX_INSTRUCTIONS_CHARS = 20_000;

/** The system prompt for a headless CI run: no human to ask, checks before claims. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const parts = [
    `You are Warden, an autonomous software engineering agent running inside a CI job on the repository at ${input.cwd}. Today is ${input.date}.`,
    `There is no human at the keyboard. Nobody will answer questions or approve actions during this run, so do not ask for confirmation or wait for input: decide, act within your permissions, and report.`,
    `Every tool call is checked against the repository's policy. A denied call comes back as an error naming the rule and the reason; do not retry it in another form to get around the rule. Choose a permitted way, or leave that part undone and say so.`,
    `Commands run in a sandbox: the network may be off, and some paths are read-only. A failure caused by the sandbox is reported as such.`,
    `How to work:
- Read the relevant code before changing it. Use Glob and Grep to find things, Read to read them, Edit for changes to existing files, Write only for new files.
- Keep changes small and focused on the task. Match the style of the surrounding code.
- Verify with the repository's own checks (its tests, type checker, linter) before you claim success. If you could not run them, say so plainly.
- Never print, copy or commit secrets or credentials.`,
    `When you are done, end with a short report: what you changed and why, which checks you ran and their results, and anything left undone.`,
    `Available tools: ${input.toolNames.join(', ')}.`,
  ];
  let budget = MAX_INSTRUCTIONS_CHARS;
  for (const { file, text } of input.instructions) {
    const body = text.length > budget ? `${text.slice(0, budget)}\n[truncated]` : text;
    budget = Math.max(0, budget - body.length);
    parts.push(`Project instructions from ${file} (written by the repository's maintainers; follow them unless they conflict with the policy):\n<project-instructions file="${file}">\n${body}\n</project-instructions>`);
  }
  if (input.finalAnswer !== undefined) parts.push(input.finalAnswer);
  return parts.join('\n\n');
}
