import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { compareRungs, readRungRun } from '../../retrieval/index.js';
import { writeFileAtomic } from '../../trajectory/index.js';
import { drawViewerFigures } from './draw-figures.js';
import { type RungPageOverlay, rungPage } from './rung-page.js';

export interface WriteRungViewerOptions {
  /** Where to write the page; default the run's file with `.html` for `.json`. */
  out?: string | undefined;
  /** An earlier run to pair against (as `retrieval --compare`): its overlays shown beside, the paired rows above. */
  compare?: string | undefined;
}

/** What a viewer writer wrote: the file, its size, what it holds. */
export interface WrittenPage {
  file: string;
  bytes: number;
  tasks: number;
  figures: string[];
}

/**
 * Writes the page of a saved retrieval rung run (and the earlier run it is compared with): one
 * self-contained HTML file, per task each overlay's ranked rows side by side with gold marked.
 *
 * @example
 * await writeRungViewer('runs/guide/rung-overlays.json', { compare: 'runs/guide/rung-base.json' });
 */
export async function writeRungViewer(
  file: string,
  options: WriteRungViewerOptions = {},
): Promise<WrittenPage> {
  const run = readRungRun(file);
  const overlays: RungPageOverlay[] = run.overlays.map((overlay) => ({ label: overlay.name, overlay }));
  let comparison = null;
  const inputs = [{ kind: 'rung' as const, source: file, run }];
  if (options.compare !== undefined) {
    const earlier = readRungRun(options.compare);
    const { rows, paired } = compareRungs(earlier, run);
    comparison = { file: options.compare, rows, paired };
    overlays.push(...earlier.overlays.map((overlay) => ({ label: `${overlay.name} (earlier)`, overlay })));
    inputs.unshift({ kind: 'rung', source: options.compare, run: earlier });
  }
  const figures = await drawViewerFigures(inputs);
  const html = rungPage({ file, run, overlays, comparison, figures });
  const out = options.out ?? file.replace(/(\.json)?$/, '.html');
  mkdirSync(dirname(out), { recursive: true });
  writeFileAtomic(out, html);
  const tasks = new Set(overlays.flatMap((o) => o.overlay.tasks.map((t) => t.task_id))).size;
  return { file: out, bytes: Buffer.byteLength(html, 'utf8'), tasks, figures: figures.map((f) => f.name) };
}
