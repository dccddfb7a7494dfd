/**
 * The web tools a run gets, from its policy: WebFetch when an allow rule names it (fetched by the
 * host: sandbox/host-fetch.ts, each hop judged by the run's decider, private addresses only for
 * `sandbox.network.allow_private`), and the API's web search when a `WebSearch` allow rule does.
 */
import type { SandboxConfig } from '../config/index.js';
import { webFetchAllowRule, webSearchDomains } from '../policy/index.js';
import type { Decider, LoadedPolicy } from '../policy/index.js';
import { createWebExtractor } from '../runner/index.js';
import type { ModelClient, ServerToolDefinition } from '../runner/index.js';
import { hostFetch } from '../sandbox/index.js';
import type { WebFetchOptions } from '../tools/index.js';

export const WEB_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 60_000, maxRedirects: 5, searchMaxUses: 8 };

export interface WebToolSources {
  policy: LoadedPolicy | undefined;
  /** Decides before the run (the search's offer). */
  decider: Decider;
  /** Judges each fetch and redirect during the run (the run's own decider). */
  runDecider: Decider;
  sandbox: SandboxConfig;
  model: ModelClient;
  cwd: string;
  notice: (message: string) => void;
}

export async function webTools(s: WebToolSources): Promise<{ webFetch?: WebFetchOptions; serverTools: ServerToolDefinition[] }> {
  if (s.policy === undefined) return { serverTools: [] };
  const judge = async (url: string): Promise<string | null> => {
    const d = await s.runDecider.decide({ toolName: 'WebFetch', input: { url }, access: { kind: 'network', url }, isReadOnly: true }, { cwd: s.cwd });
    return d.behavior === 'allow' ? null : `${d.rule === null ? '' : `denied by rule \`${d.rule}\`: `}${d.reason}`;
  };
  const webFetch: WebFetchOptions | undefined = webFetchAllowRule(s.policy.rules)
    ? {
        fetch: (url, signal) => hostFetch(url, { judge, allowPrivate: s.sandbox.network.allowPrivate, maxBytes: WEB_LIMITS.maxBytes, timeoutMs: WEB_LIMITS.timeoutMs, maxRedirects: WEB_LIMITS.maxRedirects, signal }),
        extract: createWebExtractor(s.model),
      }
    : undefined;
  return { ...(webFetch === undefined ? {} : { webFetch }), serverTools: await searchTools(s) };
}

async function searchTools(s: WebToolSources): Promise<ServerToolDefinition[]> {
  if (s.policy === undefined || !s.decider.offersTool('WebSearch')) return [];
  const d = await s.decider.decide({ toolName: 'WebSearch', input: {}, access: { kind: 'none' }, isReadOnly: true }, { cwd: s.cwd });
  // Only a rule offers it: a mode that allows what no rule denies does not reach the web on its own.
  if (d.behavior !== 'allow' || d.rule === null) return [];
  const domains = webSearchDomains(s.policy.rules);
  if (domains === null) {
    s.notice('WebSearch is allowed but not offered: the WebFetch domain rules cannot be given to the web search as one list of domains (a wildcard inside a host, or both allowed and denied hosts)');
    return [];
  }
  return [{ type: 'web_search_20250305', name: 'web_search', max_uses: WEB_LIMITS.searchMaxUses, ...domains }];
}
