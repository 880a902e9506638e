import type { TopLevelSpec } from 'vega-lite';
import { AgentTrackError } from '../../core/index.js';
import { compareSystemsSpec } from './compare-systems.js';
import { forestSpec } from './forest.js';
import { objectiveSpec } from './objective.js';
import { outcomesSpec } from './outcomes.js';
import type { PlotInput } from './read-plot-input.js';
import { latencyPoints, rungLatencySpec } from './rung-latency.js';
import { rungScoresSpec } from './rung-scores.js';
import { assertSameSplit } from './same-split.js';

/** A figure to draw: the file name it is written under (no extension) and its vega-lite spec. */
export interface Figure {
  name: string;
  spec: TopLevelSpec;
}

/**
 * Every figure the inputs can give: a report its forest plot and outcome bars; rung runs (of one
 * split, else `PLOT_MIXED_RUNS`) their scores and, when any overlay measured latency, the
 * quality-latency scatter; an objective trace its progress. Several inputs must all be rung runs
 * (`PLOT_MIXED_INPUTS`).
 *
 * @example
 * figuresFor([readPlotInput('runs/docs-v2')]).map((f) => f.name); // ['before-after-deltas', 'before-after-outcomes']
 */
export function figuresFor(inputs: readonly PlotInput[]): Figure[] {
  const [first] = inputs;
  if (first === undefined) return [];
  if (inputs.length > 1 && inputs.some((input) => input.kind !== 'rung')) {
    const other = inputs.find((input) => input.kind !== 'rung')!;
    throw new AgentTrackError(
      'PLOT_MIXED_INPUTS',
      `Only retrieval rung runs can share figures; \`${other.source}\` is a ${other.kind === 'report' ? 'before-after report' : other.kind === 'compare' ? 'comparison report' : 'objective trace'}: plot it on its own`,
      { data: { file: other.source, kind: other.kind } },
    );
  }
  if (first.kind === 'report') {
    return [
      { name: 'before-after-deltas', spec: forestSpec(first.report) },
      { name: 'before-after-outcomes', spec: outcomesSpec(first.report) },
    ];
  }
  if (first.kind === 'compare') return [{ name: 'compare-systems', spec: compareSystemsSpec(first.report) }];
  if (first.kind === 'objective') return [{ name: 'optimize-objective', spec: objectiveSpec(first.trace) }];
  const sourced = inputs.flatMap((input) =>
    input.kind === 'rung' ? [{ run: input.run, source: input.source }] : [],
  );
  assertSameSplit(sourced);
  const runs = sourced.map((s) => s.run);
  const figures: Figure[] = [{ name: 'rung-scores', spec: rungScoresSpec(runs) }];
  if (latencyPoints(runs).points.length > 0)
    figures.push({ name: 'rung-latency', spec: rungLatencySpec(runs) });
  return figures;
}
