/**
 * The victim side of the race test, run as its own process so that its /proc/self/environ holds a
 * known secret (WARDEN_RACE_SECRET, set by the parent at spawn). It makes Read, Grep and Glob calls
 * through the real pipeline (policy decision, then the call) while swapper.mjs swaps files, and
 * prints one JSON line: how many calls it made and every output that held a secret or a foreign name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPolicyDecider, loadPolicy } from '../../../src/policy/index.js';
import { runToolCall, type PipelineDeps } from '../../../src/runner/tool-pipeline.js';
import { createDirectRunner } from '../../../src/sandbox/direct-runner.js';
import { FileStateCache } from '../../../src/tools/file-state.js';
import { createToolRegistry } from '../../../src/tools/registry.js';
import type { ToolContext } from '../../../src/tools/tool.js';

interface DriverConfig {
  workspace: string;
  policyFile: string;
  resultsDir: string;
  markers: string[];
  iterations: number;
  hostPath: string;
  /** Leave the guard out (also WARDEN_RACE_UNGUARDED=1): the control that watches the race win. */
  unguarded?: boolean;
  /** Stop at the first leak from a call on a swapped path (the race won), not after every iteration. */
  untilRaceLeak?: boolean;
}

const config = JSON.parse(readFileSync(0, 'utf8')) as DriverConfig;
const secret = process.env.WARDEN_RACE_SECRET ?? '';
if (secret.length < 16) throw new Error('WARDEN_RACE_SECRET is not set');
const markers = [
  { kind: 'environ', text: secret },
  { kind: 'denied', text: config.markers[0] ?? '' },
  { kind: 'outside', text: config.markers[1] ?? '' },
].filter((m) => m.text !== '');
const ws = config.workspace;
const src = join(ws, 'src');

const policy = await loadPolicy(config.policyFile, { homeDir: '/nonexistent-home', root: ws });
const decider = createPolicyDecider(policy);
// Wired as the run wires it. `unguarded` (or WARDEN_RACE_UNGUARDED=1) leaves the guard out (and
// runs on code that predates it), to watch the race win.
const unguarded = config.unguarded === true || process.env.WARDEN_RACE_UNGUARDED === '1';
const readGuard = unguarded ? undefined : (await import('../../../src/entry/host-read-guard.js')).createHostReadGuard({ decider, policy, cwd: ws });
const guarded = readGuard === undefined ? {} : { readGuard };
// The host walk, every file judged: a racer on the host is what it guards against (under
// bubblewrap no process a command started outlives it, and the search runs in the sandbox).
const engines = {
  rg: createToolRegistry({ grep: { searchPath: config.hostPath, engine: 'rg' }, ...guarded }),
  js: createToolRegistry({ grep: { searchPath: config.hostPath, engine: 'js' }, ...guarded }),
};
const context: ToolContext = {
  cwd: ws,
  signal: new AbortController().signal,
  fileState: new FileStateCache(),
  processRunner: createDirectRunner({}),
  defaultTimeoutMs: 20_000,
};
const pipeline = (tools: ReturnType<typeof createToolRegistry>): PipelineDeps => ({
  findTool: (name) => tools.get(name),
  toolNames: () => tools.list().map((t) => t.name),
  decider,
  context,
  resultsDir: config.resultsDir,
  mask: (text) => text,
  now: () => performance.now(),
});
const deps = { rg: pipeline(engines.rg), js: pipeline(engines.js) };

// Names a listing may show: anything else under src/ came from outside the workspace.
const knownNames = /^(notes\.txt|\.stage|\.sub-hold|sub|a\.txt|more|copy\.txt|stable\.txt)$/;
// listing: every name shown must be one the workspace has; oracle: any answer but "none" tells the
// model something about a secret it must not see.
// serves: text a successful answer shows, so a run where every call failed cannot pass unnoticed.
// raced: the call names a path the swapper swaps, so a leak there is the race won (not the hard link
// made before the run, which a walk of src/ finds without any race).
type Call = { engine: keyof typeof engines; name: string; input: Record<string, unknown>; listing?: boolean; oracle?: boolean; serves?: string; raced?: boolean };
const deniedCalls: Call[] = [
  { engine: 'js', name: 'Read', input: { file_path: join(src, 'notes.txt') }, serves: 'plain notes', raced: true },
  { engine: 'js', name: 'Read', input: { file_path: join(src, 'sub', 'a.txt') }, serves: 'plain a', raced: true },
  { engine: 'js', name: 'Read', input: { file_path: join(src, 'sub', 'environ') }, raced: true },
  { engine: 'rg', name: 'Grep', input: { pattern: '.', path: join(src, 'notes.txt'), output_mode: 'content' }, serves: 'plain notes', raced: true },
  { engine: 'js', name: 'Grep', input: { pattern: '.', path: join(src, 'notes.txt'), output_mode: 'content' }, serves: 'plain notes', raced: true },
  { engine: 'rg', name: 'Grep', input: { pattern: '.', path: src, output_mode: 'content' }, serves: 'plain' },
  { engine: 'js', name: 'Grep', input: { pattern: '.', path: src, output_mode: 'content' }, serves: 'plain' },
  { engine: 'rg', name: 'Grep', input: { pattern: secret.slice(0, 12), path: src, output_mode: 'count' }, oracle: true },
  { engine: 'js', name: 'Grep', input: { pattern: 'DENIED-|OUTSIDE-', path: src, output_mode: 'files_with_matches' }, oracle: true },
  { engine: 'js', name: 'Glob', input: { pattern: '**/*', path: src }, listing: true, serves: 'notes.txt' },
];
const calls = deniedCalls;

let made = 0;
let raceLeaks = 0;
const leaks: Array<{ call: string; sample: string }> = [];
const served: Record<string, number> = {};
for (let i = 0; i < config.iterations && !(config.untilRaceLeak === true && raceLeaks > 0); i++) {
  for (const [n, call] of calls.entries()) {
    const outcome = await runToolCall({ type: 'tool_use', id: `toolu_${i}_${n}`, name: call.name, input: call.input }, 1, deps[call.engine]);
    made++;
    const content = typeof outcome.result.content === 'string' ? outcome.result.content : JSON.stringify(outcome.result.content);
    const label = `${call.name}/${call.engine} ${JSON.stringify(call.input).replaceAll(ws, '<ws>')}`;
    if (call.serves !== undefined) served[label] = (served[label] ?? 0) + (outcome.result.is_error !== true && content.includes(call.serves) ? 1 : 0);
    const answered = outcome.result.is_error !== true && !content.startsWith('No ');
    const found = markers.filter((m) => content.includes(m.text)).map((m) => m.kind);
    if (call.oracle === true && answered) found.push('oracle');
    if (found.length > 0) leaks.push({ call: `${label} [${found.join(',')}]`, sample: content.slice(0, 200) });
    if (found.length > 0 && call.raced === true) raceLeaks++;
    if (call.listing === true && outcome.result.is_error !== true) {
      const foreign = content
        .split('\n')
        .filter((line) => line.startsWith(`${src}/`))
        .filter((line) => line.slice(src.length + 1).split('/').some((part) => !knownNames.test(part)));
      if (foreign.length > 0) leaks.push({ call: `${label} [names]`, sample: foreign.slice(0, 5).join(' ') });
    }
  }
}
const byCall: Record<string, number> = {};
for (const leak of leaks) byCall[leak.call] = (byCall[leak.call] ?? 0) + 1;
process.stdout.write(`${JSON.stringify({ made, perIteration: calls.length, raceLeaks, byCall, served, leaks: leaks.slice(0, 20) })}\n`);
