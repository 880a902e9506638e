import { describe, expect, test } from 'vitest';
import { resurfacing } from '../../../src/trajectory/metrics/resurfacing.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const call = (ids: string[], extra: Partial<CallSpec> = {}): CallSpec => ({
  tool: 't',
  turn: 1,
  ids,
  ...extra,
});

describe('resurfacing', () => {
  test.each<{ name: string; calls: CallSpec[]; count: number; rate: number | null; charged: number[] }>([
    // no calls: 0 charged of 0 calls -> 0.0, not null
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // seq1 returns only `a`, seen at seq0 -> charged; 1 / 2
    {
      name: 'all ids seen earlier',
      calls: [call(['a', 'b']), call(['a'])],
      count: 1,
      rate: 0.5,
      charged: [1],
    },
    // seq1 returns `a` (seen) and `c` (new) -> not charged; 0 / 2
    {
      name: 'one new id saves it',
      calls: [call(['a', 'b']), call(['a', 'c'])],
      count: 0,
      rate: 0,
      charged: [],
    },
    // seq1 returned nothing: not resurfacing (that is zero_yield); seq2 repeats `a` -> 1 / 3
    {
      name: 'empty call not charged',
      calls: [call(['a']), call([]), call(['a'])],
      count: 1,
      rate: 1 / 3,
      charged: [2],
    },
    // the union of seq0 and seq1 covers seq2 -> charged; 1 / 3
    {
      name: 'union of earlier calls',
      calls: [call(['a']), call(['b']), call(['b', 'a'])],
      count: 1,
      rate: 1 / 3,
      charged: [2],
    },
    // a call repeating an id within itself is not "earlier": 0 / 1
    { name: 'duplicate inside one call', calls: [call(['a', 'a'])], count: 0, rate: 0, charged: [] },
    // a failed call's identifiers still count as returned; seq1 repeats them -> 1 / 2
    {
      name: 'ids of a failed call',
      calls: [call(['a'], { ok: false }), call(['a'])],
      count: 1,
      rate: 0.5,
      charged: [1],
    },
  ])('$name', ({ calls, count, rate, charged }) => {
    const result = resurfacing(buildTrajectory({ calls }));
    expect(result).toEqual({ count, rate, charged });
  });
});
