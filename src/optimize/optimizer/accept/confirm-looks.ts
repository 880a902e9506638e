import { z } from 'zod';
import {
  futilityBoundaries,
  type LookDecision,
  lookDecision,
  lookSizes,
  plannedDrift,
  type Spending,
  sequentialBoundaries,
  sequentialZ,
} from '../../../stats/index.js';

/** One look of a held-out confirmation, as logged in its entry. */
export const heldOutLookSchema = z
  .object({
    look: z.number().int().positive(),
    tasks: z.number().int(),
    pairs: z.number().int(),
    /** `null` when undefined (under 2 pairs) or infinite (every difference equal): JSON holds no infinity. */
    z: z.number().nullable(),
    /** The success boundary at this look. */
    bound: z.number(),
    decision: z.enum(['success', 'harm', 'futility', 'continue']),
  })
  .strict();
export type HeldOutLook = z.infer<typeof heldOutLookSchema>;

/** Non-binding futility: stop when the conditional power at the planned effect falls below this. */
const FUTILITY_THRESHOLD = 0.1;

/**
 * A held-out confirmation in looks: the first `lookSizes(n, K)[k]` held-out tasks are evaluated on
 * both sides (earlier tasks come from the evaluation cache, never paid twice), the objective's
 * paired z (candidate - incumbent, `sequentialZ`) is compared with look k's Lan-DeMets boundary,
 * two-sided at twice the confirmation's corrected level so that the success side spends exactly
 * it, with the non-binding futility rule at the effect a fixed design detects at 80% power; the
 * first boundary crossed stops it. Success at any look is the objective's win.
 *
 * @example
 * const run = await confirmInLooks({ looks: 3, spending: 'obrien-fleming', alpha: 0.0125, taskIds, scores, log });
 * run.decision; // 'success' | 'harm' | 'futility' | 'continue' (no boundary crossed at the last look)
 */
export async function confirmInLooks(options: {
  looks: number;
  spending: Spending;
  /** The confirmation's corrected one-sided level (`ConfirmationLog.nextAlpha`). */
  alpha: number;
  taskIds: readonly string[];
  /** Both sides' objective per task over these tasks (through the evaluation cache). */
  scores: (taskIds: readonly string[]) => Promise<{
    incumbent: ReadonlyMap<string, number | null>;
    candidate: ReadonlyMap<string, number | null>;
  }>;
  log: (line: string) => void;
}): Promise<{ taskIds: string[]; observed: HeldOutLook[]; decision: LookDecision }> {
  const design = sequentialBoundaries({
    looks: options.looks,
    alpha: 2 * options.alpha,
    spending: options.spending,
  });
  const drift = plannedDrift({ alpha: options.alpha, power: 0.8, sided: 'one' });
  const futility = futilityBoundaries(design, { drift, threshold: FUTILITY_THRESHOLD });
  const sizes = lookSizes(options.taskIds.length, design.looks);
  const observed: HeldOutLook[] = [];
  for (let k = 0; ; k++) {
    const taskIds = options.taskIds.slice(0, sizes[k]);
    const { incumbent, candidate } = await options.scores(taskIds);
    const differences: number[] = [];
    for (const task of taskIds) {
      const a = incumbent.get(task);
      const b = candidate.get(task);
      if (a !== null && a !== undefined && b !== null && b !== undefined) differences.push(b - a);
    }
    const z = sequentialZ(differences);
    const decision = lookDecision(design, futility, k, z);
    observed.push({
      look: k + 1,
      tasks: taskIds.length,
      pairs: differences.length,
      z: z !== null && Number.isFinite(z) ? z : null,
      bound: design.z[k]!,
      decision,
    });
    options.log(
      `  look ${k + 1} of ${design.looks} after ${taskIds.length} held-out tasks: z = ${z === null ? 'n/a' : z.toFixed(3)} (success at >= ${design.z[k]!.toFixed(3)}): ${decision === 'continue' ? (k === design.looks - 1 ? 'no boundary crossed' : 'continue') : `stop for ${decision}`}`,
    );
    if (decision !== 'continue' || k === design.looks - 1) return { taskIds, observed, decision };
  }
}
