import type { ProviderName } from '../config/index.js';

/**
 * How each provider is named in an error, and what to check when it refuses the credential: the
 * names a user sets, in the CLI and in the action.
 */
const SERVICES: Record<ProviderName, { api: string; credential: string; check: string }> = {
  anthropic: { api: 'the Anthropic API', credential: 'the API key', check: 'ANTHROPIC_API_KEY (in the action: the `anthropic_api_key` input) holds a current key' },
  bedrock: {
    api: 'Amazon Bedrock',
    credential: 'the AWS credentials',
    check: 'the AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN or AWS_PROFILE; in a workflow: aws-actions/configure-aws-credentials) are current and AWS_REGION is the region they are for',
  },
  vertex: {
    api: 'Vertex AI',
    credential: 'the Google credentials',
    check: 'the Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS; in a workflow: google-github-actions/auth) may use Vertex AI in ANTHROPIC_VERTEX_PROJECT_ID',
  },
  foundry: { api: 'Microsoft Foundry', credential: 'the API key', check: 'ANTHROPIC_FOUNDRY_API_KEY holds a current key of the resource' },
};

/**
 * An error status of the Messages API as a person reads it: what failed and what to check, said
 * once, the status with it (the outcome line does not repeat it). The API's own words are quoted as a JSON string and cut short (they come from a server,
 * and end up in a terminal, a job log and a comment); the raw body is never printed.
 */
export function apiErrorText(status: number, body: unknown, provider: ProviderName = 'anthropic'): string {
  const { api, credential, check } = SERVICES[provider];
  const { type, message } = errorOf(body);
  const said = `HTTP ${status}${type !== undefined ? ` ${type}` : ''}${message !== undefined ? `: ${JSON.stringify(cut(message))}` : ''}`;
  switch (status) {
    case 401:
      return `${api} refused ${credential} (${said}); check that ${check}`;
    case 402:
      return `${api} refused the request for billing (${said}); check the organisation's plan and credit balance`;
    case 403:
      // Bedrock answers a bad signature or unknown key with 403, as does Vertex for a project without access.
      return provider === 'anthropic' ? `the API key may not do this (${said}); check the key's workspace and its access to the model` : `${api} refused ${credential} or their access to the model (${said}); check that ${check}, and that the model is enabled there`;
    case 404:
      return `${api} does not know what was asked for (${said}); check the model name (--model; in the action: the \`model\` input)`;
    case 413:
      return `the request is too large for ${api} (${said})`;
    case 429:
      return `${api} is rate-limiting ${provider === 'anthropic' ? 'this key' : 'these requests'} (${said})`;
    default:
      return status >= 500 ? `${api} failed (${said})` : `${api} refused the request (${said})`;
  }
}

/** `{ error: { type, message } }` (Anthropic, Vertex, Foundry) or `{ message }` (Bedrock, with its type in a header the SDK drops). */
function errorOf(body: unknown): { type: string | undefined; message: string | undefined } {
  const object = typeof body === 'object' && body !== null ? (body as { error?: unknown; message?: unknown }) : undefined;
  const error = object?.error;
  if (typeof error !== 'object' || error === null) {
    const message = object?.message;
    return { type: undefined, message: typeof message === 'string' && message !== '' ? message : undefined };
  }
  const { type, message } = error as { type?: unknown; message?: unknown };
  return {
    type: typeof type === 'string' && /^[a-z_]{1,40}$/.test(type) ? type : undefined,
    message: typeof message === 'string' && message !== '' ? message : undefined,
  };
}

function cut(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
