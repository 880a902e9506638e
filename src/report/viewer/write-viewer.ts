import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../trajectory/index.js';
import { type CollectOptions, collectRun } from './collect-run.js';
import { renderViewer } from './render-viewer.js';
import type { ViewerFigure } from './report-section.js';

export interface WriteViewerOptions extends CollectOptions {
  /** Where to write the page; default `<run>/report.html`. */
  out?: string | undefined;
}

/** What `writeViewer` wrote. */
export interface WrittenViewer {
  file: string;
  bytes: number;
  tasks: number;
  /** Distinct whole results embedded. */
  blobs: number;
  figures: string[];
}

/**
 * Writes one self-contained HTML file for a before-after run: the report table with its figures
 * (drawn from `report.json`, embedded as SVG images), and each task with both arms side by side,
 * every call with its arguments, preview, needless components and gold reach, the whole result on
 * demand; filters by difference, outcome and metric. No network, no server, nothing external.
 *
 * @example
 * const { file, bytes } = await writeViewer('runs/docs-v2'); // runs/docs-v2/report.html
 */
export async function writeViewer(runDir: string, options: WriteViewerOptions = {}): Promise<WrittenViewer> {
  const run = await collectRun(runDir, options);
  const figures: ViewerFigure[] = [];
  if (run.report !== null) {
    // Drawing loads vega: only here, when there is a report to draw.
    const { drawFigure, figuresFor, findPlotFont } = await import('../plots/index.js');
    const specs = figuresFor([{ kind: 'report', source: join(runDir, 'report.json'), report: run.report }]);
    const font = findPlotFont();
    for (const figure of specs) {
      const drawn = await drawFigure(figure.spec, font);
      figures.push({ name: figure.name, svg: drawn.svg, width: drawn.width });
    }
  }
  const html = renderViewer(run, figures);
  const file = options.out ?? join(runDir, 'report.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, html);
  return {
    file,
    bytes: Buffer.byteLength(html, 'utf8'),
    tasks: run.tasks.length,
    blobs: run.blobs.size,
    figures: figures.map((f) => f.name),
  };
}
