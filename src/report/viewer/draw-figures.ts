import type { PlotInput } from '../plots/read-plot-input.js';
import type { ViewerFigure } from './report-section.js';

/**
 * Draws the figures the plots give for saved inputs (a report, rung runs, an objective trace),
 * fitted to the font, for a page to embed. Drawing loads vega and resvg: only here, when a page has
 * something to draw.
 *
 * @example
 * const figures = await drawViewerFigures([{ kind: 'rung', source: 'runs/rung.json', run }]);
 */
export async function drawViewerFigures(inputs: readonly PlotInput[]): Promise<ViewerFigure[]> {
  if (inputs.length === 0) return [];
  const { drawFigure, figuresFor, findPlotFont } = await import('../plots/index.js');
  const font = findPlotFont();
  const figures: ViewerFigure[] = [];
  for (const figure of figuresFor(inputs)) {
    const drawn = await drawFigure(figure.spec, font);
    figures.push({ name: figure.name, svg: drawn.svg, width: drawn.width });
  }
  return figures;
}
