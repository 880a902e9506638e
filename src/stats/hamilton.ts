import { invalidOption } from '../core/index.js';

/**
 * Largest-remainder (Hamilton) apportionment of `total` seats over groups of the given sizes: each
 * gets floor(size * total / sum), and the seats left go to the largest remainders. Remainders are
 * compared as exact integers (size * total mod sum); ties go to the larger group, then the earlier
 * one, so the result is deterministic.
 *
 * @example
 * hamiltonApportion([5, 3, 2], 4); // [2, 1, 1]  (quotas 2.0, 1.2, 0.8)
 */
export function hamiltonApportion(sizes: readonly number[], total: number): number[] {
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 0) throw invalidOption('sizes', 'non-negative integers', size);
  }
  if (!Number.isInteger(total) || total < 0) throw invalidOption('total', 'a non-negative integer', total);
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (total === 0) return sizes.map(() => 0);
    throw invalidOption('sizes', 'at least one non-empty group when `total` is above 0', sizes);
  }
  const seats = sizes.map((size) => Math.floor((size * total) / sum));
  const remainders = sizes.map((size) => (size * total) % sum);
  let left = total - seats.reduce((a, b) => a + b, 0);
  const order = sizes
    .map((_, i) => i)
    .sort((a, b) => remainders[b]! - remainders[a]! || sizes[b]! - sizes[a]! || a - b);
  for (const i of order) {
    if (left === 0) break;
    seats[i]!++;
    left--;
  }
  return seats;
}
