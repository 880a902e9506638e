import { expect, test } from 'vitest';
import { reportRow } from '../../../src/report/paired/build-report.js';
import { verdictOf } from '../../../src/report/paired/verdict.js';

// Rows built by the report's own row code from per-task values; the verdict reads them by its rule.
const tasks = ['t1', 't2', 't3', 't4', 't5', 't6'];
const values = (xs: number[]) => new Map(tasks.map((t, i) => [t, xs[i]!]));
type Spec = {
  key: string;
  kind: 'continuous' | 'binary';
  direction: 'lower' | 'higher';
  base: number[];
  cand: number[];
};

function judge(specs: Spec[], aa = false) {
  const maps = new Map(specs.map((s) => [s.key, [values(s.base), values(s.cand)] as const]));
  const rows = specs.map((s) => reportRow({ ...s, group: 'g' }, values(s.base), values(s.cand)));
  return verdictOf(rows, (key) => maps.get(key) ?? [new Map(), new Map()], 0.05, { aa });
}

const needless = (cand: number[]): Spec => ({
  key: 'needless_call_rate',
  kind: 'continuous',
  direction: 'lower',
  base: [0.5, 0.6, 0.7, 0.8, 0.9, 1],
  cand,
});
const flat = (key: string, direction: 'lower' | 'higher' = 'lower'): Spec => ({
  key,
  kind: 'continuous',
  direction,
  base: [1, 2, 3, 4, 5, 6],
  cand: [1, 2, 3, 4, 5, 6],
});
const fewer = [0.1, 0.1, 0.2, 0.2, 0.3, 0.3]; // every task lower: one-sided p = 1/2^6 = 0.015625

test('succeeds, and a watched row that rose significantly is named beside the headline', () => {
  // turns: every task +1..+6 (all positive): the one-sided p that it rose is 1/64.
  const turns: Spec = { ...flat('turns'), cand: [2, 4, 6, 8, 10, 12] };
  const verdict = judge([needless(fewer), flat('tool_calls_to_first_gold'), turns]);
  expect(verdict).toMatchObject({ success: true, outcome: 'succeeds', against: ['turns'] });
  expect(verdict.line).toBe(
    'The change succeeds: needless_call_rate 0.750 → 0.200 (Δ -0.550, p = 0.0156, 6 pairs); but turns rose +3.500 (p = 0.0156 that it is worse, one-sided wilcoxon).',
  );
});

test('fails when a guard is significantly worse, or when the primary is', () => {
  const later: Spec = { ...flat('tool_calls_to_first_gold'), cand: [2, 3, 4, 5, 6, 7] };
  expect(judge([needless(fewer), later])).toMatchObject({
    outcome: 'fails',
    against: ['tool_calls_to_first_gold'],
  });
  const more = [0.6, 0.7, 0.8, 0.9, 1, 1.1];
  expect(judge([needless(more)]).outcome).toBe('fails');
  // The rule says a guard significantly worse fails the change, whatever the primary did.
  const mixed = [0.6, 0.5, 0.8, 0.7, 1, 0.9];
  expect(judge([needless(mixed), later])).toMatchObject({
    outcome: 'fails',
    against: ['tool_calls_to_first_gold'],
  });
});

test('no change when the primary does not move; an A/A run counts the rows a test called significant', () => {
  const mixed = [0.6, 0.5, 0.8, 0.7, 1, 0.9]; // differences +0.1, -0.1, ...: p well above 0.05
  const verdict = judge([needless(mixed), flat('turns')], true);
  expect(verdict.outcome).toBe('no_change');
  expect(verdict.line).toContain('No change: needless_call_rate did not move significantly at α = 0.05');
  // Both rows were tested (turns: every difference 0, p = 1); neither below 0.05.
  expect(verdict.line).toContain(
    'A/A (the same commit on both arms): 0 of 2 tested rows moved at one-sided p < 0.05 either way',
  );
});
