import { afterAll, expect, test } from 'vitest';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { pieceById, piecesById } from '../../../src/product/search/piece-by-id.js';
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
