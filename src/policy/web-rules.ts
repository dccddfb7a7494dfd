/**
 * What the policy says about the web tools before the run, for the wiring: whether WebFetch is
 * offered at all, and the domains the API's server-side web search is told to keep to. WebFetch,
 * as in Claude Code, needs its own allow rule (`WebFetch(domain:docs.python.org)`); the sandbox's
 * `network.allow` is for commands and grants the host's fetch nothing.
 */
import type { PolicyRules } from './loaded-policy.js';
import type { CompiledRule } from './rule-compile.js';

/** The web search's domain filter, as the API takes it (it accepts one of the two lists, not both). */
export type SearchDomains = { allowed_domains: string[] } | { blocked_domains: string[] } | Record<string, never>;

/** Offered only with an allow rule for it: otherwise every call would be denied. */
export function webFetchAllowRule(rules: PolicyRules): boolean {
  return rules.allow.some((r) => r.toolName === 'WebFetch');
}

/**
 * The search's filter from the WebFetch rules: the hosts the agent may fetch are the hosts whose
 * results it sees; without domain allow rules, the denied hosts are blocked. A host the API's
 * list cannot express (`example.*`), or a policy that both limits and blocks, gives null: the
 * search is then not offered, rather than offered wider than the policy.
 */
export function webSearchDomains(rules: PolicyRules): SearchDomains | null {
  const fetchRules = (list: CompiledRule[]): CompiledRule[] => list.filter((r) => r.toolName === 'WebFetch');
  const allow = fetchRules(rules.allow);
  const deny = [...fetchRules(rules.deny), ...fetchRules(rules.ask)];
  if (deny.some((r) => domainOf(r) === ANY)) return null;
  const blocked = deny.map(domainOf);
  const limited = allow.length > 0 && !allow.some((r) => domainOf(r) === ANY);
  if (limited) {
    const allowed = allow.map(domainOf);
    if (allowed.some((d) => d === null) || blocked.length > 0) return null;
    return { allowed_domains: unique(allowed as string[]) };
  }
  if (blocked.length === 0) return {};
  return blocked.some((d) => d === null) ? null : { blocked_domains: unique(blocked as string[]) };
}

const ANY = '*';

/** A rule's host as the API names it (a domain there covers its subdomains), ANY, or null. */
function domainOf(rule: CompiledRule): string | null {
  const t = rule.target;
  if (t.kind !== 'domain' || t.pattern.any) return ANY;
  return t.pattern.labels.includes('*') ? null : t.pattern.labels.join('.');
}

function unique(list: string[]): string[] {
  return [...new Set(list)].sort();
}
