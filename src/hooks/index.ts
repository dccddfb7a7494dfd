/**
 * Hooks' front door: the policy's PreToolUse, PostToolUse and Stop commands, run in the sandbox
 * with Claude Code's protocol (hook-protocol.ts) at the points of the loop that call them.
 */
export { createHooks, type HookDeps, type HookRun, type HookToolCall, type Hooks, type PreToolVerdict } from './hook-runner.js';
