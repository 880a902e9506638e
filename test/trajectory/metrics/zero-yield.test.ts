import { describe, expect, test } from 'vitest';
import { zeroYield } from '../../../src/trajectory/metrics/zero-yield.js';
import {
  GENERIC_TOOL_ROLES,
  REFERENCE_TOOL_ROLES,
  type ToolRoles,
} from '../../../src/trajectory/tools/tool-roles.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const call = (ids: string[], ok = true): CallSpec => ({ tool: 't', turn: 1, ids, ok });

describe('zeroYield', () => {
  test.each<{ name: string; calls: CallSpec[]; count: number; rate: number | null; charged: number[] }>([
    // 0 of 0 calls -> 0.0
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // seq0 ok with no ids -> charged; seq1 yielded -> 1 / 2
    { name: 'ok and empty', calls: [call([]), call(['a'])], count: 1, rate: 0.5, charged: [0] },
    // a failed empty call is not charged: 0 / 1
    { name: 'failed call not charged', calls: [call([], false)], count: 0, rate: 0, charged: [] },
    // seq0 and seq2 empty and ok, seq1 failed -> 2 / 3
    { name: 'mixed', calls: [call([]), call([], false), call([])], count: 2, rate: 2 / 3, charged: [0, 2] },
  ])('$name', ({ calls, count, rate, charged }) => {
    expect(zeroYield(buildTrajectory({ calls }))).toEqual({ count, rate, charged });
  });
});

describe('what counts as yield', () => {
  const one = (spec: Omit<CallSpec, 'turn'>) => buildTrajectory({ calls: [{ turn: 1, ...spec }] });
  test.each<[string, Omit<CallSpec, 'turn'>, ToolRoles, number]>([
    // a tool the roles do not describe yields by its content: it returned some, so it is not charged
    [
      'an undescribed tool that returned content',
      { tool: 'get_user_details', text: '{"user_id":"a1"}' },
      REFERENCE_TOOL_ROLES,
      0,
    ],
    [
      'an undescribed tool that returned only white space',
      { tool: 'get_user_details', text: ' \n\t' },
      REFERENCE_TOOL_ROLES,
      1,
    ],
    [
      'an undescribed tool that returned nothing',
      { tool: 'get_user_details', text: '' },
      REFERENCE_TOOL_ROLES,
      1,
    ],
    // a tool whose identifiers are exact yields by identifiers: text with none found nothing
    [
      'search_codebase with text and no identifier',
      { tool: 'search_codebase', text: 'No results.' },
      REFERENCE_TOOL_ROLES,
      1,
    ],
    ['the reference grep with no hit', { tool: 'grep', text: 'No matches.' }, REFERENCE_TOOL_ROLES, 1],
    [
      'search_codebase with an identifier',
      { tool: 'search_codebase', ids: ['a.py'] },
      REFERENCE_TOOL_ROLES,
      0,
    ],
    // the generic profile describes no tool: every call yields by content
    [
      'generic roles: search_codebase by its content',
      { tool: 'search_codebase', text: 'No results.' },
      GENERIC_TOOL_ROLES,
      0,
    ],
    // content beyond the preview cap is content even when the preview is blank
    [
      'a long result whose preview is blank',
      { tool: 'dump', text: `${' '.repeat(3000)}x` },
      GENERIC_TOOL_ROLES,
      0,
    ],
  ])('%s: charged %i call(s)', (_name, spec, roles, count) => {
    expect(zeroYield(one(spec), roles).count).toBe(count);
  });
});
