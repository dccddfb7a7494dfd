// A QueryEngine wired the way a real run wires it (SDK client against a scripted server, real
// tools, real processes, a transcript on disk) with permission checks opened: the benches measure
// the loop, not the policy engine, which is being finished separately.
import { join } from 'node:path';
import { initBashParser } from '../../lib/policy/bash/index.js';
import { isReadOnlyBashCommand } from '../../lib/policy/index.js';
import { createAllowAllDecider } from '../../lib/policy/builtin-deciders.js';
import { createRedactor } from '../../lib/log/redaction.js';
import { createAnthropicClient } from '../../lib/runner/anthropic-client.js';
import { QueryEngine } from '../../lib/runner/query-engine.js';
import { TranscriptWriter } from '../../lib/runner/transcript.js';
import { createDirectRunner } from '../../lib/sandbox/direct-runner.js';
import { createToolRegistry } from '../../lib/tools/registry.js';
import { tempDir } from './temp-dirs.mjs';

/** Runs `prompt` to the end, handing every event to `onEvent`; returns the RunResult and transcript path. */
export async function runEngine({ url, cwd, maxTurns, context, onEvent = () => {}, onEngine = () => {} }, prompt = 'do the task') {
  await initBashParser(); // as a run does: it tells which Bash commands may run side by side
  const out = tempDir('warden-bench-engine-');
  const transcriptPath = join(out, 'transcript.jsonl');
  const transcript = new TranscriptWriter(transcriptPath, createRedactor([]));
  const processRunner = createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out });
  const engine = new QueryEngine({
    model: createAnthropicClient({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: url }),
    tools: createToolRegistry({ bash: { isReadOnlyCommand: isReadOnlyBashCommand } }),
    decider: createAllowAllDecider(),
    processRunner,
    cwd,
    system: 'You are Warden, under benchmark.',
    transcript,
    resultsDir: join(out, 'results'),
    maxTurns,
    maxTokens: 4000,
    maxToolConcurrency: 10,
    defaultToolTimeoutMs: 30_000,
    ...(context === undefined ? {} : { context }),
  });
  onEngine(engine);
  try {
    const run = engine.submitMessage(prompt);
    for (let step = await run.next(); ; step = await run.next()) {
      if (step.done === true) return { result: step.value, transcriptPath };
      onEvent(step.value);
    }
  } finally {
    transcript.close();
    await processRunner.dispose();
  }
}
