import { expect, test } from 'vitest';
import { LastTrajectoryMemo } from '../../../src/trajectory/metrics/last-trajectory.js';
import { buildTrajectory } from '../build-trajectory.js';

test('LastTrajectoryMemo computes once per trajectory in a row, again when another comes between', () => {
  const memo = new LastTrajectoryMemo<number>();
  const a = buildTrajectory();
  const b = buildTrajectory();
  let computed = 0;
  const get = (trajectory: typeof a) => memo.get(trajectory, () => ++computed);
  expect([get(a), get(a), get(b), get(b), get(a)]).toEqual([1, 1, 2, 2, 3]);
  // a compute that throws leaves the slot as it was
  expect(() =>
    memo.get(b, () => {
      throw new Error('no');
    }),
  ).toThrow('no');
  expect(get(a)).toBe(3);
});
