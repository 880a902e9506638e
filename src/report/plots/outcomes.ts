import type { TopLevelSpec } from 'vega-lite';
import type { Report } from '../paired/report-schema.js';
import { NEUTRAL_GREY, OUTCOME_COLOURS } from './palette.js';

/** Outcomes in the order the bars stack them: the good one first, lost rollouts last. */
const OUTCOME_ORDER = Object.keys(OUTCOME_COLOURS);

/** One stacked segment: the arm, the outcome, how many tasks, and where it starts and ends. */
function segments(report: Report) {
  return report.arms.flatMap((arm) => {
    const tally: Record<string, number> = { ...arm.outcomes, failed_rollout: arm.failed };
    const known = OUTCOME_ORDER.filter((o) => (tally[o] ?? 0) > 0);
    const unknown = Object.keys(tally).filter((o) => !OUTCOME_ORDER.includes(o) && (tally[o] ?? 0) > 0);
    let start = 0;
    return [...known, ...unknown.sort()].map((outcome) => {
      const count = tally[outcome] ?? 0;
      const segment = {
        arm: `${arm.name} ${arm.commit.slice(0, 8)}`,
        outcome: outcome.replaceAll('_', ' '),
        count,
        start,
        end: start + count,
        middle: start + count / 2,
      };
      start += count;
      return segment;
    });
  });
}

/**
 * The outcome tallies of both arms as stacked horizontal bars (one segment per outcome, lost
 * rollouts included), each segment labelled with its count. Marks are named `outcome_bar`.
 *
 * @example
 * const { svg } = await renderSvg(outcomesSpec(report));
 */
export function outcomesSpec(report: Report): TopLevelSpec {
  const data = segments(report);
  const present = new Set(data.map((d) => d.outcome));
  // Only the outcomes that occurred, each keeping its fixed colour; an unknown one is grey.
  const known = OUTCOME_ORDER.filter((o) => present.has(o.replaceAll('_', ' ')));
  const extra = [...present].filter((o) => !OUTCOME_ORDER.some((k) => k.replaceAll('_', ' ') === o));
  const y = { field: 'arm', type: 'nominal', title: null, sort: null } as const;
  return {
    title: {
      text: `${report.title}: outcome per task`,
      subtitle: report.arms.map((a) => `${a.name}: ${a.subject}`),
    },
    data: { values: data },
    width: 420,
    height: { step: 34 },
    layer: [
      {
        name: 'outcome_bar',
        mark: { type: 'bar', stroke: 'white', strokeWidth: 1 },
        encoding: {
          y,
          x: { field: 'start', type: 'quantitative', title: 'tasks', scale: { nice: false } },
          x2: { field: 'end' },
          color: {
            field: 'outcome',
            type: 'nominal',
            title: null,
            legend: { columns: 4 },
            scale: {
              domain: [...known.map((o) => o.replaceAll('_', ' ')), ...extra],
              range: [...known.map((o) => OUTCOME_COLOURS[o]!), ...extra.map(() => NEUTRAL_GREY)],
            },
          },
        },
      },
      {
        mark: { type: 'text', baseline: 'middle', fontSize: 11 },
        encoding: {
          y,
          x: { field: 'middle', type: 'quantitative' },
          text: { field: 'count', type: 'quantitative' },
          color: {
            condition: {
              test: "datum.outcome === 'failed rollout' || datum.outcome === 'timeout'",
              value: 'white',
            },
            value: 'black',
          },
        },
      },
    ],
  };
}
