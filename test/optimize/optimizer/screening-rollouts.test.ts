import { expect, test } from 'vitest';
import { type Candidate, makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { createMemoryCache } from '../../../src/optimize/optimizer/evaluate/evaluation-cache.js';
import {
  type Evaluator,
  screenCandidates,
  screeningRollouts,
} from '../../../src/optimize/optimizer/screen/screening.js';

// [candidates, tasks, minibatch, eta, repeats, expected rollouts]
const CASES: [number, number, number, number, number, number][] = [
  // 8 on 8 tasks, 4 on the 8 added by 16, 2 on the 16 added by 32: 64 + 32 + 32
  [8, 32, 8, 2, 1, 128],
  // the minibatch covers the slice: one rung, every candidate on every task: 5 * 10
  [5, 10, 20, 2, 1, 50],
  // minibatch equal to the slice: 4 * 12
  [4, 12, 12, 3, 1, 48],
  // one candidate walks every rung and pays for each task once: 8 + 8 + 16
  [1, 32, 8, 2, 1, 32],
  // each repeat pays again: 128 * 3
  [8, 32, 8, 2, 3, 384],
  // 5 on 3, ceil(5/2) = 3 on the 3 added by 6, 2 on the 4 added by 10 (6 * 2 = 12 capped at 10): 15 + 9 + 8
  [5, 10, 3, 2, 1, 32],
  // eta 3: 9 on 4, 3 on the 8 added by 12, 1 on the 8 added by 20 (capped from 36): 36 + 24 + 8
  [9, 20, 4, 3, 1, 68],
  // no candidate, no rollout
  [0, 32, 8, 2, 1, 0],
];

test.each(CASES)(
  'screeningRollouts: %i candidates, %i tasks, minibatch %i, eta %i, repeats %i -> %i',
  (candidates, tasks, minibatch, eta, repeats, expected) => {
    expect(screeningRollouts({ candidates, tasks, minibatch, eta, repeats })).toBe(expected);
  },
);

test('repeats default to 1', () => {
  expect(screeningRollouts({ candidates: 8, tasks: 32, minibatch: 8, eta: 2 })).toBe(128);
});

test.each(CASES)(
  'screenCandidates pays what screeningRollouts says: %i candidates, %i tasks, minibatch %i, eta %i, repeats %i',
  async (count, taskCount, minibatch, eta, repeats, expected) => {
    const taskIds = Array.from({ length: taskCount }, (_, i) => `t${i}`);
    // Candidate k scores k / 100 on every task: distinct means, so the survivors are fixed (the highest k).
    const candidates = Array.from({ length: count }, (_, k) =>
      makeCandidate({ id: `c1.${k}`, parent: 'incumbent', text: `docs ${k}`, operator: 'scripted' }),
    );
    const quality = (c: Candidate) => Number(c.text.split(' ')[1]) / 100;
    let requested = 0;
    const evaluate: Evaluator = async (candidate, ids) => {
      requested += ids.length;
      return new Map(ids.map((t) => [t, quality(candidate)]));
    };
    const result = await screenCandidates({
      candidates,
      taskIds,
      minibatch,
      eta,
      repeats,
      slice: 'search',
      evaluate,
      cache: createMemoryCache(),
    });
    expect(result.rollouts).toBe(expected);
    expect(requested).toBe(expected);
    expect(result.failed).toBe(0);
    if (count > 0) expect(result.survivors[0]!.id).toBe(`c1.${count - 1}`);
  },
);
