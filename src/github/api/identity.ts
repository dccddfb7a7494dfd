/**
 * Who Warden posts as: the one author whose marked comments and reviews are Warden's own. Anyone
 * can post a comment opening with Warden's marker on a public repository, and a token with write
 * access may edit or delete anyone's comment — so a marker alone proves nothing.
 *
 * Learned once per client, cheaply and without posting: `GET /user` answers for a personal token;
 * an installation token (the workflow's `github-actions[bot]`, an App's `<slug>[bot]`) is refused
 * it, and GraphQL's `viewer` answers instead. When neither does, the author of the first comment
 * Warden itself creates is the answer (`learn`); until then nothing counts as Warden's.
 */
import type { Octokit } from '@octokit/rest';

export interface PosterIdentity {
  /** The login Warden posts as, or undefined while it cannot be told. */
  login(): Promise<string | undefined>;
  /** The author of a comment Warden itself just created: who it posts as, if not known yet. */
  learn(login: string): void;
}

const identities = new WeakMap<Octokit, PosterIdentity>();

/** One per client: the sticky comment and the review ask the same question once. */
export function posterIdentity(octokit: Octokit): PosterIdentity {
  let identity = identities.get(octokit);
  if (identity === undefined) {
    identity = remembered(() => lookUp(octokit));
    identities.set(octokit, identity);
  }
  return identity;
}

/** Two logins are the same account (GitHub logins are case-insensitive). */
export function sameLogin(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}

function remembered(ask: () => Promise<string | undefined>): PosterIdentity {
  let learned: string | undefined;
  let asked: Promise<string | undefined> | undefined;
  return {
    async login() {
      asked ??= ask();
      return (await asked) ?? learned;
    },
    learn(login) {
      learned ??= login;
    },
  };
}

/** Any failure means "not known": nothing is then taken for Warden's, which is the safe side. */
async function lookUp(octokit: Octokit): Promise<string | undefined> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch {
    // An installation token: "Resource not accessible by integration".
  }
  try {
    const answer = await octokit.graphql<{ viewer?: { login?: unknown } }>('{ viewer { login } }');
    const login = answer.viewer?.login;
    return typeof login === 'string' && login !== '' ? login : undefined;
  } catch {
    return undefined;
  }
}
