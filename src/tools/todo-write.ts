import { z } from 'zod';
import { buildTool } from './build-tool.js';

/** One task of the agent's list, in Claude Code's shape. */
const TodoItemSchema = z.strictObject({
  content: z.string().min(1).max(500).describe('What is to be done, in the imperative (e.g. "Run the tests")'),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().min(1).max(500).describe('The same task as it is being done (e.g. "Running the tests")'),
});

export const TodoListSchema = z.strictObject({
  todos: z.array(TodoItemSchema).max(100).describe('The updated task list: the whole list, which replaces the previous one'),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;

const DESCRIPTION = `Creates and updates your task list for this run. People follow the run through it: it is shown live in the pull request's progress comment and in the run's summary.

Use it for work of three steps or more: write the list when you start, mark a task in_progress before you begin it (one at a time) and completed as soon as it is done, add tasks you discover, and drop those that no longer apply. Each call replaces the whole list.

Do not use it for a single trivial step. A task is completed only when it is really done: not when tests fail, the work is partial, or an error is unresolved.`;

/**
 * TodoWrite: the agent's plan, as data. It touches nothing (no file, no process): the list lives in
 * the call's input, and the latest successful call is the list (the progress comment and summary
 * read it from there). Serial, because each call replaces the list: two in one batch must keep order.
 */
export const todoWriteTool = buildTool({
  name: 'TodoWrite',
  description: DESCRIPTION,
  inputSchema: TodoListSchema,
  maxResultSizeChars: 10_000,
  isReadOnly: () => true,
  access: () => ({ kind: 'none' }),
  call: ({ todos }) => {
    const count = (status: TodoItem['status']): number => todos.filter((t) => t.status === status).length;
    const tally = `${todos.length} task${todos.length === 1 ? '' : 's'}: ${count('completed')} completed, ${count('in_progress')} in progress, ${count('pending')} pending`;
    return Promise.resolve({
      content: `The task list is updated (${tally}). Keep it current as you work: mark a task in_progress before you start it and completed as soon as it is done.`,
      summary: tally,
    });
  },
});
