import { describe, expect, test } from 'vitest';
import { resurfacing } from '../../../src/trajectory/metrics/resurfacing.js';
import {
  CLAUDE_CODE_TOOL_ROLES,
  GENERIC_TOOL_ROLES,
  resolveToolRoles,
} from '../../../src/trajectory/tools/tool-roles.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const call = (ids: string[], extra: Partial<CallSpec> = {}): CallSpec => ({
  tool: 't',
  turn: 1,
  ids,
  ...extra,
});

describe('resurfacing', () => {
  test.each<{ name: string; calls: CallSpec[]; count: number; rate: number | null; charged: number[] }>([
    // no calls: 0 charged of 0 calls -> 0.0, not null
    { name: 'no calls', calls: [], count: 0, rate: null, charged: [] },
    // seq1 returns only `a`, seen at seq0 -> charged; 1 / 2
    {
      name: 'all ids seen earlier',
      calls: [call(['a', 'b']), call(['a'])],
      count: 1,
      rate: 0.5,
      charged: [1],
    },
    // seq1 returns `a` (seen) and `c` (new) -> not charged; 0 / 2
    {
      name: 'one new id saves it',
      calls: [call(['a', 'b']), call(['a', 'c'])],
      count: 0,
      rate: 0,
      charged: [],
    },
    // seq1 returned nothing: not resurfacing (that is zero_yield); seq2 repeats `a` -> 1 / 3
    {
      name: 'empty call not charged',
      calls: [call(['a']), call([]), call(['a'])],
      count: 1,
      rate: 1 / 3,
      charged: [2],
    },
    // the union of seq0 and seq1 covers seq2 -> charged; 1 / 3
    {
      name: 'union of earlier calls',
      calls: [call(['a']), call(['b']), call(['b', 'a'])],
      count: 1,
      rate: 1 / 3,
      charged: [2],
    },
    // a call repeating an id within itself is not "earlier": 0 / 1
    { name: 'duplicate inside one call', calls: [call(['a', 'a'])], count: 0, rate: 0, charged: [] },
    // a failed call delivered nothing (it is `failed`, not resurfacing): seq1's `a` is new -> 0 / 2
    {
      name: 'ids of a failed call',
      calls: [call(['a'], { ok: false }), call(['a'])],
      count: 0,
      rate: 0,
      charged: [],
    },
  ])('$name', ({ calls, count, rate, charged }) => {
    const result = resurfacing(buildTrajectory({ calls }));
    expect(result).toEqual({ count, rate, charged });
  });
});

describe('resurfacing after a write', () => {
  const edit = (file: string, ok = true) => ({
    tool: 'Edit',
    turn: 1,
    args: { file_path: file, old_string: 'a', new_string: 'b' },
    ok,
    text: ok ? `The file ${file} has been updated.` : 'String to replace not found',
  });
  const read = (ids: string[]) => ({ tool: 'Read', turn: 1, ids });

  test('an Edit of a file (absolute path) makes the next Read of it (relative ids) new content', () => {
    const calls = [
      read(['src/a.py', 'src/a.py:1-40']),
      edit('/repo/src/a.py'),
      // same range again after the edit: new content, not charged
      read(['src/a.py', 'src/a.py:1-40']),
      // and again with no write between: charged
      read(['src/a.py', 'src/a.py:1-40']),
    ];
    expect(resurfacing(buildTrajectory({ calls }), CLAUDE_CODE_TOOL_ROLES)).toEqual({
      count: 1,
      rate: 1 / 4,
      charged: [3],
    });
    // Without the write role the Edit changes nothing: both reads after it are charged.
    expect(resurfacing(buildTrajectory({ calls }), GENERIC_TOOL_ROLES).charged).toEqual([2, 3]);
  });

  test('a failed write changed nothing; a write invalidates only the longest matching file', () => {
    const failed = [read(['src/a.py']), edit('/repo/src/a.py', false), read(['src/a.py'])];
    expect(resurfacing(buildTrajectory({ calls: failed }), CLAUDE_CODE_TOOL_ROLES).charged).toEqual([2]);
    // /repo/sub/a.py is sub/a.py, not the root's a.py
    const two = [read(['a.py', 'sub/a.py']), edit('/repo/sub/a.py'), read(['a.py']), read(['sub/a.py'])];
    expect(resurfacing(buildTrajectory({ calls: two }), CLAUDE_CODE_TOOL_ROLES).charged).toEqual([2]);
  });

  test("move_file (a manifest's write tool) makes its source and destination stale; a chunk id is its file's", () => {
    const roles = resolveToolRoles({ write: ['move_file'] });
    const calls = [
      { tool: 'search_codebase', turn: 1, ids: ['a.py', 'a.py#L1-L9', 'b.py'] },
      { tool: 'move_file', turn: 2, args: { source: 'a.py', destination: 'b.py' }, text: 'moved' },
      { tool: 'read_file', turn: 3, ids: ['a.py#L1-L9'] },
      { tool: 'read_file', turn: 3, ids: ['b.py'] },
    ];
    expect(resurfacing(buildTrajectory({ calls }), roles).charged).toEqual([]);
  });
});
