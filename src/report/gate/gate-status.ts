import { sampleStandardDeviation } from 'simple-statistics';
import { minimumDetectableEffect, minimumDetectableEffectBinary } from '../../stats/index.js';
import { DEFAULT_DECISION_RULE, type DecisionRule } from '../paired/decision-rule.js';
import type { Report, ReportRow } from '../paired/report-schema.js';

/** What a gate tells CI: its verdict turned into one of four states, each its own exit code. */
export type GateStatus = 'pass' | 'regression' | 'incomplete' | 'too_few_pairs';

/**
 * The gate's state from a finished before-after: `incomplete` when the rollouts stopped short (a
 * ceiling, an outage, an interrupt: never called a regression), `regression` when the primary row
 * or a guard is significantly worse (outcome `fails`), `too_few_pairs` when no verdict was reached,
 * `pass` otherwise (a success or no change).
 *
 * @example
 * gateStatus(report, null); // 'pass'
 */
export function gateStatus(report: Report, stoppedBy: string | null): GateStatus {
  if (stoppedBy !== null) return 'incomplete';
  const outcome = report.verdict.outcome;
  if (outcome === 'fails') return 'regression';
  if (outcome === 'inconclusive') return 'too_few_pairs';
  return 'pass';
}

/** The rule the report's verdict followed (one written before rules could be chosen followed the default). */
export function reportRule(report: Report): DecisionRule {
  return report.verdict.decision_rule ?? DEFAULT_DECISION_RULE;
}

/** The rows a gate watches, in the decision rule's order: the primary, the guards, the watched. */
export function gateRows(report: Report): { row: ReportRow; role: 'primary' | 'guard' | 'watched' }[] {
  const rule = reportRule(report);
  const roles = [
    { key: rule.primary.key, role: 'primary' as const },
    ...rule.guards.map((g) => ({ key: g.key, role: 'guard' as const })),
    ...rule.watched.map((w) => ({ key: w.key, role: 'watched' as const })),
  ];
  return roles.flatMap(({ key, role }) => {
    const row = report.rows.find((r) => r.key === key);
    return row === undefined ? [] : [{ row, role }];
  });
}

/** Whether a watched row is significantly worse: in the verdict's `against`, or the primary's own test. */
export function rowWorse(report: Report, key: string): boolean {
  if (key === reportRule(report).primary.key) return report.verdict.primary_worse === true;
  return (report.verdict.against ?? []).includes(key);
}

/**
 * The smallest true change of a row these pairs detect at 80% power, one-sided at the report's
 * alpha, from the spread of its per-task paired differences (`per_task`); `null` when the report
 * kept no per-task values or the pairs cannot reach it.
 */
export function rowMde(report: Report, key: string): number | null {
  const row = report.rows.find((r) => r.key === key);
  const perTask = report.per_task;
  if (row === undefined || perTask === undefined) return null;
  const differences: number[] = [];
  for (const [task, values] of Object.entries(perTask.baseline)) {
    const x = values[key];
    const y = perTask.candidate[task]?.[key];
    if (x !== null && x !== undefined && y !== null && y !== undefined) differences.push(y - x);
  }
  const n = differences.length;
  if (n < 2) return null;
  const options = { n, alpha: report.alpha, power: 0.8, sided: 'one' as const };
  if (row.kind === 'binary' && differences.every((d) => d === 0 || d === 1 || d === -1)) {
    return minimumDetectableEffectBinary({
      ...options,
      discordantRate: differences.filter((d) => d !== 0).length / n,
    });
  }
  return minimumDetectableEffect({ ...options, sd: sampleStandardDeviation(differences) });
}
