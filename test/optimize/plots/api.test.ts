import { expectTypeOf, test } from 'vitest';
import type {
  ObjectiveTrace,
  PlotFont,
  PlotRunOptions,
  RenderedPng,
  RenderedSvg,
  Report,
  WrittenFigure,
} from '../../../src/optimize/index.js';
import {
  findPlotFont,
  forestSpec,
  objectiveSpec,
  plotRun,
  renderPng,
  renderSvg,
} from '../../../src/optimize/index.js';

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
