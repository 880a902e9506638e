import type { TopLevelSpec } from 'vega-lite';
import type { CompareReport } from '../compare/compare-schema.js';
import { groupedBars } from './grouped-bars.js';

/** The rates a comparison is drawn on: each between 0 and 1, so one axis holds them all. */
export const COMPARE_FIGURE_METRICS = [
  'needle_reached',
  'recall@5',
  'answered',
  'needless_call_rate',
  'zero_yield_rate',
] as const;

/**
 * A comparison's systems side by side: per rate (gold reached, recall@5, answered, needless and
 * zero-yield calls) one bar per system with its 95% interval as a whisker. Marks are named
 * `system_bar` and `system_interval`; an undefined cell draws no bar.
 *
 * @example
 * const { svg } = await renderSvg(compareSystemsSpec(report));
 */
export function compareSystemsSpec(report: CompareReport): TopLevelSpec {
  const names = report.systems.map((system) => system.name);
  const values = report.rows
    .filter((row) => (COMPARE_FIGURE_METRICS as readonly string[]).includes(row.key))
    .flatMap((row) =>
      names.flatMap((name) => {
        const cell = row.cells[name];
        return cell === undefined || cell.mean === null
          ? []
          : [{ metric: row.key, system: name, mean: cell.mean, low: cell.low, high: cell.high }];
      }),
    );
  const tasks = Math.max(...report.systems.map((system) => system.tasks));
  return {
    title: {
      text: report.title,
      subtitle: `${tasks} tasks; reference system: ${report.reference}${report.offline ? '; offline policy, a stand-in for a model' : `; model ${report.model}`}`,
    },
    data: { values },
    ...groupedBars({ metrics: COMPARE_FIGURE_METRICS, series: 'system', names, layer: 'system' }),
  };
}
