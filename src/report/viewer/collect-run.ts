import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { readTasks, type Task } from '../../retrieval/index.js';
import { dirTaskId, METRIC_COLUMNS, readTrajectories, type ToolRoles } from '../../trajectory/index.js';
import type { Report } from '../paired/report-schema.js';
import { readPlotInput } from '../plots/read-plot-input.js';
import { armView, type EmbedBlob } from './arm-view.js';
import { packText } from './embed.js';
import { tasksDiffer } from './task-differ.js';
import type {
  ArmDetail,
  ArmSummary,
  TaskDetail,
  TaskSummary,
  ViewerArm,
  ViewerMetric,
} from './viewer-data.js';
import { VIEWER_ARMS } from './viewer-data.js';

export interface CollectOptions {
  /** A tasks.jsonl giving the gold; default the run's own `inputs/*.jsonl`. */
  tasks?: string | undefined;
  /** Tool roles for the needless components and gold reach; default the reference server's. */
  roles?: ToolRoles | undefined;
  /** Whole results larger than this are not embedded (the preview stays); default 1 MiB. */
  maxBlobBytes?: number | undefined;
  /** The two arms' directories under `arms/` (and their labels); default `baseline` and `candidate`. */
  arms?: ArmLabels | undefined;
}

/** The directory (and label) of each side: `baseline` / `candidate` in a before-after run, `bare` / `with-server` in a track. */
export type ArmLabels = Record<ViewerArm, string>;

/** Everything the page shows of one run. */
export interface CollectedRun {
  dir: string;
  /** The page's title when not the report's. */
  title?: string;
  labels: ArmLabels;
  report: Report | null;
  metrics: ViewerMetric[];
  tasks: TaskSummary[];
  details: Map<string, TaskDetail>;
  /** sha256 -> packed whole result, each distinct cut result once. */
  blobs: Map<string, string>;
}

export const DEFAULT_MAX_BLOB_BYTES = 1 << 20;

async function readGold(runDir: string, tasksFile: string | undefined): Promise<Map<string, Task>> {
  const inputs = join(runDir, 'inputs');
  const source = tasksFile ?? (existsSync(inputs) ? inputs : undefined);
  const tasks = source === undefined ? [] : await readTasks(source);
  return new Map(tasks.map((task) => [task.id, task]));
}

function readReport(runDir: string): Report | null {
  const file = join(runDir, 'report.json');
  if (!existsSync(file)) return null;
  const input = readPlotInput(file);
  return input.kind === 'report' ? input.report : null;
}

function assertRun(runDir: string, labels: ArmLabels): void {
  const arms = join(runDir, 'arms');
  if (!existsSync(arms) || !statSync(arms).isDirectory()) {
    throw new AgentTrackError(
      'VIEWER_NOT_A_RUN',
      `\`${runDir}\` is not a ${labels.baseline === 'baseline' ? 'before-after' : 'two-arm'} run directory: it has no \`arms/\` (expected \`arms/${labels.baseline}/tasks/...\` and \`arms/${labels.candidate}/tasks/...\`)`,
      { data: { dir: runDir } },
    );
  }
}

const DEFAULT_LABELS: ArmLabels = { baseline: 'baseline', candidate: 'candidate' };

/**
 * Reads a before-after run directory for the viewer: `report.json` (when present), every
 * trajectory of both arms through the trajectory layer's reader (a refused one is shown with its
 * error), the gold from the run's task inputs; scores each trajectory once.
 *
 * @example
 * const run = await collectRun('runs/docs-v2');
 * run.tasks.filter((t) => t.differ).length;
 */
export async function collectRun(runDir: string, options: CollectOptions = {}): Promise<CollectedRun> {
  const labels = options.arms ?? DEFAULT_LABELS;
  assertRun(runDir, labels);
  const report = options.arms === undefined ? readReport(runDir) : null;
  const gold = await readGold(runDir, options.tasks);
  const maxBlobBytes = options.maxBlobBytes ?? DEFAULT_MAX_BLOB_BYTES;
  const blobs = new Map<string, string>();
  const embed: EmbedBlob = (sha, bytes, reader) => {
    if (blobs.has(sha)) return true;
    if (bytes > maxBlobBytes) return false;
    const text = reader.read(sha);
    if (text === undefined) return false;
    blobs.set(sha, packText(text));
    return true;
  };
  const summaries = new Map<string, Partial<Record<ViewerArm, ArmSummary>>>();
  const details = new Map<string, TaskDetail>();
  const detailOf = (id: string): TaskDetail => {
    let detail = details.get(id);
    if (detail === undefined) {
      const task = gold.get(id);
      detail = {
        id,
        question: task?.question ?? null,
        gold: [
          ...(task?.gold.files ?? []),
          ...(task?.gold.doc_ids ?? []),
          ...(task?.gold.body ? ['(function body)'] : []),
        ],
        baseline: null,
        candidate: null,
        previews: {},
      };
      details.set(id, detail);
    }
    return detail;
  };
  for (const arm of VIEWER_ARMS) {
    const tasksDir = join(runDir, 'arms', labels[arm], 'tasks');
    if (!existsSync(tasksDir)) continue;
    for await (const read of readTrajectories(tasksDir)) {
      if (read.error !== undefined) {
        const id = dirTaskId(read.dir);
        summaries.set(id, { ...summaries.get(id), [arm]: { state: 'refused', error: read.error.message } });
        detailOf(id)[arm] = refusedDetail(read.error.message);
        continue;
      }
      const { trajectory } = read;
      const view = armView(trajectory, gold.get(trajectory.task_id) ?? null, { roles: options.roles, embed });
      summaries.set(trajectory.task_id, { ...summaries.get(trajectory.task_id), [arm]: view.summary });
      const detail = detailOf(trajectory.task_id);
      detail[arm] = view.detail;
      for (const [sha, preview] of view.previews) detail.previews[sha] = preview;
    }
  }
  const order = [...(report?.outcomes_by_task.map((t) => t.task_id) ?? [])];
  const listed = new Set(order);
  order.push(...[...details.keys()].filter((id) => !listed.has(id)).sort());
  const tasks = order.map((id): TaskSummary => {
    const arms = summaries.get(id) ?? {};
    const baseline = arms.baseline ?? { state: 'missing' };
    const candidate = arms.candidate ?? { state: 'missing' };
    return {
      id,
      question: gold.get(id)?.question ?? null,
      baseline,
      candidate,
      differ: tasksDiffer(baseline, candidate),
    };
  });
  for (const id of order) detailOf(id);
  const metrics = METRIC_COLUMNS.map(({ key, group, kind, direction }) => ({ key, group, kind, direction }));
  return { dir: runDir, labels, report, metrics, tasks, details, blobs };
}

function refusedDetail(error: string): ArmDetail {
  return { answer: null, outcome: 'refused', turns: 0, turn_budget: null, error, turn_views: [] };
}
