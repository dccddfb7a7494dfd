/**
 * The clouds' clients, in one module loaded only when a run uses one of them: they share the
 * SDK's full resource index, which a run on Anthropic's API never parses. One module, so the
 * bundler keeps that index in this chunk instead of a shared one loaded at start-up.
 */
export { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk/client';
export { getAuthHeaders } from '@anthropic-ai/bedrock-sdk/core/auth';
export { AnthropicVertex } from '@anthropic-ai/vertex-sdk/client';
export { AnthropicFoundry } from '@anthropic-ai/foundry-sdk/client';
export { GoogleAuth } from 'google-auth-library';
