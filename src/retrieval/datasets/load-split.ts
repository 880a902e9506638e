import { dirname } from 'node:path';
import type { Task } from '../task/schema.js';
import type { LoadedDataset } from './loaded.js';
import { type DatasetDefinition, loadDataset, resolveDataset } from './registry.js';
import type { RepoSource } from './repo-source.js';
import { parseSplitName, type Slice, sliceTasks } from './slices.js';

export interface LoadedSplit extends LoadedDataset {
  definition: DatasetDefinition;
  slice: Slice;
  /** Tasks in the dataset before slicing. */
  total: number;
}

/**
 * Loads `<dataset>/<slice>`: resolves the dataset, loads its records and cuts the slice.
 *
 * @example
 * const { tasks, dropped } = await loadSplit('fixture-code/small_test', { reposDir: 'repos' });
 */
export async function loadSplit(
  split: string,
  options: RepoSource & { seed?: number; registryDir?: string },
): Promise<LoadedSplit> {
  const { dataset, slice } = parseSplitName(split);
  const definition = resolveDataset(dataset, options.registryDir);
  const loaded = await loadDataset(definition, options);
  const tasks: Task[] = sliceTasks(loaded.tasks, slice, {
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(definition.offers ? { offers: definition.offers } : {}),
    root: dirname(definition.file),
  });
  return { ...loaded, tasks, definition, slice, total: loaded.tasks.length };
}
