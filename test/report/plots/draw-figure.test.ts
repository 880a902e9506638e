import { expect, test } from 'vitest';
import { drawFigure } from '../../../src/report/plots/fit-content.js';
import { findPlotFont } from '../../../src/report/plots/font.js';
import { forestSpec } from '../../../src/report/plots/forest.js';
import { renderSvg } from '../../../src/report/plots/render-svg.js';
import { sampleReport } from './sample-report.js';

// A run's report draws each figure to write it and again for its viewer page, in one process.
test('a spec drawn again with the same font is the same figure, each caller with its own warnings', async () => {
  const spec = forestSpec(sampleReport());
  const font = findPlotFont();
  const first = await drawFigure(spec, font);
  const second = await drawFigure(structuredClone(spec), font);
  expect(second).toEqual(first);
  expect(second.warnings).not.toBe(first.warnings);
  first.warnings.push('a caller adds its own note');
  expect((await drawFigure(spec, font)).warnings).toEqual(second.warnings);
  // Without a font it is vega's drawing, unfitted.
  expect((await drawFigure(spec, null)).svg).toBe((await renderSvg(spec)).svg);
});
