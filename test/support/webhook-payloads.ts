/**
 * Real webhook payloads from @octokit/webhooks-examples (GitHub's own examples), typed with
 * @octokit/webhooks-types, deep-copied so a test can adapt the fields it needs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import type { WebhookEventMap, WebhookEventName } from '@octokit/webhooks-types';

// The package's JSON, typed by the package's own declaration of it.
const definitions = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@octokit/webhooks-examples'), 'utf8')) as WebhookDefinition[];

/** The first example of `name` whose `action` is `action` (any example when none is given). */
export function webhook<N extends WebhookEventName>(name: N, action?: string): WebhookEventMap[N] {
  const def = definitions.find((d) => d.name === name);
  if (def === undefined) throw new Error(`no webhook examples for ${name}`);
  const found = def.examples.find((e) => action === undefined || ('action' in e && e.action === action));
  if (found === undefined) throw new Error(`no ${name} example with action ${String(action)}`);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it tsc gives up (TS2590: union too complex)
  return structuredClone(found) as WebhookEventMap[N];
}

/** Every action the examples hold for `name`, for table tests. */
export function exampleActions(name: WebhookEventName): string[] {
  const def = definitions.find((d) => d.name === name);
  return [...new Set((def?.examples ?? []).map((e) => ('action' in e && typeof e.action === 'string' ? e.action : '')))];
}

/** GitHub's schedule payload (not a webhook, so not among the examples). */
export function schedulePayload(cron = '17 3 * * 1'): { schedule: string } {
  return { schedule: cron };
}
