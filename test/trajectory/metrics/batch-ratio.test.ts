import { describe, expect, test } from 'vitest';
import { batchVsFanoutRatio } from '../../../src/trajectory/metrics/batch-ratio.js';
import { buildTrajectory } from '../build-trajectory.js';

const calls = (...tools: string[]) => tools.map((tool) => ({ tool, turn: 1, ids: ['a'] }));

describe('batchVsFanoutRatio', () => {
  test.each<{ name: string; tools: string[]; expected: number | null }>([
    // no calls: no target-fetching call -> null
    { name: 'no calls', tools: [], expected: null },
    // only searches: still none -> null
    { name: 'no target-fetching call', tools: ['search_codebase', 'search_codebase'], expected: null },
    // get_symbols x1 of 4 target-fetching (3 get_symbol) -> 1 / 4
    {
      name: 'one batch, three single',
      tools: ['get_symbols', 'get_symbol', 'get_symbol', 'get_symbol'],
      expected: 0.25,
    },
    // read_files + get_symbols of 2, searches ignored -> 2 / 2
    { name: 'all batch', tools: ['search_codebase', 'read_files', 'get_symbols'], expected: 1 },
    // only single-target calls -> 0 / 2, a measured 0.0
    { name: 'all single', tools: ['read_file', 'get_symbol'], expected: 0 },
    // read_files, read_file, read_file + search (ignored) -> 1 / 3
    {
      name: 'mixed families',
      tools: ['read_files', 'read_file', 'search_codebase', 'read_file'],
      expected: 1 / 3,
    },
  ])('$name', ({ tools, expected }) => {
    expect(batchVsFanoutRatio(buildTrajectory({ calls: calls(...tools) }))).toBe(expected);
  });
});
