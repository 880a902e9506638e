import type { Config } from 'vega-lite';

/** The font list every figure's text names: the font resvg loads first, then common fallbacks. */
export const FONT_STACK = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/**
 * The look shared by every figure. Without a canvas, vega estimates a label's width as 0.8 em per
 * character (wider than any real sans-serif), so labels are never cut (`labelLimit: 0`) and the
 * layout errs on the roomy side.
 */
export const PLOT_CONFIG: Config = {
  background: 'white',
  padding: 12,
  font: FONT_STACK,
  view: { stroke: '#DDDDDD' },
  axis: {
    labelLimit: 0,
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 'normal',
    gridColor: '#EEEEEE',
    domainColor: '#888888',
    tickColor: '#888888',
  },
  header: { labelLimit: 0, labelFontSize: 12, labelFontWeight: 'bold', titleFontSize: 12 },
  legend: { labelLimit: 0, labelFontSize: 11, titleFontSize: 11, orient: 'bottom', direction: 'horizontal' },
  title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: '#555555', anchor: 'start', limit: 0 },
};
