import { invalidOption } from '../../core/index.js';
import { distinctFiles } from './distinct-files.js';
import { checkK, judgeList } from './judge-list.js';
import { coverageOf } from './metrics/coverage.js';
import { mapAtKOf } from './metrics/map-at-k.js';
import { mrrOf } from './metrics/mrr.js';
import { ndcgAtKOf } from './metrics/ndcg-at-k.js';
import { passAt1Needle } from './metrics/pass-at-1-needle.js';
import { precisionAt1Of } from './metrics/precision-at-1.js';
import { recallAtKOf } from './metrics/recall-at-k.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from './types.js';

/** Options of `scoreRanking`. */
export interface ScoreRankingOptions extends RelevanceOptions {
  /** Cut-offs for `recall@k` and `fractional_recall@k`; the largest is also the depth of `map@` and `ndcg@`. Default `[1, 5, 10]`. */
  readonly ks?: readonly number[] | undefined;
  /**
   * `piece` scores the list as given; `file` scores its distinct files in first-appearance order
   * against the task's file gold (`kind` is then `files`, and `pass@1-needle` is `null`).
   * Default `piece`.
   */
  readonly level?: 'piece' | 'file' | undefined;
}

/** One task's scores keyed by report name; `null` where undefined (no gold of the kind judged). */
export type RankingScores = Record<string, number | null>;

/**
 * Every ranked metric of one list against one task, in one bundle keyed by report name:
 * `recall@k` (1/0, the same number as `hit@k`) and `fractional_recall@k` per k, `map@K` and
 * `ndcg@K` at the largest k, `precision@1`, `mrr`, `coverage`, `pass@1-needle`. The list is judged
 * once. Aggregating over tasks (mean, bootstrap interval) is the stats layer's job.
 *
 * @example
 * scoreRanking([{ path: 'x.py' }, { path: 'a.py' }], { id: 't', gold: { files: ['a.py', 'b.py'] } }, { ks: [1, 5] });
 * // { 'recall@1': 0, 'fractional_recall@1': 0, 'recall@5': 1, 'fractional_recall@5': 0.5,
 * //   'map@5': 0.25, 'ndcg@5': 0.3868..., 'precision@1': 0, mrr: 0.5, coverage: 0.5, 'pass@1-needle': null }
 */
export function scoreRanking(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: ScoreRankingOptions = {},
): RankingScores {
  const ks = checkKs(options.ks ?? [1, 5, 10]);
  const level = options.level ?? 'piece';
  if (level !== 'piece' && level !== 'file') throw invalidOption('level', "'piece' or 'file'", level);
  const depth = ks.at(-1)!;
  const list = level === 'file' ? distinctFiles(items, options) : items;
  const judged = judgeList(list, task, level === 'file' ? { ...options, kind: 'files' } : options);
  const scores: RankingScores = {};
  for (const k of ks) {
    const recall = judged === null ? null : recallAtKOf(judged, k);
    scores[`recall@${k}`] = recall?.hit ?? null;
    scores[`fractional_recall@${k}`] = recall?.fraction ?? null;
  }
  scores[`map@${depth}`] = judged === null ? null : mapAtKOf(judged, depth);
  scores[`ndcg@${depth}`] = judged === null ? null : ndcgAtKOf(judged, depth);
  scores['precision@1'] = judged === null ? null : precisionAt1Of(judged);
  scores.mrr = judged === null ? null : mrrOf(judged);
  scores.coverage = judged === null ? null : coverageOf(judged);
  scores['pass@1-needle'] = level === 'file' ? null : passAt1Needle(items, task, options);
  return scores;
}

function checkKs(ks: unknown): number[] {
  if (!Array.isArray(ks) || ks.length === 0)
    throw invalidOption('ks', 'a non-empty array of positive integers', ks);
  for (const k of ks) checkK(k, 'ks');
  return [...new Set(ks as number[])].sort((a, b) => a - b);
}
