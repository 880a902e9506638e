import { type ArmResults, buildReport } from '../../../src/report/paired/build-report.js';
import type { Report } from '../../../src/report/paired/report-schema.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

// Per-task metrics are data: start from a real bundle and set the fields the report reads.
const blank = computeMetrics(buildTrajectory({}), null);
const m = (fields: Partial<Record<keyof TrajectoryMetrics, unknown>>): TrajectoryMetrics =>
  ({ ...blank, ...fields }) as TrajectoryMetrics;

type Outcome = TrajectoryMetrics['outcome'];

/** One arm over `n` tasks: a plain deterministic pattern per task, shifted by `better`. */
function arm(n: number, better: number, outcomes: (i: number) => Outcome): ArmResults {
  const metrics = new Map<string, TrajectoryMetrics>();
  // The candidate lost its last rollout outright: no metrics for that task.
  for (let i = 0; i < n - better; i++) {
    const wobble = ((i * 7) % 5) / 10;
    const turns = 3 + ((i * 5) % 7) - Math.round(better * 2 * ((i % 3) / 2));
    metrics.set(
      `t${i + 1}`,
      m({
        outcome: outcomes(i),
        turns,
        turns_to_answer_penalised: outcomes(i) === 'answered' ? turns : 13,
        tool_calls_total: turns * 2 + (i % 3),
        needless_call_rate: Math.max(0, 0.5 + wobble - better * (0.3 + (i % 4) / 10)),
        zero_yield_rate: Math.max(0, 0.2 + wobble / 2 - better * 0.05 * (i % 2)),
        resurfacing_rate: 0.1 + wobble / 3 + better * 0.04 * (i % 3),
        parallel_calls_per_turn: 1 + wobble + better * 0.2,
        'recall@5': Math.min(1, 0.5 + wobble + better * 0.2 * (i % 2)),
        'recall@10': Math.min(1, 0.6 + wobble + better * 0.1 * (i % 2)),
        mrr: Math.min(1, 0.4 + wobble + better * 0.1),
        tool_calls_to_first_gold: i % 6 === 5 ? null : 2 + (i % 4) - (better && i % 2 ? 1 : 0),
        needle_reached: i % 6 !== 5,
        reformulations: 1 + (i % 3),
        usage: {
          prompt: 12000 + i * 900 - better * 2500,
          completion: 800 + i * 40,
          reasoning: null,
          cached: null,
          messages: turns,
          cost_usd: null,
        },
      }),
    );
  }
  return {
    commit: better ? 'b'.repeat(40) : 'a'.repeat(40),
    subject: better ? 'tool docs v2' : 'tool docs v1',
    metrics,
    failed: better ? 1 : 0,
  };
}

/** A 16-task before-after report with rows that got better, worse, and neither. */
export function sampleReport(): Report {
  const n = 16;
  const outcomes =
    (shift: number) =>
    (i: number): Outcome =>
      (
        [
          'answered',
          'answered',
          'answered',
          'budget_exhausted',
          'answered',
          'timeout',
          'answered',
          'exhausted_finalized',
        ] as const
      )[(i + shift) % 8]!;
  return buildReport(arm(n, 0, outcomes(0)), arm(n, 1, outcomes(3)), {
    title: 'tool docs v1 -> v2',
    model: 'offline',
    offline: true,
    prices: { input_per_1m: 3, output_per_1m: 15 },
    taskIds: Array.from({ length: n }, (_, i) => `t${i + 1}`),
  });
}
