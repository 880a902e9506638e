import { Resvg } from '@resvg/resvg-js';
import { expect, test } from 'vitest';
import { fitToContent } from '../../../src/report/plots/fit-content.js';
import { findPlotFont, resvgFont } from '../../../src/report/plots/font.js';
import { LAID_OUT_SCALE, laidOut } from '../../../src/report/plots/laid-out.js';
import { renderPng } from '../../../src/report/plots/render-png.js';

const font = findPlotFont()!;
// A figure in Vega's shape: a white background, a bold title, labels and a mark.
const figure = (title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120"><rect width="300" height="120" fill="white"/><g transform="translate(40,20)"><text x="0" y="0" font-family="DejaVu Sans" font-size="13px" font-weight="bold">${title}</text><text x="0" y="40" font-family="DejaVu Sans" font-size="11px" text-anchor="end">answered ↑</text><rect x="10" y="30" width="80" height="14" fill="#4c78a8"/></g></svg>`;

// What a PNG of an SVG is when nothing was kept: resvg parsing the fitted SVG itself.
const fresh = (svg: string, scale: number) =>
  new Resvg(svg, {
    font: resvgFont(font),
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    logLevel: 'off',
  })
    .render()
    .asPng();

test('a fitted figure is drawn from the tree its fitting laid out, pixel for pixel the PNG of its SVG', () => {
  const fitted = fitToContent(figure('before-after: 083ea2305e → efc0302556, paired change'), font);
  expect(laidOut(fitted.svg, font, LAID_OUT_SCALE)).toBeDefined();
  const png = renderPng(fitted.svg, font, { scale: LAID_OUT_SCALE });
  expect([png.width, png.height]).toEqual([fitted.width * 2, fitted.height * 2]);
  expect(Buffer.compare(png.png, fresh(fitted.svg, LAID_OUT_SCALE))).toBe(0);
  // Drawn again, the kept tree gives the same bytes.
  expect(Buffer.compare(renderPng(fitted.svg, font).png, png.png)).toBe(0);
});

test('another scale, another font or an SVG this process did not fit is parsed afresh', () => {
  const fitted = fitToContent(figure('a second figure'), font);
  expect(laidOut(fitted.svg, font, 1)).toBeUndefined();
  expect(Buffer.compare(renderPng(fitted.svg, font, { scale: 1 }).png, fresh(fitted.svg, 1))).toBe(0);
  expect(laidOut(fitted.svg, { file: font.file, family: font.family }, LAID_OUT_SCALE)).toBeUndefined();
  const edited = fitted.svg.replace('a second figure', 'a third figure');
  expect(laidOut(edited, font, LAID_OUT_SCALE)).toBeUndefined();
  expect(Buffer.compare(renderPng(edited, font).png, fresh(edited, LAID_OUT_SCALE))).toBe(0);
});
