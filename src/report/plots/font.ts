import { existsSync } from 'node:fs';

/**
 * A font file resvg can draw the figures' text with, the family name inside it, and the family's
 * bold face when the machine has it: the titles are bold, and measured without it they come out
 * narrower than a browser draws them, so a fitted figure would clip its title.
 */
export interface PlotFont {
  file: string;
  family: string;
  bold?: string;
}

/**
 * Sans-serif fonts of the common Linux distributions, in preference order. DejaVu Sans comes with
 * Debian's `fonts-dejavu-core` (on this project's machines from the start); nothing third-party
 * ships with the package.
 */
export const FONT_CANDIDATES: readonly PlotFont[] = [
  ...['truetype/dejavu', 'TTF', 'dejavu', 'dejavu-sans-fonts'].map((dir) => ({
    file: `/usr/share/fonts/${dir}/DejaVuSans.ttf`,
    family: 'DejaVu Sans',
    bold: `/usr/share/fonts/${dir}/DejaVuSans-Bold.ttf`,
  })),
  ...['truetype/liberation', 'liberation-sans'].map((dir) => ({
    file: `/usr/share/fonts/${dir}/LiberationSans-Regular.ttf`,
    family: 'Liberation Sans',
    bold: `/usr/share/fonts/${dir}/LiberationSans-Bold.ttf`,
  })),
  { file: '/Library/Fonts/Arial.ttf', family: 'Arial', bold: '/Library/Fonts/Arial Bold.ttf' },
  {
    file: '/System/Library/Fonts/Supplemental/Arial.ttf',
    family: 'Arial',
    bold: '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  },
  { file: 'C:\\Windows\\Fonts\\arial.ttf', family: 'Arial', bold: 'C:\\Windows\\Fonts\\arialbd.ttf' },
];

/** What to install when no candidate exists: the figures' PNGs need one font for their text. */
export const FONT_HINT = 'apt-get install -y --no-install-recommends fonts-dejavu-core';

/**
 * The first candidate font present on this machine, its bold face kept only when that file is
 * there too, or `null` (the SVGs are still written; a PNG would have no text).
 *
 * @example
 * findPlotFont(); // { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans', bold: '.../DejaVuSans-Bold.ttf' }
 */
export function findPlotFont(
  candidates: readonly PlotFont[] = FONT_CANDIDATES,
  exists: (file: string) => boolean = existsSync,
): PlotFont | null {
  const found = candidates.find((font) => exists(font.file));
  if (found === undefined) return null;
  const { bold, ...regular } = found;
  return bold !== undefined && exists(bold) ? { ...regular, bold } : regular;
}

/**
 * resvg's font options for a figure: the font's files alone (no system font scan, so a figure is
 * drawn and measured the same on every machine with them), its family as the default and sans-serif.
 *
 * @example
 * new Resvg(svg, { font: resvgFont(findPlotFont()!) });
 */
export function resvgFont(font: PlotFont) {
  return {
    loadSystemFonts: false,
    fontFiles: font.bold === undefined ? [font.file] : [font.file, font.bold],
    defaultFontFamily: font.family,
    sansSerifFamily: font.family,
  };
}
