import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type Bundle, openBundle } from '../../../src/product/bundle/open-bundle.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { ftsTokens } from '../../../src/product/search/fts-tokens.js';
import { phrasePosting } from '../../../src/product/search/phrase-postings.js';
import { searchCodebase } from '../../../src/product/search/search-codebase.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import type { ServingConfig } from '../../../src/product/serving/schema.js';
import { indexedFixture, tempDir } from '../helpers/workspace.js';

const stemmed = parseServingConfig([]);
const unstemmed = parseServingConfig([{ file: 'x.yaml', data: { ingestion: { stemming: false } } }]);
const weightings = [
  stemmed.ranking,
  parseServingConfig([{ file: 'w.yaml', data: { ranking: { weights: { name: 0.7, path: 0, text: 2.5 } } } }])
    .ranking,
  parseServingConfig([
    { file: 'w.yaml', data: { ranking: { weights: { name: 0.3, path: 1.7, text: 0.1 } } } },
  ]).ranking,
];

// A corpus whose words carry diacritics and inflections, and repeat within one piece.
const accented = tempDir('agent-track-accented-');
mkdirSync(join(accented.path, 'src'));
writeFileSync(
  join(accented.path, 'src/café.py'),
  [
    'def naïve_résumé(café):',
    '    """Résumé of a café: retrying payments, retried payment, naïve retries."""',
    '    return café + café + café',
    '',
    'def straße_größe(size):',
    '    return size * 2  # Größe der Straße, retrying',
    '',
  ].join('\n'),
);

function accentedBundle(config: ServingConfig): { workspace: string; [Symbol.dispose]: () => void } {
  const dir = tempDir('agent-track-ws-');
  buildIndex({ corpus: accented.path, out: dir.path, config });
  return { workspace: dir.path, [Symbol.dispose]: dir[Symbol.dispose] };
}

const built = [
  ...['py-shop', 'ts-notes', 'go-kv'].map((name) => ({ name, ...indexedFixture(name) })),
  { name: 'py-shop without stemming', ...indexedFixture('py-shop', unstemmed) },
  { name: 'accented', config: stemmed, ...accentedBundle(stemmed) },
  { name: 'accented without stemming', config: unstemmed, ...accentedBundle(unstemmed) },
];
const bundles = built.map((entry) => ({
  ...entry,
  bundle: openBundle(entry.workspace, entry.config.ingestion),
}));

afterAll(() => {
  for (const { bundle } of bundles) bundle.close();
  for (const entry of built) entry[Symbol.dispose]();
  accented[Symbol.dispose]();
});

// FTS5 scoring the phrase alone: what a posting must equal, piece for piece and bit for bit.
function oracle(bundle: Bundle, phrase: string, weights: ServingConfig['ranking']['weights']) {
  const rows = bundle.db
    .prepare(
      'SELECT rowid, -bm25(pieces_fts, ?, ?, ?, 0) FROM pieces_fts WHERE pieces_fts MATCH ? ORDER BY rowid',
    )
    .raw()
    .all(weights.name, weights.path, weights.text, phrase) as [number, number][];
  return { ids: rows.map((row) => row[0]), contributions: rows.map((row) => row[1]) };
}

describe('ftsTokens', () => {
  test("gives FTS5's own terms: case folded, diacritics removed, Porter-stemmed when the bundle stems", () => {
    const at = (name: string) => bundles.find((entry) => entry.name === name)!.bundle;
    expect(ftsTokens(at('py-shop'), 'Retrying payments')).toEqual(['retri', 'payment']);
    expect(ftsTokens(at('py-shop without stemming'), 'Retrying payments')).toEqual(['retrying', 'payments']);
    expect(ftsTokens(at('accented'), 'Café naïve')).toEqual(['cafe', 'naiv']);
    expect(ftsTokens(at('accented without stemming'), 'Größe')).toEqual(['große']);
    expect(ftsTokens(at('py-shop'), '--')).toEqual([]);
  });
});

describe('phrasePosting: the numbers FTS5 gives, from the bundle’s own term postings', () => {
  for (const { name, bundle } of bundles) {
    test(`every word of ${name}'s pieces, inflected and accented words, under three weightings`, () => {
      const pieceWords = (bundle.db.prepare('SELECT name FROM pieces').pluck().all() as string[]).flatMap(
        (text) => text.match(/[\p{L}\p{N}]+/gu) ?? [],
      );
      const words = new Set([
        ...pieceWords,
        ...['retrying', 'Payments', 'PARSED', 'café', 'naïve', 'Größe', 'strasse', 'kind', 'zzzunknown'],
      ]);
      let compared = 0;
      for (const ranking of weightings)
        for (const word of words) {
          const phrase = `"${word}"`;
          const posting = phrasePosting(bundle, phrase, ranking);
          const expected = oracle(bundle, phrase, ranking.weights);
          expect([...posting.ids], `${name}: ${phrase}`).toEqual(expected.ids);
          expect([...posting.contributions], `${name}: ${phrase}`).toEqual(expected.contributions);
          compared += expected.ids.length;
        }
      expect(compared).toBeGreaterThan(name.startsWith('accented') ? 10 : 300);
    });
  }

  test('a phrase of several terms and a column filter still score as FTS5 scores them', () => {
    const { bundle } = bundles[0]!;
    for (const phrase of ['"add item"', 'kind : "function"', '"cart total"']) {
      const posting = phrasePosting(bundle, phrase, weightings[1]!);
      const expected = oracle(bundle, phrase, weightings[1]!.weights);
      expect(expected.ids.length, phrase).toBeGreaterThan(0);
      expect([...posting.ids], phrase).toEqual(expected.ids);
      expect([...posting.contributions], phrase).toEqual(expected.contributions);
    }
  });
});

test('a corpus with no piece builds, and a search of it finds nothing', () => {
  using corpus = tempDir('agent-track-empty-');
  using workspace = tempDir('agent-track-ws-');
  expect(buildIndex({ corpus: corpus.path, out: workspace.path, config: stemmed }).counts.pieces).toBe(0);
  const bundle = openBundle(workspace.path, stemmed.ingestion);
  try {
    const posting = phrasePosting(bundle, '"retry"', stemmed.ranking);
    expect([...posting.ids]).toEqual([]);
    expect(searchCodebase(bundle, stemmed, { query: 'retry the payment' }).rows).toEqual([]);
  } finally {
    bundle.close();
  }
});
