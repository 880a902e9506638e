import { METRIC_COLUMNS } from '../../trajectory/index.js';
import type { ArmSummary } from './viewer-data.js';

/** Besides the outcome and the number of calls, the metrics whose change makes two arms differ. */
export const DIFF_KEYS = ['needless_call_rate', 'needle_reached', 'tool_calls_to_first_gold'] as const;

const DIFF_INDEXES = DIFF_KEYS.map((key) => METRIC_COLUMNS.findIndex((column) => column.key === key));

/**
 * Whether the two arms of a task differ: one arm has a trajectory and the other not, or their
 * outcome, number of calls, or any `DIFF_KEYS` metric differs.
 *
 * @example
 * tasksDiffer({ state: 'missing' }, { state: 'missing' }); // false
 */
export function tasksDiffer(baseline: ArmSummary, candidate: ArmSummary): boolean {
  if (baseline.state !== 'ok' || candidate.state !== 'ok') return baseline.state !== candidate.state;
  if (baseline.outcome !== candidate.outcome || baseline.calls !== candidate.calls) return true;
  return DIFF_INDEXES.some((index) => baseline.values[index] !== candidate.values[index]);
}
