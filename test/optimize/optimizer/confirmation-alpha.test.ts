import { expect, test } from 'vitest';
import { confirmationAlpha } from '../../../src/optimize/optimizer/accept/confirmation-alpha.js';

test.each([
  // m = 5, nothing accepted: alpha / 5
  [0, 0, 0.01],
  [4, 0, 0.01],
  // one acceptance: its share moves on, alpha / (5 - 1)
  [3, 1, 0.0125],
  // two: alpha / 3
  [4, 2, 0.05 / 3],
  // spent
  [5, 0, null],
  [5, 5, null],
])('made %i, accepted %i -> %s', (made, accepted, level) => {
  expect(confirmationAlpha({ alpha: 0.05, maxConfirmations: 5, made, accepted })).toBe(level);
});

test('with every candidate no better, the levels a campaign can use sum to alpha (union bound)', () => {
  let sum = 0;
  for (let made = 0; made < 5; made++)
    sum += confirmationAlpha({ alpha: 0.05, maxConfirmations: 5, made, accepted: 0 })!;
  expect(sum).toBeCloseTo(0.05, 15); // 5 * 0.01
  // The rejected alternative, alpha / (m - k + 1) by confirmation count: 0.05 * (1/5 + 1/4 + 1/3 + 1/2 + 1) = 0.11417
  const naive = [5, 4, 3, 2, 1].reduce((acc, d) => acc + 0.05 / d, 0);
  expect(naive).toBeCloseTo(0.114167, 6);
});

test.each([
  ['alpha', { alpha: 0, maxConfirmations: 5, made: 0, accepted: 0 }],
  ['maxConfirmations', { alpha: 0.05, maxConfirmations: 0, made: 0, accepted: 0 }],
  ['accepted', { alpha: 0.05, maxConfirmations: 5, made: 1, accepted: 2 }],
])('a bad `%s` is refused by name', (name, state) => {
  expect(() => confirmationAlpha(state)).toThrow(`\`${name}\``);
});
