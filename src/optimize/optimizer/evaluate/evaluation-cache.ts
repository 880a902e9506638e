import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

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
 * reads back everything it paid for. A torn last line (a crash mid-append) is ignored; any other
 * line that does not parse is skipped the same way, since a lost score costs a rollout, not a
 * wrong decision.
 *
 * @example
 * const cache = openFileCache('runs/c1/evaluations.jsonl');
 */
export function openFileCache(file: string): EvaluationCache {
  const memory = createMemoryCache();
  const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (text !== null) {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let parsed: z.infer<typeof lineSchema>;
      try {
        parsed = lineSchema.parse(JSON.parse(line));
      } catch {
        continue;
      }
      memory.set(parsed, parsed.value);
    }
  } else {
    mkdirSync(dirname(file), { recursive: true });
  }
  let torn = text !== null && text.length > 0 && !text.endsWith('\n');
  return {
    get: (key) => memory.get(key),
    set(key, value) {
      const line = JSON.stringify({
        hash: key.hash,
        slice: key.slice,
        task: key.task,
        repeat: key.repeat,
        value,
      });
      // After a torn tail, start on a fresh line so the torn bytes stay one skipped line.
      appendFileSync(file, `${torn ? '\n' : ''}${line}\n`);
      torn = false;
      memory.set(key, value);
    },
    get size() {
      return memory.size;
    },
  };
}
