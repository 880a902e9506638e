import { Resvg } from '@resvg/resvg-js';
import { AgentTrackError } from '../../core/index.js';
import { FONT_HINT, type PlotFont, resvgFont } from './font.js';
import { laidOut } from './laid-out.js';

/** A rasterised figure: PNG bytes and their pixel size. */
export interface RenderedPng {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * An SVG rasterised by resvg with the plot font's files alone (`resvgFont`: no system font scan,
 * so the picture is the same on every machine that has that font). `scale` 2 gives a crisp picture for a report.
 * A figure this process fitted (`fitToContent`) is drawn from the tree its fitting laid out.
 *
 * @example
 * const { png, width } = renderPng(svg, findPlotFont()!, { scale: 2 });
 */
export function renderPng(svg: string, font: PlotFont | null, options: { scale?: number } = {}): RenderedPng {
  if (font === null) {
    throw new AgentTrackError(
      'PLOT_NO_FONT',
      `No font to draw the figures' text with: install one (\`${FONT_HINT}\`); the SVGs need none`,
      { data: { hint: FONT_HINT } },
    );
  }
  const scale = options.scale ?? 2;
  const tree =
    laidOut(svg, font, scale) ??
    new Resvg(svg, {
      font: resvgFont(font),
      fitTo: { mode: 'zoom', value: scale },
      background: 'white',
      logLevel: 'off',
    });
  const image = tree.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
