import { expect, it } from 'vitest';
import { describeReceived } from '../../src/core/index.js';

it('names a value as messages do, and one nested too deep to stringify without overflowing the stack', () => {
  expect(describeReceived('x')).toBe('`x` (string)');
  expect(describeReceived({ a: [1] })).toBe('`{"a":[1]}` (object)');
  let deep: unknown = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(describeReceived(deep)).toBe('`[...] nested too deep to show` (array)');
});
