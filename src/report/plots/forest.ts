import type { TopLevelSpec } from 'vega-lite';
import { shortNumber } from '../format-number.js';
import { GROUP_TITLES } from '../paired/render-markdown.js';
import type { Report, ReportRow } from '../paired/report-schema.js';
import { VERDICT_COLOURS } from './palette.js';

/** Better, worse or neither: the row's direction and whether its delta interval excludes 0. */
export type RowVerdict = keyof typeof VERDICT_COLOURS;

const ARROWS = { lower: '↓', higher: '↑', neither: '·' } as const;
const PANEL_WIDTH = 260;

/**
 * A row is better or worse only when its 95% interval excludes 0 and its direction says which
 * way is good; a `neither` row, or one without a delta, is neither.
 *
 * @example
 * rowVerdict({ direction: 'lower', delta: -0.4, delta_low: -0.5, delta_high: -0.25 }); // 'better'
 */
export function rowVerdict(
  row: Pick<ReportRow, 'direction' | 'delta' | 'delta_low' | 'delta_high'>,
): RowVerdict {
  const { direction, delta_low: low, delta_high: high } = row;
  if (direction === 'neither' || row.delta === null || low === null || high === null) return 'neither';
  const above = low > 0;
  const below = high < 0;
  if (!above && !below) return 'neither';
  return above === (direction === 'higher') ? 'better' : 'worse';
}

/** One plotted row: the delta and its interval scaled by the row's largest magnitude. */
function forestDatum(row: ReportRow, order: number) {
  const values = [row.delta, row.delta_low, row.delta_high].filter((v): v is number => v !== null);
  const largest = Math.max(0, ...values.map(Math.abs));
  const scale = largest === 0 ? 1 : largest;
  const scaled = (v: number | null) => (v === null || row.delta === null ? null : v / scale);
  const signed = (v: number | null) => shortNumber(v, { signed: true });
  return {
    order,
    metric: `${row.key} ${ARROWS[row.direction]}`,
    group: GROUP_TITLES[row.group] ?? row.group,
    verdict: rowVerdict(row),
    aria: `${row.key}: ${row.delta === null ? 'n/a' : `${signed(row.delta)} [${signed(row.delta_low)}, ${signed(row.delta_high)}]`}`,
    x: scaled(row.delta),
    x_low: scaled(row.delta_low),
    x_high: scaled(row.delta_high),
    value:
      row.delta === null
        ? `n/a (${row.pairs} pairs)`
        : `${signed(row.delta)} [${signed(row.delta_low)}, ${signed(row.delta_high)}]  n=${row.pairs}`,
  };
}

/**
 * The forest plot of a before-after report: one row per metric, grouped as in the report, the
 * paired delta (candidate − baseline) as a point with its 95% interval as a rule, a zero line,
 * coloured better / worse / neither. Rows have different units, so each is scaled to its own
 * largest magnitude: a row's position says its sign and whether its interval crosses 0, and its
 * numbers are printed beside it. Marks are named `delta_interval` and `delta_point`.
 *
 * @example
 * const { svg } = await renderSvg(forestSpec(report));
 */
export function forestSpec(report: Report): TopLevelSpec {
  const groups = [...new Set(report.rows.map((row) => GROUP_TITLES[row.group] ?? row.group))];
  const y = {
    field: 'metric',
    type: 'nominal',
    sort: { field: 'order', op: 'min' },
    title: null,
    axis: { ticks: false, domain: false, labelPadding: 6 },
  } as const;
  const x = {
    type: 'quantitative',
    scale: { domain: [-1.15, 1.15] as number[] },
    axis: null,
  } as const;
  return {
    title: {
      text: `${report.title}: paired change, candidate − baseline (95% interval)`,
      subtitle: [
        'Each row is scaled to its own largest magnitude (units differ); its numbers are printed at right.',
        '↑ higher is better, ↓ lower is better, · no direction; coloured when the interval excludes 0.',
        ...(report.offline
          ? ['Model: the offline policy, a stand-in for a model; it says nothing about a real one.']
          : []),
      ],
    },
    data: { values: report.rows.map((row, i) => forestDatum(row, i)) },
    facet: {
      row: {
        field: 'group',
        type: 'nominal',
        sort: groups,
        title: null,
        header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelPadding: 4 },
      },
    },
    spacing: 10,
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: PANEL_WIDTH,
      height: { step: 17 },
      layer: [
        {
          mark: { type: 'rule', color: '#444444', strokeDash: [3, 3] },
          encoding: { x: { datum: 0, ...x } },
        },
        {
          name: 'delta_interval',
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y,
            x: { field: 'x_low', ...x },
            x2: { field: 'x_high' },
            description: { field: 'aria' },
            color: { field: 'verdict', type: 'nominal', title: 'change', scale: verdictScale() },
          },
        },
        {
          name: 'delta_point',
          mark: { type: 'point', filled: true, size: 40, opacity: 1 },
          encoding: {
            y,
            x: { field: 'x', ...x },
            description: { field: 'aria' },
            color: { field: 'verdict', type: 'nominal', title: 'change', scale: verdictScale() },
          },
        },
        {
          mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11, color: '#222222' },
          encoding: { y, x: { value: PANEL_WIDTH + 10 }, text: { field: 'value' } },
        },
      ],
    },
  };
}

function verdictScale() {
  return {
    domain: Object.keys(VERDICT_COLOURS),
    range: Object.values(VERDICT_COLOURS),
  };
}
