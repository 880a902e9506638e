import { invalidOption } from '../../../core/index.js';
import { clusteringOf } from '../../../report/index.js';
import { clustersOf } from '../../../retrieval/index.js';
import type { Candidate } from '../candidate.js';
import type { CampaignSlices } from '../config/inputs.js';
import type { LoadedCampaign } from '../config/load-config.js';
import { type Evaluated, type EvaluateOptions, evaluateCandidate } from '../screen/screening.js';
import type { ConfirmOptions } from './acceptance.js';
import { confirmInLooks } from './confirm-looks.js';
import type { ConfirmationLog } from './confirmation-log.js';

/** What a held-out confirmation needs from the rounds. */
export interface HeldOutContext {
  loaded: LoadedCampaign;
  slices: CampaignSlices;
  confirmations: ConfirmationLog;
  guardValues?: (candidate: Candidate, slice: string) => Promise<Map<string, Map<string, number | null>>>;
  log: (line: string) => void;
}

/** `acceptance.looks` checked against the held-out slice before anything runs. */
export function checkHeldOutLooks(loaded: LoadedCampaign, slices: CampaignSlices): void {
  const { looks } = loaded.config.acceptance;
  const n = slices.acceptance.tasks.length;
  if (looks > n) throw invalidOption('acceptance.looks', `at most the held-out slice's ${n} tasks`, looks);
}

/**
 * Both sides of a held-out confirmation and what `confirmCandidate` needs beside their scores: the
 * slice's clusters when it has enough to test per cluster, each guard objective's values (read
 * from the rollouts), and, with `acceptance.looks` > 1, the looks (`confirmInLooks`: the tasks
 * evaluated stop at the first boundary crossed). A replayed confirmation evaluates (from the
 * cache) and tests nothing more.
 *
 * @example
 * const { a, b, options } = await confirmHeldOut(ctx, { incumbent, winner, replayed: false, held });
 */
export async function confirmHeldOut(
  ctx: HeldOutContext,
  o: { incumbent: Candidate; winner: Candidate; replayed: boolean; held: EvaluateOptions },
): Promise<{
  a: Evaluated;
  b: Evaluated;
  options: Pick<ConfirmOptions, 'clusters' | 'guards' | 'guardAlpha' | 'sequential'>;
}> {
  const { acceptance } = ctx.loaded.config;
  const tasks = ctx.slices.acceptance.tasks;
  let ids = tasks.map((task) => task.id);
  let sequential: ConfirmOptions['sequential'];
  if (acceptance.looks > 1 && !o.replayed) {
    const run = await confirmInLooks({
      looks: acceptance.looks,
      spending: acceptance.spending,
      alpha: ctx.confirmations.nextAlpha()!,
      taskIds: ids,
      scores: async (taskIds) => ({
        incumbent: (await evaluateCandidate(o.incumbent, taskIds, o.held)).scores,
        candidate: (await evaluateCandidate(o.winner, taskIds, o.held)).scores,
      }),
      log: ctx.log,
    });
    ids = run.taskIds;
    sequential = { observed: run.observed, decision: run.decision };
  }
  const a = await evaluateCandidate(o.incumbent, ids, o.held);
  const b = await evaluateCandidate(o.winner, ids, o.held);
  const { tested } = clusteringOf(
    clustersOf(tasks),
    tasks.map((task) => task.id),
  );
  const kept = new Set(ids);
  const only = (values: Map<string, number | null> | undefined) =>
    new Map([...(values ?? [])].filter(([task]) => kept.has(task)));
  const guards = [];
  if (!o.replayed && acceptance.guards.length > 0 && ctx.guardValues !== undefined) {
    const before = await ctx.guardValues(o.incumbent, acceptance.slice);
    const after = await ctx.guardValues(o.winner, acceptance.slice);
    for (const objective of acceptance.guards) {
      guards.push({
        objective,
        incumbent: only(before.get(objective.metric)),
        candidate: only(after.get(objective.metric)),
      });
    }
  }
  return {
    a,
    b,
    options: {
      ...(tested === undefined ? {} : { clusters: tested }),
      guards,
      guardAlpha: acceptance.alpha,
      ...(sequential === undefined ? {} : { sequential }),
    },
  };
}
