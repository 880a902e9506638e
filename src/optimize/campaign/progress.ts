import type { JobsState } from './rollout-runner.js';
import { formatUsd } from './spend/usd.js';

/** What the progress line shows. */
export interface ProgressState {
  arms: readonly { arm: string; done: number; total: number; failed: number }[];
  bookedUsd: number;
  ceilingUsd: number | null;
  /** A campaign on a queue: its jobs by state and per worker. */
  jobs?: JobsState;
  /** Seconds left at the pace so far (`createProgress` fills it in once a rollout has ended). */
  etaSeconds?: number;
}

/**
 * A queue's jobs by state and per worker, as the progress line ends with them.
 *
 * @example
 * jobsPart({ queued: 1, running: 2, done: 3, failed: 0, workers: [] }); // ' | jobs 1 queued 2 running 3 done 0 failed'
 */
export function jobsPart(jobs: JobsState): string {
  const workers = jobs.workers.map(
    (w) => `${w.name} ${w.running} running ${w.done} done${w.failed > 0 ? ` ${w.failed} failed` : ''}`,
  );
  return ` | jobs ${jobs.queued} queued ${jobs.running} running ${jobs.done} done ${jobs.failed} failed${workers.length === 0 ? '' : ` (${workers.join(', ')})`}`;
}

export interface Progress {
  update(state: ProgressState): void;
  /** Ends the line (on a terminal). */
  done(): void;
}

/**
 * One progress line: tasks done per arm, spend booked, failures; on a queue also its jobs queued,
 * running, done and failed, and per worker.
 *
 * @example
 * progressLine({ arms: [{ arm: 'baseline', done: 3, total: 10, failed: 1 }], bookedUsd: 0.5, ceilingUsd: 2 });
 * // 'baseline 3/10 (1 failed) | booked $0.5000 of $2.00'
 */
export function progressLine(state: ProgressState): string {
  const arms = state.arms.map(
    (arm) => `${arm.arm} ${arm.done}/${arm.total}${arm.failed > 0 ? ` (${arm.failed} failed)` : ''}`,
  );
  const ceiling = state.ceilingUsd === null ? '' : ` of ${formatUsd(state.ceilingUsd)}`;
  const jobs = state.jobs === undefined ? '' : jobsPart(state.jobs);
  const eta = state.etaSeconds === undefined ? '' : ` | ETA ${duration(state.etaSeconds)}`;
  return `${arms.join(' | ')} | booked ${formatUsd(state.bookedUsd)}${ceiling}${eta}${jobs}`;
}

/** `75` -> `1m15s`, `3700` -> `1h01m`, `8` -> `8s`. */
function duration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * The ETA of a run at its pace so far: the rollouts that ended since the first update (a resumed
 * run's earlier ones are not its pace), the time they took, the rollouts left. `undefined` until
 * one has ended.
 */
function pace(now: () => number) {
  let start: { at: number; ended: number } | null = null;
  return (state: ProgressState): number | undefined => {
    const ended = state.arms.reduce((n, arm) => n + arm.done + arm.failed, 0);
    const total = state.arms.reduce((n, arm) => n + arm.total, 0);
    start ??= { at: now(), ended };
    const since = ended - start.ended;
    if (since <= 0 || ended >= total) return undefined;
    return (((now() - start.at) / since) * (total - ended)) / 1000;
  };
}

/**
 * A progress line with its ETA: on a terminal rewritten in place at every change; anywhere else
 * (CI, pipes, files) one `progress: ...` line at most every `everyMs` (30 s), so a long run in a
 * log still says where it is.
 *
 * @example
 * const progress = createProgress(process.stderr);
 */
export function createProgress(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  options: { everyMs?: number; now?: () => number } = {},
): Progress {
  const now = options.now ?? Date.now;
  const eta = pace(now);
  const line = (state: ProgressState) => {
    const etaSeconds = eta(state);
    return progressLine(etaSeconds === undefined ? state : { ...state, etaSeconds });
  };
  if (stream.isTTY !== true) {
    const every = options.everyMs ?? 30_000;
    let last = now();
    return {
      update(state) {
        const text = line(state);
        if (now() - last < every) return;
        last = now();
        stream.write(`progress: ${text}\n`);
      },
      done: () => {},
    };
  }
  let shown = false;
  return {
    update(state) {
      stream.write(`\r\x1b[2K${line(state)}`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\n');
      shown = false;
    },
  };
}
