/**
 * What GitHub's refusal of an App's credentials means, in the words of the action's inputs: a
 * wrong key, a wrong ID, an App not installed on the repository, or an installation that may not
 * grant what the run needs. Pure; other failures (a 5xx, a dropped connection) are not the
 * configuration's fault and are reported as API failures by the caller.
 */
export interface RefusalContext {
  step: 'installation' | 'token';
  status: number | undefined;
  appId: string;
  /** Given as `app_installation_id`, or found from the repository. */
  installation: { id: number; given: boolean } | undefined;
  repository: string;
  permissions: readonly string[];
}

export function appTokenRefusal(ctx: RefusalContext): string | undefined {
  const app = `the GitHub App ${ctx.appId} (\`app_id\`)`;
  switch (ctx.status) {
    case 401:
      return `action inputs: GitHub refused ${app}'s signed request (401): \`app_private_key\` is not a private key of that App (or \`app_id\` names another App)`;
    case 404:
      if (ctx.step === 'installation') return `action inputs: ${app} is not installed on ${ctx.repository}: install it there, or give \`app_installation_id\``;
      return ctx.installation?.given === true
        ? `action inputs: \`app_installation_id\` ${ctx.installation.id} is not an installation of ${app}`
        : `action inputs: ${app} has no installation ${ctx.installation?.id ?? ''} any more (404)`;
    case 403:
    case 422:
      return (
        `action inputs: ${app} may not have a token for ${ctx.repository} with ${ctx.permissions.join(', ')} (${ctx.status}): ` +
        'grant the App these repository permissions, give its installation access to this repository, and accept the new permissions in the installation'
      );
    default:
      return undefined;
  }
}
