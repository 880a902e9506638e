import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../trajectory/index.js';
import type { Report } from '../paired/report-schema.js';
import { type CollectOptions, collectRun } from './collect-run.js';
import { drawViewerFigures } from './draw-figures.js';
import { renderViewer } from './render-viewer.js';
import type { ViewerFigure } from './report-section.js';

export interface WriteViewerOptions extends CollectOptions {
  /** Where to write the page; default `<run>/report.html`. */
  out?: string | undefined;
  /** The page's title (default the report's). */
  title?: string | undefined;
  /** A report to draw the figures of when the run's own `report.json` is not one (a track holds its paired report inside). */
  report?: Report | null | undefined;
  /** The section shown above the tasks in place of the before-after report, given the figures drawn. */
  lead?: ((figures: readonly ViewerFigure[]) => string) | undefined;
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
  const shown = options.report ?? run.report;
  const figures = await drawViewerFigures(
    shown === null ? [] : [{ kind: 'report', source: join(runDir, 'report.json'), report: shown }],
  );
  const lead = options.lead?.(figures);
  const html = renderViewer(
    options.title === undefined ? run : { ...run, title: options.title },
    figures,
    lead,
  );
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
