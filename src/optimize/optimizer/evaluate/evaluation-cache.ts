import { z } from 'zod';
import { openJsonlLog } from '../../../core/index.js';

/** What one evaluation is keyed by: the artifact, the slice, the task and the repeat. */
export interface EvaluationKey {
  hash: string;
  slice: string;
  task: string;
  repeat: number;
}

/**
 * Objectives already paid for. `get` is `undefined` when the key was never evaluated, `null`
 * when it was and the objective is undefined for it. Only successful evaluations are ever `set`:
 * a failed rollout is retried, never remembered as a score.
 */
export interface EvaluationCache {
  get(key: EvaluationKey): number | null | undefined;
  set(key: EvaluationKey, value: number | null): void;
  readonly size: number;
}

const keyString = (key: EvaluationKey) => JSON.stringify([key.hash, key.slice, key.task, key.repeat]);

const lineSchema = z
  .object({
    hash: z.string(),
    slice: z.string(),
    task: z.string(),
    repeat: z.number().int().min(0),
    value: z.number().nullable(),
  })
  .strict();

/**
 * A cache held in memory.
 *
 * @example
 * const cache = createMemoryCache();
 * cache.set({ hash, slice: 'small_dev', task: 't1', repeat: 0 }, 0.75);
 */
export function createMemoryCache(): EvaluationCache {
  const values = new Map<string, number | null>();
  return {
    get: (key) => values.get(keyString(key)),
    set: (key, value) => void values.set(keyString(key), value),
    get size() {
      return values.size;
    },
  };
}

/**
 * A cache backed by an append-only JSONL file (one evaluation a line), so a resumed campaign
 * reads back everything it paid for. A torn last line (a crash mid-append) is cut off and that
 * evaluation is simply run again; any other bad line is refused (the one JSONL log rule).
 *
 * @example
 * const cache = openFileCache('runs/c1/evaluations.jsonl');
 */
export function openFileCache(file: string): EvaluationCache {
  const memory = createMemoryCache();
  const log = openJsonlLog(file, lineSchema, 'evaluation cache');
  for (const line of log.records) memory.set(line, line.value);
  return {
    get: (key) => memory.get(key),
    set(key, value) {
      log.append({ hash: key.hash, slice: key.slice, task: key.task, repeat: key.repeat, value });
      memory.set(key, value);
    },
    get size() {
      return memory.size;
    },
  };
}
