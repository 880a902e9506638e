import { describe, expect, test } from 'vitest';
import { scoreRanking } from '../../../src/retrieval/scoring/score-ranking.js';
import { gold2, list, noGold } from './fixtures.js';

// 1 / log2(3) and 1 / log2(5)
const G2 = 1 / Math.log2(3);
const G4 = 1 / Math.log2(5);

function expectScores(actual: Record<string, number | null>, expected: Record<string, number | null>) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, value] of Object.entries(expected)) {
    if (value === null) expect(actual[key], key).toBe(null);
    else expect(actual[key], key).toBeCloseTo(value, 12);
  }
}

describe('scoreRanking', () => {
  test('default cut-offs 1, 5, 10 over [a, x, a, b] against {a, b}', () => {
    expectScores(scoreRanking(list('a', 'x', 'a', 'b'), gold2), {
      'recall@1': 1,
      'fractional_recall@1': 0.5,
      'recall@5': 1,
      'fractional_recall@5': 1,
      'recall@10': 1,
      'fractional_recall@10': 1,
      // credited at 1 and 4 (the repeat of a at 3 is not): (1/1 + 2/4) / 2
      'map@10': 0.75,
      // (1 + 1/log2(5)) / (1 + 1/log2(3))
      'ndcg@10': (1 + G4) / (1 + G2),
      'precision@1': 1,
      mrr: 1,
      coverage: 1,
      'pass@1-needle': null,
    });
  });

  test('an empty list with gold is a measured 0 everywhere', () => {
    const scores = scoreRanking([], gold2, { ks: [3] });
    expect(scores).toEqual({
      'recall@3': 0,
      'fractional_recall@3': 0,
      'map@3': 0,
      'ndcg@3': 0,
      'precision@1': 0,
      mrr: 0,
      coverage: 0,
      'pass@1-needle': null,
    });
  });

  test('a task without gold is null everywhere, same keys', () => {
    const scores = scoreRanking(list('a'), noGold, { ks: [1, 5] });
    expect(Object.values(scores).every((value) => value === null)).toBe(true);
    expect(Object.keys(scores)).toEqual([
      'recall@1',
      'fractional_recall@1',
      'recall@5',
      'fractional_recall@5',
      'map@5',
      'ndcg@5',
      'precision@1',
      'mrr',
      'coverage',
      'pass@1-needle',
    ]);
  });

  const pieces = [
    { path: 'x', name: 'f1' },
    { path: 'x', name: 'f2' },
    { path: 'a', name: 'g' },
    { path: './a', name: 'h' },
    { path: 'b' },
  ];

  test('piece level scores every row: a at 3, b at 5', () => {
    expectScores(scoreRanking(pieces, gold2, { ks: [1, 2] }), {
      'recall@1': 0,
      'fractional_recall@1': 0,
      'recall@2': 0,
      'fractional_recall@2': 0,
      'map@2': 0,
      'ndcg@2': 0,
      'precision@1': 0,
      mrr: 1 / 3,
      coverage: 1,
      'pass@1-needle': null,
    });
  });

  test('file level scores the distinct files [x, a, b]', () => {
    expectScores(scoreRanking(pieces, gold2, { ks: [1, 2], level: 'file' }), {
      'recall@1': 0,
      'fractional_recall@1': 0,
      'recall@2': 1,
      'fractional_recall@2': 0.5,
      // a at 2: (1/2) / min(2, 2)
      'map@2': 0.25,
      // (1/log2(3)) / (1 + 1/log2(3))
      'ndcg@2': G2 / (1 + G2),
      'precision@1': 0,
      mrr: 0.5,
      coverage: 1,
      'pass@1-needle': null,
    });
  });

  test('a needle task: pieces judged by body, files by the gold files', () => {
    const task = {
      id: 'n',
      gold: { body: 'func Add(a, b int) int { return a + b }', files: ['calc/add.go'] },
    };
    const rows = [
      { path: 'calc/add.go', text: 'func Sub(a, b int) int { return a - b }' },
      { path: 'calc/add.go', text: 'func Add(a, b int) int {\n\treturn a + b\n}' },
    ];
    const piece = scoreRanking(rows, task, { ks: [1] });
    expect(piece).toMatchObject({ 'recall@1': 0, mrr: 0.5, coverage: 1, 'pass@1-needle': 0 });
    const file = scoreRanking(rows, task, { ks: [1], level: 'file' });
    expect(file).toMatchObject({ 'recall@1': 1, mrr: 1, coverage: 1, 'pass@1-needle': null });
  });

  test('cut-offs are sorted and deduplicated; the largest sets the map and ndcg depth', () => {
    expect(Object.keys(scoreRanking(list('a'), gold2, { ks: [10, 1, 10] }))).toEqual([
      'recall@1',
      'fractional_recall@1',
      'recall@10',
      'fractional_recall@10',
      'map@10',
      'ndcg@10',
      'precision@1',
      'mrr',
      'coverage',
      'pass@1-needle',
    ]);
  });

  test.each([
    [
      { ks: [] },
      /Expected the `ks` option to be a non-empty array of positive integers, got `\[\]` \(array\)/,
    ],
    [{ ks: [5, 0] }, /Expected the `ks` option to be a positive integer, got `0` \(number\)/],
    [{ level: 'files' }, /Expected the `level` option to be 'piece' or 'file', got `files` \(string\)/],
  ])('refuses %j by name', (options, message) => {
    expect(() => scoreRanking(list('a'), gold2, options as never)).toThrow(message);
  });
});
