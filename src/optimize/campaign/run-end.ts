import { EXIT_CODES, IncompleteRun } from '../../core/index.js';

/** How a run that spent money ended, as far as its exit code goes. */
export interface RunEnd {
  /** What stopped the rollouts short, `null` when nothing did. */
  stoppedBy: 'ceiling' | 'abort' | 'endpoint' | 'workers' | null;
  /** The verdict's outcome when there is one (`inconclusive`: too few pairs), `null` for none. */
  outcome: string | null;
  /** Where the partial results are. */
  dir: string;
}

/**
 * The `IncompleteRun` a run's end calls for, `null` when it finished with a verdict: a ceiling, an
 * interrupt or an endpoint outage is exit 3 (what finished is written), a run that finished without enough pairs
 * for a verdict exit 4. The CLI throws it after printing the results.
 *
 * @example
 * incompleteRun({ stoppedBy: 'ceiling', outcome: 'inconclusive', dir: 'runs/c' })?.exitCode; // 3
 */
export function incompleteRun(end: RunEnd): IncompleteRun | null {
  if (end.stoppedBy !== null) {
    const by = {
      ceiling: 'the ceiling (`--max-usd`)',
      abort: 'an interrupt',
      endpoint:
        'the model endpoint failing rollout after rollout (when it is back, the rollouts it failed run again)',
      workers:
        "the queue's workers refusing rollout after rollout (each said why in campaign.log; fix them and the rollouts they refused run again)",
    }[end.stoppedBy];
    return new IncompleteRun(
      EXIT_CODES.stopped,
      `stopped by ${by}: partial results in \`${end.dir}\`; run the same command again to resume (nothing that finished is paid twice)`,
    );
  }
  if (end.outcome === 'inconclusive') {
    return new IncompleteRun(
      EXIT_CODES.noVerdict,
      `finished without a verdict: too few pairs (results in \`${end.dir}\`)`,
    );
  }
  return null;
}
