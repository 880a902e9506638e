import { expect, test } from 'vitest';
import { confirmCandidate } from '../../../src/optimize/optimizer/accept/acceptance.js';
import { confirmInLooks } from '../../../src/optimize/optimizer/accept/confirm-looks.js';
import { ConfirmationLog } from '../../../src/optimize/optimizer/accept/confirmation-log.js';
import { makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { sequentialBoundaries, sequentialZ } from '../../../src/stats/index.js';

const tasks = Array.from({ length: 10 }, (_, i) => `t${i}`);
const deltas = [0.3, 0.1, 0.2, -0.1, 0.3, 0.2, 0.3, 0.1, 0.2, 0.4];
const incumbent = new Map(tasks.map((t) => [t, 0.5]));
const candidate = new Map(tasks.map((t, i) => [t, 0.5 + deltas[i]!]));

test('a held-out confirmation in looks evaluates batch by batch and stops at the first boundary', async () => {
  const asked: number[] = [];
  const lines: string[] = [];
  const run = await confirmInLooks({
    looks: 2,
    spending: 'obrien-fleming',
    alpha: 0.025,
    taskIds: tasks,
    scores: async (ids) => {
      asked.push(ids.length);
      return { incumbent, candidate };
    },
    log: (line) => lines.push(line),
  });
  // Two looks at 5 and 10 tasks; O'Brien-Fleming-like two-sided 0.05 (the success side spends the
  // corrected 0.025): 2.963 then 1.969.
  const design = sequentialBoundaries({ looks: 2, alpha: 0.05 });
  expect(asked).toEqual([5, 10]);
  // Look 1: differences 0.3 0.1 0.2 -0.1 0.3 (t = 2.138 on 4 df, z = 1.61): continue; look 2: all ten.
  expect(run.observed.map((o) => [o.look, o.tasks, o.pairs, o.decision])).toEqual([
    [1, 5, 5, 'continue'],
    [2, 10, 10, 'success'],
  ]);
  expect(run.observed[0]!.z).toBeCloseTo(sequentialZ(deltas.slice(0, 5))!, 12);
  expect(run.observed[0]!.z!).toBeLessThan(design.z[0]!);
  expect(run.observed[1]!.z!).toBeGreaterThanOrEqual(design.z[1]!);
  expect(run.observed.map((o) => o.bound)).toEqual(design.z);
  expect(run.decision).toBe('success');
  expect(run.taskIds).toEqual(tasks);
  expect(lines[1]).toMatch(
    /^ {2}look 2 of 2 after 10 held-out tasks: z = [\d.]+ \(success at >= 1\.969\): stop for success$/,
  );
});

test('with looks the objective wins on its boundary, and the entry keeps every look', () => {
  const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 2 });
  const base = {
    ancestors: ['incumbent'],
    incumbent: makeCandidate({ id: 'incumbent', parent: null, text: 'v1', operator: 'head' }),
    incumbentScores: incumbent,
    candidateScores: candidate,
    kind: 'continuous' as const,
    margin: 0.02,
    slice: 'fixture-code/test',
    log,
  };
  const looks = [{ look: 1, tasks: 5, pairs: 5, z: 1.2, bound: 2.963, decision: 'futility' as const }];
  const stopped = confirmCandidate({
    ...base,
    candidate: makeCandidate({ id: 'c1.0', parent: 'incumbent', text: 'v2', operator: 'scripted' }),
    sequential: { observed: looks, decision: 'futility' },
  });
  // The fixed test alone would accept (p = 2/1024 on ten tasks); the looks stopped for futility.
  expect(stopped.decision).toBe('rejected');
  expect(stopped.reason).toBe(
    'stopped for futility at look 1 (z = 1.200, success at >= 2.963): no success boundary crossed at the corrected level 0.0250',
  );
  expect(stopped.looks).toEqual(looks);
});
