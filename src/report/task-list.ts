import type { ToolCallRecord } from '../runner/index.js';
import { mdText, oneLine } from './posted-text.js';

/** One task of the agent's list (TodoWrite's input, Claude Code's shape). */
export interface Task {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  activeForm: string;
}

const MAX_TASKS_SHOWN = 30;
const MAX_TASK_CHARS = 200;

/**
 * The agent's task list as its latest successful TodoWrite call left it (each call replaces the
 * list); undefined when it never wrote one. Read from the call's recorded input, which the tool
 * validated before the call succeeded; anything else there is skipped.
 */
export function latestTasks(calls: readonly Pick<ToolCallRecord, 'tool' | 'status' | 'input'>[]): Task[] | undefined {
  const last = calls.findLast((c) => c.tool === 'TodoWrite' && c.status === 'ok');
  if (last === undefined) return undefined;
  const todos = (last.input as { todos?: unknown } | null)?.todos;
  return Array.isArray(todos) ? todos.filter(isTask) : [];
}

function isTask(value: unknown): value is Task {
  const t = value as Partial<Task> | null;
  return typeof t?.content === 'string' && typeof t.activeForm === 'string' && (t.status === 'pending' || t.status === 'in_progress' || t.status === 'completed');
}

/** A Markdown checklist: done ticked, the task under way in bold as it is being done. */
export function renderTaskList(tasks: readonly Task[]): string[] {
  if (tasks.length === 0) return ['The list is empty.'];
  const lines = tasks.slice(0, MAX_TASKS_SHOWN).map((t) => {
    switch (t.status) {
      case 'completed':
        return `- [x] ${text(t.content)}`;
      case 'in_progress':
        return `- [ ] **${text(t.activeForm)}**`;
      case 'pending':
        return `- [ ] ${text(t.content)}`;
    }
  });
  if (tasks.length > MAX_TASKS_SHOWN) lines.push(`- … and ${tasks.length - MAX_TASKS_SHOWN} more`);
  return lines;
}

/** e.g. "2 of 3 done". */
export function tasksDone(tasks: readonly Task[]): string {
  return `${tasks.filter((t) => t.status === 'completed').length} of ${tasks.length} done`;
}

function text(value: string): string {
  const line = oneLine(value);
  return mdText(line.length > MAX_TASK_CHARS ? `${line.slice(0, MAX_TASK_CHARS)}…` : line);
}
