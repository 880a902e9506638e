import { describe, expect, test } from 'vitest';
import { type OutcomeTurns, outcomeTurns } from '../../../src/trajectory/metrics/outcome-turns.js';
import type { Outcome } from '../../../src/trajectory/schema.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('outcomeTurns', () => {
  test.each<{
    outcome: Outcome;
    turns: number;
    budget: number | null;
    expected: Omit<OutcomeTurns, 'outcome' | 'turns' | 'turn_budget'>;
  }>([
    // answered in 3 of 10: 3 < 9, not near cap; penalised = its turns
    {
      outcome: 'answered',
      turns: 3,
      budget: 10,
      expected: { near_cap: false, turns_to_answer_penalised: 3 },
    },
    // answered in 9 of 10: 9 >= 10 - 1 -> near cap
    { outcome: 'answered', turns: 9, budget: 10, expected: { near_cap: true, turns_to_answer_penalised: 9 } },
    // answered at 8 of 10: 8 < 9 -> not near cap
    {
      outcome: 'answered',
      turns: 8,
      budget: 10,
      expected: { near_cap: false, turns_to_answer_penalised: 8 },
    },
    // budget exhausted at 10 of 10 -> near cap; penalised 10 + 1
    {
      outcome: 'budget_exhausted',
      turns: 10,
      budget: 10,
      expected: { near_cap: true, turns_to_answer_penalised: 11 },
    },
    // a forced final reply is not answered -> 10 + 1
    {
      outcome: 'exhausted_finalized',
      turns: 10,
      budget: 10,
      expected: { near_cap: true, turns_to_answer_penalised: 11 },
    },
    // timeout at 2 of 6 -> 6 + 1
    { outcome: 'timeout', turns: 2, budget: 6, expected: { near_cap: false, turns_to_answer_penalised: 7 } },
    {
      outcome: 'starved_reply',
      turns: 4,
      budget: 5,
      expected: { near_cap: true, turns_to_answer_penalised: 6 },
    },
    // no turn at all: 0 < 4 -> not near cap; 5 + 1
    {
      outcome: 'unanswered_empty',
      turns: 0,
      budget: 5,
      expected: { near_cap: false, turns_to_answer_penalised: 6 },
    },
    // budget 1: 0 turns is already within one turn of it
    { outcome: 'answered', turns: 0, budget: 1, expected: { near_cap: true, turns_to_answer_penalised: 0 } },
    // an imported transcript without a budget: near_cap undefined; answered keeps its turns
    {
      outcome: 'answered',
      turns: 4,
      budget: null,
      expected: { near_cap: null, turns_to_answer_penalised: 4 },
    },
    // not answered and no budget: the penalty has nothing to stand on -> null, never 0
    {
      outcome: 'timeout',
      turns: 4,
      budget: null,
      expected: { near_cap: null, turns_to_answer_penalised: null },
    },
  ])('$outcome in $turns of $budget', ({ outcome, turns, budget, expected }) => {
    const trajectory = buildTrajectory({ result: { outcome, turns, turn_budget: budget } });
    expect(outcomeTurns(trajectory)).toEqual({ outcome, turns, turn_budget: budget, ...expected });
  });
});
