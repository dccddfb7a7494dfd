// A QueryEngine wired the way a real run wires it (SDK client against a scripted server, real
// tools, real processes, a transcript on disk) with permission checks opened: the benches measure
// the loop, not the policy engine, which is being finished separately.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from './temp-dirs.mjs';

const DEFAULT_LIB = join(import.meta.dirname, '..', '..', 'lib');
const loaded = new Map();

/** Warden's modules from a build's lib/ (this checkout's by default; a bench may compare another build's). */
export function loadLib(lib = DEFAULT_LIB) {
  if (!loaded.has(lib)) {
    const load = (p) => import(pathToFileURL(join(lib, p)).href);
    loaded.set(lib, (async () => ({
      ...(await load('policy/bash/index.js')),
      ...(await load('policy/index.js')),
      ...(await load('policy/builtin-deciders.js')),
      ...(await load('log/redaction.js')),
      ...(await load('runner/anthropic-client.js')),
      ...(await load('runner/query-engine.js')),
      ...(await load('runner/transcript.js')),
      ...(await load('sandbox/direct-runner.js')),
      ...(await load('sandbox/bwrap-runner.js')),
      ...(await load('sandbox/probe.js')),
      ...(await load('config/index.js')),
      ...(await load('tools/registry.js')),
    }))());
  }
  return loaded.get(lib);
}

/** Runs `prompt` to the end, handing every event to `onEvent`; returns the RunResult and transcript path. */
// `lib`: the build to run (default this checkout's lib/); `processRunner(w, out)`: the runner commands go
// through, made from that build's modules `w` (default: the direct runner); it is disposed at the end.
export async function runEngine({ url, cwd, maxTurns, context, lib, processRunner: makeRunner, onEvent = () => {}, onEngine = () => {} }, prompt = 'do the task') {
  const w = await loadLib(lib);
  const { initBashParser, isReadOnlyBashCommand, createAllowAllDecider, createRedactor, createAnthropicClient, QueryEngine, TranscriptWriter, createDirectRunner, createToolRegistry } = w;
  await initBashParser(); // as a run does: it tells which Bash commands may run side by side
  const out = tempDir('warden-bench-engine-');
  const transcriptPath = join(out, 'transcript.jsonl');
  const transcript = new TranscriptWriter(transcriptPath, createRedactor([]));
  const processRunner = makeRunner === undefined ? createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out }, { startNow: true }) : await makeRunner(w, out);
  const engine = new QueryEngine({
    model: createAnthropicClient({ apiKey: 'sk-ant-bench', model: 'claude-sonnet-4-6', baseURL: url }),
    tools: createToolRegistry({ bash: { isReadOnlyCommand: isReadOnlyBashCommand } }),
    decider: createAllowAllDecider(),
    processRunner,
    cwd,
    system: 'You are Warden, under benchmark.',
    transcript,
    resultsDir: join(out, 'results'),
    mask: (text) => text,
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
