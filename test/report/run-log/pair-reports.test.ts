import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  appendRunRecord,
  compareRunRecords,
  pairedRecordDeltas,
  reportRunRecords,
} from '../../../src/report/index.js';
import { type ArmResults, buildReport } from '../../../src/report/paired/build-report.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-pair-reports-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const blank = computeMetrics(buildTrajectory({}), null);
const arm = (commit: string, rates: Record<string, number>): ArmResults => ({
  commit: commit.repeat(40),
  subject: commit,
  failed: 0,
  metrics: new Map(
    Object.entries(rates).map(([task, rate]) => [
      task,
      { ...blank, needless_call_rate: rate, outcome: 'answered', turns: 2 } as TrajectoryMetrics,
    ]),
  ),
});

// A before-after run saved as it is on disk: its report.json and one run-log record per arm.
function savedRun(name: string, base: ArmResults, cand: ArmResults, tasks: string[]) {
  const report = buildReport(base, cand, {
    title: name,
    model: 'offline',
    offline: true,
    prices: { input_per_1m: null, output_per_1m: null },
    taskIds: tasks,
  });
  const file = join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify(report));
  const dataset = { name: 'fixture-code', slice: 'small_test', limit: null, tasks: 3 };
  const log = join(scratch, 'runs.jsonl');
  return reportRunRecords(report, dataset, { report: `${name}.md`, report_json: file }).map((record) =>
    appendRunRecord(log, record),
  );
}

describe('two before-after runs that share tasks are paired from their saved reports', () => {
  test("run 1's candidate vs run 2's: the paired delta per row over the tasks both ran", () => {
    const [, first] = savedRun(
      'one',
      arm('a', { t1: 1, t2: 1, t3: 1 }),
      arm('b', { t1: 0, t2: 0.5, t3: 0 }),
      ['t1', 't2', 't3'],
    );
    const [, second] = savedRun(
      'two',
      arm('a', { t1: 1, t2: 1, t4: 1 }),
      arm('c', { t1: 0.5, t2: 0.5, t4: 1 }),
      ['t1', 't2', 't4'],
    );
    const across = pairedRecordDeltas(first!, second!)!;
    // Shared tasks t1 and t2: (0.5 - 0) and (0.5 - 0.5) -> mean 0.25 over 2 pairs.
    expect(across.get('needless_call_rate')).toMatchObject({ value: 0.25, n: 2 });
    // turns is 2 everywhere: a paired delta of 0.
    expect(across.get('turns')).toMatchObject({ value: 0, low: 0, high: 0, n: 2 });
    const compared = compareRunRecords(first!, second!, across);
    expect(compared.paired).toBe(true);
    // The unpaired difference of the means: (0.5 + 0.5 + 1) / 3 - (0 + 0.5 + 0) / 3 = 0.5.
    expect(compared.rows.find((row) => row.key === 'needless_call_rate')).toMatchObject({
      delta: 0.5,
      paired: { value: 0.25, n: 2 },
    });
    // The record's own `delta <key>` rows (its run's candidate vs baseline) are not shown as metrics.
    expect(compared.rows.some((row) => row.key.startsWith('delta '))).toBe(false);
  });

  test('a baseline against another run baseline pairs the baselines; a report saved without per-task values stays unpaired', () => {
    const [base1] = savedRun('three', arm('a', { t1: 1, t2: 0 }), arm('b', { t1: 0, t2: 0 }), ['t1', 't2']);
    const [base2] = savedRun('four', arm('a', { t1: 0, t2: 0 }), arm('b', { t1: 0, t2: 0 }), ['t1', 't2']);
    // (0 - 1) and (0 - 0) -> -0.5 over 2 pairs.
    expect(pairedRecordDeltas(base1!, base2!)?.get('needless_call_rate')).toMatchObject({
      value: -0.5,
      n: 2,
    });
    const old = join(scratch, 'old.json');
    const { per_task: _dropped, ...report } = JSON.parse(
      JSON.stringify(
        buildReport(arm('a', { t1: 1 }), arm('b', { t1: 0 }), {
          title: 'old',
          model: 'offline',
          offline: true,
          prices: { input_per_1m: null, output_per_1m: null },
          taskIds: ['t1'],
        }),
      ),
    );
    writeFileSync(old, JSON.stringify(report));
    expect(pairedRecordDeltas({ ...base1!, artifacts: { report_json: old } }, base2!)).toBeNull();
    expect(pairedRecordDeltas({ ...base1!, artifacts: {} }, base2!)).toBeNull();
  });
});
