import { describe, expect, test } from 'vitest';
import { zeroYield } from '../../../src/trajectory/metrics/zero-yield.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const call = (ids: string[], ok = true): CallSpec => ({ tool: 't', turn: 1, ids, ok });

describe('zeroYield', () => {
  test.each<{ name: string; calls: CallSpec[]; count: number; rate: number | null; charged: number[] }>([
    // 0 of 0 calls -> 0.0
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // seq0 ok with no ids -> charged; seq1 yielded -> 1 / 2
    { name: 'ok and empty', calls: [call([]), call(['a'])], count: 1, rate: 0.5, charged: [0] },
    // a failed empty call is not charged: 0 / 1
    { name: 'failed call not charged', calls: [call([], false)], count: 0, rate: 0, charged: [] },
    // seq0 and seq2 empty and ok, seq1 failed -> 2 / 3
    { name: 'mixed', calls: [call([]), call([], false), call([])], count: 2, rate: 2 / 3, charged: [0, 2] },
  ])('$name', ({ calls, count, rate, charged }) => {
    expect(zeroYield(buildTrajectory({ calls }))).toEqual({ count, rate, charged });
  });
});
