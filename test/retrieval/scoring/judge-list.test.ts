import { describe, expect, test } from 'vitest';
import { distinctFiles } from '../../../src/retrieval/scoring/distinct-files.js';
import { goldRanksOf } from '../../../src/retrieval/scoring/gold-ranks.js';
import { judgeList } from '../../../src/retrieval/scoring/judge-list.js';
import { gold3, list, noGold } from './fixtures.js';

describe('judgeList', () => {
  test('credits each gold item at its first appearance only', () => {
    expect(judgeList(list('x', 'b', './b', 'a', 'b'), gold3)).toEqual({
      gold: ['a', 'b', 'c'],
      matches: [null, 'b', 'b', 'a', 'b'],
      credited: [false, true, false, true, false],
    });
  });

  test('null without gold', () => {
    expect(judgeList(list('a'), noGold)).toBe(null);
  });
});

describe('goldRanksOf', () => {
  test('first 1-based rank per gold item, null when never reached', () => {
    const judged = judgeList(list('x', 'b', './b', 'a'), gold3)!;
    expect(goldRanksOf(judged)).toEqual({ a: 4, b: 2, c: null });
  });
});

describe('distinctFiles', () => {
  test('each file once, first spelling, first-appearance order, pathless items skipped', () => {
    const items = [
      { path: 'src/a.py', name: 'f' },
      { doc_id: 'd' },
      { path: 'b.py' },
      { path: '.\\src\\a.py' },
    ];
    expect(distinctFiles(items)).toEqual([{ path: 'src/a.py' }, { path: 'b.py' }]);
  });

  test('case-folded only on request', () => {
    expect(distinctFiles(list('A.py', 'a.py'))).toEqual([{ path: 'A.py' }, { path: 'a.py' }]);
    expect(distinctFiles(list('A.py', 'a.py'), { caseInsensitivePaths: true })).toEqual([{ path: 'A.py' }]);
  });
});
