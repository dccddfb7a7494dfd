/**
 * Environment variables whose values are secrets wherever they appear: never passed into the
 * sandbox, always redacted from what Warden writes. One list, read by both.
 */
export const SECRET_ENV_NAMES: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GH_ENTERPRISE_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  // The providers' credentials (--provider): AWS keys as aws-actions/configure-aws-credentials
  // leaves them, a Bedrock API key, the Foundry key, and the files holding Google's and AWS's
  // federated credentials (google-github-actions/auth writes its file into the workspace).
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
  'GOOGLE_GHA_CREDS_PATH',
  'ANTHROPIC_FOUNDRY_API_KEY',
];

/**
 * Variables naming files that hold credentials, as the clouds' actions leave them
 * (google-github-actions/auth writes its file into the workspace): the sandbox hides them from
 * commands, and the host tools refuse to read them.
 */
export const CREDENTIAL_FILE_ENV_NAMES: readonly string[] = ['GOOGLE_APPLICATION_CREDENTIALS', 'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE', 'GOOGLE_GHA_CREDS_PATH', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_SHARED_CREDENTIALS_FILE'];

// Name parts that mark a value worth redacting wherever it appears (the sandbox refuses to pass
// an even wider family of names; redaction stays narrower so ordinary values are not garbled).
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|APIKEY|API_KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIAL|(^|_)KEY$|(^|_)PAT$/;

/** Whether a variable's value is redacted from everything Warden writes: the built-in names, and names that look secret. */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  return SECRET_ENV_NAMES.includes(upper) || SECRET_NAME.test(upper);
}

/** The values to redact: of every variable with a secret-looking name, and of the names the policy calls secret. */
export function secretValuesOf(env: Readonly<Record<string, string | undefined>>, policySecretNames: readonly string[] = []): string[] {
  const named = new Set(policySecretNames.map((n) => n.toUpperCase()));
  return Object.entries(env)
    .filter(([name]) => isSecretName(name) || named.has(name.toUpperCase()))
    .map(([, value]) => value)
    .filter((v): v is string => v !== undefined && v !== '');
}
