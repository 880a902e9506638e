import type { ReportRow } from '../../report/index.js';
import {
  type ArmResults,
  buildReport,
  clusteringOf,
  type RepeatPlan,
  reportRow,
} from '../../report/index.js';
import type { TrajectoryMetrics } from '../../trajectory/index.js';
import { type TaskLevelRow, taskLevel } from './track-repeats.js';
import type { TrackReport, TrackTaskRow } from './track-report-schema.js';
import type { AgentFigures, TrackArm, TrackLedgerLine } from './track-schema.js';
import { trackVerdict } from './track-verdict.js';

export interface TrackReportInput {
  title: string;
  /** Names the agent (`claude-code (claude)`). */
  agent: string;
  judge: { model: string; offline: boolean };
  /** Largest score difference still counted as parity. */
  tolerance: number;
  taskIds: readonly string[];
  lines: readonly TrackLedgerLine[];
  /** Per arm, per task: the metrics of its done rollout's trajectory. */
  metrics: Readonly<Record<TrackArm, ReadonlyMap<string, TrajectoryMetrics>>>;
  /** Names the product (shown where a before-after report shows a commit). */
  product: string;
  alpha?: number;
  /** K > 1 rollout pairs per task: `lines` and `metrics` are keyed by rollout id (`rolloutTask`). */
  repeats?: RepeatPlan;
  /** Task id -> its cluster (`clustersOf`): with 5 or more, every row is tested per cluster. */
  clusters?: ReadonlyMap<string, string>;
}

/** The agent's own figures as rows: what each costs and how it compares. */
export const AGENT_FIGURE_ROWS: readonly {
  key: string;
  field: keyof AgentFigures;
  direction: 'lower' | 'neither';
}[] = [
  { key: 'agent.cost_usd', field: 'cost_usd', direction: 'lower' },
  { key: 'agent.wall_ms', field: 'wall_ms', direction: 'lower' },
  { key: 'agent.turns', field: 'turns', direction: 'lower' },
  { key: 'agent.tool_calls', field: 'tool_calls', direction: 'lower' },
  { key: 'agent.files_read', field: 'files_read', direction: 'lower' },
  { key: 'agent.cache_read_tokens', field: 'cache_read_tokens', direction: 'neither' },
  { key: 'agent.cache_creation_tokens', field: 'cache_creation_tokens', direction: 'neither' },
];

function taskRows(input: TrackReportInput): TrackTaskRow[] {
  const ids = input.repeats === undefined ? input.taskIds : [...input.repeats.taskOf.keys()];
  return ids.map((task_id) => {
    const mine = input.lines.filter((line) => line.task_id === task_id);
    const done = (arm: TrackArm) =>
      mine.findLast((l) => l.kind === 'rollout' && l.arm === arm && l.status === 'done');
    const figures = (arm: TrackArm) => {
      const line = done(arm);
      return line?.kind === 'rollout' ? line.figures : null;
    };
    const discard = mine.find((l) => l.kind === 'discard');
    const judge = mine.findLast((l) => l.kind === 'judge');
    const score = (arm: TrackArm) => (judge?.kind === 'judge' ? (judge.scores[arm] ?? null) : null);
    const bare = score('bare');
    const server = score('with-server');
    const judged = bare !== null && server !== null;
    const status = discard
      ? 'discarded'
      : judge?.kind === 'judge'
        ? judge.status === 'judged'
          ? 'paired'
          : 'unjudged'
        : 'incomplete';
    const reason =
      discard?.kind === 'discard' ? discard.reason : judge?.kind === 'judge' ? (judge.error ?? null) : null;
    return {
      task_id,
      status,
      reason,
      scores: { bare, 'with-server': server },
      parity: judged ? Math.abs(bare - server) <= input.tolerance + 1e-9 : null,
      figures: { bare: figures('bare'), 'with-server': figures('with-server') },
    };
  });
}

function figureRow(
  tasks: readonly TaskLevelRow[],
  spec: (typeof AGENT_FIGURE_ROWS)[number],
  clusters: ReadonlyMap<string, string> | undefined,
): ReportRow {
  const column = (arm: TrackArm) =>
    new Map(
      tasks.map((t) => [t.task_id, (t.figures[arm]?.[spec.field] as number | null | undefined) ?? null]),
    );
  return reportRow(
    { key: spec.key, group: 'agent', kind: 'continuous', direction: spec.direction },
    column('bare'),
    column('with-server'),
    clusters,
  );
}

