import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeRungViewer } from '../../../src/report/index.js';
import { goldRow } from '../../../src/report/viewer/rung-page.js';
import { RUNG_SUMMARY_METRICS, type RungTask, readRungRun } from '../../../src/retrieval/index.js';

const root = resolve(import.meta.dirname, '../../..');
const base = join(root, 'fixtures/runs/rung-small/base.json');
const overlays = join(root, 'fixtures/runs/rung-small/overlays.json');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-rung-page-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The text of the element `<tag ...attr...>...</tag>` holding `marker` (the first one). */
function element(html: string, tag: string, marker: string): string {
  const at = html.indexOf(marker);
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

describe('goldRow', () => {
  const task = (gold_ranks: RungTask['gold_ranks']): RungTask => ({
    task_id: 't',
    corpus: 'c',
    latency_ms: 1,
    rows: [],
    gold_ranks,
    piece: {},
    file: {},
  });
  test.each([
    ['a gold file anywhere', { 'a.py': 3 }, { path: 'a.py' }, 5, true],
    ['the rank where a gold item was first found', { 'def f': 2 }, { path: 'b.py' }, 2, true],
    ['another file at another rank', { 'a.py': 1 }, { path: 'b.py' }, 2, false],
    ['a gold item never found', { 'a.py': null }, { path: 'b.py' }, 1, false],
    ['no gold known', null, { path: 'a.py' }, 1, false],
  ])('%s', (_name, ranks, row, rank, gold) => {
    expect(goldRow(task(ranks), row, rank)).toBe(gold);
  });
});

describe('writeRungViewer', () => {
  test('one page: every summary metric per overlay, each task ranked side by side with gold marked', async () => {
    const out = join(scratch, 'overlays.html');
    const written = await writeRungViewer(overlays, { out });
    expect(written).toMatchObject({ file: out, tasks: 4, figures: ['rung-scores', 'rung-latency'] });
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);
    for (const metric of RUNG_SUMMARY_METRICS)
      for (const level of ['piece', 'file']) expect(html).toContain(`<tr data-metric="${level} ${metric}">`);
    // all-words-strict found the gold of go-08 and go-04 only: piece mrr 2 / 4 = 0.5 (n = 4).
    const mrr = element(html, 'tr', '<tr data-metric="piece mrr">');
    expect(mrr).toMatch(
      /<td>0\.500 <span class="n">\[[^\]]+\]<\/span> <span class="n">n=4<\/span><\/td><td>1 /,
    );
    const go07 = element(html, 'details', 'data-task="go-07"');
    // go-07 under graph-expanded: store/wal.go at 1, store/store.go at 2, both gold; 9 rows.
    const graph = element(go07, 'div', 'data-overlay="graph-expanded"');
    expect([...graph.matchAll(/<li class="(gold)?" data-gold="(true|false)">/g)].map((m) => m[2])).toEqual([
      'true',
      'true',
      ...Array(7).fill('false'),
    ]);
    expect(graph).toContain('gold: store/wal.go at 1, store/store.go at 2');
    const strict = element(go07, 'div', 'data-overlay="all-words-strict"');
    expect(strict).toContain('gold: store/wal.go not found, store/store.go not found');
    expect(strict).not.toContain('data-gold="true"');
  });

  test('--compare: the earlier run beside, each paired row as compareRungs gives it', async () => {
    const out = join(scratch, 'compare.html');
    const written = await writeRungViewer(overlays, { out, compare: base });
    const html = readFileSync(out, 'utf8');
    expect(written.tasks).toBe(4);
    expect(html).toContain('data-overlay="base (earlier)"');
    // Both overlays pair with the earlier run's only overlay, base, over the 4 tasks.
    expect(html).toContain(
      'all-words-strict with the earlier base over 4 tasks; graph-expanded with the earlier base over 4 tasks',
    );
    // piece mrr: all-words-strict 0, 1, 1, 0 against base 1, 1, 1, 1: delta (-1 + 0 + 0 - 1) / 4 = -0.5.
    const strict = readRungRun(overlays).overlays[0]!;
    expect(strict.tasks.map((t) => t.piece.mrr)).toEqual([0, 1, 1, 0]);
    expect(html).toMatch(/<tr><td>all-words-strict<\/td><td>piece mrr<\/td><td>4<\/td><td>-0\.500 /);
  });
});
