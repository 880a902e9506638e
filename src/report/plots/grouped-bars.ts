import { SERIES_COLOURS } from './palette.js';

/**
 * Bars of means in [0, 1] with their 95% intervals, one group per metric and one bar per series
 * (a compared system, a retrieval overlay), coloured from `SERIES_COLOURS` in series order: the
 * width, height and layers of a Vega-Lite view whose rows are `{metric, <series>, mean, low, high}`.
 *
 * @example
 * groupedBars({ metrics: ['recall@5', 'mrr'], series: 'system', names: ['a', 'b'], layer: 'system' }).layer[0].name; // 'system_bar'
 */
export function groupedBars(options: {
  metrics: readonly string[];
  /** The field naming each bar's series, also the legend's title. */
  series: string;
  names: readonly string[];
  /** The layers are named `<layer>_bar` and `<layer>_interval`. */
  layer: string;
}) {
  const names = [...options.names];
  // A group is as wide as its bars (16 px each): a metric's name wider than that (about 7 px a
  // character at the theme's size) is turned, so neighbouring names never overlap.
  const longest = Math.max(...options.metrics.map((metric) => metric.length));
  const turned = longest * 7 > names.length * 16;
  const x = {
    field: 'metric',
    type: 'nominal',
    sort: [...options.metrics],
    title: null,
    axis: turned ? { labelAngle: -35, labelAlign: 'right' as const } : { labelAngle: 0 },
  } as const;
  const xOffset = { field: options.series, type: 'nominal', sort: names } as const;
  const color = {
    field: options.series,
    type: 'nominal',
    title: options.series,
    sort: names,
    scale: { domain: names, range: names.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
  } as const;
  const y = {
    type: 'quantitative',
    scale: { domain: [0, 1] as number[] },
    title: 'mean over tasks (95% interval)',
  } as const;
  return {
    // With an xOffset the step is one bar's (a group is as wide as its bars): the figure grows with
    // bars x metrics, never with their square.
    width: { step: 16 },
    height: 220,
    layer: [
      {
        name: `${options.layer}_bar`,
        mark: { type: 'bar' as const },
        encoding: { x, xOffset, color, y: { field: 'mean', ...y } },
      },
      {
        name: `${options.layer}_interval`,
        mark: { type: 'rule' as const, color: '#222222', strokeWidth: 1.5 },
        encoding: { x, xOffset, y: { field: 'low', ...y }, y2: { field: 'high' } },
      },
    ],
  };
}
