import { UsageError, type ProviderChoice } from '../config/index.js';
import { createAnthropicClient, type AnthropicClientOptions, type SdkFactory } from './anthropic-client.js';
import type { ModelClient } from './model-client.js';
import { errorMessage } from '../error-text.js';

export type ProviderClientOptions = Omit<AnthropicClientOptions, 'apiKey' | 'baseURL' | 'sdk' | 'provider'>;

/** Builds the run's model clients (the model and its fallback) for one provider, its credentials resolved once. */
export type ProviderClients = (options: ProviderClientOptions) => ModelClient;

/**
 * The provider's SDK client, its credentials found before the run starts: a missing credential
 * ends the run here (exit 2) with the provider and what to set, before any model request. The
 * clouds' SDKs load only when chosen (cloud-sdks.ts), so a run on Anthropic's API parses none of them.
 * The loop is the same for every provider: only how the SDK client is built differs.
 */
export async function connectProvider(provider: ProviderChoice): Promise<ProviderClients> {
  const sdk = await sdkFactory(provider);
  return (options) => createAnthropicClient({ ...options, provider: provider.name, ...sdk });
}

async function sdkFactory(provider: ProviderChoice): Promise<Pick<AnthropicClientOptions, 'apiKey' | 'baseURL' | 'sdk'>> {
  switch (provider.name) {
    case 'anthropic':
      return { apiKey: provider.apiKey, baseURL: provider.baseURL };
    case 'bedrock':
      return { sdk: await bedrock(provider) };
    case 'vertex':
      return { sdk: await vertex(provider) };
    case 'foundry': {
      const { AnthropicFoundry } = await import('./cloud-sdks.js');
      const { apiKey, resource, baseURL } = provider;
      return { sdk: (common) => new AnthropicFoundry({ ...common, apiKey, ...(baseURL === undefined ? { resource } : { baseURL }) }) };
    }
  }
}

type Bedrock = Extract<ProviderChoice, { name: 'bedrock' }>;

/**
 * SigV4 with the AWS default credential chain, exactly as the SDK resolves it per request (keys
 * in the environment, AWS_PROFILE, web identity, container and instance roles); resolved once
 * here so that none found is told before the run. A Bedrock API key replaces the signature.
 */
async function bedrock(provider: Bedrock): Promise<SdkFactory> {
  const { AnthropicBedrock, getAuthHeaders } = await import('./cloud-sdks.js');
  const { region, baseURL, apiKey, keys } = provider;
  if (apiKey === undefined && keys === undefined) {
    try {
      const url = baseURL ?? `https://bedrock-runtime.${region}.amazonaws.com`;
      await getAuthHeaders({ method: 'POST', headers: {}, body: '' }, { url, regionName: region, awsAccessKey: null, awsSecretKey: null, awsSessionToken: null });
    } catch (err) {
      throw new UsageError(
        `${provider.named}: no AWS credentials were found (${causeOf(err)}); set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), ` +
          'AWS_PROFILE, or AWS_ROLE_ARN with AWS_WEB_IDENTITY_TOKEN_FILE — in a workflow, run aws-actions/configure-aws-credentials before Warden',
      );
    }
  }
  return (common) =>
    keys === undefined
      ? new AnthropicBedrock({ ...common, awsRegion: region, apiKey: apiKey ?? null, ...(baseURL === undefined ? {} : { baseURL }) })
      : new AnthropicBedrock({
          ...common,
          awsRegion: region,
          apiKey: apiKey ?? null,
          awsAccessKey: keys.accessKeyId,
          awsSecretKey: keys.secretAccessKey,
          awsSessionToken: keys.sessionToken ?? null,
          ...(baseURL === undefined ? {} : { baseURL }),
        });
}

type Vertex = Extract<ProviderChoice, { name: 'vertex' }>;

/** Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, gcloud's file, the metadata server); a first token is fetched here. */
async function vertex(provider: Vertex): Promise<SdkFactory> {
  const { AnthropicVertex, GoogleAuth } = await import('./cloud-sdks.js');
  const { region, projectId, baseURL, credentialsFile } = provider;
  const auth = new GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform', ...(credentialsFile === undefined ? {} : { keyFilename: credentialsFile }) });
  let authClient: Awaited<ReturnType<typeof auth.getClient>>;
  try {
    authClient = await auth.getClient();
    await authClient.getRequestHeaders();
  } catch (err) {
    throw new UsageError(
      `${provider.named}: no usable Google credentials (${causeOf(err)}); set GOOGLE_APPLICATION_CREDENTIALS to a credentials file — ` +
        'in a workflow, run google-github-actions/auth before Warden; on a workstation, gcloud auth application-default login',
    );
  }
  return (common) => new AnthropicVertex({ ...common, region, projectId, authClient, ...(baseURL === undefined ? {} : { baseURL }) });
}

/** The reason, cut short: it comes from a credential provider and is printed. */
function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause !== undefined ? err.cause : err;
  const text = errorMessage(cause).split('\n')[0] ?? '';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
