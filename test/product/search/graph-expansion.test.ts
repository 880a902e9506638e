import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readYamlFile } from '../../../src/core/index.js';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { type SearchRow, searchCodebase } from '../../../src/product/search/search-codebase.js';
import {
  DEFAULT_SERVING_CONFIG,
  parseServingConfig,
} from '../../../src/product/serving/load-serving-config.js';
import { indexedFixture, ROOT } from '../helpers/workspace.js';

const OVERLAY = join(ROOT, 'configs/retrieval/graph-expanded.yaml');
const layer = (file: string) => ({ file, data: readYamlFile(file, 'serving config') });
const pieces = { file: 'pieces.yaml', data: { ranking: { file_aggregation: { enabled: false } } } };
const configs = {
  files: parseServingConfig([layer(DEFAULT_SERVING_CONFIG)]),
  filesExpanded: parseServingConfig([layer(DEFAULT_SERVING_CONFIG), layer(OVERLAY)]),
  pieces: parseServingConfig([layer(DEFAULT_SERVING_CONFIG), pieces]),
  piecesExpanded: parseServingConfig([layer(DEFAULT_SERVING_CONFIG), layer(OVERLAY), pieces]),
};
const fixture = indexedFixture('refs-graph');
const bundle = openBundle(fixture.workspace, configs.files.ingestion);

afterAll(() => {
  bundle.close();
  fixture[Symbol.dispose]();
});

/** A row by its symbol, or `path:start-end` for a block. */
const label = (row: SearchRow) => row.qualified ?? `${row.path}:${row.start}-${row.end}`;
const search = (config: (typeof configs)[keyof typeof configs]) =>
  searchCodebase(bundle, config, { query: 'named label', limit: 50 }).rows;

// The neighbours of the query's top five pieces, read off the fixture's graph (references.test.ts):
// Named is imported by circle.py's header and is Circle's base; Rect.describe calls this.name();
// Shape2D is imported by rect.ts's header, extends HasArea and is Rect's base; Circle's bases are
// Shape and Named, and unit_circle instantiates it. Named.label refers to nothing and nothing to it.
const NEIGHBOURS: Record<string, string[]> = {
  'shapes.base.Named.label': [],
  'shapes.base.Named': ['shapes/circle.py:1-6', 'shapes.circle.Circle'],
  'web/rect.ts#Rect.name': ['web/rect.ts#Rect.describe'],
  'web/shape.ts#Shape2D': ['web/rect.ts:1-1', 'web/shape.ts#HasArea', 'web/rect.ts#Rect'],
  'shapes.circle.Circle': ['shapes.base.Shape', 'shapes.base.Named', 'shapes.circle.unit_circle'],
};

describe('graph expansion (configs/retrieval/graph-expanded.yaml) on fixtures/corpora/refs-graph', () => {
  test('each neighbour of the top 5 pieces scores its hit x 0.5, a ranked piece keeping its better score', () => {
    const before = search(configs.pieces);
    expect(before.slice(0, 5).map(label)).toEqual(Object.keys(NEIGHBOURS));
    const expected = new Map(before.map((row) => [label(row), row.score]));
    for (const hit of before.slice(0, 5))
      for (const neighbour of NEIGHBOURS[label(hit)]!)
        expected.set(neighbour, Math.max(expected.get(neighbour) ?? 0, hit.score * 0.5));
    const after = search(configs.piecesExpanded);
    expect(new Map(after.map((row) => [label(row), row.score]))).toEqual(expected);
    // Circle (the fifth piece) and circle.py's header (the sixth) rise to Named's half, above Shape2D,
    // and keep their order; five pieces the words never matched join the list.
    expect(after.slice(0, 8).map(label)).toEqual([
      'shapes.base.Named.label',
      'shapes.base.Named',
      'web/rect.ts#Rect.name',
      'shapes.circle.Circle',
      'shapes/circle.py:1-6',
      'web/shape.ts#Shape2D',
      'web/rect.ts#Rect.describe',
      'scripts/report.py:1-7',
    ]);
    expect(after.length - before.length).toBe(5);
    const classes = searchCodebase(bundle, configs.piecesExpanded, {
      query: 'named label',
      kind: 'class',
      limit: 50,
    });
    expect(classes.rows.every((row) => row.kind === 'class')).toBe(true);
  });

  test('before file aggregation: circle.py overtakes rect.ts, scored by its expanded pieces', () => {
    const pieceScore = new Map(search(configs.pieces).map((row) => [label(row), row.score]));
    const named = pieceScore.get('shapes.base.Named')! * 0.5;
    expect(search(configs.files).map((row) => row.path)).toEqual([
      'shapes/base.py',
      'web/rect.ts',
      'shapes/circle.py',
      'web/shape.ts',
      'scripts/report.py',
    ]);
    const after = search(configs.filesExpanded);
    expect(after.map((row) => row.path)).toEqual([
      'shapes/base.py',
      'shapes/circle.py',
      'web/rect.ts',
      'web/shape.ts',
      'scripts/report.py',
    ]);
    // Its three pieces: Circle and its header at Named's half, unit_circle at Circle's own half,
    // summed at the default file aggregation's decay (d^0, d^1, d^2).
    const circleHalf = pieceScore.get('shapes.circle.Circle')! * 0.5;
    const d = configs.filesExpanded.ranking.file_aggregation.decay;
    expect(d).toBe(0.6);
    expect(after[1]!.score).toBeCloseTo(named + d * named + d * d * circleHalf, 10);
  });

  test('off by default: the shipped config ranks as it did', () => {
    expect(configs.files.graph.expand).toBe(false);
    expect(search(configs.pieces).map(label)).not.toContain('shapes.circle.unit_circle');
  });
});
