import type { ServingConfig } from '../../product/index.js';
import { ensureIndex, type IndexStatus, indexStatus } from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import { corpusKey } from '../../retrieval/index.js';
import type { PlanInput } from './plan.js';

type CorpusLine = NonNullable<PlanInput['corpora']>[number];

/**
 * The corpora a split covers, each checked in the index cache by the launching checkout: valid
 * for this serving config, built with another config (named, refused), or missing; with the
 * source bytes the plan's embed estimate reads. `build` indexes every one not valid.
 *
 * @example
 * const lines = await surveyCorpora(tasks, { cacheDir, reposDir, config, build: false });
 */
export async function surveyCorpora(
  tasks: readonly Task[],
  options: { cacheDir: string; reposDir: string; config: ServingConfig; build: boolean },
): Promise<CorpusLine[]> {
  const lines: CorpusLine[] = [];
  const seen = new Set<string>();
  for (const task of tasks) {
    const key = corpusKey(task.corpus);
    if (task.corpus === undefined || seen.has(key)) continue;
    seen.add(key);
    const status: IndexStatus = options.build
      ? await ensureIndex(task.corpus, options)
      : await indexStatus(task.corpus, options);
    lines.push({
      key,
      state: status.state === 'built' ? 'valid' : status.state === 'other-config' ? 'invalid' : 'missing',
      sourceBytes: status.sourceBytes,
      reason:
        status.state === 'other-config'
          ? `bundle in ${status.workspace} was built with another config`
          : null,
    });
  }
  return lines;
}
