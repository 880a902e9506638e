import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../../src/core/errors.js';
import { confirmCandidate } from '../../../src/optimize/optimizer/accept/acceptance.js';
import { ConfirmationLog } from '../../../src/optimize/optimizer/accept/confirmation-log.js';
import { makeCandidate } from '../../../src/optimize/optimizer/candidate.js';

const incumbent = makeCandidate({ id: 'incumbent', parent: null, text: 'docs v1', operator: 'head' });
const cand = (id: string, text: string, parent = 'incumbent') =>
  makeCandidate({ id, parent, text, operator: 'scripted' });
const tasks = Array.from({ length: 10 }, (_, i) => `t${i}`);
const scores = (f: (i: number) => number | null) => new Map(tasks.map((t, i) => [t, f(i)]));

// Continuous objective: the candidate is better on every task by 0.05 * (i + 1) (distinct sizes,
// no ties): one-sided exact Wilcoxon p = 1 / 2^10 = 0.0009765625; mean delta = 0.05 * 5.5 = 0.275.
const base = scores(() => 0.2);
const better = scores((i) => 0.2 + 0.05 * (i + 1));

function confirm(log: ConfirmationLog, candidate = cand('c1.0', 'docs v2'), over = better, margin = 0.02) {
  return confirmCandidate({
    candidate,
    ancestors: ['incumbent'],
    incumbent,
    incumbentScores: base,
    candidateScores: over,
    kind: 'continuous',
    margin,
    slice: 'fixture-code/test',
    log,
  });
}

describe('confirmCandidate', () => {
  test('accepts a clear win: p <= alpha / m and delta > margin', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 5 });
    const entry = confirm(log);
    expect(entry).toMatchObject({ index: 1, test: 'wilcoxon', pairs: 10, alpha: 0.01, decision: 'accepted' });
    expect(entry.pvalue).toBeCloseTo(1 / 1024, 12);
    expect(entry.delta).toBeCloseTo(0.275, 12);
    expect(log.nextAlpha()).toBe(0.05 / 4); // the acceptance hands its share on
  });

  test('rejects a win that does not beat the margin, however small p is', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 5 });
    // delta 0.001 * 5.5 = 0.0055 <= margin 0.02
    const entry = confirm(
      log,
      undefined,
      scores((i) => 0.2 + 0.001 * (i + 1)),
    );
    expect(entry.decision).toBe('rejected');
    expect(entry.reason).toMatch(/does not exceed the margin 0.02/);
  });

  test('nulls drop pairs; a 0/1 objective takes McNemar exact', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 1 });
    // Discordant pairs: b = 1 (t0 lost), c = 7 (t1..t7 won); t8 tied; t9 undefined for the candidate.
    // One-sided p = P(X >= 7 | n = 8, 1/2) = (8 + 1) / 256 = 0.03515625 <= 0.05 / 1.
    const entry = confirmCandidate({
      candidate: cand('c1.0', 'x'),
      ancestors: ['incumbent'],
      incumbent,
      incumbentScores: scores((i) => (i === 0 || i === 8 ? 1 : 0)),
      candidateScores: scores((i) => (i === 9 ? null : i === 0 ? 0 : 1)),
      kind: 'binary',
      margin: 0,
      slice: 's',
      log,
    });
    expect(entry).toMatchObject({ test: 'mcnemar', pairs: 9, decision: 'accepted' });
    expect(entry.pvalue).toBeCloseTo(9 / 256, 12);
    // mean delta over 9 pairs: (-1 + 7) / 9
    expect(entry.delta).toBeCloseTo(6 / 9, 12);
  });

  test('the same p is rejected at the corrected level', () => {
    // As above but m = 5: 0.0352 > 0.01.
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 5 });
    const entry = confirmCandidate({
      candidate: cand('c1.0', 'x'),
      ancestors: ['incumbent'],
      incumbent,
      incumbentScores: scores((i) => (i === 0 || i === 8 ? 1 : 0)),
      candidateScores: scores((i) => (i === 9 ? null : i === 0 ? 0 : 1)),
      kind: 'binary',
      margin: 0,
      slice: 's',
      log,
    });
    expect(entry.decision).toBe('rejected');
    expect(entry.reason).toBe('p = 0.0352 is above the corrected level 0.0100');
  });

  test('no pairs: rejected, and logged', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 2 });
    const entry = confirm(
      log,
      undefined,
      scores(() => null),
    );
    expect(entry).toMatchObject({ pairs: 0, delta: null, pvalue: null, decision: 'rejected' });
    expect(log.entries).toHaveLength(1);
  });
});

