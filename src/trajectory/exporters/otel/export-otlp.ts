import { basename, relative, resolve, sep } from 'node:path';
import { AgentTrackError } from '../../../core/index.js';
import type { ScoredTask } from '../../../retrieval/index.js';
import { type ComputeMetricsOptions, computeMetrics } from '../../metrics/compute.js';
import { readTrajectories } from '../../reader/list-trajectories.js';
import type { OtlpDestination } from './otlp-sink.js';
import { redactSpans } from './redact-spans.js';
import { type TrajectoryPlace, trajectorySpans } from './trajectory-spans.js';

export type { OtlpDestination } from './otlp-sink.js';

export interface ExportOtlpOptions extends ComputeMetricsOptions {
  destination: OtlpDestination;
  /** Task id -> task, for the gold metrics written under `agent_track.metrics.*`. */
  tasks?: ReadonlyMap<string, ScoredTask>;
  /** Only these tasks (a rollout `t~2` is task `t`); default every trajectory. */
  only?: ReadonlySet<string>;
  /** Key values cut from every exported text (`envSecrets`). */
  secrets?: readonly string[];
  /** The model the run asked, when known. */
  model?: string;
  /** Called after each trajectory is sent. */
  onTrajectory?: (done: number) => void;
}

/** What `exportOtlp` sent, and what it could not read (each named by its directory). */
export interface ExportedOtlp {
  trajectories: number;
  spans: number;
  /** Bytes of OTLP JSON sent or written. */
  bytes: number;
  skipped: { dir: string; error: string }[];
}

const REPEAT = /^(.*)~(\d+)$/;

// Where a trajectory sits: its path under the run, its arm (`arms/<arm>/...`), its task and repeat.
function placeOf(runDir: string, dir: string, taskId: string): TrajectoryPlace {
  const path = relative(runDir, dir).split(sep).join('/');
  const arm = /^arms\/([^/]+)\//.exec(path)?.[1];
  const repeat = REPEAT.exec(taskId);
  return {
    run: basename(resolve(runDir)),
    path,
    ...(arm === undefined ? {} : { arm }),
    task: repeat === null ? taskId : repeat[1]!,
    repeat: repeat === null ? 1 : Number(repeat[2]),
  };
}

/**
 * Sends a run's trajectories as OTLP spans under the OpenTelemetry GenAI semantic conventions
 * (one trace per trajectory: `trajectorySpans`), with every key value cut, to an OTLP/HTTP
 * endpoint or into a collector-format JSONL file (written whole or not at all). A trajectory that
 * cannot be read is skipped and named; a receiver that refuses the spans stops the export.
 * `importOtel` reads the file back as the run it was (the round trip gives the same metrics).
 *
 * @example
 * await exportOtlp('runs/demo', { destination: { kind: 'file', path: 'demo.otlp.jsonl' } });
 */
export async function exportOtlp(runDir: string, options: ExportOtlpOptions): Promise<ExportedOtlp> {
  // The OpenTelemetry SDK loads only here, when an export runs.
  const { openSpanSink } = await import('./otlp-sink.js');
  const sink = openSpanSink(options.destination);
  const out: ExportedOtlp = { trajectories: 0, spans: 0, bytes: 0, skipped: [] };
  try {
    for await (const outcome of readTrajectories(runDir)) {
      if (outcome.error) {
        out.skipped.push({ dir: outcome.dir, error: outcome.error.message });
        continue;
      }
      const { trajectory } = outcome;
      const place = placeOf(runDir, outcome.dir, trajectory.task_id);
      if (options.only !== undefined && !options.only.has(place.task)) continue;
      const task = options.tasks?.get(trajectory.task_id) ?? null;
      const metrics = computeMetrics(trajectory, task, options);
      const spans = redactSpans(
        trajectorySpans(trajectory, metrics, place, {
          ...(options.model === undefined ? {} : { model: options.model }),
          ...(options.roles === undefined ? {} : { roles: options.roles }),
        }),
        options.secrets ?? [],
      );
      out.bytes += await sink.send(spans);
      out.spans += spans.length;
      out.trajectories += 1;
      options.onTrajectory?.(out.trajectories);
    }
    await sink.close();
  } catch (error) {
    sink.abandon();
    const where = options.destination.kind === 'http' ? options.destination.url : options.destination.path;
    throw new AgentTrackError('EXPORT_FAILED', `Export to \`${where}\` failed: ${(error as Error).message}`, {
      cause: error,
      data: { destination: where },
    });
  }
  return out;
}
