import { expect, test } from 'vitest';
import { failedCalls } from '../../../src/trajectory/metrics/failed.js';
import { buildTrajectory } from '../build-trajectory.js';

test('failed: the calls recorded ok false, their share of the calls; null with no call', () => {
  const trajectory = buildTrajectory({
    calls: [
      { tool: 'read', turn: 1, ids: ['a.py'] },
      { tool: 'read', turn: 1, ok: false, text: 'Error: no such file' },
      { tool: 'read', turn: 2, ids: ['b.py'] },
    ],
  });
  expect(failedCalls(trajectory)).toEqual({ count: 1, rate: 1 / 3, charged: [1] });
  expect(failedCalls(buildTrajectory())).toEqual({ count: 0, rate: null, charged: [] });
});
