import type { TopLevelSpec } from 'vega-lite';
import type { RungRun } from '../../retrieval/index.js';
import { SERIES_COLOURS } from './palette.js';
import { rungCaption } from './rung-scores.js';
import { labelOverlays } from './same-split.js';

/** The quality the scatter plots against latency. */
/** Point shapes per overlay, so overlays differ by more than colour. */
const SHAPES = [
  'circle',
  'square',
  'triangle-up',
  'diamond',
  'triangle-down',
  'cross',
  'triangle-left',
  'triangle-right',
];

export const LATENCY_QUALITY = { metric: 'recall@10', level: 'piece' } as const;

/** Overlays with a measured p50 latency, each with its piece recall@10 and interval. */
export function latencyPoints(runs: readonly RungRun[]) {
  const labelled = labelOverlays(runs);
  const colours = new Map(labelled.map((l, i) => [l.label, SERIES_COLOURS[i % SERIES_COLOURS.length]!]));
  const points = labelled.flatMap(({ overlay, label }) => {
    const row = overlay.summary.find(
      (r) => r.metric === LATENCY_QUALITY.metric && r.level === LATENCY_QUALITY.level,
    );
    if (overlay.latency_p50_ms === null || row === undefined || row.mean === null) return [];
    return [
      {
        overlay: label,
        p50: overlay.latency_p50_ms,
        p95: overlay.latency_p95_ms,
        recall: row.mean,
        low: row.low,
        high: row.high,
      },
    ];
  });
  return { points, colours };
}

/**
 * Quality against speed: each overlay's piece recall@10 (with its 95% interval, vertical) against
 * its p50 search latency, a horizontal whisker to its p95. Overlays without a latency are left
 * out. Marks are named `latency_point`, `latency_whisker` and `recall_interval`.
 *
 * @example
 * const { svg } = await renderSvg(rungLatencySpec([run]));
 */
export function rungLatencySpec(runs: readonly RungRun[]): TopLevelSpec {
  const { points, colours } = latencyPoints(runs);
  const labels = points.map((p) => p.overlay);
  const color = {
    field: 'overlay',
    type: 'nominal',
    title: 'overlay',
    sort: labels,
    scale: { domain: labels, range: labels.map((l) => colours.get(l)!) },
  } as const;
  const x = {
    type: 'quantitative',
    title: 'search latency, ms (point: p50, whisker to p95)',
    scale: { zero: true },
  } as const;
  // Zoom in on where the points are (recall sits near 1 on easy sets), never past [0, 1].
  const lowest = Math.min(1, ...points.map((p) => p.low ?? p.recall));
  const floor = Math.max(0, Math.floor((lowest - 0.05) * 10) / 10);
  const y = {
    type: 'quantitative',
    title: `${LATENCY_QUALITY.level} ${LATENCY_QUALITY.metric} (95% interval)`,
    scale: { domain: [floor, 1] as number[] },
  } as const;
  const shape = {
    field: 'overlay',
    type: 'nominal',
    title: 'overlay',
    sort: labels,
    scale: { domain: labels, range: labels.map((_, i) => SHAPES[i % SHAPES.length]!) },
  } as const;
  return {
    title: { text: 'Retrieval rung: quality against latency', subtitle: rungCaption(runs) },
    data: { values: points },
    width: 380,
    height: 260,
    layer: [
      {
        name: 'latency_whisker',
        mark: { type: 'rule', strokeWidth: 1.5 },
        encoding: { x: { field: 'p50', ...x }, x2: { field: 'p95' }, y: { field: 'recall', ...y }, color },
      },
      {
        name: 'recall_interval',
        mark: { type: 'rule', strokeWidth: 1.5 },
        encoding: { x: { field: 'p50', ...x }, y: { field: 'low', ...y }, y2: { field: 'high' }, color },
      },
      {
        name: 'latency_point',
        mark: { type: 'point', filled: true, size: 90, opacity: 1, stroke: 'white', strokeWidth: 0.5 },
        encoding: { x: { field: 'p50', ...x }, y: { field: 'recall', ...y }, color, shape },
      },
    ],
  };
}
