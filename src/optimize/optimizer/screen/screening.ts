import { invalidOption } from '../../../core/index.js';
import type { Candidate } from '../candidate.js';
import type { EvaluationCache } from '../evaluate/evaluation-cache.js';
import { meanOverRepeats } from '../evaluate/objective.js';

/**
 * Runs a candidate on tasks and returns each task's objective (`null`: undefined for it). A task
 * missing from the map failed (the rollout errored): it is not cached and is tried again later.
 */
export type Evaluator = (
  candidate: Candidate,
  taskIds: readonly string[],
  context: { slice: string; repeat: number },
) => Promise<ReadonlyMap<string, number | null>>;

export interface EvaluateOptions {
  slice: string;
  repeats?: number;
  evaluate: Evaluator;
  cache: EvaluationCache;
}

/** One candidate's scores on some tasks: per task the mean over repeats; missing when it failed. */
export interface Evaluated {
  scores: Map<string, number | null>;
  /** Rollouts requested from the evaluator (paid for), failures included. */
  rollouts: number;
  /** Rollouts that failed: not cached, not scored. */
  failed: number;
}

/**
 * Scores a candidate on tasks through the cache: only (hash, slice, task, repeat) keys the cache
 * lacks are sent to the evaluator, and only successful results are cached.
 *
 * @example
 * const { scores, rollouts } = await evaluateCandidate(incumbent, taskIds, { slice: 'small_dev', evaluate, cache });
 */
export async function evaluateCandidate(
  candidate: Candidate,
  taskIds: readonly string[],
  options: EvaluateOptions,
): Promise<Evaluated> {
  const repeats = options.repeats ?? 1;
  if (!Number.isInteger(repeats) || repeats < 1)
    throw invalidOption('repeats', 'a positive integer', repeats);
  const perTask = new Map<string, (number | null)[]>(taskIds.map((t) => [t, []]));
  let rollouts = 0;
  let failed = 0;
  for (let repeat = 0; repeat < repeats; repeat++) {
    const key = (task: string) => ({ hash: candidate.hash, slice: options.slice, task, repeat });
    const todo = taskIds.filter((task) => options.cache.get(key(task)) === undefined);
    if (todo.length > 0) {
      rollouts += todo.length;
      const results = await options.evaluate(candidate, todo, { slice: options.slice, repeat });
      for (const task of todo) {
        const value = results.get(task);
        if (value === undefined) failed++;
        else options.cache.set(key(task), value);
      }
    }
    for (const task of taskIds) {
      const value = options.cache.get(key(task));
      if (value !== undefined) perTask.get(task)!.push(value);
    }
  }
  const scores = new Map<string, number | null>();
  // A task is scored once every repeat succeeded, so candidates compare on the same repeats.
  for (const [task, values] of perTask)
    if (values.length === repeats) scores.set(task, meanOverRepeats(values));
  return { scores, rollouts, failed };
}

