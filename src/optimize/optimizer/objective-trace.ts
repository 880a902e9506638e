import { join } from 'node:path';
import type { ObjectivePoint, ObjectiveTrace } from '../../report/index.js';
import { writeJsonAtomic } from '../../trajectory/index.js';
import type { ConfirmationEntry } from './accept/confirmation-log.js';

/** The file the optimizer writes its progress to, in the plot's input format. */
export const OBJECTIVE_TRACE_FILE = 'objective.json';

/** The objective measured at each confirmation, against the money spent when it was measured. */
export interface ObjectiveTracker {
  confirmation(
    entry: ConfirmationEntry,
    measured: { incumbentMean: number | null; candidateMean: number | null; spendUsd: number },
  ): void;
  points(): readonly ObjectivePoint[];
  /** Writes `objective.json` and draws `plots/optimize-objective.{svg,png}`; nothing without a point. */
  write(dir: string): Promise<string[]>;
}

/**
 * The optimizer's progress on the held-out slice, in the order measured: at each confirmation the
 * incumbent (once per incumbent: accepted, it is the line the plot steps along) and the candidate,
 * its interval the paired delta's interval shifted by the incumbent's mean. `spendUsd` is the spend
 * so far (a dry run passes what a real run would have spent, when the prices are known).
 *
 * @example
 * const trace = objectiveTrace();
 * trace.confirmation(entry, { incumbentMean: 0.4, candidateMean: 0.55, spendUsd: 3.1 });
 * await trace.write('runs/o');
 */
export function objectiveTrace(): ObjectiveTracker {
  const points: ObjectivePoint[] = [];
  const measured = new Set<string>();
  return {
    confirmation(entry, m) {
      if (m.incumbentMean !== null && !measured.has(entry.incumbent_hash)) {
        measured.add(entry.incumbent_hash);
        points.push({
          label: entry.incumbent,
          spend_usd: m.spendUsd,
          objective: m.incumbentMean,
          low: null,
          high: null,
          accepted: true,
        });
      }
      if (m.candidateMean === null) return;
      const shift = (d: number | null) =>
        d === null || m.incumbentMean === null ? null : m.incumbentMean + d;
      points.push({
        label: entry.candidate,
        spend_usd: m.spendUsd,
        objective: m.candidateMean,
        low: shift(entry.low),
        high: shift(entry.high),
        accepted: entry.decision === 'accepted',
      });
      if (entry.decision === 'accepted') measured.add(entry.hash);
    },
    points: () => points,
    async write(dir) {
      if (points.length === 0) return [];
      // Drawing loads vega: only here, when there is a point to draw.
      const { objectiveTraceSchema, plotRun } = await import('../../report/plots/index.js');
      const trace: ObjectiveTrace = objectiveTraceSchema.parse({ points });
      const file = join(dir, OBJECTIVE_TRACE_FILE);
      writeJsonAtomic(file, trace);
      const { warnings } = await plotRun(file, join(dir, 'plots'));
      return warnings;
    },
  };
}