/**
 * The track's report: per task its status (a discarded one with why), the judge's scores and
 * whether they are at parity (within `tolerance`), each arm's own figures; the judge-score row over
 * every judged pair; then efficiency (the agent's figures and every trajectory metric) as a paired
 * before-after report over the parity tasks only, bare as the baseline, with-server as the candidate.
 *
 * @example
 * const report = buildTrackReport({ title, agent: 'claude-code', judge, tolerance: 1, taskIds, lines, metrics, product });
 * report.parity; // { tasks: 2, judged: 3 }
 */
export function buildTrackReport(input: TrackReportInput): TrackReport {
  const alpha = input.alpha ?? 0.05;
  const tasks = taskRows(input);
  // The paired unit is the task: with repeats, its mean scores and figures over its repeats.
  const taskOf = (id: string) => input.repeats?.taskOf.get(id) ?? id;
  const levels = taskLevel(tasks, taskOf, input.tolerance);
  const judgedTasks = levels.filter((t) => t.parity !== null);
  const parityTasks = levels.filter((t) => t.parity === true);
  const parityIds = new Set(parityTasks.map((t) => t.task_id));
  const judgedRollouts = new Set(tasks.filter((t) => t.parity !== null).map((t) => t.task_id));
  const scores = (arm: TrackArm) => new Map(judgedTasks.map((t) => [t.task_id, t.scores[arm]]));
  // Clustered tasks are tested per cluster, as a before-after's rows are (`clusteringOf`).
  const tested = (ids: readonly string[]) => clusteringOf(input.clusters, ids).tested;
  const quality = reportRow(
    { key: 'judge.score', group: 'quality', kind: 'continuous', direction: 'higher' },
    scores('bare'),
    scores('with-server'),
    tested(judgedTasks.map((t) => t.task_id)),
  );
  const arm = (name: TrackArm, subject: string): ArmResults => ({
    commit: input.product,
    subject,
    // The judged rollouts of the tasks at parity: a repeat one arm lost is left out on both sides.
    metrics: new Map(
      [...input.metrics[name]].filter(
        ([rollout]) => judgedRollouts.has(rollout) && parityIds.has(taskOf(rollout)),
      ),
    ),
    failed: tasks.filter((t) => t.status === 'discarded' && t.figures[name] === null).length,
  });
  const report = buildReport(
    arm('bare', "bare: the agent's own tools"),
    arm('with-server', "with-server: + the product's MCP server"),
    {
      title: input.title,
      model: input.agent,
      offline: false,
      alpha,
      prices: { input_per_1m: null, output_per_1m: null },
      taskIds: parityTasks.map((t) => t.task_id),
      ...(input.repeats === undefined ? {} : { repeats: input.repeats }),
      ...(input.clusters === undefined ? {} : { clusters: input.clusters }),
    },
  );
  const parityTested = tested(parityTasks.map((t) => t.task_id));
  const figures = AGENT_FIGURE_ROWS.map((spec) => figureRow(parityTasks, spec, parityTested));
  const judgeLines = input.lines.filter((l) => l.kind === 'judge');
  const costs = judgeLines.flatMap((l) => (l.cost_usd === null ? [] : [l.cost_usd]));
  return {
    kind: 'track',
    title: input.title,
    agent: input.agent,
    judge: {
      ...input.judge,
      judged: judgedTasks.length,
      failed: tasks.filter((t) => t.status === 'unjudged').length,
      calls: judgeLines.reduce((sum, l) => sum + l.calls, 0),
      cost_usd: costs.length === 0 ? null : costs.reduce((a, b) => a + b, 0),
    },
    tolerance: input.tolerance,
    parity: { tasks: parityTasks.length, judged: judgedTasks.length },
    quality,
    tasks,
    report: {
      ...report,
      verdict: trackVerdict(
        quality,
        figures[0]!,
        [scores('bare'), scores('with-server')],
        { parity: parityTasks.length, judged: judgedTasks.length },
        alpha,
      ),
      rows: [...figures, ...report.rows],
    },
  };
}
