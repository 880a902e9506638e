import { logger, parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { AgentTrackError } from '../../core/index.js';
import { PLOT_CONFIG } from './theme.js';

/** A figure as drawn: its SVG text, size in pixels, and what vega-lite or vega warned about. */
export interface RenderedSvg {
  svg: string;
  width: number;
  height: number;
  warnings: string[];
}

const WARN = 2;

/**
 * Warnings that say nothing about the figure: vega-lite notes that faceted panels with their own
 * y scales read one field from several forks of one inline data set, which they do.
 */
const BENIGN = [/^Detected faceted independent scales that union domain of the same fields/];

/**
 * A vega-lite spec drawn to SVG with no browser and no canvas: vega-lite compiles it, a headless
 * vega view renders it. Every spec carries its data inline; nothing is loaded.
 *
 * @example
 * const { svg, width, height } = await renderSvg({ data: { values: [{ a: 1 }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } });
 */
export async function renderSvg(spec: TopLevelSpec): Promise<RenderedSvg> {
  const warnings: string[] = [];
  const collect = logger(WARN, 'warn', (_method, _level, args) => {
    const text = args.map(String).join(' ');
    if (!BENIGN.some((pattern) => pattern.test(text))) warnings.push(text);
  });
  let view: View | undefined;
  try {
    const compiled = compile(spec, { config: PLOT_CONFIG, logger: collect }).spec;
    view = new View(parse(compiled), { renderer: 'none', logger: collect, logLevel: WARN });
    await view.runAsync();
    const svg = await view.toSVG();
    return { svg, warnings, ...size(svg) };
  } catch (error) {
    throw new AgentTrackError('PLOT_RENDER_FAILED', `Could not draw the figure: ${String(error)}`, {
      cause: error,
    });
  } finally {
    view?.finalize();
  }
}

/** The outer size the SVG declares (the view's own size excludes axes, titles and padding). */
function size(svg: string): { width: number; height: number } {
  const match = /^<svg[^>]*\swidth="([\d.]+)"\s+height="([\d.]+)"/.exec(svg);
  if (!match) throw new Error('the SVG declares no width and height');
  return { width: Number(match[1]), height: Number(match[2]) };
}
