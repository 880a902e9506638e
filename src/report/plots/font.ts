import { existsSync } from 'node:fs';

/** A font file resvg can draw the figures' text with, and the family name inside it. */
export interface PlotFont {
  file: string;
  family: string;
}

/**
 * Sans-serif fonts of the common Linux distributions, in preference order. DejaVu Sans comes with
 * Debian's `fonts-dejavu-core` (on this project's machines from the start); nothing third-party
 * ships with the package.
 */
export const FONT_CANDIDATES: readonly PlotFont[] = [
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/TTF/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/Library/Fonts/Arial.ttf', family: 'Arial' },
  { file: '/System/Library/Fonts/Supplemental/Arial.ttf', family: 'Arial' },
  { file: 'C:\\Windows\\Fonts\\arial.ttf', family: 'Arial' },
];

/** What to install when no candidate exists: the figures' PNGs need one font for their text. */
export const FONT_HINT = 'apt-get install -y --no-install-recommends fonts-dejavu-core';

/**
 * The first candidate font present on this machine, or `null` (the SVGs are still written; a PNG
 * would have no text).
 *
 * @example
 * findPlotFont(); // { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' }
 */
export function findPlotFont(
  candidates: readonly PlotFont[] = FONT_CANDIDATES,
  exists: (file: string) => boolean = existsSync,
): PlotFont | null {
  return candidates.find((font) => exists(font.file)) ?? null;
}
