import { existsSync } from 'node:fs';
import { UsageError } from './usage-error.js';

export const PROVIDERS = ['anthropic', 'bedrock', 'vertex', 'foundry'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/**
 * Where the model is reached and with what, as the environment says. Only what each cloud's own
 * tooling sets is read: the AWS default credential chain resolves its credentials itself (keys,
 * AWS_PROFILE, web identity), Vertex uses Application Default Credentials. `named` is how the user
 * chose the provider (`--provider bedrock`, WARDEN_PROVIDER, the `provider` input), for messages.
 */
export type ProviderChoice =
  | { name: 'anthropic'; named: string; apiKey: string; baseURL: string | undefined }
  /**
   * `apiKey`: a Bedrock API key (AWS_BEARER_TOKEN_BEDROCK); without one, requests are SigV4-signed
   * with `keys` when the environment holds them (the chain's first step), else the rest of the chain.
   */
  | { name: 'bedrock'; named: string; region: string; baseURL: string | undefined; apiKey: string | undefined; keys: AwsKeys | undefined }
  /** `credentialsFile`: GOOGLE_APPLICATION_CREDENTIALS; without it, the rest of Application Default Credentials. */
  | { name: 'vertex'; named: string; region: string; projectId: string; baseURL: string | undefined; credentialsFile: string | undefined }
  | { name: 'foundry'; named: string; apiKey: string; resource: string | undefined; baseURL: string | undefined };

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
}

/**
 * The provider and its settings from the environment; a missing one is a usage error (exit 2,
 * before any request) that starts with the flag, so the action and the variable words rewrite it.
 */
export function providerChoice(raw: string | undefined, env: NodeJS.ProcessEnv, model: string): ProviderChoice {
  const name = (raw ?? 'anthropic').trim();
  if (!(PROVIDERS as readonly string[]).includes(name)) throw new UsageError(`--provider ${JSON.stringify(raw)}: expected one of ${PROVIDERS.join(', ')}`);
  const named = raw === undefined ? 'the default provider (anthropic)' : `--provider ${name}`;
  const read = (variable: string): string | undefined => {
    const value = env[variable]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const missing = (what: string): UsageError => new UsageError(`--provider ${name}: ${what}`);
  switch (name as ProviderName) {
    case 'anthropic': {
      const apiKey = env.ANTHROPIC_API_KEY;
      if (apiKey === undefined || apiKey === '') {
        throw new UsageError(
          `ANTHROPIC_API_KEY is not set, and the model ${model} needs an Anthropic API key: export it (in CI, from a masked secret variable), ` +
            'give --provider bedrock, vertex or foundry to reach Claude through a cloud, or give --model replay:FILE to replay a recorded run without one',
        );
      }
      return { name: 'anthropic', named, apiKey, baseURL: read('ANTHROPIC_BASE_URL') };
    }
    case 'bedrock': {
      const region = read('AWS_REGION') ?? read('AWS_DEFAULT_REGION');
      if (region === undefined) throw missing('AWS_REGION is not set; set it to the region Claude is enabled in (aws-actions/configure-aws-credentials sets it from `aws-region`)');
      const accessKeyId = read('AWS_ACCESS_KEY_ID');
      const secretAccessKey = read('AWS_SECRET_ACCESS_KEY');
      if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
        throw missing(`${accessKeyId === undefined ? 'AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not' : 'AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not'}; set both, or neither to use AWS_PROFILE or web identity`);
      }
      const keys = accessKeyId === undefined || secretAccessKey === undefined ? undefined : { accessKeyId, secretAccessKey, sessionToken: read('AWS_SESSION_TOKEN') };
      return { name: 'bedrock', named, region, baseURL: read('ANTHROPIC_BEDROCK_BASE_URL'), apiKey: read('AWS_BEARER_TOKEN_BEDROCK'), keys };
    }
    case 'vertex': {
      const region = read('CLOUD_ML_REGION');
      if (region === undefined) throw missing('CLOUD_ML_REGION is not set; set it to the Vertex AI region serving Claude (e.g. us-east5, or global)');
      const projectId = read('ANTHROPIC_VERTEX_PROJECT_ID');
      if (projectId === undefined) throw missing('ANTHROPIC_VERTEX_PROJECT_ID is not set; set it to the Google Cloud project that has Claude enabled');
      const credentials = read('GOOGLE_APPLICATION_CREDENTIALS');
      if (credentials !== undefined && !existsSync(credentials)) {
        throw missing('GOOGLE_APPLICATION_CREDENTIALS names a file that does not exist; run google-github-actions/auth first (or gcloud auth application-default login)');
      }
      return { name: 'vertex', named, region, projectId, baseURL: read('ANTHROPIC_VERTEX_BASE_URL'), credentialsFile: credentials };
    }
    case 'foundry': {
      const apiKey = read('ANTHROPIC_FOUNDRY_API_KEY');
      if (apiKey === undefined) throw missing('ANTHROPIC_FOUNDRY_API_KEY is not set; pass the Foundry resource\'s key from a secret');
      const resource = read('ANTHROPIC_FOUNDRY_RESOURCE');
      const baseURL = read('ANTHROPIC_FOUNDRY_BASE_URL');
      if ((resource === undefined) === (baseURL === undefined)) {
        throw missing('set exactly one of ANTHROPIC_FOUNDRY_RESOURCE (the Foundry resource name) or ANTHROPIC_FOUNDRY_BASE_URL');
      }
      return { name: 'foundry', named, apiKey, resource, baseURL };
    }
  }
}
