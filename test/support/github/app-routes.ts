/**
 * A GitHub App in the stand-in: its RSA key pair (made here; the test hands the private key to
 * Warden), the JWT check GitHub makes (RS256 signature against the public key, `iss` the App's
 * ID, `iat`/`exp` sane), and the three routes of the App flow: `GET /repos/{o}/{r}/installation`,
 * `POST /app/installations/{id}/access_tokens` (both signed with the JWT) and
 * `DELETE /installation/token` (with the installation token). Every token issued is recorded with
 * what it was narrowed to and when it was revoked; the server then takes only live ones.
 */
import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import type { components } from '@octokit/openapi-types';
import { API, errorBody, simpleUser, WEB } from './objects.js';
import type { RouteTable } from './route-types.js';
import { isError, notFound, repoOf } from './routes.js';

type Schemas = components['schemas'];

export interface IssuedToken {
  token: string;
  installationId: number;
  /** The `repositories` asked for (names), or undefined: every repository of the installation. */
  repositories: string[] | undefined;
  repositoryIds: number[] | undefined;
  permissions: Record<string, string> | undefined;
  /** performance.now() when the access_tokens request arrived and when the token was issued. */
  requestedAt: number;
  issuedAt: number;
  /** performance.now() of its revocation. */
  revokedAt: number | undefined;
}

export interface AppOptions {
  id?: number;
  installationId?: number;
  /** `owner/name` of the repositories the App is installed on (default: every repository of the stand-in). */
  installedOn?: readonly string[];
}

/** A fresh PKCS#1 key pair, as GitHub hands out an App's key. */
export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' } });
}

export class AppStandIn {
  readonly id: number;
  readonly installationId: number;
  readonly privateKey: string;
  readonly tokens: IssuedToken[] = [];
  /** Why each refused JWT was refused. */
  readonly refusals: string[] = [];
  /** performance.now() of each JWT-signed request. */
  readonly jwtRequests: { operation: string; at: number }[] = [];
  private readonly publicKey: string;

  constructor(private readonly options: AppOptions = {}) {
    this.id = options.id ?? 424_242;
    this.installationId = options.installationId ?? 77_001;
    const pair = rsaKeyPair();
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  installedOn(fullName: string): boolean {
    return this.options.installedOn?.includes(fullName) ?? true;
  }

  /** Whether a token was issued here and not revoked. */
  isLive(token: string): boolean {
    return this.tokens.some((t) => t.token === token && t.revokedAt === undefined);
  }

  /** GitHub's check of an App's JWT: undefined when it passes, else why not. */
  jwtProblem(jwt: string, now = Date.now() / 1000): string | undefined {
    const [head = '', body = '', signature = '', ...rest] = jwt.split('.');
    if (rest.length > 0 || signature === '') return 'not a JWT';
    const json = (part: string): Record<string, unknown> | undefined => {
      try {
        return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    };
    const header = json(head);
    const claims = json(body);
    if (header?.alg !== 'RS256') return `alg ${String(header?.alg)}, not RS256`;
    if (!verify('RSA-SHA256', Buffer.from(`${head}.${body}`), this.publicKey, Buffer.from(signature, 'base64url'))) return 'the signature does not verify with the App\'s public key';
    if (claims === undefined || String(claims.iss) !== String(this.id)) return `iss ${String(claims?.iss)}, not the App's ID ${this.id}`;
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number') return 'iat or exp missing';
    if (iat > now + 60) return 'iat is in the future';
    if (exp <= now) return 'expired';
    if (exp > now + 600 || exp - iat > 660) return 'exp is more than 10 minutes ahead';
    return undefined;
  }

  register(table: RouteTable): void {
    table.route('apps/get-repo-installation', ({ params, state }) => {
      const repo = repoOf(state, params);
      if (isError(repo) || !this.installedOn(repo.fullName)) return notFound('Not Found');
      return { status: 200, body: this.installation(repo.owner) };
    });

    table.route('apps/create-installation-access-token', ({ params, body }) => {
      const requestedAt = performance.now();
      if (Number(params.installation_id) !== this.installationId) return notFound('Not Found');
      const names = body?.repositories;
      const installed = (name: string): boolean => this.options.installedOn?.some((full) => full.split('/')[1] === name) ?? true;
      if (!(names ?? []).every(installed)) return { status: 422, body: errorBody('There is at least one repository that does not exist or is not accessible to the parent installation.') };
      const token = `ghs_${randomBytes(18).toString('hex')}`;
      this.tokens.push({ token, installationId: this.installationId, repositories: names, repositoryIds: body?.repository_ids, permissions: body?.permissions, requestedAt, issuedAt: performance.now(), revokedAt: undefined });
      const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
      return { status: 201, body: { token, expires_at: expires, ...(body?.permissions === undefined ? {} : { permissions: body.permissions }), repository_selection: names === undefined ? ('all' as const) : ('selected' as const) } };
    });

    table.route('apps/revoke-installation-access-token', ({ token }) => {
      const issued = this.tokens.find((t) => t.token === token && t.revokedAt === undefined);
      if (issued === undefined) return { status: 401, body: errorBody('Bad credentials') };
      issued.revokedAt = performance.now();
      return { status: 204 };
    });
  }

  private installation(owner: string): Schemas['installation'] {
    const url = `${API}/app/installations/${this.installationId}`;
    return {
      id: this.installationId,
      account: simpleUser({ login: owner }),
      repository_selection: this.options.installedOn === undefined ? 'all' : 'selected',
      access_tokens_url: `${url}/access_tokens`,
      repositories_url: `${API}/installation/repositories`,
      html_url: `${WEB}/settings/installations/${this.installationId}`,
      app_id: this.id,
      target_id: 1,
      target_type: 'User',
      permissions: { contents: 'write', pull_requests: 'write', issues: 'write', metadata: 'read' },
      events: [],
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      single_file_name: null,
      app_slug: 'warden-test-app',
      suspended_by: null,
      suspended_at: null,
    };
  }
}
