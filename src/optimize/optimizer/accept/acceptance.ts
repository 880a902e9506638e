import { AgentTrackError } from '../../../core/index.js';
import { type LookDecision, pairedComparison, type ValuesByTask } from '../../../stats/index.js';
import type { Candidate } from '../candidate.js';
import type { GuardObjective } from '../config/config-schema.js';
import type { HeldOutLook } from './confirm-looks.js';
import type { ConfirmationEntry, ConfirmationLog } from './confirmation-log.js';
import { guardTests } from './guard-tests.js';

export interface ConfirmOptions {
  candidate: Candidate;
  /** The candidate's lineage, nearest first (`ancestorsOf`). */
  ancestors: readonly string[];
  incumbent: Candidate;
  /** Per held-out task, the objective (`null` when undefined: the pair is dropped). */
  incumbentScores: ValuesByTask;
  candidateScores: ValuesByTask;
  /** From `objectiveKind`: McNemar exact for 0/1 objectives, Wilcoxon otherwise. */
  kind: 'binary' | 'continuous';
  margin: number;
  /** The held-out slice's name, as logged (`fixture-code/small_test`). */
  slice: string;
  log: ConfirmationLog;
  /** Seed of the delta's bootstrap interval (default 0). */
  seed?: number;
  /**
   * Guard objectives with each side's held-out values per task: each must be shown non-inferior
   * at its margin (at the campaign's `guardAlpha`) for the candidate to be accepted.
   */
  guards?: readonly {
    objective: GuardObjective;
    incumbent: ReadonlyMap<string, number | null>;
    candidate: ReadonlyMap<string, number | null>;
  }[];
  /** The level of each guard's test (the campaign's alpha: an intersection-union test). */
  guardAlpha?: number;
  /**
   * Held-out task id -> cluster, when the slice is clustered enough to test per cluster
   * (`clusteringOf(...).tested`): the objective is then tested by the cluster sign flip.
   */
  clusters?: ReadonlyMap<string, string>;
  /**
   * The confirmation ran in looks (`confirmInLooks`): the objective wins when a success boundary
   * was crossed (the scores are those of the tasks run), instead of the fixed test's p.
   */
  sequential?: { observed: readonly HeldOutLook[]; decision: LookDecision };
}

/**
 * Confirms a candidate against the incumbent on the held-out slice and logs the decision. Paired
 * per task (tasks both defined); accepted only when the one-sided paired test (higher is better)
 * gives p <= the corrected level of `log.nextAlpha()` AND the mean delta exceeds the margin AND
 * every guard objective is shown non-inferior at its margin (`guardTests`).
 * Refused (`CONFIRMATION_REFUSED`, nothing logged) when the log refuses the candidate: ask
 * `log.refusal` first, before paying for the rollouts.
 *
 * @example
 * const entry = confirmCandidate({ candidate, ancestors: ['incumbent'], incumbent, incumbentScores,
 *   candidateScores, kind: 'continuous', margin: 0.02, slice: 'fixture-code/small_test', log });
 * entry.decision; // 'accepted' | 'rejected'
 */
export function confirmCandidate(options: ConfirmOptions): ConfirmationEntry {
  const { candidate, incumbent, log, margin } = options;
  const refusal = log.refusal(candidate, options.ancestors);
  if (refusal !== null) {
    throw new AgentTrackError(
      'CONFIRMATION_REFUSED',
      `Candidate \`${candidate.id}\` may not be confirmed: ${refusal}`,
      {
        data: { candidate: candidate.id, reason: refusal },
      },
    );
  }
  const alpha = log.nextAlpha()!;
  const paired = pairedComparison(options.incumbentScores, options.candidateScores, {
    kind: options.kind,
    direction: 'higher',
    seed: options.seed ?? 0,
    ...(options.clusters === undefined ? {} : { clusters: options.clusters }),
  });
  const sequential = options.sequential;
  const guards = guardTests(options.guards ?? [], options.guardAlpha ?? alpha);
  const failedGuards = guards.filter((g) => !g.passed);
  let reason: string;
  let accepted = false;
  if (paired.pairs === 0 || paired.delta === null || paired.pvalue === null) {
    reason = 'no held-out task was defined for both';
  } else if (sequential !== undefined && sequential.decision !== 'success') {
    reason = `${lookText(sequential)}: no success boundary crossed at the corrected level ${alpha.toPrecision(3)}`;
  } else if (sequential === undefined && paired.pvalue > alpha) {
    reason = `p = ${paired.pvalue.toPrecision(3)} is above the corrected level ${alpha.toPrecision(3)}`;
  } else if (!(paired.delta > margin)) {
    reason = `mean delta ${paired.delta.toPrecision(3)} does not exceed the margin ${margin}`;
  } else if (failedGuards.length > 0) {
    reason = `the objective passed (p = ${paired.pvalue.toPrecision(3)}) but ${failedGuards.map((g) => g.line).join('; ')}`;
  } else {
    accepted = true;
    reason = `${sequential === undefined ? `p = ${paired.pvalue.toPrecision(3)} <= ${alpha.toPrecision(3)}` : `${lookText(sequential)} at the corrected level ${alpha.toPrecision(3)}`} and mean delta ${paired.delta.toPrecision(3)} > ${margin}${guards.length === 0 ? '' : `; ${guards.map((g) => g.line).join('; ')}`}`;
  }
  const entry: ConfirmationEntry = {
    index: log.entries.length + 1,
    candidate: candidate.id,
    parent: candidate.parent,
    hash: candidate.hash,
    incumbent: incumbent.id,
    incumbent_hash: incumbent.hash,
    slice: options.slice,
    test: paired.test,
    ...(paired.clusters === undefined ? {} : { clusters: paired.clusters }),
    pairs: paired.pairs,
    delta: paired.delta,
    low: paired.low,
    high: paired.high,
    pvalue: paired.pvalue,
    alpha,
    margin,
    decision: accepted ? 'accepted' : 'rejected',
    reason,
    ...(guards.length === 0 ? {} : { guards }),
    ...(sequential === undefined ? {} : { looks: [...sequential.observed] }),
  };
  log.append(entry);
  return entry;
}

// Where a confirmation in looks stopped: "stopped for success at look 2 (z = 3.412, success at >= 2.141)".
function lookText(sequential: { observed: readonly HeldOutLook[]; decision: LookDecision }): string {
  const last = sequential.observed.at(-1)!;
  const z = last.z === null ? 'n/a' : last.z.toFixed(3);
  return sequential.decision === 'continue'
    ? `all ${last.look} looks ran (z = ${z} < ${last.bound.toFixed(3)})`
    : `stopped for ${sequential.decision} at look ${last.look} (z = ${z}, success at >= ${last.bound.toFixed(3)})`;
}
