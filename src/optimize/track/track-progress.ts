import { createProgress } from '../campaign/progress.js';
import type { SpendLedger } from '../campaign/spend/spend-ledger.js';
import type { TrackLedger } from './track-ledger.js';
import { TRACK_ARMS } from './track-schema.js';

/**
 * A track's progress line (`createProgress`: rewritten in place on a terminal, one line every 30 s
 * elsewhere): rollouts done per arm, the pairs whose arm failed, spend against the ceiling, ETA.
 * `say` ends the line before each line it passes on, then draws it again, so the two never share a
 * terminal line.
 *
 * @example
 * const progress = trackProgress({ ledger, spend, taskIds, ceilingUsd: 2, stream: process.stderr, say });
 * progress.say('t1\tbare\tdone'); progress.done();
 */
export function trackProgress(options: {
  ledger: TrackLedger;
  spend: Pick<SpendLedger, 'spentUsd'>;
  /** The rollouts' task ids (`t1`, `t1~2` for a repeat). */
  taskIds: readonly string[];
  ceilingUsd: number | null;
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  say: (line: string) => void;
}): { say: (line: string) => void; show: () => void; done: () => void } {
  const progress = createProgress(options.stream);
  const show = () =>
    progress.update({
      arms: TRACK_ARMS.map((arm) => {
        const done = options.taskIds.filter((id) => options.ledger.done(id, arm) !== undefined).length;
        const failed = options.taskIds.filter(
          (id) => options.ledger.done(id, arm) === undefined && options.ledger.attempts(id, arm) > 0,
        ).length;
        return { arm, done, total: options.taskIds.length, failed };
      }),
      bookedUsd: options.spend.spentUsd(),
      ceilingUsd: options.ceilingUsd,
    });
  return {
    say: (line) => {
      progress.done();
      options.say(line);
      show();
    },
    show,
    done: () => progress.done(),
  };
}
