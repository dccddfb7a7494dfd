import type { ModelClient, ModelRequest, ModelStreamEvent } from './model-client.js';
import { ModelError } from './model-client.js';
import type { ScenarioTurn } from './scenario.js';

/**
 * Answers from recorded assistant turns instead of the API, so a CI run can be reproduced
 * locally and Warden can be tried with no API key. Turns are served in order, whatever is asked.
 */
export function createReplayClient(turns: readonly ScenarioTurn[], source: string): ModelClient {
  let next = 0;
  return {
    model: `replay:${source}`,
    // Async so replayed turns arrive like streamed ones; there is nothing to await.
    // eslint-disable-next-line @typescript-eslint/require-await
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent, void, undefined> {
      if (request.signal.aborted) throw new ModelError('request aborted', undefined, false);
      const turn = turns[next];
      if (turn === undefined) {
        throw new ModelError(`replay ${source} has no turn ${next + 1} (it holds ${turns.length})`, undefined, false);
      }
      next += 1;
      for (const block of turn.content) {
        if (block.type === 'text') yield { type: 'text', text: block.text };
        else if (block.type === 'tool_use') yield { type: 'tool_use', block };
      }
      yield {
        type: 'done',
        response: {
          id: `replay_${next}`,
          model: `replay:${source}`,
          content: turn.content,
          stopReason: turn.stopReason,
          usage: {
            inputTokens: turn.usage?.input_tokens ?? 0,
            outputTokens: turn.usage?.output_tokens ?? 0,
            cacheReadTokens: turn.usage?.cache_read_input_tokens ?? 0,
            cacheWriteTokens: turn.usage?.cache_creation_input_tokens ?? 0,
          },
        },
      };
    },
  };
}
