import { expect, test } from 'vitest';
import { pairValues } from '../../src/stats/index.js';

test('pairValues keeps the tasks both arms defined, in the baseline order, with candidate - baseline', () => {
  const paired = pairValues(
    { t1: 0.5, t2: null, t3: 1, t4: 2 },
    new Map<string, number | null>([
      ['t3', 0],
      ['t1', 0.75],
      ['t2', 1],
      ['t4', null],
      ['t5', 3],
    ]),
  );
  expect(paired).toEqual({
    tasks: ['t1', 't3'],
    baseline: [0.5, 1],
    candidate: [0.75, 0],
    differences: [0.25, -1],
  });
  expect(pairValues({}, { a: 1 })).toEqual({ tasks: [], baseline: [], candidate: [], differences: [] });
});