describe('the held-out slice is a budget', () => {
  const rejectedFirst = () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 3 });
    confirm(log, cand('c1.0', 'docs v2'), base); // delta 0: rejected
    return log;
  };

  test.each([
    [
      'the rejected candidate again',
      cand('c1.0', 'docs v2'),
      ['incumbent'],
      /confirmed already \(#1, rejected\)/,
    ],
    [
      'its artifact under a new id',
      cand('c3.1', 'docs v2'),
      ['incumbent'],
      /the one `c1.0` had, rejected at confirmation #1/,
    ],
    ['a descendant', cand('c2.0', 'docs v3', 'c1.0'), ['c1.0', 'incumbent'], /descends from `c1.0`/],
    ['a grandchild', cand('c3.0', 'docs v4', 'c2.0'), ['c2.0', 'c1.0', 'incumbent'], /descends from `c1.0`/],
  ] as const)('refuses %s', (_name, candidate, ancestors, reason) => {
    const log = rejectedFirst();
    expect(log.refusal(candidate, ancestors)).toMatch(reason);
    expect(() =>
      confirmCandidate({
        candidate,
        ancestors,
        incumbent,
        incumbentScores: base,
        candidateScores: better,
        kind: 'continuous',
        margin: 0,
        slice: 's',
        log,
      }),
    ).toThrow(AgentTrackError);
    expect(log.entries).toHaveLength(1); // a refusal spends nothing
  });

  test('an unrelated candidate may still be confirmed, and m caps the confirmations', () => {
    const log = rejectedFirst();
    expect(log.refusal(cand('c2.1', 'docs v5'), ['incumbent'])).toBeNull();
    confirm(log, cand('c2.1', 'docs v5'), base);
    confirm(log, cand('c2.2', 'docs v6'), base);
    expect(log.nextAlpha()).toBeNull();
    expect(log.refusal(cand('c3.0', 'docs v7'), ['incumbent'])).toBe(
      "the held-out slice's 3 confirmation(s) are spent",
    );
  });

  test('a log rebuilt from its entries continues where it stopped, and refuses a forged level', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 4 });
    confirm(log);
    const resumed = new ConfirmationLog(
      { alpha: 0.05, maxConfirmations: 4 },
      JSON.parse(JSON.stringify(log.entries)),
    );
    expect(resumed.nextAlpha()).toBe(0.05 / 3); // one acceptance: alpha / (4 - 1)
    const forged = { ...log.entries[0]!, index: 2, alpha: 0.05 };
    expect(() => resumed.append(forged)).toThrow(/Expected confirmation #2 at level `0.016666/);
  });
});

describe('a clustered held-out slice', () => {
  test('the objective is tested by the cluster sign flip, and the entry says how many clusters', () => {
    const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 1 });
    // Ten tasks in five clusters of two, better on every task: cluster means all positive, the
    // one-sided sign flip's p = 1/32 = 0.03125 <= 0.05 (the task-level Wilcoxon would say 1/1024).
    const entry = confirmCandidate({
      candidate: cand('c1.0', 'docs v2'),
      ancestors: ['incumbent'],
      incumbent,
      incumbentScores: base,
      candidateScores: better,
      kind: 'continuous',
      margin: 0.02,
      slice: 'fixture-code/test',
      log,
      clusters: new Map(tasks.map((t, i) => [t, `c${Math.floor(i / 2)}`])),
    });
    expect(entry).toMatchObject({ test: 'clustered', clusters: 5, decision: 'accepted' });
    expect(entry.pvalue).toBeCloseTo(1 / 32, 14);
  });
});
