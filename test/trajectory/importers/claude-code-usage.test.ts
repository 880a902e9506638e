import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REALDATA, scoredAll, tempDir } from '../helpers.js';

// Real Claude CLI output (claude-agent-sdk-gleam's fixtures, CLI 2.1.4 and 2.1.7; see SOURCES.md).
const GLEAM = (name: string) => join(REALDATA, 'claude-code-stream-json', `claude-agent-sdk-gleam_${name}`);

const scored = (path: string) => scoredAll(path);

describe('Claude Code usage from the source that bills, on real CLI output', () => {
  test('session 40e7b02d: modelUsage is counted, with its breakdown and cost; the other two sources are named in warnings', async () => {
    // The four lines the fixtures keep of one session (init, the Bash tool_use, its result, the
    // result line), each an unedited file, in stream order as one JSON array.
    const lines = ['system_message', 'assistant_message', 'user_message', 'result_success'].map(
      (name) => JSON.parse(readFileSync(GLEAM(`${name}.json`), 'utf8')) as unknown,
    );
    const file = join(tempDir(), 'session-40e7b02d.json');
    writeFileSync(file, JSON.stringify(lines));
    const [run] = await scored(file);
    // By hand from result_success.json's modelUsage (one model, claude-opus-4-5-20251101):
    // prompt = inputTokens 38 + cacheCreationInputTokens 31159 + cacheReadInputTokens 28775 = 59972;
    // completion = outputTokens 765; cached = 28775; cost = its costUSD 0.22844625.
    const opus = { prompt: 59972, completion: 765, cached: 28775, cost_usd: 0.22844625 };
    expect(run!.metrics.usage).toEqual({
      ...opus,
      reasoning: null,
      messages: 1,
      source: 'model_usage',
      by_model: { 'claude-opus-4-5-20251101': opus },
    });
    // The result line's usage: 18 + 25067 + 17254 = 42339 prompt, 424 completion. The one assistant
    // message kept: 10 + 3556 + 17254 = 20820 prompt, 4 completion. total_cost_usd 0.24722425 is
    // 7.6% above the model's costUSD.
    expect(run!.warnings).toEqual([
      'the result line says num_turns 2; 1 assistant message(s) were read',
      "the result line's `modelUsage` (prompt 59972, completion 765 tokens) is counted; the result line's `usage` says prompt 42339, completion 424 tokens",
      "the result line's `modelUsage` (prompt 59972, completion 765 tokens) is counted; the assistant messages' usage (once per message id) says prompt 20820, completion 4 tokens",
      "the result line's `modelUsage` costs $0.22844625 summed over its models; the run's quoted cost is $0.24722425: the sum is counted",
    ]);
  });

  test('session 1d1e46f9 (no modelUsage): the result line is counted; the stale message snapshot is named', async () => {
    const [run] = await scored(GLEAM('golden_basic_query.ndjson'));
    // Result line: input 10 + cache creation 21570 + cache read 0 = 21580 prompt, 25 completion,
    // total_cost_usd 0.1354875. The assistant line's snapshot says output_tokens 5.
    expect(run!.metrics.usage).toEqual({
      prompt: 21580,
      completion: 25,
      reasoning: null,
      cached: 0,
      messages: 1,
      cost_usd: 0.1354875,
      source: 'result',
      by_model: null,
    });
    expect(run!.warnings).toEqual([
      "the result line's `usage` (prompt 21580, completion 25 tokens) is counted; the assistant messages' usage (once per message id) says prompt 21580, completion 5 tokens",
    ]);
  });
});
