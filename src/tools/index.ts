/** The tools' front door: the registry the runner offers the model, and the tool contract. */
export { createToolRegistry, toDefinition, type ToolDefinitionJson, type ToolRegistry, type ToolRegistryOptions } from './registry.js';
export type { Access } from '../access.js';
export type { AnyTool, ErrorCategory, Tool, ToolContext, ToolModelUsage, ToolOutput } from './tool.js';
export { untrustedPage, type ExtractRequest, type FetchedPage, type WebFetchOptions } from './web-fetch.js';
export { htmlToMarkdown } from './html-markdown.js';
export { FileStateCache } from './file-state.js';
export { createReviewSink, type ReviewCommentOptions, type ReviewSink, type ReviewTarget } from './review-comment.js';
export { reviewTargetFromDiff } from './review-target.js';
export type { GuardVerdict, HostReadTool, OpenedIdentity, ReadGuard, ReadGuardCall } from './read-guard.js';
export { buildTool } from './build-tool.js';
export { TodoListSchema, type TodoItem } from './todo-write.js';
