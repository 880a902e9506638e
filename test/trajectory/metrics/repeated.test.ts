import { expect, test } from 'vitest';
import { repeatedCalls } from '../../../src/trajectory/metrics/repeated.js';
import { buildTrajectory } from '../build-trajectory.js';

test('the same tool, arguments (any key order) and result again is a repeat; the first is not', () => {
  const trajectory = buildTrajectory({
    calls: [
      { tool: 'search', turn: 1, args: { q: 'a', limit: 5 }, text: 'r1' },
      { tool: 'search', turn: 2, args: { limit: 5, q: 'a' }, text: 'r1' },
      // same call, another result (the state changed): not a repeat
      { tool: 'search', turn: 3, args: { q: 'a', limit: 5 }, text: 'r2' },
      // same result, other arguments or another tool: not a repeat
      { tool: 'search', turn: 4, args: { q: 'b', limit: 5 }, text: 'r1' },
      { tool: 'find', turn: 5, args: { q: 'a', limit: 5 }, text: 'r1' },
      // nested arguments compare by value at every depth
      { tool: 'book', turn: 6, args: { flights: [{ n: 'HAT1', d: '05-13' }] }, text: 'ok' },
      { tool: 'book', turn: 7, args: { flights: [{ d: '05-13', n: 'HAT1' }] }, text: 'ok' },
    ],
  });
  expect(repeatedCalls(trajectory)).toEqual({ count: 2, rate: 2 / 7, charged: [1, 6] });
});

test('raw arguments that are not JSON compare with their white space collapsed; no call, rate null', () => {
  const raw = buildTrajectory({
    calls: [
      { tool: 'run', turn: 1, text: 'x' },
      { tool: 'run', turn: 2, text: 'x' },
    ],
  });
  const [first, second] = raw.events;
  const events = [
    { ...first!, args_raw: 'ls  -la\n' },
    { ...second!, args_raw: 'ls -la' },
  ];
  expect(repeatedCalls({ ...raw, events }).charged).toEqual([1]);
  expect(repeatedCalls(buildTrajectory())).toEqual({ count: 0, rate: null, charged: [] });
});

test('a result met by several calls charges each call that repeats any earlier one of them', () => {
  const trajectory = buildTrajectory({
    calls: [
      { tool: 'search', turn: 1, args: { q: 'a' }, text: 'r1' },
      { tool: 'search', turn: 2, args: { q: 'b' }, text: 'r1' },
      { tool: 'search', turn: 3, args: { q: 'a' }, text: 'r1' },
      { tool: 'search', turn: 4, args: { q: 'b' }, text: 'r1' },
      { tool: 'search', turn: 5, args: { q: 'a' }, text: 'r1' },
      { tool: 'search', turn: 6, args: { q: 'c' }, text: 'r1' },
    ],
  });
  expect(repeatedCalls(trajectory)).toEqual({ count: 3, rate: 3 / 6, charged: [2, 3, 4] });
});
