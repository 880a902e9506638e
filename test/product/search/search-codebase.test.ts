import { afterAll, describe, expect, test } from 'vitest';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { aggregateFiles } from '../../../src/product/search/aggregate-files.js';
import { matchExpression, queryTerms } from '../../../src/product/search/match-expression.js';
import type { PieceHit } from '../../../src/product/search/piece-by-id.js';
import { searchCodebase } from '../../../src/product/search/search-codebase.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { indexedFixture } from '../helpers/workspace.js';

const base = parseServingConfig([]);
const fixtures = Object.fromEntries(
  ['py-shop', 'ts-notes', 'go-kv'].map((name) => [name, indexedFixture(name)]),
);
const bundles = Object.fromEntries(
  Object.entries(fixtures).map(([name, f]) => [name, openBundle(f.workspace, base.ingestion)]),
);

afterAll(() => {
  for (const bundle of Object.values(bundles)) bundle.close();
  for (const fixture of Object.values(fixtures)) fixture[Symbol.dispose]();
});

function overlay(data: Record<string, unknown>) {
  return parseServingConfig([{ file: 'overlay.yaml', data }]);
}

describe('query terms and match expressions', () => {
  test('stop words go, camelCase words keep their parts, FTS5 syntax is quoted away', () => {
    expect(queryTerms('How does parseConfig read the YAML?', { stopWords: true })).toEqual([
      { word: 'parseconfig', parts: ['parse', 'config'] },
      { word: 'read', parts: [] },
      { word: 'yaml', parts: [] },
    ]);
    expect(matchExpression('cart NEAR "total" OR *', base.query, 'all')).toBe(
      '"cart" AND "near" AND "total"',
    );
    expect(matchExpression('getUserById', base.query, 'any')).toBe(
      '("getuserbyid" OR ("get" AND "user" AND "by" AND "id"))',
    );
    expect(matchExpression('the of', base.query, 'any')).toBe('"the" OR "of"');
    expect(matchExpression('?!', base.query, 'any')).toBeNull();
  });

  test('aggregateFiles scores a file by its best pieces with decaying weight', () => {
    const hit = (path: string, score: number, id: number): PieceHit => ({
      id,
      path,
      score,
      start: id,
      end: id,
      name: `p${id}`,
      qualified: null,
      kind: 'block',
    });
    const files = aggregateFiles(
      [hit('a', 10, 1), hit('b', 8, 2), hit('b', 6, 3), hit('b', 4, 4), hit('b', 4, 5), hit('a', 1, 6)],
      { decay: 0.5, pieces: 3 },
    );
    expect(files.map((file) => [file.path, file.score])).toEqual([
      ['b', 8 + 3 + 1],
      ['a', 10 + 0.5],
    ]);
    expect(files[0]!.pieces.map((piece) => piece.id)).toEqual([2, 3, 4, 5]);
  });
});

describe('searchCodebase on the fixture corpora (expected top files known by hand)', () => {
  test.each([
    ['py-shop', 'release reserved stock when payment fails', 'shop/inventory.py', 'release'],
    ['py-shop', 'JsonStore save collection', 'shop/storage.py', 'save'],
    ['py-shop', 'tax rate region', 'shop/pricing.py', 'tax_cents'],
    ['py-shop', 'CartError', 'shop/cart.py', 'CartError'],
    ['ts-notes', 'vector clock compare concurrent', 'src/sync/clock.ts', 'compareClocks'],
    ['ts-notes', 'slugify title', 'src/util/slugify.ts', 'slugify'],
    ['ts-notes', 'inverse document frequency', 'src/search/rank.ts', 'inverseDocumentFrequency'],
    ['go-kv', 'torn record checksum replay', 'store/wal.go', 'Replay'],
    ['go-kv', 'token bucket rate limit', 'server/middleware.go', 'RateLimiter'],
    ['go-kv', 'CRC-32C Castagnoli', 'internal/crc/crc.go', 'Checksum'],
  ])('%s: %s -> %s', (corpus, query, path, name) => {
    const outcome = searchCodebase(bundles[corpus]!, base, { query });
    expect(outcome.rows[0]).toMatchObject({ path, name });
  });

  test('source files first: a doc paraphrasing the query ranks under the code, its score halved by path_weights', () => {
    const query = 'atomic rename json store';
    const ranked = searchCodebase(bundles['py-shop']!, base, { query }).rows;
    expect(ranked.slice(0, 2).map((r) => r.path)).toEqual(['shop/storage.py', 'docs/architecture.md']);
    const flat = searchCodebase(bundles['py-shop']!, overlay({ ranking: { path_weights: [] } }), {
      query,
    }).rows;
    const doc = (rows: typeof ranked) => rows.find((r) => r.path === 'docs/architecture.md')!.score;
    // `*.md` weighs 0.5 by default: every piece of the doc counts half, so its file score does too.
    expect(doc(flat)).toBeCloseTo(2 * doc(ranked), 9);
    expect(flat.find((r) => r.path === 'shop/storage.py')!.score).toBeCloseTo(ranked[0]!.score, 9);
  });

  test('with file aggregation each file is one row; without it a file can take several', () => {
    const aggregated = searchCodebase(bundles['py-shop']!, base, {
      query: 'inventory reserve release commit',
      limit: 10,
    });
    const paths = aggregated.rows.map((row) => row.path);
    expect(new Set(paths).size).toBe(paths.length);
    const pieces = searchCodebase(
      bundles['py-shop']!,
      overlay({ ranking: { file_aggregation: { enabled: false } } }),
      {
        query: 'inventory reserve release commit',
        limit: 4,
      },
    );
    expect(pieces.rows.map((row) => row.path)).toEqual(Array(4).fill('shop/inventory.py'));
  });

  test('all-words mode finds nothing for a missing word, then falls back to any word when allowed', () => {
    const strict = overlay({ query: { mode: 'all', fallback_to_any: false } });
    expect(searchCodebase(bundles['go-kv']!, strict, { query: 'snapshot zeppelin' })).toMatchObject({
      rows: [],
      mode: 'all',
      fellBack: false,
    });
    const fallback = searchCodebase(bundles['go-kv']!, overlay({ query: { mode: 'all' } }), {
      query: 'snapshot zeppelin',
    });
    expect(fallback).toMatchObject({ mode: 'any', fellBack: true });
    expect(fallback.rows[0]?.path).toBe('store/snapshot.go');
  });

  test('the kind filter keeps one kind of piece', () => {
    const methods = searchCodebase(
      bundles['go-kv']!,
      overlay({ ranking: { file_aggregation: { enabled: false } } }),
      {
        query: 'store wal',
        kind: 'method',
        limit: 20,
      },
    );
    expect(methods.rows.length).toBeGreaterThan(3);
    expect(methods.rows.every((row) => row.kind === 'method')).toBe(true);
  });

  test('name weight decides between a name match and a text match', () => {
    const nameHeavy = overlay({ ranking: { weights: { name: 20, path: 0, text: 1 } } });
    const textHeavy = overlay({ ranking: { weights: { name: 0, path: 0, text: 1 } } });
    const query = { query: 'tokenize', limit: 3 };
    expect(searchCodebase(bundles['ts-notes']!, nameHeavy, query).rows[0]).toMatchObject({
      name: 'tokenize',
    });
    expect(searchCodebase(bundles['ts-notes']!, textHeavy, query).rows[0]?.name).not.toBe('tokenize');
  });
});
