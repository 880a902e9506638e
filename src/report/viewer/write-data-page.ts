import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../trajectory/index.js';
import type { PlotInput } from '../plots/read-plot-input.js';
import { type DataPage, dataPage } from './data-page.js';
import { drawViewerFigures } from './draw-figures.js';
import type { WrittenPage } from './write-rung-viewer.js';

/**
 * Writes a page of plain data (what a job's collector gives) as one self-contained HTML file, with
 * the figures the plots give for `inputs` (an objective trace, a report) drawn in. `tasks` is the
 * number of openable items.
 *
 * @example
 * await writeDataPage('runs/opt/report.html', page, [{ kind: 'objective', source, trace }]);
 */
export async function writeDataPage(
  out: string,
  page: DataPage,
  inputs: readonly PlotInput[] = [],
): Promise<WrittenPage> {
  const figures = await drawViewerFigures(inputs);
  const html = dataPage(page, figures);
  mkdirSync(dirname(out), { recursive: true });
  writeFileAtomic(out, html);
  const tasks = page.sections.reduce((n, s) => n + (s.items ?? []).length, 0);
  return { file: out, bytes: Buffer.byteLength(html, 'utf8'), tasks, figures: figures.map((f) => f.name) };
}
