import { describe, expect, test } from 'vitest';
import { type UsageTotals, usageDisagreements, usageTotals } from '../../../src/trajectory/metrics/usage.js';
import type { ModelMessage } from '../../../src/trajectory/schema.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('usageTotals', () => {
  test.each<{ name: string; messages: Partial<ModelMessage>[]; expected: UsageTotals | null }>([
    // nothing recorded usage: null, not zeros
    { name: 'no messages', messages: [], expected: null },
    { name: 'messages without usage', messages: [{ id: 'a' }, { id: 'b', turn: 2 }], expected: null },
    // two messages: prompt 100 + 200, completion 10 + 20; no slices reported -> null slices
    {
      name: 'two messages',
      messages: [
        { id: 'a', usage: { prompt: 100, completion: 10 } },
        { id: 'b', turn: 2, usage: { prompt: 200, completion: 20 } },
      ],
      expected: {
        prompt: 300,
        completion: 30,
        reasoning: null,
        cached: null,
        messages: 2,
        cost_usd: null,
        source: 'messages',
        by_model: null,
      },
    },
    // Claude Code parallel tool use: three lines share id `a` and repeat its usage -> counted once:
    // prompt 100 + 50, completion 10 + 5, reasoning 4 (only `a` reported it), cached 80 + 0
    {
      name: 'repeated message ids count once',
      messages: [
        { id: 'a', usage: { prompt: 100, completion: 10, reasoning: 4, cached: 80 } },
        { id: 'a', usage: { prompt: 100, completion: 10, reasoning: 4, cached: 80 } },
        { id: 'a', usage: { prompt: 100, completion: 10, reasoning: 4, cached: 80 } },
        { id: 'b', turn: 2, usage: { prompt: 50, completion: 5, cached: 0 } },
      ],
      expected: {
        prompt: 150,
        completion: 15,
        reasoning: 4,
        cached: 80,
        messages: 2,
        cost_usd: null,
        source: 'messages',
        by_model: null,
      },
    },
    // the first line of `a` has no usage, a later one does -> that one is counted: 7 + 3 (slice not added)
    {
      name: 'first record with usage wins',
      messages: [{ id: 'a' }, { id: 'a', usage: { prompt: 7, completion: 3, reasoning: 2 } }],
      expected: {
        prompt: 7,
        completion: 3,
        reasoning: 2,
        cached: null,
        messages: 1,
        cost_usd: null,
        source: 'messages',
        by_model: null,
      },
    },
    // costs once per id: 0.01 (a, repeated) + 0.02 (b) = 0.03
    {
      name: 'endpoint-quoted cost',
      messages: [
        { id: 'a', usage: { prompt: 1, completion: 1 }, cost_usd: 0.01 },
        { id: 'a', usage: { prompt: 1, completion: 1 }, cost_usd: 0.01 },
        { id: 'b', usage: { prompt: 1, completion: 1 }, cost_usd: 0.02 },
      ],
      expected: {
        prompt: 2,
        completion: 2,
        reasoning: null,
        cached: null,
        messages: 2,
        cost_usd: 0.01 + 0.02,
        source: 'messages',
        by_model: null,
      },
    },
  ])('$name', ({ messages, expected }) => {
    expect(usageTotals(buildTrajectory({ messages }))).toEqual(expected);
  });

  test('a run-level cost (Claude Code total_cost_usd) wins over the per-message sum', () => {
    // per-message 0.01 + 0.02, but the agent quoted 0.05 for the whole run
    const trajectory = buildTrajectory({
      messages: [
        { id: 'a', usage: { prompt: 1, completion: 1 }, cost_usd: 0.01 },
        { id: 'b', usage: { prompt: 1, completion: 1 }, cost_usd: 0.02 },
      ],
      result: { cost_usd: 0.05 },
    });
    expect(usageTotals(trajectory)?.cost_usd).toBe(0.05);
  });

  // Three sources of one run: per model (opus 100 + 2 completion 50 at $0.30; haiku 20 + 5 at $0.01),
  // the run total (prompt 100, completion 40, $0.35 quoted), the messages (prompt 90, completion 30).
  const threeSources = () =>
    buildTrajectory({
      messages: [
        { id: 'a', usage: { prompt: 50, completion: 10 } },
        { id: 'b', turn: 2, usage: { prompt: 40, completion: 20 } },
      ],
      result: {
        usage: { prompt: 100, completion: 40 },
        usage_by_model: {
          opus: { prompt: 100, completion: 50, cached: 60, cost_usd: 0.3 },
          haiku: { prompt: 20, completion: 5, cost_usd: 0.01 },
        },
        cost_usd: 0.35,
      },
    });

  test('the per-model usage is counted first: summed, with its breakdown and its cost recomputed', () => {
    expect(usageTotals(threeSources())).toEqual({
      prompt: 100 + 20,
      completion: 50 + 5,
      reasoning: null,
      // only opus reported a cached slice
      cached: 60,
      messages: 2,
      // 0.30 + 0.01, not the quoted 0.35
      cost_usd: 0.3 + 0.01,
      source: 'model_usage',
      by_model: {
        opus: { prompt: 100, completion: 50, cached: 60, cost_usd: 0.3 },
        haiku: { prompt: 20, completion: 5, cost_usd: 0.01 },
      },
    });
  });

  test('without it the run total, without that the messages; a total of 0 and 0 counted nothing', () => {
    const run = buildTrajectory({
      messages: [{ id: 'a', usage: { prompt: 50, completion: 10 } }],
      result: { usage: { prompt: 100, completion: 40 }, cost_usd: 0.02 },
    });
    expect(usageTotals(run)).toMatchObject({ prompt: 100, completion: 40, source: 'result', cost_usd: 0.02 });
    const zero = buildTrajectory({
      messages: [{ id: 'a', usage: { prompt: 50, completion: 10 } }],
      result: { usage: { prompt: 0, completion: 0 }, cost_usd: 0.02 },
    });
    expect(usageTotals(zero)).toMatchObject({
      prompt: 50,
      completion: 10,
      source: 'messages',
      cost_usd: 0.02,
    });
  });

  test('a per-model entry without a cost leaves the run quoted cost', () => {
    const run = buildTrajectory({
      result: { usage_by_model: { opus: { prompt: 10, completion: 1 } }, cost_usd: 0.07 },
    });
    expect(usageTotals(run)).toMatchObject({
      prompt: 10,
      completion: 1,
      cost_usd: 0.07,
      source: 'model_usage',
    });
  });

  test('each source more than 1% away from the counted one is a warning naming both figures', () => {
    expect(usageDisagreements(threeSources())).toEqual([
      // 120 vs 100 prompt; 55 vs 40 completion
      "the per-model usage (prompt 120, completion 55 tokens) is counted; the run's usage says prompt 100, completion 40 tokens",
      // 120 vs 90 prompt
      "the per-model usage (prompt 120, completion 55 tokens) is counted; the messages' usage (once per id) says prompt 90, completion 30 tokens",
      // 0.31 vs 0.35: 11% apart
      "the per-model usage costs $0.31 summed over its models; the run's quoted cost is $0.35: the sum is counted",
    ]);
    // within 1%: 1000 vs 1009 prompt, 100 vs 100 completion, cost 0.1 vs 0.1005 -> nothing said
    const close = buildTrajectory({
      messages: [{ id: 'a', usage: { prompt: 1009, completion: 100 } }],
      result: {
        usage_by_model: { opus: { prompt: 1000, completion: 100, cost_usd: 0.1 } },
        cost_usd: 0.1005,
      },
    });
    expect(usageDisagreements(close)).toEqual([]);
  });
});
