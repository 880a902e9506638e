import { describe, expect, test } from 'vitest';
import { isDottedPath, toolMismatch } from '../../../src/trajectory/metrics/tool-mismatch.js';
import { REFERENCE_TOOL_ROLES } from '../../../src/trajectory/metrics/tool-roles.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

describe('isDottedPath', () => {
  test.each<[string, boolean]>([
    ['pkg.mod.Cls', true],
    ['a.b', true],
    ['  pkg.mod  ', true],
    ['_private.x_1', true],
    ['parse config', false],
    ['Cls', false],
    ['pkg.mod Cls', false],
    ['v1.2', false],
    ['a..b', false],
    ['.a', false],
    ['a.', false],
    ['', false],
  ])('%j -> %s', (query, expected) => {
    expect(isDottedPath(query)).toBe(expected);
  });
});

const search = (query: unknown, tool = 'search_codebase'): CallSpec => ({
  tool,
  turn: 1,
  args: { query },
  ids: ['x'],
});

describe('toolMismatch', () => {
  test.each<{ name: string; calls: CallSpec[]; count: number; rate: number | null; charged: number[] }>([
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // seq0 dotted, seq1 free text -> 1 / 2
    {
      name: 'dotted query',
      calls: [search('pkg.mod.Cls'), search('parse the config')],
      count: 1,
      rate: 0.5,
      charged: [0],
    },
    // a dotted `query` to a non-search tool is not a mismatch -> 0 / 1
    {
      name: 'not a search tool',
      calls: [search('pkg.mod.Cls', 'get_symbol')],
      count: 0,
      rate: 0,
      charged: [],
    },
    // a non-string query cannot be a dotted path -> 0 / 1
    { name: 'non-string query', calls: [search(42)], count: 0, rate: 0, charged: [] },
  ])('$name', ({ calls, count, rate, charged }) => {
    expect(toolMismatch(buildTrajectory({ calls }))).toEqual({ count, rate, charged });
  });

  test('no symbol tool: nothing resolves the name better, nothing charged', () => {
    const trajectory = buildTrajectory({ calls: [search('pkg.mod.Cls'), search('a.b')] });
    // 0 of 2 calls
    expect(toolMismatch(trajectory, { ...REFERENCE_TOOL_ROLES, symbol: null })).toEqual({
      count: 0,
      rate: 0,
      charged: [],
    });
  });

  test('Grep-style `pattern` argument under custom roles', () => {
    const trajectory = buildTrajectory({
      calls: [{ tool: 'Grep', turn: 1, args: { pattern: 'a.b' } }],
    });
    // 1 of 1 call charged
    expect(toolMismatch(trajectory, { ...REFERENCE_TOOL_ROLES, search: ['Grep'] })).toEqual({
      count: 1,
      rate: 1,
      charged: [0],
    });
  });
});
