import type { TopLevelSpec } from 'vega-lite';
import { RUNG_METRICS, type RungRun } from '../../retrieval/index.js';
import { groupedBars } from './grouped-bars.js';
import { labelOverlays } from './same-split.js';

const LEVELS = ['piece', 'file'] as const;

/** The runs' shared title line: dataset, split, task count and k. */
export function rungCaption(runs: readonly RungRun[]): string {
  const run = runs[0];
  if (run === undefined) return '';
  const tasks = run.overlays[0]?.tasks.length ?? 0;
  return `${run.dataset}/${run.slice}${run.limit === null ? '' : ` (first ${run.limit})`}, ${tasks} tasks, k=${run.k}`;
}

/**
 * The retrieval rung's scores: per metric (recall@1/5/10, MRR, nDCG@10) one bar per overlay with
 * its 95% interval as a whisker, piece and file level side by side. The runs must share one split
 * (check with `assertSameSplit`). Marks are named `score_bar` and `score_interval`.
 *
 * @example
 * const { svg } = await renderSvg(rungScoresSpec([run]));
 */
export function rungScoresSpec(runs: readonly RungRun[]): TopLevelSpec {
  const labelled = labelOverlays(runs);
  const values = labelled.flatMap(({ overlay, label }) =>
    overlay.summary
      .filter(
        (row) =>
          (LEVELS as readonly string[]).includes(row.level) &&
          (RUNG_METRICS as readonly string[]).includes(row.metric),
      )
      .map((row) => ({
        overlay: label,
        level: `${row.level} level`,
        metric: row.metric,
        mean: row.mean,
        low: row.low,
        high: row.high,
      })),
  );
  const labels = labelled.map((l) => l.label);
  return {
    title: { text: 'Retrieval rung: search quality per overlay', subtitle: rungCaption(runs) },
    data: { values },
    facet: {
      column: { field: 'level', type: 'nominal', sort: LEVELS.map((l) => `${l} level`), title: null },
    },
    spec: groupedBars({ metrics: RUNG_METRICS, series: 'overlay', names: labels, layer: 'score' }),
  };
}