/** Mean of the defined scores over the given tasks; `null` when none is defined. */
export function meanScore(
  scores: ReadonlyMap<string, number | null>,
  taskIds: readonly string[],
): number | null {
  const values = taskIds.map((t) => scores.get(t)).filter((v): v is number => v !== null && v !== undefined);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Mean of candidate - baseline over tasks both defined; `null` with no pair. */
export function meanPairedDelta(
  candidate: ReadonlyMap<string, number | null>,
  baseline: ReadonlyMap<string, number | null>,
): number | null {
  let sum = 0;
  let n = 0;
  for (const [task, value] of candidate) {
    const base = baseline.get(task);
    if (value === null || base === null || base === undefined) continue;
    sum += value - base;
    n++;
  }
  return n === 0 ? null : sum / n;
}

export interface ScreenOptions extends EvaluateOptions {
  candidates: readonly Candidate[];
  /** The whole search slice, in the order rungs take it (shuffle it with the campaign's seed). */
  taskIds: readonly string[];
  /** Tasks of the first rung. */
  minibatch: number;
  /** Keep the best ceil(n / eta) at each rung; the next rung has eta times the tasks. */
  eta: number;
  /** The incumbent's scores on the slice: survivors get their paired delta against it. */
  baseline?: ReadonlyMap<string, number | null>;
}

export interface Rung {
  tasks: number;
  candidates: string[];
  /** Candidate id -> mean objective over the rung's tasks. */
  means: Record<string, number | null>;
}

export interface ScreeningResult {
  rungs: Rung[];
  /** The candidates that reached the whole slice, best mean first. */
  survivors: Candidate[];
  /** Every candidate's per-task scores, over the tasks it was run on. */
  scores: Map<string, Map<string, number | null>>;
  /** Survivor id -> mean paired delta against `baseline` on the whole slice (`null` without one). */
  deltas: Map<string, number | null>;
  rollouts: number;
  failed: number;
}

const rank = (a: number | null, b: number | null) =>
  (b ?? Number.NEGATIVE_INFINITY) - (a ?? Number.NEGATIVE_INFINITY);

/**
 * Successive halving on the search slice (Jamieson and Talwalkar 2016): every candidate on a
 * minibatch, the best 1/eta on eta times the tasks, and so on until the survivors have run on the
 * whole slice. Through the cache, a task a candidate already ran on is never paid for again.
 *
 * @example
 * // 8 candidates, 32 tasks, minibatch 8, eta 2: 8 on 8 tasks, 4 on 16, 2 on 32:
 * // 8*8 + 4*8 + 2*16 = 128 rollouts instead of 8*32 = 256.
 * const result = await screenCandidates({ candidates, taskIds, minibatch: 8, eta: 2, slice, evaluate, cache });
 */
export async function screenCandidates(options: ScreenOptions): Promise<ScreeningResult> {
  const { taskIds, eta } = options;
  if (!Number.isInteger(options.minibatch) || options.minibatch < 1) {
    throw invalidOption('minibatch', 'a positive integer', options.minibatch);
  }
  if (!Number.isInteger(eta) || eta < 2) throw invalidOption('eta', 'an integer of at least 2', eta);
  const scores = new Map<string, Map<string, number | null>>();
  const rungs: Rung[] = [];
  let rollouts = 0;
  let failed = 0;
  let alive = [...options.candidates];
  let size = Math.min(options.minibatch, taskIds.length);
  while (alive.length > 0) {
    const tasks = taskIds.slice(0, size);
    const means: Record<string, number | null> = {};
    for (const candidate of alive) {
      const result = await evaluateCandidate(candidate, tasks, options);
      rollouts += result.rollouts;
      failed += result.failed;
      const own = scores.get(candidate.id) ?? new Map<string, number | null>();
      for (const [task, value] of result.scores) own.set(task, value);
      scores.set(candidate.id, own);
      means[candidate.id] = meanScore(own, tasks);
    }
    rungs.push({ tasks: size, candidates: alive.map((c) => c.id), means });
    // Stable sort: equal means keep the proposal order.
    alive = [...alive].sort((a, b) => rank(means[a.id] ?? null, means[b.id] ?? null));
    if (size >= taskIds.length) break;
    alive = alive.slice(0, Math.max(1, Math.ceil(alive.length / eta)));
    size = Math.min(taskIds.length, size * eta);
  }
  const deltas = new Map<string, number | null>();
  for (const survivor of alive) {
    deltas.set(
      survivor.id,
      options.baseline ? meanPairedDelta(scores.get(survivor.id)!, options.baseline) : null,
    );
  }
  return { rungs, survivors: alive, scores, deltas, rollouts, failed };
}

/**
 * The survivor to send to confirmation: the best whose paired delta on the search slice exceeds
 * `minDelta` (the margin), or `null` when none does (the held-out slice is not spent on it).
 *
 * @example
 * screeningWinner(result, 0.02)?.id; // 'c1.3'
 */
export function screeningWinner(result: ScreeningResult, minDelta: number): Candidate | null {
  for (const survivor of result.survivors) {
    const delta = result.deltas.get(survivor.id) ?? null;
    if (delta !== null && delta > minDelta) return survivor;
  }
  return null;
}

/**
 * The rollouts `screenCandidates` pays for when no task is cached and no rollout fails: rung j
 * runs its survivors on the tasks the rung adds (earlier rungs' tasks are cached), times repeats.
 *
 * @example
 * screeningRollouts({ candidates: 8, tasks: 32, minibatch: 8, eta: 2 }); // 8*8 + 4*8 + 2*16 = 128
 */
export function screeningRollouts(options: {
  candidates: number;
  tasks: number;
  minibatch: number;
  eta: number;
  repeats?: number;
}): number {
  let alive = options.candidates;
  let done = 0;
  let size = Math.min(options.minibatch, options.tasks);
  let total = 0;
  while (alive > 0) {
    total += alive * (size - done);
    if (size >= options.tasks) break;
    done = size;
    alive = Math.max(1, Math.ceil(alive / options.eta));
    size = Math.min(options.tasks, size * options.eta);
  }
  return total * (options.repeats ?? 1);
}
