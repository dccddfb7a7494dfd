/**
 * `result.json` of the outbox: what a run did, for machines (a later publish job, a CI gate, an
 * archive). Versioned; this zod schema is the contract, published as JSON Schema
 * (`schema/warden-result.schema.json`) and checked again by whoever reads an outbox.
 */
import { z } from 'zod';

export const RESULT_VERSION = 1;

const OutcomeSchema = z.discriminatedUnion('reason', [
  z.strictObject({ reason: z.literal('completed'), finalText: z.string() }),
  z.strictObject({ reason: z.literal('max_turns'), limit: z.number() }),
  z.strictObject({ reason: z.literal('aborted'), why: z.string() }),
  z.strictObject({ reason: z.literal('model_error'), message: z.string(), status: z.number().optional() }),
  z.strictObject({ reason: z.literal('budget_exhausted'), budget: z.enum(['max_cost_usd', 'max_turns']), limit: z.number(), spent: z.number() }),
  z.strictObject({ reason: z.literal('timeout'), budget: z.literal('run_timeout'), limitMs: z.number() }),
  z.strictObject({ reason: z.literal('invalid_output'), errors: z.array(z.string()) }),
  // Never from the loop: the run did not start (a bad flag, variable, input, policy or event; exit 2).
  z.strictObject({ reason: z.literal('config_error'), message: z.string().describe('What was wrong, naming the flag, variable, input or file.') }),
]);

/** The run never started: its configuration was refused (exit 2). */
export type ConfigErrorOutcome = Extract<z.infer<typeof OutcomeSchema>, { reason: 'config_error' }>;

/** Where the run came from: the CLI, or a CI event (filled in by the entry that knows it). */
export const TriggerSchema = z.strictObject({
  source: z.enum(['cli', 'github', 'gitlab', 'ci']).describe('What started the run.'),
  ci: z.string().optional().describe('For source ci: which system (jenkins, buildkite, circleci, azure, generic).'),
  event: z.string().optional().describe('The CI event, e.g. pull_request, issue_comment, schedule.'),
  repository: z.string().optional().describe('owner/name (GitHub) or the project path (GitLab).'),
  number: z.number().int().optional().describe('The PR, issue or merge request number.'),
  actor: z.string().optional().describe('Who triggered it.'),
  url: z.string().optional().describe('The CI run, for links back.'),
});
export type Trigger = z.infer<typeof TriggerSchema>;

export const RunResultSchema = z
  .strictObject({
    version: z.literal(RESULT_VERSION),
    warden: z.string().describe('The Warden version that wrote this.'),
    outcome: OutcomeSchema.describe('How the loop ended.'),
    verdict: z.enum(['changes', 'no_changes', 'blocked']).describe('What the run amounted to.'),
    finished: z.boolean().describe('false when the run ended before its run_end record (a crash); the rest is then partial.'),
    model: z.string(),
    turns: z.number().int().nonnegative(),
    durationMs: z.number().nonnegative(),
    tokens: z.strictObject({ input: z.number().int(), output: z.number().int(), cacheRead: z.number().int(), cacheWrite: z.number().int() }),
    costUsd: z.number().nullable().describe('null when the model has no known price.'),
    denials: z.array(z.strictObject({ tool: z.string(), input: z.string(), rule: z.string().nullable(), reason: z.string() })),
    filesChanged: z.array(z.string()),
    startingCommit: z.string().nullable().describe('The commit the run started from; changes.patch applies to it.'),
    patchWithheld: z
      .string()
      .optional()
      .describe('Set when changes.patch was withheld (left empty) because the changes contain a secret of the run: why. The verdict still says what the run did; publishing refuses this outbox.'),
    changedBeforeRun: z
      .array(z.string())
      .optional()
      .describe('Files already changed in the workspace when the run started (e.g. by an earlier CI step) and left alone by the run: not in filesChanged or changes.patch, never published.'),
    trigger: TriggerSchema,
    structuredOutput: z.unknown().optional().describe('With --output-schema: the final answer, valid against that schema.'),
    files: z
      .strictObject({ summary: z.string(), transcript: z.string(), patch: z.string(), review: z.string(), junit: z.string() })
      .describe('The other files of the outbox, relative to it.'),
  })
  .describe('Warden run result (outbox result.json)');

export type RunResultJson = z.infer<typeof RunResultSchema>;

/**
 * The governing policy, when the run had one: a first line `# warden-policy-file: "<path>"` naming
 * the path it stood for (it anchors `/path` rules), then its text as loaded (from the base commit
 * for a pull request). A later publish job checks the patch against exactly these rules.
 */
export const OUTBOX_POLICY_FILE = 'policy.yml';
export const POLICY_HEADER = '# warden-policy-file: ';

/** Where each subagent's transcript goes in the outbox (`agents/<tool_use id>.jsonl`), linked from the Agent call's record. */
export const OUTBOX_AGENTS_DIR = 'agents';

export const OUTBOX_FILES = { summary: 'summary.md', transcript: 'transcript.jsonl', patch: 'changes.patch', review: 'review.json', junit: 'junit.xml', result: 'result.json' } as const;

