/**
 * The public surface of `agent-track/plots`: figures of saved runs (the before-after forest and
 * outcomes, the free rung's scores and latency, the optimizer's objective) as vega-lite specs,
 * rendered to SVG (vega) and PNG (resvg). The only entry that loads the plotting modules. Named
 * exports only; this file is the complete list.
 *
 * @example
 * import { plotRun } from 'agent-track/plots';
 * await plotRun(['runs/demo/report.json'], 'runs/demo/plots');
 */

export {
  type ObjectivePoint,
  type ObjectiveTrace,
  objectiveTraceSchema,
} from '../objective-schema.js';
export { COMPARE_FIGURE_METRICS, compareSystemsSpec } from './compare-systems.js';
export { type Figure, figuresFor } from './figures.js';
export { drawFigure, fitToContent } from './fit-content.js';
export { findPlotFont, type PlotFont } from './font.js';
export { forestSpec } from './forest.js';
export { objectiveSpec } from './objective.js';
export { outcomesSpec } from './outcomes.js';
export { type PlotRunOptions, plotRun, type WrittenFigure } from './plot-run.js';
export { type PlotInput, readPlotInput } from './read-plot-input.js';
export { type RenderedPng, renderPng } from './render-png.js';
export { type RenderedSvg, renderSvg } from './render-svg.js';
export { rungLatencySpec } from './rung-latency.js';
export { rungScoresSpec } from './rung-scores.js';
