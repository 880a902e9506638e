import { minimumPairs, type ReportRow, type ReportVerdict } from '../../report/index.js';
import { pairedComparison } from '../../stats/index.js';

const f = (x: number | null, d = 3) => (x === null ? 'n/a' : x.toFixed(d));

/** The track's decision rule as one sentence, printed in its plan and its report. */
export function trackRuleText(alpha: number): string {
  return `Decision rule: with the server succeeds when the blind judge scores it significantly higher (one-sided p < ${alpha}), or, when the judge scores do not differ significantly, when its agent cost over the tasks at parity is significantly lower; fails when the judge scores it significantly lower; no change otherwise; inconclusive under ${minimumPairs(alpha)} judged pairs.`;
}

/**
 * The track's verdict by `trackRuleText`: quality first (the judge's paired scores), then cost
 * at equal quality. `scores` are the judged tasks' scores per arm, as the quality row tested them.
 *
 * @example
 * trackVerdict(quality, cost, scores, { parity: 2, judged: 3 }, 0.05).outcome; // 'no_change'
 */
export function trackVerdict(
  quality: ReportRow,
  cost: ReportRow,
  scores: readonly [ReadonlyMap<string, number | null>, ReadonlyMap<string, number | null>],
  counts: { parity: number; judged: number },
  alpha: number,
): ReportVerdict {
  const rule = trackRuleText(alpha);
  const q = `judge score Δ ${f(quality.delta)} over ${quality.pairs} judged pair(s) (p = ${f(quality.pvalue, 4)})`;
  const c = `agent cost Δ $${f(cost.delta, 4)} over ${cost.pairs} parity pair(s) (p = ${f(cost.pvalue, 4)})`;
  const tail = `${q}; at parity on ${counts.parity} of ${counts.judged} judged task(s); ${c}.`;
  if (quality.pairs < minimumPairs(alpha)) {
    const line = `Inconclusive: ${quality.pairs} judged pair(s), fewer than the ${minimumPairs(alpha)} a one-sided test at α = ${alpha} needs: ${tail}`;
    return { success: false, outcome: 'inconclusive', line, rule, against: [] };
  }
  const better = quality.pvalue !== null && quality.pvalue < alpha;
  const worse = pairedComparison(scores[0], scores[1], { kind: 'continuous', direction: 'lower' }).pvalue;
  const cheaper = cost.delta !== null && cost.delta < 0 && cost.pvalue !== null && cost.pvalue < alpha;
  const outcome: ReportVerdict['outcome'] = better
    ? 'succeeds'
    : worse !== null && worse < alpha
      ? 'fails'
      : cheaper
        ? 'succeeds'
        : 'no_change';
  const head =
    outcome === 'fails'
      ? 'With the server the agent answers worse:'
      : better
        ? 'With the server the agent answers better:'
        : cheaper
          ? 'With the server the agent is cheaper at equal quality:'
          : `No change: with the server the agent is neither judged better nor shown cheaper at equal quality (α = ${alpha}):`;
  return {
    success: outcome === 'succeeds',
    outcome,
    line: `${head} ${tail}`,
    rule,
    against: outcome === 'fails' ? ['judge.score'] : [],
  };
}
