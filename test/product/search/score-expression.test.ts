import seedrandom from 'seedrandom';
import { afterAll, describe, expect, test } from 'vitest';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { anyModeExpressions } from '../../../src/product/search/common-terms.js';
import { parseFtsExpression } from '../../../src/product/search/fts-expression.js';
import { matchExpression } from '../../../src/product/search/match-expression.js';
import { KIND_FILTERS, piecesById } from '../../../src/product/search/piece-by-id.js';
import { searchPieces } from '../../../src/product/search/search-pieces.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { indexedFixture } from '../helpers/workspace.js';

const base = parseServingConfig([]);
const fixtures = ['py-shop', 'ts-notes', 'go-kv'].map((name) => ({ name, ...indexedFixture(name) }));
const bundles = fixtures.map((fixture) => ({
  name: fixture.name,
  bundle: openBundle(fixture.workspace, base.ingestion),
}));

afterAll(() => {
  for (const { bundle } of bundles) bundle.close();
  for (const fixture of fixtures) fixture[Symbol.dispose]();
});

// The oracle: FTS5 scoring every match itself, as `searchPieces` did before it summed postings.
const ORACLE = `
WITH ranked AS (
  SELECT rowid AS id, bm25(pieces_fts, ?, ?, ?, 0) AS rank
  FROM pieces_fts WHERE pieces_fts MATCH ? ORDER BY rank LIMIT ?
)
SELECT p.id, f.path, p.start, p.end, p.name, p.qualified, p.kind, -ranked.rank AS score
FROM ranked JOIN pieces p ON p.id = ranked.id JOIN files f ON f.id = p.file_id
ORDER BY ranked.rank, p.id`;

describe('parseFtsExpression', () => {
  test('numbers phrases left to right, binds AND tighter than OR, and keeps a column filter', () => {
    expect(parseFtsExpression('"a" OR "b" AND ("c" OR kind : "function")')).toEqual({
      type: 'or',
      children: [
        { type: 'phrase', index: 0, query: '"a"' },
        {
          type: 'and',
          children: [
            { type: 'phrase', index: 1, query: '"b"' },
            {
              type: 'or',
              children: [
                { type: 'phrase', index: 2, query: '"c"' },
                { type: 'phrase', index: 3, query: 'kind : "function"' },
              ],
            },
          ],
        },
      ],
    });
  });

  test('refuses what this server never writes, naming the expression', () => {
    for (const bad of ['"a" NOT "b"', 'a', '("a"', '"a" OR', 'NEAR("a" "b")'])
      expect(() => parseFtsExpression(bad)).toThrow(
        expect.objectContaining({ code: 'SEARCH_EXPRESSION_INVALID' }),
      );
  });
});

describe('searchPieces sums phrase postings to the numbers FTS5 gives', () => {
  // Queries from each corpus's own names (camelCase and snake_case identifiers give the
  // `("word" OR ("part" AND "part"))` groups) mixed with its common words.
  for (const { name, bundle } of bundles) {
    test(`every mode, kind filter and weighting on ${name}: the same pieces in the same order with the same scores`, () => {
      const names = bundle.db.prepare('SELECT DISTINCT name FROM pieces').pluck().all() as string[];
      const words = ['the', 'return', 'error', 'test', 'get', 'value', 'new', 'list', 'if', 'data'];
      const rng = seedrandom(name);
      const pick = <T>(from: readonly T[]) => from[Math.floor(rng() * from.length)]!;
      const weightings = [
        base,
        parseServingConfig([
          { file: 'w.yaml', data: { ranking: { weights: { name: 0.7, path: 0, text: 2.5 } } } },
        ]),
      ];
      const oracle = bundle.db.prepare(ORACLE);
      let compared = 0;
      let tied = 0;
      for (let i = 0; i < 150; i++) {
        const query = Array.from({ length: 1 + (i % 4) }, () =>
          rng() < 0.6 ? pick(names) : pick(words),
        ).join(' ');
        const expressions = [
          matchExpression(query, base.query, 'all'),
          matchExpression(query, base.query, 'any'),
          ...anyModeExpressions(bundle, query, {
            ...base,
            query: { ...base.query, common_term_cutoff: 0.05 },
          }),
        ].filter((expression): expression is string => expression !== null);
        for (const expression of expressions) {
          const kind = i % 5 === 0 ? pick(KIND_FILTERS) : undefined;
          const config = weightings[i % 2]!;
          const limit = 1 + (i % 3) * 20;
          const match = kind === undefined ? expression : `(${expression}) AND kind : "${kind}"`;
          const { name: wn, path: wp, text: wt } = config.ranking.weights;
          const expected = oracle.all(wn, wp, wt, match, limit);
          const got = searchPieces(bundle, expression, config.ranking, { limit, kind });
          // Each piece placed in its file without its row; the row, read afterwards, is the oracle's.
          const rows = piecesById(
            bundle,
            got.map((hit) => hit.id),
          );
          expect(
            got.map((hit) => ({ ...rows.get(hit.id), ...hit })),
            `${name}: ${match}`,
          ).toEqual(expected);
          compared += expected.length;
          tied += got.filter((hit, at) => at > 0 && got[at - 1]!.score === hit.score).length;
        }
      }
      // The comparison means something: many rows, and ties that the order by id had to break.
      expect(compared).toBeGreaterThan(1000);
      expect(tied).toBeGreaterThan(10);
    });
  }
});
