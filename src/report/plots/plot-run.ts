import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { figuresFor } from './figures.js';
import { drawFigure } from './fit-content.js';
import { FONT_HINT, findPlotFont, type PlotFont } from './font.js';
import { readPlotInput } from './read-plot-input.js';
import { renderPng } from './render-png.js';

/** One written figure: its name, its files (`png` is `null` without a font) and pixel sizes. */
export interface WrittenFigure {
  name: string;
  svg: string;
  png: string | null;
  width: number;
  height: number;
}

export interface PlotRunOptions {
  /** The font for the PNGs; default the first of `FONT_CANDIDATES` on this machine. */
  font?: PlotFont | null;
  /** PNG pixels per SVG pixel, default 2. */
  scale?: number;
}

/**
 * Draws every figure a saved run gives into `outDir` as `<name>.svg` and `<name>.png`: a
 * before-after `report.json` (or its run directory), one or more saved retrieval rung runs of one
 * split, or an optimizer objective trace. Without a font the SVGs are still written and a warning
 * says what to install.
 *
 * @example
 * const { figures } = await plotRun('runs/docs-v2', 'runs/docs-v2/plots');
 */
export async function plotRun(
  paths: string | readonly string[],
  outDir: string,
  options: PlotRunOptions = {},
): Promise<{ figures: WrittenFigure[]; warnings: string[] }> {
  const inputs = (typeof paths === 'string' ? [paths] : paths).map(readPlotInput);
  const figures = figuresFor(inputs);
  const font = options.font === undefined ? findPlotFont() : options.font;
  const warnings: string[] = [];
  if (font === null)
    warnings.push(`no font for the PNGs; wrote the SVGs only (install one: \`${FONT_HINT}\`)`);
  mkdirSync(outDir, { recursive: true });
  const written: WrittenFigure[] = [];
  for (const figure of figures) {
    // With the font at hand the figure is cropped to what it draws (text measured, not estimated).
    const drawn = await drawFigure(figure.spec, font);
    for (const warning of drawn.warnings) warnings.push(`${figure.name}: ${warning}`);
    const svg = join(outDir, `${figure.name}.svg`);
    writeFileSync(svg, drawn.svg);
    let png: string | null = null;
    if (font !== null) {
      png = join(outDir, `${figure.name}.png`);
      writeFileSync(png, renderPng(drawn.svg, font, { scale: options.scale ?? 2 }).png);
    }
    written.push({ name: figure.name, svg, png, width: drawn.width, height: drawn.height });
  }
  return { figures: written, warnings };
}
