import { type BBox, Resvg } from '@resvg/resvg-js';
import { type PlotFont, resvgFont } from './font.js';

/** The scale a figure's text is laid out for when it is fitted: the PNGs' default. */
export const LAID_OUT_SCALE = 2;

// resvg lays a figure's text out when it parses the SVG (~1 ms a text element, most of a figure's
// cost), and fitting a figure parses it to measure what it draws. The fitted figure's PNG is drawn
// from that same tree, cropped to the fitted box, instead of parsing the fitted SVG again: the same
// pixels (its background is the same white) at one layout instead of two.
const KEPT = 16;
const trees = new Map<string, Resvg>();
const keyOf = (svg: string, font: PlotFont) => `${font.file}\0${font.bold ?? ''}\0${svg}`;

/**
 * A figure without its background, parsed (its text laid out with `font`) for a PNG at
 * `LAID_OUT_SCALE` on white.
 *
 * @example
 * const tree = layOut(body, font); tree.getBBox();
 */
export function layOut(body: string, font: PlotFont): Resvg {
  return new Resvg(body, {
    font: resvgFont(font),
    fitTo: { mode: 'zoom', value: LAID_OUT_SCALE },
    background: 'white',
    logLevel: 'off',
  });
}

/**
 * Keeps `tree`, cropped to `box` (the fitted figure's box, in resvg's own `BBox`, which
 * `cropByBBox` requires), as what `fitted` draws (the last 16 kept).
 */
export function keepLaidOut(fitted: string, font: PlotFont, tree: Resvg, box: BBox): void {
  tree.cropByBBox(box);
  const key = keyOf(fitted, font);
  trees.delete(key);
  trees.set(key, tree);
  if (trees.size > KEPT) trees.delete(trees.keys().next().value!);
}

/** The kept tree that draws `svg` with `font` at `scale` on white, if this process fitted it. */
export function laidOut(svg: string, font: PlotFont, scale: number): Resvg | undefined {
  return scale === LAID_OUT_SCALE ? trees.get(keyOf(svg, font)) : undefined;
}
