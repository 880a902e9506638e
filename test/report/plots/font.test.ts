import { expect, test } from 'vitest';
import { FONT_CANDIDATES, findPlotFont } from '../../../src/report/plots/font.js';
import { renderPng } from '../../../src/report/plots/render-png.js';

test('the first candidate present wins; none present is null', () => {
  const second = FONT_CANDIDATES[1]!;
  expect(findPlotFont(FONT_CANDIDATES, (file) => file === second.file)).toBe(second);
  expect(findPlotFont(FONT_CANDIDATES, () => false)).toBeNull();
});

test('a PNG without a font is refused with the install line', () => {
  expect(() => renderPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', null)).toThrow(
    expect.objectContaining({ code: 'PLOT_NO_FONT', message: expect.stringContaining('fonts-dejavu-core') }),
  );
});
