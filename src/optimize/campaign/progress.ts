import type { JobsState } from './rollout-runner.js';
import { formatUsd } from './spend/usd.js';

/** What the progress line shows. */
export interface ProgressState {
  arms: readonly { arm: string; done: number; total: number; failed: number }[];
  bookedUsd: number;
  ceilingUsd: number | null;
  /** A campaign on a queue: its jobs by state and per worker. */
  jobs?: JobsState;
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
  return `${arms.join(' | ')} | booked ${formatUsd(state.bookedUsd)}${ceiling}${jobs}`;
}

/**
 * A progress line rewritten in place on a terminal, silent anywhere else (CI, pipes, files).
 *
 * @example
 * const progress = createProgress(process.stderr);
 */
export function createProgress(stream: NodeJS.WritableStream & { isTTY?: boolean }): Progress {
  if (stream.isTTY !== true) return { update: () => {}, done: () => {} };
  let shown = false;
  return {
    update(state) {
      stream.write(`\r\x1b[2K${progressLine(state)}`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\n');
      shown = false;
    },
  };
}
