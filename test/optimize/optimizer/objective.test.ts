import { describe, expect, test } from 'vitest';
import type { ObjectiveConfig } from '../../../src/optimize/optimizer/config/config-schema.js';
import {
  meanOverRepeats,
  objectiveKind,
  objectiveOf,
  objectiveOfMetrics,
} from '../../../src/optimize/optimizer/evaluate/objective.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

const W = {
  answered: 0,
  gold_reached: 0,
  needless_call_rate: 0,
  calls_to_first_gold: 0,
  tool_calls: 0,
  judge_score: 0,
};
const obj = (weights: Partial<typeof W>, gates: ObjectiveConfig['gates'] = []): ObjectiveConfig => ({
  gates,
  weights: { ...W, ...weights },
});
const mixed = obj({ gold_reached: 2, needless_call_rate: 1, calls_to_first_gold: 1 }, ['answered']);
const row = { answered: 1, needle_reached: 1, tool_calls_to_first_gold: 4, needless_call_rate: 0.25 };

describe('objectiveOf', () => {
  test.each([
    // (2 * 1 + 1 * (1 - 0.25) + 1 * (1 / 4)) / (2 + 1 + 1) = 3 / 4
    ['mixed terms', row, mixed, null, 0.75],
    // gate answered fails: a measured 0, not undefined
    ['a failed gate', { ...row, answered: 0 }, mixed, null, 0],
    // gold exists, never reached: gold 0, calls term 0; (0 + 0.75 + 0) / 4 = 0.1875
    [
      'gold never reached',
      { ...row, needle_reached: 0, tool_calls_to_first_gold: null },
      mixed,
      null,
      0.1875,
    ],
    // no gold at all: the gold terms are undefined, so the task drops out
    ['no gold', { ...row, needle_reached: null, tool_calls_to_first_gold: null }, mixed, null, null],
    // a gate on undefined gold is undefined too, even when unweighted
    ['undefined gate', { ...row, needle_reached: null }, obj({ answered: 1 }, ['gold_reached']), null, null],
    // an unweighted undefined term does not matter: needless only, 1 - 0.25 = 0.75
    ['unweighted undefined', { ...row, needle_reached: null }, obj({ needless_call_rate: 1 }), null, 0.75],
    // judge 0.5 weighted 1 with answered weighted 1: (1 + 0.5) / 2 = 0.75
    ['judged', row, obj({ answered: 1, judge_score: 1 }), 0.5, 0.75],
    ['judge missing', row, obj({ answered: 1, judge_score: 1 }), null, null],
    // every call is work: 4 calls score 1 / 4; with gold weighted 2, (2 * 1 + 1 * 0.25) / 3 = 0.75
    ['tool calls', { ...row, tool_calls_total: 4 }, obj({ gold_reached: 2, tool_calls: 1 }), null, 0.75],
    // a run that made no call did the least work: 1
    ['no call', { ...row, tool_calls_total: 0 }, obj({ tool_calls: 1 }), null, 1],
  ] as const)('%s', (_name, r, objective, judge, expected) => {
    expect(objectiveOf(r, objective, judge)).toBe(expected);
  });

  test('a judge score outside [0, 1] is refused by name', () => {
    expect(() => objectiveOf(row, obj({ judge_score: 1 }), 6)).toThrow(/`judgeScore`.*`6`/);
  });

  test('reads a real metrics bundle through metricsRow', () => {
    const blank = computeMetrics(buildTrajectory({}), null);
    const metrics = { ...blank, outcome: 'answered', needless_call_rate: 0.5 } as TrajectoryMetrics;
    // 1 - 0.5 = 0.5
    expect(objectiveOfMetrics(metrics, obj({ needless_call_rate: 1 }))).toBe(0.5);
    // outcome answered -> 1
    expect(objectiveOfMetrics(metrics, obj({ answered: 1 }))).toBe(1);
  });
});

describe('objectiveKind', () => {
  test.each([
    ['one 0/1 term', obj({ gold_reached: 1 }), 1, 'binary'],
    ['one 0/1 term behind a gate', obj({ gold_reached: 3 }, ['answered']), 1, 'binary'],
    ['one 0/1 term, repeated', obj({ gold_reached: 1 }), 3, 'continuous'],
    ['two 0/1 terms (0, 0.5, 1)', obj({ answered: 1, gold_reached: 1 }), 1, 'continuous'],
    ['a rate', obj({ needless_call_rate: 1 }), 1, 'continuous'],
  ] as const)('%s -> %s', (_name, objective, repeats, kind) => {
    expect(objectiveKind(objective, repeats)).toBe(kind);
  });
});

test('meanOverRepeats drops undefined repeats, never counts them as 0', () => {
  expect(meanOverRepeats([1, null, 0])).toBe(0.5); // (1 + 0) / 2
  expect(meanOverRepeats([null, null])).toBeNull();
  expect(meanOverRepeats([])).toBeNull();
});
