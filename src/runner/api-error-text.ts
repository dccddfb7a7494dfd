/**
 * An error status of the Messages API as a person reads it: what failed and what to check, said
 * once, the status with it (the outcome line does not repeat it). The API's own words are quoted as a JSON string and cut short (they come from a server,
 * and end up in a terminal, a job log and a comment); the raw body is never printed.
 */
export function apiErrorText(status: number, body: unknown): string {
  const { type, message } = errorOf(body);
  const said = `HTTP ${status}${type !== undefined ? ` ${type}` : ''}${message !== undefined ? `: ${JSON.stringify(cut(message))}` : ''}`;
  switch (status) {
    case 401:
      return `the Anthropic API refused the API key (${said}); check that ANTHROPIC_API_KEY (in the action: the \`anthropic_api_key\` input) holds a current key`;
    case 402:
      return `the Anthropic API refused the request for billing (${said}); check the organisation's plan and credit balance`;
    case 403:
      return `the API key may not do this (${said}); check the key's workspace and its access to the model`;
    case 404:
      return `the Anthropic API does not know what was asked for (${said}); check the model name (--model; in the action: the \`model\` input)`;
    case 413:
      return `the request is too large for the Anthropic API (${said})`;
    case 429:
      return `the Anthropic API is rate-limiting this key (${said})`;
    default:
      return status >= 500 ? `the Anthropic API failed (${said})` : `the Anthropic API refused the request (${said})`;
  }
}

function errorOf(body: unknown): { type: string | undefined; message: string | undefined } {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return { type: undefined, message: undefined };
  const { type, message } = error as { type?: unknown; message?: unknown };
  return {
    type: typeof type === 'string' && /^[a-z_]{1,40}$/.test(type) ? type : undefined,
    message: typeof message === 'string' && message !== '' ? message : undefined,
  };
}

function cut(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
