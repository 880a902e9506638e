import { describe, expect, test } from 'vitest';
import { type UsageTotals, usageTotals } from '../../../src/trajectory/metrics/usage.js';
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
      expected: { prompt: 300, completion: 30, reasoning: null, cached: null, messages: 2, cost_usd: null },
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
      expected: { prompt: 150, completion: 15, reasoning: 4, cached: 80, messages: 2, cost_usd: null },
    },
    // the first line of `a` has no usage, a later one does -> that one is counted: 7 + 3 (slice not added)
    {
      name: 'first record with usage wins',
      messages: [{ id: 'a' }, { id: 'a', usage: { prompt: 7, completion: 3, reasoning: 2 } }],
      expected: { prompt: 7, completion: 3, reasoning: 2, cached: null, messages: 1, cost_usd: null },
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
});
