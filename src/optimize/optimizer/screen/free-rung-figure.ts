import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RungOverlay, RungRun } from '../../../retrieval/index.js';
import { writeJsonAtomic } from '../../../trajectory/index.js';

/** What the campaign's free rung screened so far, drawn: where the run and its figures went. */
export interface FreeRungFigures {
  run: string;
  figures: string[];
  warnings: string[];
}

/**
 * Every config the free rung has screened in this campaign (the incumbent first), as one rung run
 * (`<dir>/free-rung-screened.json`) and its figures in `<dir>/plots/free-rung/`: the scores per
 * overlay and quality against latency, one point per config. `files` are the screen's saved rung
 * outputs by candidate id; configs screened in earlier rounds are read back from their folders.
 *
 * @example
 * await drawFreeRung({ dir, split: 'fixture-code/dev', incumbent: 'c0', files: screen.files });
 */
export async function drawFreeRung(options: {
  dir: string;
  split: string;
  incumbent: string;
  files: ReadonlyMap<string, string>;
}): Promise<FreeRungFigures> {
  const root = join(options.dir, 'free-rung');
  const keys = new Set([...options.files.values()].map((file) => file.slice(file.lastIndexOf('/') + 1)));
  const byName = new Map<string, RungOverlay>();
  const folders = existsSync(root) ? readdirSync(root).sort() : [];
  for (const folder of folders.filter((name) => statSync(join(root, name)).isDirectory())) {
    for (const key of keys) {
      const file = join(root, folder, key);
      if (!existsSync(file)) continue;
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { overlay: RungOverlay };
      byName.set(saved.overlay.name, saved.overlay);
    }
  }
  const incumbent = byName.get(options.incumbent);
  const overlays = [
    ...(incumbent === undefined ? [] : [incumbent]),
    ...[...byName.values()].filter((o) => o.name !== options.incumbent),
  ];
  const [dataset, slice] = splitParts(options.split);
  const run: RungRun = {
    kind: 'retrieval-rung',
    split: options.split,
    dataset,
    slice,
    limit: null,
    // The most rows any search returned: each candidate asks its own `response.top_k`.
    k: Math.max(1, ...overlays.flatMap((o) => o.tasks.map((t) => t.rows.length))),
    created_at: new Date().toISOString(),
    overlays,
  };
  const file = join(options.dir, 'free-rung-screened.json');
  writeJsonAtomic(file, run);
  const { plotRun } = await import('../../../report/plots/index.js');
  const { figures, warnings } = await plotRun(file, join(options.dir, 'plots', 'free-rung'));
  return {
    run: file,
    figures: figures.flatMap((f) => [f.svg, ...(f.png === null ? [] : [f.png])]),
    warnings,
  };
}

function splitParts(split: string): [string, string] {
  const at = split.lastIndexOf('/');
  return at < 0 ? [split, 'all'] : [split.slice(0, at), split.slice(at + 1)];
}
