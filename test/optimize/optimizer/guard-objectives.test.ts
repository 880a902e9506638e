import { describe, expect, test } from 'vitest';
import { confirmCandidate } from '../../../src/optimize/optimizer/accept/acceptance.js';
import { ConfirmationLog } from '../../../src/optimize/optimizer/accept/confirmation-log.js';
import { guardTests } from '../../../src/optimize/optimizer/accept/guard-tests.js';
import { makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { acceptanceSchema } from '../../../src/optimize/optimizer/config/config-schema.js';

const tasks = Array.from({ length: 8 }, (_, i) => `t${i}`);
const values = (list: number[]) => new Map(tasks.map((t, i) => [t, list[i]!]));
// The incumbent's tool calls per held-out task: mean 2.625, so "no worse than +10%" is +0.2625.
const incumbentCalls = values([2, 3, 2, 4, 3, 2, 3, 2]);
// A rewrite that wins its objective while making 57% more calls (mean 4.125), as smell-fixing
// rewrites of tool descriptions did in the literature.
const moreCalls = values([3, 5, 3, 6, 5, 3, 5, 3]);
const sameCalls = values([2, 3, 2, 4, 2, 2, 3, 2]);
const steps = { metric: 'tool_calls_total', margin: 0.1, relative: true };

describe('guard objectives', () => {
  test('a relative margin is the incumbent mean times it; the test is one-sided paired t (scipy)', () => {
    // differences 1 2 1 2 2 1 2 1: scipy ttest_1samp(d, 0.2625, alternative='less') = 0.99984
    const [worse] = guardTests([{ objective: steps, incumbent: incumbentCalls, candidate: moreCalls }], 0.05);
    expect(worse).toMatchObject({ metric: 'tool_calls_total', direction: 'lower', pairs: 8, passed: false });
    expect(worse!.margin).toBeCloseTo(0.2625, 12);
    expect(worse!.pvalue).toBeCloseTo(0.9998403222807963, 10);
    expect(worse!.line).toContain('tool_calls_total not shown no worse than +10% (+0.2625): 2.625 -> 4.125');
    // differences 0 0 0 0 -1 0 0 0: scipy 0.0086611
    const [same] = guardTests([{ objective: steps, incumbent: incumbentCalls, candidate: sameCalls }], 0.05);
    expect(same!.pvalue).toBeCloseTo(0.008661144712748757, 10);
    expect(same!.passed).toBe(true);
  });

  test('an incumbent mean of 0 leaves a relative margin undefined: the guard cannot pass', () => {
    const zero = values([0, 0, 0, 0, 0, 0, 0, 0]);
    const [result] = guardTests([{ objective: steps, incumbent: zero, candidate: zero }], 0.05);
    expect(result).toMatchObject({ margin: null, pvalue: null, passed: false });
  });

  test('a candidate that wins its objective but fails a guard is rejected, and the entry names both tests', () => {
    const incumbent = makeCandidate({ id: 'incumbent', parent: null, text: 'docs v1', operator: 'head' });
    const candidate = makeCandidate({
      id: 'c1.0',
      parent: 'incumbent',
      text: 'docs v2',
      operator: 'scripted',
    });
    const confirm = (calls: Map<string, number>) =>
      confirmCandidate({
        candidate,
        ancestors: ['incumbent'],
        incumbent,
        // The objective wins on every task (one-sided exact Wilcoxon p = 1/256 <= 0.05).
        incumbentScores: values(tasks.map(() => 0.2)),
        candidateScores: values(tasks.map((_, i) => 0.25 + 0.01 * i)),
        kind: 'continuous',
        margin: 0.02,
        slice: 'fixture-code/test',
        log: new ConfirmationLog({ alpha: 0.05, maxConfirmations: 1 }),
        guards: [{ objective: steps, incumbent: incumbentCalls, candidate: calls }],
        guardAlpha: 0.05,
      });
    const rejected = confirm(moreCalls);
    expect(rejected.decision).toBe('rejected');
    expect(rejected.reason).toMatch(
      /^the objective passed \(p = 0\.00391\) but tool_calls_total not shown no worse/,
    );
    expect(rejected.guards).toHaveLength(1);
    const accepted = confirm(sameCalls);
    expect(accepted.decision).toBe('accepted');
    expect(accepted.reason).toContain('tool_calls_total no worse than +10%');
  });

  test('the config refuses a guard on a metric without a better direction, naming the metrics it takes', () => {
    const result = acceptanceSchema.safeParse({
      slice: 'test',
      alpha: 0.05,
      margin: 0,
      max_confirmations: 2,
      guards: [{ metric: 'distinct_tools_used', margin: 1 }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(
      /^must be a metric with a better direction: .*tool_calls_total/,
    );
  });
});
