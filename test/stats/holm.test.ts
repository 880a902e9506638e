import { expect, test } from 'vitest';
import { holmAdjusted } from '../../src/stats/index.js';

test('Holm step-down: each sorted p times the tests left, kept monotone, capped at 1, in input order', () => {
  // sorted 0.01, 0.03, 0.04 (m = 3): 3 * 0.01 = 0.03; 2 * 0.03 = 0.06; max(0.06, 1 * 0.04) = 0.06
  const adjusted = holmAdjusted([0.01, 0.04, 0.03]);
  expect(adjusted[0]).toBeCloseTo(0.03, 15);
  expect(adjusted[1]).toBeCloseTo(0.06, 15);
  expect(adjusted[2]).toBeCloseTo(0.06, 15);
  // sorted 0.005, 0.2, 0.6, 0.9 (m = 4): 0.02; 3 * 0.2 = 0.6; max(0.6, 2 * 0.6 = 1.2 -> 1) = 1; 1
  expect(holmAdjusted([0.9, 0.005, 0.6, 0.2])).toEqual([1, 0.02, 1, 0.6000000000000001]);
});

test('an undefined p is not a test: it stays null and m counts only the defined ones', () => {
  // m = 2: sorted 0.01, 0.02 -> 0.02, max(0.02, 0.02) = 0.02
  expect(holmAdjusted([0.02, null, 0.01])).toEqual([0.02, null, 0.02]);
  expect(holmAdjusted([null])).toEqual([null]);
  expect(holmAdjusted([])).toEqual([]);
  // One test: Holm is the p itself.
  expect(holmAdjusted([0.3])).toEqual([0.3]);
});
