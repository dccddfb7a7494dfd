import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/report/summary.js';
import { renderedText } from '../support/rendered-markdown.js';
import type { TranscriptRecord } from '../../src/runner/transcript-records.js';

const usage = { inputTokens: 1200, outputTokens: 300, cacheReadTokens: 5000, cacheWriteTokens: 800 };
const base = (seq: number) => ({ seq, time: '2026-11-30T00:00:00.000Z' });

const records: TranscriptRecord[] = [
  { ...base(1), type: 'run_start', task: 'Fix the bug', config: { version: '0', model: 'claude-sonnet-4-6', cwd: '/w', maxTurns: 5, permissions: 'policy x', processRunner: 'bwrap', tools: ['Read'] } },
  { ...base(2), type: 'notice', level: 'warning', message: 'network is off' },
  { ...base(3), type: 'tool_call', turn: 1, toolUseId: 't1', tool: 'Bash', input: { command: 'git push origin main' }, startedAt: null, decision: { behavior: 'deny', rule: 'Bash(git push *)', reason: 'no pushes | ever' }, status: 'denied', category: 'denied', durationMs: 1, resultChars: 10 },
  { ...base(4), type: 'tool_call', turn: 1, toolUseId: 't2', tool: 'Edit', input: { file_path: 'src/a.ts' }, startedAt: null, decision: { behavior: 'allow', rule: 'Edit(src/**)', reason: 'ok' }, status: 'ok', durationMs: 3, resultChars: 10, filesChanged: ['src/a.ts'] },
  { ...base(5), type: 'assistant', turn: 2, content: [{ type: 'text', text: 'Changed src/a.ts to fix it.' }], stop_reason: 'end_turn' },
  { ...base(6), type: 'run_end', outcome: { reason: 'completed' }, verdict: 'changes', turns: 2, durationMs: 4200, usage, costUsd: 0.0123, filesChanged: ['src/a.ts'] },
];

describe('renderSummary', () => {
  const md = renderSummary(records);

  it('leads with the outcome, the task and the numbers', () => {
    expect(md).toMatch(/^## Warden run: completed · verdict: changes \(1 file\)\n/);
    expect(renderedText(md)).toContain('Task:\nFix the bug');
    expect(md).toContain('| completed | changes | 2 | 4.2 s | 1200 | 300 | 5000 | 800 | $0.0123 |');
  });

  it('lists files changed, the agent report, warnings and every denial with its rule and reason', () => {
    const text = renderedText(md);
    expect(text).toContain('Files changed\nsrc/a.ts');
    expect(text).toContain('Changed src/a.ts to fix it.');
    expect(text).toContain('warning: network is off');
    expect(text).toContain('Bash | git push origin main | Bash(git push *) | no pushes | ever | ');
    expect(md).toContain('| Edit | 1 | 0 | 0 |');
  });

  it('says so when the run never finished', () => {
    expect(renderSummary(records.slice(0, 3))).toMatch(/did not finish/);
  });
});
