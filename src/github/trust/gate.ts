/**
 * The trust gate: every account behind the event must be able to write to the repository
 * (`write`, `maintain` or `admin`), checked through the API with the workflow's token, or be a bot
 * the workflow lists in `allowed_bots`. Anyone else gets no model request, only a notice.
 */
import type { Octokit } from '@octokit/rest';
import type { GithubEvent } from '../event/github-event.js';
import { actorsToCheck, botName, isBot, type ActorSpec } from './actors.js';

export interface VerifiedActor {
  login: string;
  role: string;
  /** Why they may start runs: "write access", "admin access", "listed in allowed_bots". */
  standing: string;
}

export type TrustDecision =
  /** `actor`: the first account checked (null for schedule, which has none). */
  | { trusted: true; actor: VerifiedActor | null; verified: VerifiedActor[] }
  | { trusted: false; notice: string };

/** The legacy `permission` field maps maintain to write and triage to read; only these may run. */
const WRITERS = new Set(['admin', 'write']);

export interface Permission {
  /** admin, write, read or none. */
  permission: string;
  /** admin, maintain, write, triage, read, or a custom role's name. */
  roleName: string | undefined;
}

/** Asks the API; a 404 (not a collaborator, no such user) is no permission at all. */
export async function fetchPermission(octokit: Octokit, owner: string, repo: string, username: string): Promise<Permission> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    return { permission: data.permission, roleName: data.role_name };
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'status' in err && err.status === 404) return { permission: 'none', roleName: undefined };
    throw err;
  }
}

export interface TrustOptions {
  owner: string;
  repo: string;
  allowedBots: readonly string[];
  /** How a permission is found out; the real one is fetchPermission with the workflow's token. */
  permissionOf: (username: string) => Promise<Permission>;
}

export async function checkTrust(event: GithubEvent, opts: TrustOptions): Promise<TrustDecision> {
  const verified: VerifiedActor[] = [];
  for (const spec of actorsToCheck(event)) {
    const result = await checkOne(spec, opts);
    if ('notice' in result) return { trusted: false, notice: result.notice };
    verified.push(result);
  }
  return { trusted: true, actor: verified[0] ?? null, verified };
}

async function checkOne(spec: ActorSpec, opts: TrustOptions): Promise<VerifiedActor | { notice: string }> {
  const { login, type } = spec.user;
  const who = `@${login} (${spec.role})`;
  if (isBot(spec.user)) {
    if (opts.allowedBots.includes(botName(login))) return { login, role: spec.role, standing: 'listed in allowed_bots' };
    return { notice: `${who} is a bot, and bots may not start Warden runs unless the workflow lists them in \`allowed_bots\`. Nothing was run.` };
  }
  if (type !== 'User') return { notice: `${who} is ${type === 'Organization' ? 'an organization' : `a ${type}`} account, not a user. Nothing was run.` };
  const perm = await opts.permissionOf(login);
  const role = perm.roleName !== undefined && perm.roleName !== perm.permission ? `${perm.permission} (role ${perm.roleName})` : perm.permission;
  if (!WRITERS.has(perm.permission)) {
    return { notice: `${who} has ${role} permission on ${opts.owner}/${opts.repo}; Warden runs only for accounts with write, maintain or admin permission. Nothing was run.` };
  }
  return { login, role: spec.role, standing: `${perm.roleName ?? perm.permission} access` };
}
