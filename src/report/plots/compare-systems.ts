import type { TopLevelSpec } from 'vega-lite';
import type { CompareReport } from '../compare/compare-schema.js';
import { SERIES_COLOURS } from './palette.js';

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
  const x = {
    field: 'metric',
    type: 'nominal',
    sort: [...COMPARE_FIGURE_METRICS],
    title: null,
    axis: { labelAngle: 0 },
  } as const;
  const xOffset = { field: 'system', type: 'nominal', sort: names } as const;
  const color = {
    field: 'system',
    type: 'nominal',
    title: 'system',
    sort: names,
    scale: { domain: names, range: names.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
  } as const;
  const y = {
    type: 'quantitative',
    scale: { domain: [0, 1] as number[] },
    title: 'mean over tasks (95% interval)',
  } as const;
  const tasks = Math.max(...report.systems.map((system) => system.tasks));
  return {
    title: {
      text: report.title,
      subtitle: `${tasks} tasks, reference ${report.reference}${report.offline ? '; offline policy, a stand-in for a model' : `; model ${report.model}`}`,
    },
    data: { values },
    width: { step: Math.max(14, 18 * names.length) },
    height: 220,
    layer: [
      {
        name: 'system_bar',
        mark: { type: 'bar' },
        encoding: { x, xOffset, color, y: { field: 'mean', ...y } },
      },
      {
        name: 'system_interval',
        mark: { type: 'rule', color: '#222222', strokeWidth: 1.5 },
        encoding: { x, xOffset, y: { field: 'low', ...y }, y2: { field: 'high' } },
      },
    ],
  };
}
