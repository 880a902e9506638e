import { afterAll, expect, test } from 'vitest';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { pieceById, piecesById, placePieces } from '../../../src/product/search/piece-by-id.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { indexedFixture } from '../helpers/workspace.js';

const config = parseServingConfig([]);
const fixture = indexedFixture('py-shop');
const bundle = openBundle(fixture.workspace, config.ingestion);

afterAll(() => {
  bundle.close();
  fixture[Symbol.dispose]();
});

test('piecesById gives each piece where it is and what it is, its path from its own file; an unknown id is absent', () => {
  // What the lookup used to join on `files`: every piece of the bundle, read back by SQL.
  const expected = bundle.db
    .prepare(
      `SELECT p.id, f.path, p.start, p.end, p.name, p.qualified, p.kind, 0 AS score
       FROM pieces p JOIN files f ON f.id = p.file_id ORDER BY p.id`,
    )
    .all() as { id: number; path: string }[];
  expect(expected.length).toBeGreaterThan(10);
  // Pieces of several files, asked out of order, with an id no piece has.
  const ids = [expected.at(-1)!.id, expected[0]!.id, 999_999, expected[5]!.id];
  const found = piecesById(bundle, ids);
  expect([...found.keys()].sort((a, b) => a - b)).toEqual(
    [expected[0]!.id, expected[5]!.id, expected.at(-1)!.id].sort((a, b) => a - b),
  );
  for (const row of [expected[0]!, expected[5]!, expected.at(-1)!]) expect(found.get(row.id)).toEqual(row);
  expect(new Set([expected[0]!.path, expected.at(-1)!.path]).size).toBe(2);
  // The same rows again, and one at a time, from the path table read on the first call.
  expect(piecesById(bundle, ids)).toEqual(found);
  expect(pieceById(bundle, expected[5]!.id)).toEqual(expected[5]);
  expect(pieceById(bundle, 999_999)).toBeUndefined();
  expect(piecesById(bundle, []).size).toBe(0);
});

test('placePieces puts every piece in its own file without reading its row, keeping order and scores; an unknown id is dropped', () => {
  const expected = bundle.db
    .prepare('SELECT p.id, f.path FROM pieces p JOIN files f ON f.id = p.file_id ORDER BY p.id DESC')
    .all() as { id: number; path: string }[];
  const scored = [...expected.map((row, at) => ({ id: row.id, score: at / 2 })), { id: 999_999, score: 1 }];
  expect(placePieces(bundle, scored)).toEqual(expected.map((row, at) => ({ ...row, score: at / 2 })));
  expect(new Set(expected.map((row) => row.path)).size).toBeGreaterThan(3);
  expect(
    placePieces(bundle, [
      { id: 0, score: 1 },
      { id: -1, score: 1 },
    ]),
  ).toEqual([]);
});
