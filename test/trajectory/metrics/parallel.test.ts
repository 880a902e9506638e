import { describe, expect, test } from 'vitest';
import { parallelCallsPerTurn } from '../../../src/trajectory/metrics/parallel.js';
import { buildTrajectory } from '../build-trajectory.js';

const calls = (...turns: number[]) => turns.map((turn) => ({ tool: 't', turn, ids: ['a'] }));

describe('parallelCallsPerTurn', () => {
  test.each<{ name: string; turns: number[]; expected: number | null }>([
    // no calls: 0.0
    { name: 'no calls', turns: [], expected: null },
    // 1 call in 1 turn -> 1 / 1
    { name: 'one call', turns: [1], expected: 1 },
    // turns 1,1,1,3: turn 2 called nothing and is not counted -> 4 calls / 2 turns
    { name: 'a talking turn does not dilute', turns: [1, 1, 1, 3], expected: 2 },
    // turns 1,2,2,3,3,3 -> 6 calls / 3 turns
    { name: 'rising', turns: [1, 2, 2, 3, 3, 3], expected: 2 },
    // turns 1,2 -> 2 / 2
    { name: 'sequential', turns: [1, 2], expected: 1 },
    // turns 2,2,5 -> 3 / 2
    { name: 'fractional', turns: [2, 2, 5], expected: 1.5 },
  ])('$name', ({ turns, expected }) => {
    expect(parallelCallsPerTurn(buildTrajectory({ calls: calls(...turns) }))).toBe(expected);
  });
});
