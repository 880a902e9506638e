import { expectTypeOf, test } from 'vitest';
import type { Report } from '../../../src/report/index.js';
import type { PlotFont } from '../../../src/report/plots/font.js';
import { findPlotFont } from '../../../src/report/plots/font.js';
import type {
  ObjectiveTrace,
  PlotRunOptions,
  RenderedPng,
  RenderedSvg,
  WrittenFigure,
} from '../../../src/report/plots/index.js';
import { forestSpec, objectiveSpec, plotRun, renderPng, renderSvg } from '../../../src/report/plots/index.js';

test('the optimize entry offers plotRun, the figure specs and the renderers', () => {
  expectTypeOf(plotRun).toEqualTypeOf<
    (
      paths: string | readonly string[],
      outDir: string,
      options?: PlotRunOptions,
    ) => Promise<{ figures: WrittenFigure[]; warnings: string[] }>
  >();
  expectTypeOf(forestSpec).parameter(0).toEqualTypeOf<Report>();
  expectTypeOf(objectiveSpec).parameter(0).toEqualTypeOf<ObjectiveTrace>();
  expectTypeOf(renderSvg).returns.toEqualTypeOf<Promise<RenderedSvg>>();
  expectTypeOf(renderPng).returns.toEqualTypeOf<RenderedPng>();
  expectTypeOf(findPlotFont).returns.toEqualTypeOf<PlotFont | null>();
  expectTypeOf<WrittenFigure['png']>().toEqualTypeOf<string | null>();
});
