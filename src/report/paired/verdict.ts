import { pairedComparison } from '../../stats/index.js';
import { pValueText } from '../format-number.js';
import {
  DEFAULT_DECISION_RULE,
  type DecisionRule,
  type Direction,
  decisionRuleText,
  minimumPairs,
  recordedRule,
} from './decision-rule.js';
import type { MarginVerdict, ReportRow, ReportVerdict } from './report-schema.js';

const fmt = (x: number | null, digits = 3) => (x === null ? 'n/a' : x.toFixed(digits));
const signed = (x: number | null) => (x === null ? 'n/a' : `${x > 0 ? '+' : ''}${x.toFixed(3)}`);

/** The paired values of a row per task, as the report tested them. */
export type RowValues = (
  key: string,
) => readonly [ReadonlyMap<string, number | null>, ReadonlyMap<string, number | null>];

// One-sided p that the candidate is worse than the baseline on this row (against its direction).
function worse(
  values: RowValues,
  row: ReportRow,
  direction: Direction,
  clusters: ReadonlyMap<string, string> | undefined,
): number | null {
  const [base, cand] = values(row.key);
  const against = direction === 'lower' ? 'higher' : 'lower';
  return pairedComparison(base, cand, {
    kind: row.kind === 'binary' ? 'binary' : 'continuous',
    direction: against,
    ...(clusters === undefined ? {} : { clusters }),
  }).pvalue;
}

/**
 * The one line at the top and its outcome, by the decision rule (`DecisionRule`, default `DEFAULT_DECISION_RULE`): succeeds / fails / no change /
 * inconclusive; a guard or watched row significantly worse is named beside the headline with its
 * delta ("needless calls fell, but turns rose +1.583"). An A/A run (the same commit on both arms)
 * says so and counts the rows a test called significant: the noise floor of this setup.
 */
export function verdictOf(
  rows: readonly ReportRow[],
  values: RowValues,
  alpha: number,
  options: {
    aa?: boolean;
    clusters?: ReadonlyMap<string, string>;
    margins?: readonly MarginVerdict[];
    /** Default `DEFAULT_DECISION_RULE`. */
    rule?: DecisionRule;
  } = {},
): ReportVerdict {
  const clusters = options.clusters;
  const decision = options.rule ?? DEFAULT_DECISION_RULE;
  const recorded = recordedRule(decision);
  const guardKeys = new Set<string>(decision.guards.map((g) => g.key));
  const unearned = (options.margins ?? []).filter(
    (m) => m.test === 'non-inferiority' && guardKeys.has(m.key) && !m.passed,
  );
  const rule = decisionRuleText(alpha, decision);
  const find = (key: string) => rows.find((r) => r.key === key);
  const primary = find(decision.primary.key)!;
  // The floor counts a row significant either way (better at one-sided p < alpha, or worse).
  const tested = rows.filter((r) => r.pvalue !== null && r.direction !== 'neither');
  const significant = tested.filter(
    (r) => r.pvalue! < alpha || (worse(values, r, r.direction as Direction, clusters) ?? 1) < alpha,
  );
  const aaLine = options.aa
    ? ` A/A (the same commit on both arms): ${significant.length} of ${tested.length} tested rows moved at one-sided p < ${alpha} either way (the noise floor of this setup${significant.length === 0 ? '' : `: ${significant.map((r) => r.key).join(', ')}`}).`
    : '';
  if (primary.clusters !== undefined && primary.clusters < minimumPairs(alpha)) {
    const line = `Inconclusive: the ${primary.pairs} pairs on ${primary.key} fall in ${primary.clusters} clusters, fewer than the ${minimumPairs(alpha)} a one-sided test of cluster means at α = ${alpha} needs.${aaLine}`;
    return { success: false, outcome: 'inconclusive', line, rule, against: [], decision_rule: recorded };
  }
  if (primary.pairs < minimumPairs(alpha)) {
    const line = `Inconclusive: ${primary.pairs} pair(s) on ${primary.key}, fewer than the ${minimumPairs(alpha)} a one-sided test at α = ${alpha} needs.${aaLine}`;
    return { success: false, outcome: 'inconclusive', line, rule, against: [], decision_rule: recorded };
  }
  const better = primary.delta !== null && primary.pvalue !== null && primary.pvalue < alpha;
  const primaryWorse = worse(values, primary, decision.primary.direction, clusters);
  const against = (list: readonly { key: string; direction: Direction }[]) =>
    list.flatMap((g) => {
      const row = find(g.key);
      if (row === undefined || row.pairs === 0) return [];
      const p = worse(values, row, g.direction, clusters);
      return p !== null && p < alpha ? [{ row, p }] : [];
    });
  const guards = against(decision.guards);
  const watched = against(decision.watched);
  // A guard with a margin must be shown no worse than it: a success it is not shown for is inconclusive.
  const outcome: ReportVerdict['outcome'] =
    (primaryWorse !== null && primaryWorse < alpha) || guards.length > 0
      ? 'fails'
      : better
        ? unearned.length > 0
          ? 'inconclusive'
          : 'succeeds'
        : 'no_change';
  const head = {
    succeeds: 'The change succeeds:',
    fails: 'The change fails:',
    no_change: `No change: ${primary.key} did not move significantly at α = ${alpha}:`,
    inconclusive:
      'Inconclusive, the primary moved its way but a guard is not shown no worse than its margin:',
  }[outcome];
  const primaryText = `${primary.key} ${fmt(primary.baseline.mean)} → ${fmt(primary.candidate.mean)} (Δ ${fmt(primary.delta)}, ${pValueText(primary.pvalue)}, ${primary.pairs} pairs)`;
  const moved = [...guards, ...watched].map(
    ({ row, p }) =>
      `${row.key} ${row.delta !== null && row.delta > 0 ? 'rose' : 'fell'} ${signed(row.delta)} (${pValueText(p)} that it is worse, one-sided ${row.test})`,
  );
  const unshown = unearned.map((m) => m.line);
  const but = [...moved, ...unshown].length === 0 ? '' : `; but ${[...moved, ...unshown].join(', ')}`;
  const line = `${head} ${primaryText}${but}.${aaLine}`;
  return {
    success: outcome === 'succeeds',
    outcome,
    line,
    rule,
    against: [...guards, ...watched].map((g) => g.row.key),
    primary_worse: primaryWorse !== null && primaryWorse < alpha,
    decision_rule: recorded,
  };
}
