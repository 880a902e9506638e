import { describe, expect, expectTypeOf, test } from 'vitest';
import type { RankedItem, RankingScores, RecallAtK, Task } from '../../src/retrieval/index.js';
import * as retrieval from '../../src/retrieval/index.js';
import type { ResultRow } from '../../src/trajectory/schema.js';

describe('agent-track/retrieval public surface', () => {
  test('exports the scoring and task API by name', () => {
    for (const name of [
      'isRelevant',
      'matchGold',
      'goldMatcher',
      'goldKindOf',
      'judgeList',
      'recallAtK',
      'hitAtK',
      'mapAtK',
      'precisionAt1',
      'mrr',
      'ndcgAtK',
      'coverage',
      'passAt1Needle',
      'scoreRanking',
      'goldRanksOf',
      'normalizePath',
      'readTasks',
      'parseTasksJsonl',
      'taskSchema',
    ]) {
      expect(retrieval, name).toHaveProperty(name);
    }
  });

  test('types', () => {
    expectTypeOf(retrieval.scoreRanking).returns.toEqualTypeOf<RankingScores>();
    expectTypeOf(retrieval.recallAtK).returns.toEqualTypeOf<RecallAtK | null>();
    expectTypeOf(retrieval.hitAtK).returns.toEqualTypeOf<0 | 1 | null>();
    expectTypeOf(retrieval.mapAtK).returns.toEqualTypeOf<number | null>();
    expectTypeOf(retrieval.matchGold).returns.toEqualTypeOf<string | null>();
    expectTypeOf(retrieval.readTasks).returns.resolves.toEqualTypeOf<Task[]>();
    // a trajectory search row is a ranked item as it is
    expectTypeOf<ResultRow>().toExtend<RankedItem>();
    expectTypeOf<Task>().toExtend<retrieval.ScoredTask>();
  });
});
