import { Resvg } from '@resvg/resvg-js';
import { expect, test } from 'vitest';
import { fitToContent } from '../../../src/report/plots/fit-content.js';
import { FONT_CANDIDATES, findPlotFont, resvgFont } from '../../../src/report/plots/font.js';
import { renderPng } from '../../../src/report/plots/render-png.js';

test('the first candidate present wins, with its bold face only when that file is there; none present is null', () => {
  const second = FONT_CANDIDATES[1]!;
  expect(findPlotFont(FONT_CANDIDATES, (file) => file === second.file)).toEqual({
    file: second.file,
    family: 'DejaVu Sans',
  });
  expect(findPlotFont(FONT_CANDIDATES, (file) => file === second.file || file === second.bold)).toEqual(
    second,
  );
  expect(findPlotFont(FONT_CANDIDATES, () => false)).toBeNull();
});

test('a PNG without a font is refused with the install line', () => {
  expect(() => renderPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', null)).toThrow(
    expect.objectContaining({ code: 'PLOT_NO_FONT', message: expect.stringContaining('fonts-dejavu-core') }),
  );
});

// A figure's bold title, measured with the bold face, is as wide as a browser draws it: the fitted
// figure holds the whole title (with the regular face alone it was ~10% short, and the HTML page
// clipped the title's end).
test('a bold title is measured with the bold face: the fitted figure holds all of it', () => {
  const font = findPlotFont()!;
  expect(font.bold).toMatch(/DejaVuSans-Bold\.ttf$/);
  const title = 'before-after: 083ea2305e → efc0302556 on fixture-code/small_test: paired change';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40"><rect width="200" height="40" fill="white"/><text x="12" y="24" font-family="DejaVu Sans" font-size="12px" font-weight="bold">${title}</text></svg>`;
  // What fitToContent measures: the figure without its background.
  const drawn = svg.replace('<rect width="200" height="40" fill="white"/>', '');
  const measured = (files: Parameters<typeof resvgFont>[0]) =>
    new Resvg(drawn, { font: resvgFont(files), logLevel: 'off' }).getBBox()!;
  const bold = measured(font);
  const regular = measured({ file: font.file, family: font.family });
  expect(bold.width / regular.width).toBeGreaterThan(1.05);
  // fitToContent's box: the drawn box plus 12 px each side, on whole pixels.
  const left = Math.floor(bold.x - 12);
  expect(fitToContent(svg, font).width).toBe(Math.ceil(bold.x + bold.width + 12) - left);
  expect(fitToContent(svg, font).width).toBeGreaterThan(regular.width + 24);
});
