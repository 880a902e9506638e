import { relative, resolve, sep } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { stratifiedSplit } from '../../stats/index.js';
import { corpusKey } from '../task/corpus-key.js';
import type { Task } from '../task/schema.js';

export const SLICES = ['all', 'dev', 'test', 'small_dev', 'small_test'] as const;
export type Slice = (typeof SLICES)[number];

export interface SliceOptions {
  seed?: number;
  devFraction?: number;
  smallSize?: number;
  /** Slices this dataset offers, when not all (e.g. a test-only set); `why` explains a refusal. */
  offers?: { slices: readonly Slice[]; why: string };
  /**
   * Where the dataset's records sit: a `dir` corpus is named relative to it in the split's
   * stratum, so the split does not depend on where the checkout is.
   */
  root?: string;
}

/**
 * The stratum a task is split in: its corpus, a `dir` corpus named relative to `root` (POSIX
 * separators) so two clones at different paths cut the same slices.
 *
 * @example
 * splitStratum({ dir: '/work/a/fixtures/corpora/py-shop' }, '/work/a/fixtures/datasets'); // 'dir:../corpora/py-shop'
 */
export function splitStratum(corpus: Task['corpus'], root: string | undefined): string {
  if (root === undefined || corpus === undefined || !('dir' in corpus)) return corpusKey(corpus);
  return `dir:${relative(resolve(root), resolve(corpus.dir)).split(sep).join('/')}`;
}

/** Splits `dataset/slice` at its last slash: `tasks/small_test` -> ['tasks', 'small_test']. */
export function parseSplitName(split: string): { dataset: string; slice: Slice } {
  const cut = split.lastIndexOf('/');
  const slice = split.slice(cut + 1);
  if (cut <= 0 || !SLICES.includes(slice as Slice)) {
    throw new AgentTrackError(
      'UNKNOWN_SLICE',
      `Expected a split of the form \`<dataset>/<slice>\` with a slice among ${SLICES.join(', ')}, got \`${split}\``,
      { data: { split } },
    );
  }
  return { dataset: split.slice(0, cut), slice: slice as Slice };
}

/**
 * The tasks of one slice: `all`, or a side of the seeded stratified split (stratum = the task's
 * corpus, i.e. its repository). A slice the dataset cannot offer is refused with why.
 *
 * @example
 * sliceTasks(tasks, 'small_test', { seed: 0 });
 */
export function sliceTasks(tasks: readonly Task[], slice: Slice, options: SliceOptions = {}): Task[] {
  if (options.offers && !options.offers.slices.includes(slice)) {
    throw new AgentTrackError(
      'SLICE_NOT_OFFERED',
      `This dataset cannot offer \`${slice}\`: ${options.offers.why}`,
      {
        data: { slice },
      },
    );
  }
  if (slice === 'all') return [...tasks];
  if (tasks.length < 2) {
    throw new AgentTrackError(
      'SLICE_NOT_OFFERED',
      `This dataset cannot offer \`${slice}\`: it has ${tasks.length} task(s), and a dev/test split needs at least 2`,
      { data: { slice, tasks: tasks.length } },
    );
  }
  const split = stratifiedSplit(tasks, {
    stratum: (task) => splitStratum(task.corpus, options.root),
    id: (task) => task.id,
    seed: options.seed ?? 0,
    devFraction: options.devFraction ?? 0.5,
    smallSize: options.smallSize ?? 30,
  });
  return split[slice];
}
