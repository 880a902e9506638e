import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { selfCommand } from '../../../src/cli/self-command.js';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { writeBeforeAfterReport } from '../../../src/optimize/before-after/write-report.js';
import { decisionRule } from '../../../src/report/index.js';
import { tempDir } from '../campaign/helpers.js';
import { makeFilesystemProduct } from './fs-product.js';

// Repeats on the seeded, sampling stand-in, as an A/A run (the same commit on both arms): every
// (arm, task, repeat) is a rollout; the paired unit stays the task; report.json, report.md and
// the viewer carry pass@k, pass^k, flakiness and spread.
test('--repeats 3 on a sampling stand-in: 2 tasks x 3 repeats x 2 arms, per-task means paired, repeats shown', async () => {
  using dir = tempDir();
  const repo = makeFilesystemProduct(dir.path);
  const run = join(dir.path, 'run');
  const options = {
    repo,
    baseline: 'HEAD',
    candidate: 'HEAD',
    split: 'fixture-code/small_test',
    model: 'offline',
    limit: 2,
    repeats: 3,
    standIn: { temperature: 1.5, seed: 11 },
    cacheDir: join(dir.path, 'cache'),
    dir: run,
    harness: selfCommand('harness'),
    confirmSpend: true,
  };
  const result = await beforeAfter(options);
  expect(result.plan.tasks).toMatchObject({ count: 2, repeats: 3 });
  expect(result.plan.totals.rollouts).toBe(12);
  // The stand-in's sampling is in the block both arms send (so the plan's hash names it).
  expect(result.plan.llm_block.canonical).toContain('"temperature":1.5');
  for (const arm of ['baseline', 'candidate'])
    for (const id of ['go-01', 'go-01~2', 'go-01~3'])
      expect(existsSync(join(run, 'arms', arm, 'tasks', id, 'result.json'))).toBe(true);
  const report = result.report!;
  expect(report.arms.map((arm) => arm.tasks)).toEqual([2, 2]);
  expect(Object.values(report.arms[0]!.outcomes).reduce((a, b) => a + b, 0)).toBe(6);
  const row = (key: string) => report.rows.find((r) => r.key === key)!;
  // The paired unit is the task: 2 pairs; a 0/1 row is the share of its repeats, tested by Wilcoxon.
  expect(row('needle_reached')).toMatchObject({ pairs: 2, kind: 'continuous', test: 'wilcoxon' });
  expect(row('needle_reached').note).toContain('share of its 3 repeats');
  const repeats = report.repeats!;
  expect(repeats.k).toBe(3);
  const reached = repeats.rows.find((r) => r.key === 'needle_reached')!;
  for (const cell of [reached.baseline, reached.candidate]) {
    expect(cell.tasks).toBe(2);
    // pass^3 <= pass@3, and a task is flaky exactly when it passed some but not every repeat.
    expect(cell.pass_hat_k!).toBeLessThanOrEqual(cell.pass_at_k!);
    expect(cell.flaky).toBeCloseTo(cell.pass_at_k! - cell.pass_hat_k!, 12);
  }
  // The sampling stand-in disagrees with itself somewhere: some row has a flaky task.
  expect(repeats.rows.some((r) => (r.baseline.flaky ?? 0) > 0 || (r.candidate.flaky ?? 0) > 0)).toBe(true);
  // Per task: its repeats' passes and spread, consistent with the rows above (flaky = the share
  // of tasks that passed some repeats but not all).
  expect(repeats.by_task.map((t) => [t.baseline.runs, t.candidate.runs])).toEqual([
    [3, 3],
    [3, 3],
  ]);
  for (const arm of ['baseline', 'candidate'] as const) {
    const passes = repeats.by_task.map((t) => t[arm].passed.needle_reached!);
    expect(passes.filter((p) => p > 0 && p < 3).length / 2).toBe(reached[arm].flaky);
    expect(passes.filter((p) => p === 3).length / 2).toBe(reached[arm].pass_hat_k);
  }
  const md = readFileSync(join(run, 'report.md'), 'utf8');
  expect(md).toContain(
    '| task | baseline answered | baseline needle_reached | tool_calls_total sd | needless_call_rate sd |',
  );
  expect(md).toContain('## Repeats');
  expect(md).toContain(
    'the **offline policy**, a seeded, sampling (temperature 1.5, seed 11) stand-in for a model',
  );
  expect(report.stand_in).toEqual({ temperature: 1.5, seed: 11 });
  expect(md).toContain('| metric | baseline pass@3 | pass^3 | flaky | spread |');
  const html = readFileSync(join(run, 'report.html'), 'utf8');
  expect(html).toContain('<h3>Repeats</h3>');
  expect(html).toContain(`<td>${repeats.by_task[0]!.task_id}</td>`);

  // --report-only re-derives the same report from the run's files (its inputs name each repeat).
  const again = await writeBeforeAfterReport(run);
  expect(again.report.rows).toEqual(report.rows);
  expect(again.report.repeats).toEqual(report.repeats);

  // A preview with other repeats in the finished run's directory is refused, never written over its plan.
  await expect(beforeAfter({ ...options, repeats: 2, confirmSpend: false })).rejects.toThrow(
    'was started with another plan',
  );
  expect(JSON.parse(readFileSync(join(run, 'plan.json'), 'utf8')).tasks.repeats).toBe(3);
  // The decision rule is fixed before any number is seen: other margins, another primary or
  // looks are refused too.
  const rule = decisionRule({ primary: 'needle_reached' });
  for (const other of [{ margins: { turns: 1 } }, { rule }, { looks: 2 }]) {
    await expect(beforeAfter({ ...options, ...other, confirmSpend: false })).rejects.toThrow(
      'repeats, margins, decision rule or looks differ',
    );
  }

  // That run's paired differences give a plan its power, before anything of the new plan runs.
  const printed: string[] = [];
  await beforeAfter({
    ...options,
    confirmSpend: false,
    dir: join(dir.path, 'planned'),
    varianceFrom: run,
    detect: { all: { value: 0.5, relative: false }, byKey: {} },
    log: (line) => printed.push(line),
  });
  const power = JSON.parse(readFileSync(join(dir.path, 'planned', 'power.json'), 'utf8'));
  expect(power).toMatchObject({
    from: `run ${run}`,
    tasks: 2,
    repeats: 3,
    detect: { all: { value: 0.5, relative: false }, byKey: {} },
  });
  expect(power.rows.find((r: { key: string }) => r.key === 'needle_reached')).toMatchObject({
    kind: 'continuous',
    pilotTasks: 2,
  });
  expect(printed.join('\n')).toContain(`Power (from the run ${run})`);
}, 300_000);

test("the stand-in's sampling is refused for a real model, before any work, naming where a model's goes", async () => {
  await expect(
    beforeAfter({
      baseline: 'HEAD',
      candidate: 'HEAD',
      split: 'no-such/split',
      model: 'gpt-4o',
      llmBlock: 'configs/llm/openrouter.yaml',
      standIn: { temperature: 1 },
    }),
  ).rejects.toThrow(
    "`--temperature` and `--seed` set the offline stand-in's sampling; a real model's are `params.temperature` and `params.seed` in its LLM block",
  );
});
