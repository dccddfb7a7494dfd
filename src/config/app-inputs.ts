import { UsageError } from './usage-error.js';

/** A GitHub App to act as (`app_id`, `app_private_key`, `app_installation_id`). */
export interface AppInputs {
  /** The App's ID (or its client ID): the JWT's issuer. */
  appId: string;
  /** The App's private key (PEM), as GitHub gave it. */
  privateKey: string;
  /** Found from the repository when not given. */
  installationId: number | undefined;
}

/**
 * The App inputs, checked as a set: all empty is no App; a half-given App is an error rather than
 * a silent fall back to `github_token` (whose pushes would not start the repository's workflows).
 */
export function parseAppInputs(read: (name: string) => string): AppInputs | undefined {
  const appId = read('app_id').trim();
  const privateKey = read('app_private_key').trim();
  const installation = read('app_installation_id').trim();
  if (appId === '' && privateKey === '' && installation === '') return undefined;
  if (appId === '' || privateKey === '') {
    const [given, missing] = appId === '' ? (privateKey === '' ? ['app_installation_id', 'app_id'] : ['app_private_key', 'app_id']) : ['app_id', 'app_private_key'];
    throw new UsageError(`action inputs: \`${given}\` is set but \`${missing}\` is empty: a GitHub App needs both \`app_id\` and \`app_private_key\` (from secrets), or neither`);
  }
  if (!/^[1-9][0-9]*$/.test(appId) && !/^Iv[0-9A-Za-z.]+$/.test(appId)) throw new UsageError(`action inputs: \`app_id\` is ${JSON.stringify(appId)}; expected the App's numeric ID (or its client ID, Iv…)`);
  // Never quoted back: it is a secret, whatever is wrong with it.
  if (!/^-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+-----END [A-Z ]*PRIVATE KEY-----$/.test(privateKey)) {
    throw new UsageError('action inputs: `app_private_key` is not a PEM private key (expected the .pem file GitHub generates for the App, from -----BEGIN RSA PRIVATE KEY----- to its END line)');
  }
  if (installation !== '' && !/^[1-9][0-9]*$/.test(installation)) throw new UsageError(`action inputs: \`app_installation_id\` is ${JSON.stringify(installation)}; expected a number, or nothing (found from the repository)`);
  return { appId, privateKey, installationId: installation === '' ? undefined : Number(installation) };
}
