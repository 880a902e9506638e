import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../../src/core/errors.js';
import { callsInOrder } from '../../../src/trajectory/metrics/calls.js';
import { needlessCalls } from '../../../src/trajectory/metrics/needless.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('callsInOrder', () => {
  test('sorts by seq and attaches the turn', () => {
    const built = buildTrajectory({
      calls: [
        { tool: 'a', turn: 1 },
        { tool: 'b', turn: 2 },
        { tool: 'c', turn: 2 },
      ],
    });
    const trajectory = { ...built, events: [...built.events].reverse() };
    expect(callsInOrder(trajectory).map((call) => [call.event.tool, call.turn, call.message_id])).toEqual([
      ['a', 1, 'm1'],
      ['b', 2, 'm2'],
      ['c', 2, 'm2'],
    ]);
  });

  test('a call missing from the model turns is refused, naming the seq', () => {
    const built = buildTrajectory({
      calls: [
        { tool: 'a', turn: 1 },
        { tool: 'b', turn: 1 },
      ],
    });
    const trajectory = { ...built, turns: { '0': { message_id: 'm1', turn: 1 } }, dir: '/runs/x' };
    expect(() => needlessCalls(trajectory)).toThrow(AgentTrackError);
    expect(() => needlessCalls(trajectory)).toThrow(
      'The model turns of `/runs/x` do not name call seq `1` (tool `b`)',
    );
    try {
      callsInOrder(trajectory);
    } catch (error) {
      expect(error).toMatchObject({ code: 'MISSING_TURN', data: { seq: 1, dir: '/runs/x' } });
    }
    expect.assertions(3);
  });
});
