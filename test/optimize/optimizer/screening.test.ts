import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Candidate, makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import {
  createMemoryCache,
  openFileCache,
} from '../../../src/optimize/optimizer/evaluate/evaluation-cache.js';
import {
  type Evaluator,
  evaluateCandidate,
  screenCandidates,
  screeningWinner,
} from '../../../src/optimize/optimizer/screen/screening.js';

const tasks = Array.from({ length: 32 }, (_, i) => `t${i}`);
// Candidate k scores k / 10 on every task: quality is its index.
const candidates = Array.from({ length: 8 }, (_, k) =>
  makeCandidate({ id: `c1.${k}`, parent: 'incumbent', text: `docs ${k}`, operator: 'scripted' }),
);
const quality = (c: Candidate) => Number(c.text.split(' ')[1]) / 10;

function countingEvaluator(fail: (c: Candidate, task: string, calls: number) => boolean = () => false) {
  const log: { candidate: string; tasks: readonly string[]; repeat: number }[] = [];
  const evaluate: Evaluator = async (candidate, taskIds, { repeat }) => {
    log.push({ candidate: candidate.id, tasks: taskIds, repeat });
    const out = new Map<string, number | null>();
    for (const task of taskIds) if (!fail(candidate, task, log.length)) out.set(task, quality(candidate));
    return out;
  };
  return { evaluate, log };
}

describe('screenCandidates', () => {
  test('halves on a minibatch and pays for each (candidate, task) once', async () => {
    const { evaluate } = countingEvaluator();
    const cache = createMemoryCache();
    const result = await screenCandidates({
      candidates,
      taskIds: tasks,
      minibatch: 8,
      eta: 2,
      slice: 'dev',
      evaluate,
      cache,
    });
    // 8 candidates on 8 tasks, the best 4 on 16 (8 new each), the best 2 on 32 (16 new each):
    // 8 * 8 + 4 * 8 + 2 * 16 = 128, against 8 * 32 = 256 for the whole slice.
    expect(result.rollouts).toBe(128);
    expect(result.rungs.map((r) => [r.tasks, r.candidates.length])).toEqual([
      [8, 8],
      [16, 4],
      [32, 2],
    ]);
    expect(result.survivors.map((c) => c.id)).toEqual(['c1.7', 'c1.6']);
    expect(cache.size).toBe(128);

    // A resumed campaign with the same cache pays nothing.
    const again = await screenCandidates({
      candidates,
      taskIds: tasks,
      minibatch: 8,
      eta: 2,
      slice: 'dev',
      evaluate,
      cache,
    });
    expect(again.rollouts).toBe(0);
    expect(again.survivors.map((c) => c.id)).toEqual(['c1.7', 'c1.6']);
  });

  test('the winner must beat the incumbent on the slice by the margin', async () => {
    const { evaluate } = countingEvaluator();
    const cache = createMemoryCache();
    const baseline = new Map(tasks.map((t) => [t, 0.65]));
    const result = await screenCandidates({
      candidates,
      taskIds: tasks,
      minibatch: 8,
      eta: 2,
      slice: 'dev',
      evaluate,
      cache,
      baseline,
    });
    // c1.7: 0.7 - 0.65 = 0.05 > 0.02; nothing beats 0.65 by 0.1
    expect(result.deltas.get('c1.7')).toBeCloseTo(0.05, 12);
    expect(screeningWinner(result, 0.02)?.id).toBe('c1.7');
    expect(screeningWinner(result, 0.1)).toBeNull();
  });

  test('an option out of range is refused by name', async () => {
    const { evaluate } = countingEvaluator();
    const base = { candidates, taskIds: tasks, slice: 'dev', evaluate, cache: createMemoryCache() };
    await expect(screenCandidates({ ...base, minibatch: 0, eta: 2 })).rejects.toThrow('`minibatch`');
    await expect(screenCandidates({ ...base, minibatch: 4, eta: 1 })).rejects.toThrow('`eta`');
  });
});

describe('evaluateCandidate and the cache', () => {
  const one = candidates[3]!;

  test('a failed evaluation is never cached, and is tried again', async () => {
    // The first call loses t1; the second succeeds.
    const { evaluate, log } = countingEvaluator((_c, task, calls) => calls === 1 && task === 't1');
    const cache = createMemoryCache();
    const first = await evaluateCandidate(one, ['t0', 't1', 't2'], { slice: 'dev', evaluate, cache });
    expect(first).toMatchObject({ rollouts: 3, failed: 1 });
    expect([...first.scores.keys()]).toEqual(['t0', 't2']);
    const second = await evaluateCandidate(one, ['t0', 't1', 't2'], { slice: 'dev', evaluate, cache });
    expect(second).toMatchObject({ rollouts: 1, failed: 0 });
    expect(log[1]!.tasks).toEqual(['t1']);
  });

  test('repeats are separate keys; a task is scored by the mean over its repeats', async () => {
    const evaluate: Evaluator = async (_c, taskIds, { repeat }) =>
      new Map(taskIds.map((t) => [t, repeat === 1 ? null : repeat]));
    const cache = createMemoryCache();
    const result = await evaluateCandidate(one, ['t0'], { slice: 'dev', repeats: 3, evaluate, cache });
    // repeats 0, null, 2 -> (0 + 2) / 2 = 1
    expect(result.scores.get('t0')).toBe(1);
    expect(result.rollouts).toBe(3);
    // another slice is another key
    expect((await evaluateCandidate(one, ['t0'], { slice: 'test', evaluate, cache })).rollouts).toBe(1);
  });

  test('a file cache reads back what was paid for, cutting a torn last line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-cache-'));
    try {
      const file = join(dir, 'evaluations.jsonl');
      const { evaluate } = countingEvaluator();
      await evaluateCandidate(one, ['t0', 't1'], { slice: 'dev', evaluate, cache: openFileCache(file) });
      writeFileSync(file, `${readFileSync(file, 'utf8')}{"hash":"ab`); // a crash mid-append
      const resumed = openFileCache(file);
      expect(resumed.size).toBe(2);
      const more = await evaluateCandidate(one, ['t0', 't1', 't2'], {
        slice: 'dev',
        evaluate,
        cache: resumed,
      });
      expect(more.rollouts).toBe(1);
      expect(openFileCache(file).size).toBe(3);
      // The one JSONL log rule: the torn line is cut on open, so the file holds the 3 evaluations.
      expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
