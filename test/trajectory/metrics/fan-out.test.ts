import { describe, expect, test } from 'vitest';
import { fanOutWhereBatch } from '../../../src/trajectory/metrics/fan-out.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from '../../../src/trajectory/metrics/tool-roles.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const c = (tool: string, turn: number): CallSpec => ({ tool, turn, ids: [`${tool}-${turn}`] });

describe('fanOutWhereBatch', () => {
  test.each<{
    name: string;
    calls: CallSpec[];
    roles?: ToolRoles;
    count: number;
    rate: number | null;
    charged: number[];
  }>([
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // three get_symbol in turn 1: the whole group of 3 charged; 3 / 4 calls
    {
      name: 'three in one turn',
      calls: [c('get_symbol', 1), c('get_symbol', 1), c('get_symbol', 1), c('search_codebase', 1)],
      count: 3,
      rate: 3 / 4,
      charged: [0, 1, 2],
    },
    // two in one turn is not a fan-out: 0 / 2
    {
      name: 'two is not enough',
      calls: [c('get_symbol', 1), c('get_symbol', 1)],
      count: 0,
      rate: 0,
      charged: [],
    },
    // three across turns 1, 1, 2: per-turn groups are 2 and 1 -> 0 / 3
    {
      name: 'split across turns',
      calls: [c('get_symbol', 1), c('get_symbol', 1), c('get_symbol', 2)],
      count: 0,
      rate: 0,
      charged: [],
    },
    // get_symbol x2 + read_file x1 in one turn: groups are per tool -> 0 / 3
    {
      name: 'different tools do not add up',
      calls: [c('get_symbol', 1), c('read_file', 1), c('get_symbol', 1)],
      count: 0,
      rate: 0,
      charged: [],
    },
    // search_codebase has no batch counterpart: 3 in a turn are not charged -> 0 / 3
    {
      name: 'tool without batch counterpart',
      calls: [c('search_codebase', 1), c('search_codebase', 1), c('search_codebase', 1)],
      count: 0,
      rate: 0,
      charged: [],
    },
    // batch calls themselves are never fan-out: get_symbols x3 -> 0 / 3
    {
      name: 'batch tool itself',
      calls: [c('get_symbols', 1), c('get_symbols', 1), c('get_symbols', 1)],
      count: 0,
      rate: 0,
      charged: [],
    },
    // interleaved: read_file at seq 0, 2, 4 in turn 2 -> charged 3 / 5
    {
      name: 'interleaved group',
      calls: [
        c('read_file', 2),
        c('get_symbol', 2),
        c('read_file', 2),
        c('get_symbol', 2),
        c('read_file', 2),
      ],
      count: 3,
      rate: 3 / 5,
      charged: [0, 2, 4],
    },
    // custom roles: Read has a batch counterpart -> 3 Reads in a turn charged, 3 / 3
    {
      name: 'custom roles',
      calls: [c('Read', 1), c('Read', 1), c('Read', 1)],
      roles: { ...REFERENCE_TOOL_ROLES, batch: { Read: 'ReadMany' } },
      count: 3,
      rate: 1,
      charged: [0, 1, 2],
    },
  ])('$name', ({ calls, roles, count, rate, charged }) => {
    expect(fanOutWhereBatch(buildTrajectory({ calls }), roles)).toEqual({ count, rate, charged });
  });
});
