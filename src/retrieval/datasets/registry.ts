import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { AgentTrackError, issueParts } from '../../core/index.js';
import { readTasks } from '../task/read-tasks.js';
import type { LoadedDataset } from './loaded.js';
import type { RepoSource } from './repo-source.js';
import { loadRepoQa } from './repoqa.js';
import { SLICES } from './slices.js';
import { loadSweQa } from './swe-qa.js';

export const LOADERS = ['native', 'swe-qa', 'swe-qa-pro', 'repoqa'] as const;
export type LoaderName = (typeof LOADERS)[number];

/** One registered dataset: a YAML file in `configs/datasets/`, so a new dataset is one file. */
export const datasetDefinitionSchema = z
  .object({
    description: z.string(),
    loader: z.enum(LOADERS),
    /** The records, relative to the definition file. */
    file: z.string().min(1),
    repo: z.string().optional(),
    commit: z.string().optional(),
    offers: z
      .object({ slices: z.array(z.enum(SLICES)).min(1), why: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();
export type DatasetDefinition = z.infer<typeof datasetDefinitionSchema> & { name: string };

/** The registry shipped with the package: `configs/datasets/` beside `src/` (or `dist/`). */
export const BUILT_IN_DATASETS_DIR = resolve(import.meta.dirname, '../../../configs/datasets');

/** Every registered dataset definition in a directory, by name (the file name without `.yaml`). */
export function listDatasets(dir: string = BUILT_IN_DATASETS_DIR): DatasetDefinition[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => readDefinition(join(dir, file)));
}

function readDefinition(file: string): DatasetDefinition {
  const parsed = datasetDefinitionSchema.safeParse(
    parseYaml(readFileSync(file, 'utf8'), { logLevel: 'error' }),
  );
  if (!parsed.success) {
    const { key, unknownKeys, message } = issueParts(parsed.error.issues[0]!, undefined);
    const named = unknownKeys === null ? key : unknownKeys.join(', ');
    throw new AgentTrackError('INVALID_DATASET_DEFINITION', `${file}: \`${named}\`: ${message}`, {
      data: { file, key: named },
      cause: parsed.error,
    });
  }
  const name = file.slice(file.lastIndexOf('/') + 1, -'.yaml'.length);
  return { ...parsed.data, name, file: resolve(dirname(file), parsed.data.file) };
}

/**
 * Resolves a dataset name: a registered name (`configs/datasets/<name>.yaml`), `loader:FILE`
 * (`swe-qa-pro:data/train.jsonl`), or the path of a native `tasks.jsonl`.
 *
 * @example
 * resolveDataset('fixture-code'); resolveDataset('swe-qa-pro:../train.jsonl'); resolveDataset('my/tasks.jsonl');
 */
export function resolveDataset(name: string, registryDir: string = BUILT_IN_DATASETS_DIR): DatasetDefinition {
  const registered = join(registryDir, `${name}.yaml`);
  if (/^[\w.-]+$/.test(name) && existsSync(registered)) return readDefinition(registered);
  const colon = name.indexOf(':');
  const loader = colon > 0 ? name.slice(0, colon) : undefined;
  if (loader !== undefined && (LOADERS as readonly string[]).includes(loader)) {
    return {
      name,
      description: `${loader} records`,
      loader: loader as LoaderName,
      file: resolve(name.slice(colon + 1)),
    };
  }
  if (name.endsWith('.jsonl') && existsSync(name)) {
    return { name, description: 'native tasks.jsonl', loader: 'native', file: resolve(name) };
  }
  const known = listDatasets(registryDir).map((d) => d.name);
  throw new AgentTrackError(
    'UNKNOWN_DATASET',
    `No dataset \`${name}\`: registered are ${known.length ? known.join(', ') : '(none)'}; or give \`${LOADERS.join('|')}:FILE\`, or the path of an existing tasks.jsonl`,
    { data: { name, known } },
  );
}

/** Loads a resolved dataset's tasks with its loader. */
export async function loadDataset(definition: DatasetDefinition, source: RepoSource): Promise<LoadedDataset> {
  switch (definition.loader) {
    case 'native': {
      // readTasks reads a relative corpus directory from where the tasks file sits.
      return { tasks: await readTasks(definition.file), dropped: {}, notes: [] };
    }
    case 'repoqa':
      return loadRepoQa({ file: definition.file, name: definition.name });
    default:
      return loadSweQa({
        file: definition.file,
        source,
        name: definition.name,
        ...(definition.repo ? { repo: definition.repo } : {}),
        ...(definition.commit ? { commit: definition.commit } : {}),
      });
  }
}
