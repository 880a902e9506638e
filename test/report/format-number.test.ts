import { expect, test } from 'vitest';
import { formatNumber, formatPValue, pValueText } from '../../src/report/index.js';

test('a p-value prints with four decimals always, never as 0.0000 or a bare 1', () => {
  expect(
    [1, 0.99995, 0.5, 0.0039, 0.0001, 0.00009999, 0, null, undefined, Number.NaN].map(formatPValue),
  ).toEqual(['1.0000', '1.0000', '0.5000', '0.0039', '0.0001', '< 0.0001', '< 0.0001', 'n/a', 'n/a', 'n/a']);
  expect([0.0039, 0.00002, null].map(pValueText)).toEqual(['p = 0.0039', 'p < 0.0001', 'p = n/a']);
  // Other numbers keep their own rule: integers whole, else three decimals.
  expect([1, 0.0004, null].map((x) => formatNumber(x))).toEqual(['1', '0.000', 'n/a']);
});
