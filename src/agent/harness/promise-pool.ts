import { invalidOption } from '../../core/index.js';

/**
 * Runs `worker` over `items` with at most `concurrency` in flight, starting them in order. Every
 * item is attempted; the first rejection is re-thrown once all have settled.
 *
 * @example
 * await runPool(tasks, 8, async (task) => runTask(task, options));
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw invalidOption('concurrency', 'a positive integer', concurrency);
  }
  let next = 0;
  const failures: unknown[] = [];
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        await worker(items[index]!, index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}
