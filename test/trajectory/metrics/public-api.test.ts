import { describe, expect, expectTypeOf, test } from 'vitest';
import type { RelevanceOptions, ScoredTask } from '../../../src/retrieval/index.js';
import {
  type ComputeMetricsOptions,
  computeMetrics,
  REFERENCE_TOOL_ROLES,
  type ToolCallsUsed,
  type ToolRoles,
  type TrajectoryMetrics,
} from '../../../src/trajectory/index.js';
import type { Trajectory } from '../../../src/trajectory/trajectory.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('agent-track/trajectory metrics surface', () => {
  test('computeMetrics signature', () => {
    expectTypeOf(computeMetrics).parameters.toEqualTypeOf<
      [Trajectory, (ScoredTask | null)?, ComputeMetricsOptions?]
    >();
    expectTypeOf(computeMetrics).returns.toEqualTypeOf<TrajectoryMetrics>();
    expectTypeOf<ComputeMetricsOptions['roles']>().toEqualTypeOf<ToolRoles | undefined>();
    expectTypeOf<ComputeMetricsOptions['relevance']>().toEqualTypeOf<RelevanceOptions | undefined>();
    expectTypeOf<TrajectoryMetrics['recall@5']>().toEqualTypeOf<number | null>();
    expectTypeOf<TrajectoryMetrics['needless_call_rate']>().toEqualTypeOf<number | null>();
    expectTypeOf<TrajectoryMetrics['pointer_followed_rate']>().toEqualTypeOf<number | null>();
    expectTypeOf<TrajectoryMetrics['tool_calls_used']>().toEqualTypeOf<ToolCallsUsed>();
  });

  test('the default roles match the reference server', () => {
    expect(REFERENCE_TOOL_ROLES).toEqual({
      search: ['search_codebase'],
      symbol: 'get_symbol',
      read: ['read_file', 'read_files'],
      batch: { get_symbol: 'get_symbols', read_file: 'read_files' },
      identified: [
        'search_codebase',
        'read_file',
        'read_files',
        'get_symbol',
        'get_symbols',
        'grep',
        'get_references',
      ],
      handoff: [],
    });
    expect(Object.isFrozen(REFERENCE_TOOL_ROLES)).toBe(true);
  });

  test('one pass reads each truncated result blob once, and whole previews never', () => {
    const body = 'def f(x):\n    return x + 1\n';
    const built = buildTrajectory({
      previewBytes: 16,
      calls: [
        // whole in its preview: no blob read
        { tool: 'get_symbol', turn: 1, ids: ['a'], text: 'short' },
        // truncated: read once, although pointers and body-gold reach both need the text
        { tool: 'get_symbol', turn: 1, ids: ['m.f'], text: `${'#\n'.repeat(20)}${body}` },
        { tool: 'read_file', turn: 2, ids: ['m.py'], text: `${'#\n'.repeat(30)}${body}` },
      ],
    });
    const reads: string[] = [];
    const trajectory = {
      ...built,
      blobs: {
        read: (sha256: string) => {
          reads.push(sha256);
          return built.blobs.read(sha256);
        },
      },
    };
    const metrics = computeMetrics(trajectory, { id: 'task-1', gold: { body } });
    expect(metrics.tool_calls_to_first_gold).toBe(2);
    expect(reads.sort()).toEqual([built.events[1]!.blob, built.events[2]!.blob].sort());
  });
});
