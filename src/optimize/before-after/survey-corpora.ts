import type { ServingConfig } from '../../product/index.js';
import { ensureIndex, type IndexStatus, indexCodeId, indexStatus } from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import { corpusKey } from '../../retrieval/index.js';
import type { PreparedArms } from '../campaign/arms/prepare-arms.js';
import type { PlanInput } from './plan.js';

type CorpusLine = NonNullable<PlanInput['corpora']>[number];

/** The index code one or more arms build with (`indexCodeId` of their worktree). */
export interface IndexCode {
  code: string;
  arms: readonly string[];
}

/**
 * The corpora a split covers, each checked in the index cache for each index code the arms build
 * with: valid for this serving config, built with another config (named, refused), or missing;
 * with the source bytes the plan's embed estimate reads. `build` indexes every one not valid whose
 * code is the launching checkout's own; an arm with other index code builds its own when it runs
 * (the cache key holds the code, so no arm is ever served another's index). With one code, a line
 * is keyed by its corpus; with several, by corpus and the arms that share the code.
 *
 * @example
 * const lines = await surveyCorpora(tasks, { cacheDir, reposDir, config, build: false, codes: [{ code: indexCodeId(), arms: ['baseline', 'candidate'] }] });
 */
export async function surveyCorpora(
  tasks: readonly Task[],
  options: {
    cacheDir: string;
    reposDir: string;
    config: ServingConfig;
    build: boolean;
    codes?: readonly IndexCode[];
  },
): Promise<CorpusLine[]> {
  const codes = options.codes ?? [{ code: indexCodeId(), arms: [] }];
  const lines: CorpusLine[] = [];
  const seen = new Set<string>();
  for (const task of tasks) {
    const key = corpusKey(task.corpus);
    if (task.corpus === undefined || seen.has(key)) continue;
    seen.add(key);
    for (const { code, arms } of codes) {
      const own = code === indexCodeId();
      const status: IndexStatus =
        options.build && own
          ? await ensureIndex(task.corpus, options)
          : await indexStatus(task.corpus, { ...options, code });
      lines.push({
        key: codes.length === 1 ? key : `${key} (${arms.join(', ')})`,
        state: status.state === 'built' ? 'valid' : status.state === 'other-config' ? 'invalid' : 'missing',
        sourceBytes: status.sourceBytes,
        reason:
          status.state === 'other-config'
            ? `bundle in ${status.workspace} was built with another config`
            : null,
      });
    }
  }
  return lines;
}

// The index code each arm builds with: an arm with its own harness indexes with its worktree's code
// (the reference product at that commit); an arm run by this agent-track's harness with this one's.
export function indexCodes(arms: PreparedArms['arms']): IndexCode[] {
  const byCode = new Map<string, string[]>();
  for (const arm of arms) {
    const code = arm.productArgs.length === 0 ? indexCodeId(arm.worktree) : indexCodeId();
    byCode.set(code, [...(byCode.get(code) ?? []), arm.arm]);
  }
  return [...byCode].map(([code, names]) => ({ code, arms: names }));
}
