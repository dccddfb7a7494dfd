import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/runner/scenario.js';

describe('parseScenario', () => {
  it('reads bare turns, skips comments and blank lines, and infers the stop reason', () => {
    const text = [
      '// a comment',
      '{"content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"a"}}]}',
      '',
      '{"content":[{"type":"text","text":"done"}]}',
    ].join('\n');
    const turns = parseScenario(text, 's.jsonl');
    expect(turns.map((t) => t.stopReason)).toEqual(['tool_use', 'end_turn']);
  });

  it('replays the assistant records of a transcript and ignores its other records', () => {
    const text = [
      '{"seq":1,"time":"t","type":"run_start","task":"x","config":{}}',
      '{"seq":2,"time":"t","type":"assistant","turn":1,"content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn"}',
      '{"seq":3,"time":"t","type":"run_end"}',
    ].join('\n');
    const turns = parseScenario(text, 't.jsonl');
    expect(turns).toHaveLength(1);
    expect(turns[0]?.content).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('names the file and line of a bad turn', () => {
    expect(() => parseScenario('{"content":[]}\n', 'bad.jsonl')).toThrow(/bad\.jsonl:1: not a model turn at content/);
    expect(() => parseScenario('\n{nope', 'bad.jsonl')).toThrow(/bad\.jsonl:2: not valid JSON/);
  });
});
