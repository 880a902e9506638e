import type { TopLevelSpec } from 'vega-lite';
import type { PlotFont } from './font.js';
import { keepLaidOut, layOut } from './laid-out.js';
import { type RenderedSvg, renderSvg } from './render-svg.js';

const HEAD =
  /^(<svg[^>]*?)\swidth="([\d.]+)"\s+height="([\d.]+)"\s+viewBox="([^"]*)"([^>]*>)<rect width="[\d.]+" height="[\d.]+" fill="([^"]+)"\/>/;

/**
 * A figure cropped (or grown) to what it draws plus `pad` pixels: Vega, headless and without a
 * canvas, estimates text widths (0.8 em a character), which leaves a wide empty margin beside long
 * labels; resvg lays the text out with the real font and measures it. The background follows the
 * new box. An SVG not in Vega's shape, or with nothing drawn, is returned as it was.
 *
 * @example
 * const { svg, width } = fitToContent(drawn.svg, findPlotFont()!);
 */
export function fitToContent(
  svg: string,
  font: PlotFont,
  pad = 12,
): { svg: string; width: number; height: number } {
  const head = HEAD.exec(svg);
  const unchanged = () => ({ svg, width: Number(head?.[2] ?? 0), height: Number(head?.[3] ?? 0) });
  if (head === null) return unchanged();
  const [whole, open, , , viewBox, rest, fill] = head;
  const body = `${open} width="${head[2]}" height="${head[3]}" viewBox="${viewBox}"${rest}${svg.slice(whole.length)}`;
  // What was drawn, measured by resvg with the font the PNG is drawn with.
  const tree = layOut(body, font);
  const box = tree.getBBox();
  if (box === undefined || box.width <= 0 || box.height <= 0) return unchanged();
  const x = Math.floor(box.x - pad);
  const y = Math.floor(box.y - pad);
  const width = Math.ceil(box.x + box.width + pad) - x;
  const height = Math.ceil(box.y + box.height + pad) - y;
  const fitted = `${open} width="${width}" height="${height}" viewBox="${x} ${y} ${width} ${height}"${rest}<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}"/>${svg.slice(whole.length)}`;
  // Its PNG (on white) is the measured tree cropped to this box: the text is not laid out again.
  if (fill === 'white') {
    Object.assign(box, { x, y, width, height });
    keepLaidOut(fitted, font, tree, box);
  }
  return { svg: fitted, width, height };
}

// A run's report draws its figures twice in one process, once to write them and once for its
// viewer page: the same spec and font draw the same SVG, so the second is the first's.
const KEPT = 16;
const drawn = new Map<string, Promise<RenderedSvg>>();

/**
 * A figure drawn to SVG (`renderSvg`) and, with a font, fitted to what it draws (`fitToContent`):
 * how the written figures and the viewer's inline ones are drawn. A spec drawn before with the
 * same font is not drawn again (each caller gets its own warnings list).
 *
 * @example
 * const { svg, width, warnings } = await drawFigure(spec, findPlotFont());
 */
export async function drawFigure(spec: TopLevelSpec, font: PlotFont | null): Promise<RenderedSvg> {
  const key = JSON.stringify([spec, font]);
  let figure = drawn.get(key);
  if (figure === undefined) {
    figure = renderSvg(spec).then((rendered) =>
      font === null ? rendered : { ...fitToContent(rendered.svg, font), warnings: rendered.warnings },
    );
    // A failed drawing is not kept: the next caller draws again and gets its own error.
    const kept = figure;
    kept.catch(() => {
      if (drawn.get(key) === kept) drawn.delete(key);
    });
    drawn.set(key, figure);
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  const { warnings, ...rest } = await figure;
  return { ...rest, warnings: [...warnings] };
}
