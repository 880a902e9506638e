import { expect, test } from 'vitest';
import { reportRow } from '../../../src/report/paired/build-report.js';
import {
  DEFAULT_DECISION_RULE,
  decisionRule,
  decisionRuleText,
} from '../../../src/report/paired/decision-rule.js';
import { verdictOf } from '../../../src/report/paired/verdict.js';

const tasks = ['t1', 't2', 't3', 't4', 't5', 't6'];
const values = (xs: number[]) => new Map(tasks.map((t, i) => [t, xs[i]!]));

test('nothing chosen is the default rule; a chosen primary keeps the default guards it does not name', () => {
  expect(decisionRule({})).toBe(DEFAULT_DECISION_RULE);
  expect(decisionRule({ primary: 'needle_reached' })).toEqual({
    primary: { key: 'needle_reached', direction: 'higher' },
    guards: [{ key: 'tool_calls_to_first_gold', direction: 'lower' }],
    watched: DEFAULT_DECISION_RULE.watched,
  });
  // Guards given replace the default ones; the watched rows they name are no longer only watched.
  expect(decisionRule({ primary: 'needle_reached', guards: ['turns'] })).toEqual({
    primary: { key: 'needle_reached', direction: 'higher' },
    guards: [{ key: 'turns', direction: 'lower' }],
    watched: [
      { key: 'tool_calls_total', direction: 'lower' },
      { key: 'usage.prompt', direction: 'lower' },
      { key: 'usage.completion', direction: 'lower' },
    ],
  });
  expect(decisionRule({ guards: [] }).guards).toEqual([]);
});

test('a row with no better direction, a guard that is the primary, or a guard named twice is refused by option', () => {
  expect(() => decisionRule({ primary: 'no_such_row' })).toThrow(
    /^Expected the `--primary` option to be a report row with a better direction \(.*needless_call_rate.*\), got `no_such_row` \(string\)$/,
  );
  expect(() => decisionRule({ primary: 'turns', guards: ['turns'] })).toThrow(
    'Expected the `--guard` option to be a row other than the primary (turns), got `turns` (string)',
  );
  expect(() => decisionRule({ guards: ['turns', 'turns'] })).toThrow(
    'Expected the `--guard` option to be each row once, got `turns` (string)',
  );
});

test("the default rule's sentence is the one plans and reports have always printed; a chosen one says its own", () => {
  expect(decisionRuleText(0.05)).toBe(
    'Decision rule: succeeds when needless_call_rate ↓ moves its way at one-sided p < 0.05 and no guard (tool_calls_to_first_gold ↓, needle_reached ↑) is significantly worse; fails when needless_call_rate is significantly worse or a guard is; no change when neither; inconclusive under 5 pairs. Watched (shown when significantly worse): turns ↓, tool_calls_total ↓, usage.prompt ↓, usage.completion ↓.',
  );
  expect(decisionRuleText(0.05, decisionRule({ primary: 'needle_reached', guards: [] }))).toBe(
    'Decision rule: succeeds when needle_reached ↑ moves its way at one-sided p < 0.05 and no guard is set; fails when needle_reached is significantly worse; no change when neither; inconclusive under 5 pairs. Watched (shown when significantly worse): turns ↓, tool_calls_total ↓, usage.prompt ↓, usage.completion ↓.',
  );
});

test('the verdict decides on the chosen primary and fails on the chosen guard', () => {
  // needle_reached: every task 0.2 -> 0.8 (all higher): one-sided p = 1/2^6 = 0.015625.
  const spec = (key: string, direction: 'lower' | 'higher', base: number[], cand: number[]) => ({
    key,
    direction,
    base,
    cand,
    kind: 'continuous' as const,
  });
  const needle = spec(
    'needle_reached',
    'higher',
    [0.2, 0.2, 0.2, 0.2, 0.2, 0.2],
    [0.8, 0.7, 0.9, 0.6, 0.8, 0.75],
  );
  const turns = spec('turns', 'lower', [1, 2, 3, 4, 5, 6], [2, 4, 6, 8, 10, 12]);
  const needless = spec(
    'needless_call_rate',
    'lower',
    [0.5, 0.6, 0.7, 0.8, 0.9, 1],
    [0.5, 0.6, 0.7, 0.8, 0.9, 1],
  );
  const specs = [needle, turns, needless];
  const maps = new Map(specs.map((s) => [s.key, [values(s.base), values(s.cand)] as const]));
  const rows = specs.map((s) => reportRow({ ...s, group: 'g' }, values(s.base), values(s.cand)));
  const judge = (rule: ReturnType<typeof decisionRule>) =>
    verdictOf(rows, (key) => maps.get(key) ?? [new Map(), new Map()], 0.05, { rule });
  // The default rule: needless_call_rate did not move.
  expect(judge(DEFAULT_DECISION_RULE).outcome).toBe('no_change');
  // needle_reached as the primary, no guard: it rose on every task; turns (watched) rose too.
  const up = judge(decisionRule({ primary: 'needle_reached', guards: [] }));
  expect(up).toMatchObject({ outcome: 'succeeds', against: ['turns'] });
  expect(up.line).toMatch(
    /^The change succeeds: needle_reached 0\.200 → 0\.758 \(Δ 0\.558, p = 0\.0156, 6 pairs\); but turns rose \+3\.500/,
  );
  expect(up.decision_rule?.primary).toEqual({ key: 'needle_reached', direction: 'higher' });
  // turns as a guard: significantly worse, so the change fails.
  expect(judge(decisionRule({ primary: 'needle_reached', guards: ['turns'] }))).toMatchObject({
    outcome: 'fails',
    against: ['turns'],
  });
});
