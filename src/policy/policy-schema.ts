/** The policy file's shape (`.github/warden.yml`), validated with zod and published as JSON Schema. */
import { z } from 'zod';
import { NUMBER_RANGES, type NumberRange } from '../config/index.js';
import { McpServersSchema } from './mcp-servers.js';
import { PERMISSION_MODES } from './permission-mode.js';
import { HooksSchema } from './hooks-section.js';

export const PRESET_NAMES = ['read-only-review', 'fork-safe-review', 'maintainer'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

const ruleText = z.string().min(1).describe('A rule: `Tool` or `Tool(specifier)`, e.g. "Bash(npm test *)", "Edit(src/**)", "WebFetch(domain:docs.github.com)", "mcp__github__get_issue".');

const RuleObjectSchema = z
  .strictObject({
    rule: ruleText,
    reason: z.string().min(1).optional().describe('Shown to the model when the rule denies a call.'),
    examples: z
      .strictObject({
        match: z.array(z.string()).optional().describe('Inputs the rule must match (a command, a path, a URL or host, or an MCP tool name).'),
        not_match: z.array(z.string()).optional().describe('Inputs the rule must not match.'),
      })
      .optional()
      .describe('Checked when the policy loads; a failing example is an error.'),
  })
  .describe('A rule with a reason and examples.');

export const RuleEntrySchema = z.union([ruleText, RuleObjectSchema]);

const ruleList = (what: string) => z.array(RuleEntrySchema).optional().describe(what);

/** A policy number, within the range Warden can honour: the same table the flags and inputs are read with. */
const bounded = (range: Pick<NumberRange, 'min' | 'max'>) => z.number().int().min(range.min).max(range.max);

const hostList = z.array(z.string().min(1)).optional();

/** The range each `sandbox.limits` key can really have (1 TiB of memory or /tmp; pids within any pid_max). */
export const LIMIT_RANGES = {
  memory_mb: { min: 16, max: 1_048_576 },
  tmp_mb: { min: 1, max: 1_048_576 },
  processes: { min: 16, max: 65_536 },
} as const;

export const PolicySchema = z
  .strictObject({
    version: z.literal(1).describe('Policy format version; must be 1.'),
    mode: z
      .enum(PERMISSION_MODES)
      .optional()
      .describe('What happens to calls no rule decides. Default: the last preset\'s mode, else dontAsk.'),
    extends: z.array(z.enum(PRESET_NAMES)).optional().describe('Presets whose rules are merged before this file\'s.'),
    permissions: z
      .strictObject({
        allow: ruleList('Calls that may run. In CI nothing else runs (except reads inside the workspace and read-only shell commands).'),
        deny: ruleList('Calls that never run. Deny beats ask beats allow, whatever the specificity.'),
        ask: ruleList('Calls that would need a person. There is no person in CI, so they are denied with the rule named.'),
      })
      .optional(),
    sandbox: z
      .strictObject({
        mode: z.enum(['required', 'off']).optional().describe('required (default): no sandbox, no run. off: explicit opt-out.'),
        network: z
          .strictObject({
            allow: hostList.describe('Hosts (or *.suffix) reachable through the proxy. Empty: no network.'),
            allow_private: hostList.describe('Hosts allowed to resolve to loopback or private addresses.'),
          })
          .optional(),
        env: z
          .strictObject({
            allow: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).optional().describe('Environment variables passed into the sandbox.'),
            secrets: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).optional().describe('Secret variables: never passed in, redacted from output.'),
          })
          .optional(),
        protected_paths: z.array(z.string().min(1)).optional().describe('Extra workspace-relative paths that are never written.'),
        limits: z
          .strictObject({
            memory_mb: bounded(LIMIT_RANGES.memory_mb).optional().describe('Memory of the run\'s commands together, in MiB, held by a memory cgroup (else RLIMIT_DATA per process). Default: half the machine\'s memory.'),
            tmp_mb: bounded(LIMIT_RANGES.tmp_mb).optional().describe('Size of each command\'s /tmp (and /var/tmp, /dev/shm, /run), a tmpfs, in MiB. Default: a quarter of the machine\'s memory, at most 4096.'),
            processes: bounded(LIMIT_RANGES.processes).optional().describe('Most processes at once (a pids cgroup for the run as root, else RLIMIT_NPROC per command). Default 4096.'),
          })
          .optional()
          .describe('Kernel-enforced bounds on what commands may use; a command stopped by one is told which.'),
      })
      .optional(),
    publish: z
      .strictObject({
        comment: z.boolean().optional().describe('A sticky comment on the PR or issue with progress and the final report. Default true.'),
        review: z.boolean().optional().describe('Post the agent\'s review items as one PR review (PR events only). Default true.'),
        push: z.enum(['none', 'branch', 'pull-request']).optional().describe('Deliver changes: none (default), push to the PR\'s branch (same-repository PRs), or a new branch with a draft pull request.'),
        max_files: bounded(NUMBER_RANGES.files).optional().describe('Refuse to deliver changes touching more files than this. Default 50.'),
        max_bytes: bounded(NUMBER_RANGES.bytes).optional().describe('Refuse to deliver changes that commit a file, or files together, larger than this many bytes (the content stored, not the patch). Default 1000000.'),
        review_event: z.enum(['COMMENT', 'APPROVE', 'REQUEST_CHANGES']).optional().describe('The event of the review. Default COMMENT.'),
        commit_signing: z.boolean().optional().describe('GitHub: make the commit through the API, which signs it (for branches that require signed commits), instead of git push; its failure fails delivery. Default false.'),
      })
      .optional()
      .describe('What the publisher may deliver. Action inputs can narrow this, never widen it.'),
    hooks: HooksSchema.optional(),
    agents: z
      .record(
        z.string(),
        z.strictObject({
          description: z.string().min(1).describe('When to use this agent: shown to the model in the Agent tool\'s description.'),
          prompt: z.string().min(1).describe('The agent\'s own instructions, added to its system prompt.'),
          tools: z.array(z.string().min(1)).optional().describe('The tools it may use (never Agent), intersected with the run\'s. Default: every tool the run offers but Agent.'),
          max_turns: bounded(NUMBER_RANGES.turns).optional().describe('Its own turn limit; its turns count against the run\'s max_turns too. Default: half the run\'s max_turns.'),
        }),
      )
      .optional()
      .describe('Named subagents the Agent tool can start (subagent_type), beside the built-in general-purpose one.'),
    mcp_servers: McpServersSchema,
  })
  .describe('Warden policy file');

export type PolicyFile = z.infer<typeof PolicySchema>;
export type RuleEntry = z.infer<typeof RuleEntrySchema>;
