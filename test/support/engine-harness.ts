import { join } from 'node:path';
import { createAllowAllDecider } from '../../src/policy/builtin-deciders.js';
import { createRedactor } from '../../src/log/redaction.js';
import { createAnthropicClient } from '../../src/runner/anthropic-client.js';
import type { AnthropicClientOptions } from '../../src/runner/anthropic-client.js';
import type { QueryEngineOptions, RunResult } from '../../src/runner/query-engine.js';
import { QueryEngine } from '../../src/runner/query-engine.js';
import type { QueryEvent } from '../../src/runner/query.js';
import { TranscriptWriter } from '../../src/runner/transcript.js';
import type { TranscriptRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { createToolRegistry } from '../../src/tools/registry.js';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { isReadOnlyBashCommand } from '../../src/policy/index.js';
import { initBashParser } from '../../src/policy/bash/index.js';
import type { ModelServer } from './model-server.js';
import { makeTempRepo, tempDir } from './temp-repo.js';

export interface EngineRun {
  result: RunResult;
  events: QueryEvent[];
  records: TranscriptRecord[];
  repo: string;
  engine: QueryEngine;
}

/**
 * A QueryEngine wired to real parts — the SDK against the scripted server, the real tools, a
 * real git repository, real processes — with the permission checks opened, since those are not
 * what these tests are about.
 */
export async function runEngine(
  server: ModelServer,
  overrides: Partial<QueryEngineOptions> & { model?: string; client?: Partial<AnthropicClientOptions>; onEngine?: (engine: QueryEngine) => void; repo?: string } = {},
  prompt = 'do the task',
): Promise<EngineRun> {
  // As a run does before its first turn: until then no Bash line counts as read-only (fail closed).
  await initBashParser();
  const repo = overrides.repo ?? makeTempRepo();
  const out = tempDir();
  const transcriptPath = join(out, 'transcript.jsonl');
  const transcript = new TranscriptWriter(transcriptPath, createRedactor([]));
  const { onEngine, model, client, ...rest } = overrides;
  const engine = new QueryEngine({
    model: createAnthropicClient({ apiKey: 'sk-ant-test-harness', model: model ?? 'claude-sonnet-4-6', baseURL: server.url, ...client }),
    // Wired as a run wires it: Read, Grep and Glob judge what they opened with the run's decider.
    tools: createToolRegistry({ bash: { isReadOnlyCommand: isReadOnlyBashCommand }, readGuard: createHostReadGuard({ decider: rest.decider ?? createAllowAllDecider(), cwd: repo }) }),
    decider: createAllowAllDecider(),
    processRunner: createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out }),
    cwd: repo,
    system: 'You are under test.',
    transcript,
    resultsDir: join(out, 'results'),
    mask: (text) => text,
    maxTurns: 20,
    maxTokens: 1000,
    maxToolConcurrency: 10,
    defaultToolTimeoutMs: 10_000,
    recovery: { maxRetries: 2, backoffMs: () => 10, maxContinuations: 2 },
    ...rest,
  });
  onEngine?.(engine);
  const events: QueryEvent[] = [];
  const run = engine.submitMessage(prompt);
  let step = await run.next();
  while (step.done !== true) {
    events.push(step.value);
    step = await run.next();
  }
  transcript.close();
  return { result: step.value, events, records: readTranscript(transcriptPath), repo, engine };
}
