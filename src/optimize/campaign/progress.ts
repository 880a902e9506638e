import { formatUsd } from './spend/usd.js';

/** What the progress line shows. */
export interface ProgressState {
  arms: readonly { arm: string; done: number; total: number; failed: number }[];
  bookedUsd: number;
  ceilingUsd: number | null;
}

export interface Progress {
  update(state: ProgressState): void;
  /** Ends the line (on a terminal). */
  done(): void;
}

/**
 * One progress line: tasks done per arm, spend booked, failures.
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
  return `${arms.join(' | ')} | booked ${formatUsd(state.bookedUsd)}${ceiling}`;
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
