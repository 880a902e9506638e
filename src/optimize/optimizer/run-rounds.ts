import type { JsonlLog } from '../../core/index.js';
import { confirmCandidate } from './accept/acceptance.js';
import type { ConfirmationEntry, ConfirmationLog } from './accept/confirmation-log.js';
import { confirmHeldOut } from './accept/held-out.js';
import { ancestorsOf, type Candidate } from './candidate.js';
import type { CandidateRecord } from './candidate-record.js';
import type { CampaignSlices } from './config/inputs.js';
import type { LoadedCampaign } from './config/load-config.js';
import type { EvaluationCache } from './evaluate/evaluation-cache.js';
import { objectiveKind } from './evaluate/objective.js';
import type { Proposer } from './propose/proposer.js';
import { runFreeChecks } from './screen/free-checks.js';
import {
  type Evaluator,
  evaluateCandidate,
  meanScore,
  screenCandidates,
  screeningWinner,
} from './screen/screening.js';

/** Everything the rounds need; `records` and the log fill as they run. */
export interface RoundsContext {
  loaded: LoadedCampaign;
  slices: CampaignSlices;
  evaluate: Evaluator;
  cache: EvaluationCache;
  proposer: Proposer;
  confirmations: ConfirmationLog;
  confirmationsLog: JsonlLog<ConfirmationEntry>;
  rounds: number;
  candidates: number;
  /** Runs before screening: drops candidates at no agent cost (the free retrieval rung), with reasons. */
  prescreen?: (
    incumbent: Candidate,
    candidates: Candidate[],
  ) => Promise<{ survivors: Candidate[]; dropped: { id: string; reason: string }[] }>;
  /**
   * A candidate's per-task values of the guard metrics on a slice, read from the rollouts its
   * evaluation wrote (`guardValues`); without it the guard objectives are not tested.
   */
  guardValues?: (candidate: Candidate, slice: string) => Promise<Map<string, Map<string, number | null>>>;
  /** Called after each confirmation with both sides' held-out means (the objective trace). */
  onConfirmation?: (
    entry: ConfirmationEntry,
    means: { incumbent: number | null; candidate: number | null },
  ) => void;
  log: (line: string) => void;
}

/** What the rounds leave: where they stopped, the final incumbent, every candidate's record. */
export interface RoundsOutcome {
  stop: string;
  rounds: number;
  incumbent: Candidate;
  incumbentMean: number | null;
  records: CandidateRecord[];
}

/**
 * The optimizer's rounds, from the incumbent at HEAD: its search-slice evaluation (cached), then per
 * round propose, free checks (a failure rejected at no cost), the prescreen, successive halving
 * against the incumbent's search scores, and the best survivor confirmed on the held-out slice
 * (Holm-corrected, margin). A confirmation already in the log for the same candidate and incumbent
 * (a resumed campaign) is replayed, not asked again. Stops at the round limit, `stall_rounds`
 * without an acceptance (a round with no proposal counts; ending so is "proposer exhausted"), or
 * the confirmation budget; a budget error thrown
 * by a booking propagates, with `partial` holding what was recorded.
 *
 * @example
 * const outcome = await runRounds(context, head, partial);
 */
export async function runRounds(
  ctx: RoundsContext,
  head: Candidate,
  partial: { records: CandidateRecord[]; incumbentMean: number | null; rounds: number; incumbent: Candidate },
): Promise<RoundsOutcome> {
  const { config } = ctx.loaded;
  const { log, slices, confirmations } = ctx;
  const evalOptions = { evaluate: ctx.evaluate, cache: ctx.cache, repeats: config.repeats };
  const search = { ...evalOptions, slice: config.search.slice };
  const held = { ...evalOptions, slice: config.acceptance.slice };
  const searchIds = slices.search.tasks.map((t) => t.id);
  const acceptIds = slices.acceptance.tasks.map((t) => t.id);
  const parents = new Map<string, string | null>([[head.id, null]]);
  const seen = new Set([head.hash]);
  const records = partial.records;
  let incumbent = head;
  let stall = 0;
  let stop = 'round limit';
  log(`Step: evaluate the incumbent on ${slices.search.name}`);
  let base = await evaluateCandidate(incumbent, searchIds, search);
  partial.incumbentMean = meanScore(base.scores, searchIds);
  log(`  incumbent mean ${partial.incumbentMean?.toFixed(3) ?? '–'}`);
  for (let round = 1; round <= ctx.rounds; round++) {
    const proposals = (await ctx.proposer.propose({ round, incumbent, seen, count: ctx.candidates })).slice(
      0,
      ctx.candidates,
    );
    if (proposals.length === 0) {
      // A proposer out of ideas, or one whose calls failed: a round without progress, like a stall.
      log(`Step: round ${round}: no proposal from ${ctx.proposer.name}`);
      if (++stall >= config.search.stall_rounds) {
        stop = 'proposer exhausted';
        break;
      }
      continue;
    }
    partial.rounds = round;
    log(`Step: round ${round}: ${proposals.length} proposal(s) from ${ctx.proposer.name}`);
    let admitted: Candidate[] = [];
    for (const c of proposals) {
      seen.add(c.hash);
      parents.set(c.id, c.parent);
      const verdict =
        ctx.loaded.paths.artifact === null
          ? { pass: true, reason: null }
          : runFreeChecks(config.axis, c.text, incumbent.text, slices.texts, config.free_checks);
      records.push({
        id: c.id,
        parent: c.parent,
        ancestors: ancestorsOf(c.id, parents),
        hash: c.hash,
        operator: c.operator,
        round,
        free_checks: { pass: verdict.pass, reason: verdict.reason },
        screening: [],
        search_delta: null,
        status: verdict.pass ? 'screened_out' : 'rejected_free_check',
      });
      if (verdict.pass) admitted.push(c);
      else log(`  ${c.id} rejected by the free checks at no cost: ${verdict.reason}`);
    }
    if (ctx.prescreen !== undefined && admitted.length > 0) {
      const pre = await ctx.prescreen(incumbent, admitted);
      for (const d of pre.dropped) {
        const r = records.find((x) => x.id === d.id)!;
        r.status = 'rejected_free_rung';
        r.free_checks = { pass: false, reason: d.reason };
        log(`  ${d.id} dropped by the free retrieval rung: ${d.reason}`);
      }
      admitted = pre.survivors;
    }
    const screen = await screenCandidates({
      ...search,
      candidates: admitted,
      taskIds: searchIds,
      minibatch: config.search.screening.minibatch,
      eta: config.search.screening.eta,
      baseline: base.scores,
    });
    for (const rung of screen.rungs)
      for (const id of rung.candidates)
        records.find((r) => r.id === id)!.screening.push({ tasks: rung.tasks, mean: rung.means[id] ?? null });
    for (const [id, delta] of screen.deltas) {
      const r = records.find((x) => x.id === id)!;
      r.search_delta = delta;
      r.status = 'not_confirmed';
    }
    // Nothing left to screen says why: every proposal was refused at no cost, each named above.
    log(
      admitted.length === 0
        ? `  screened none: all ${proposals.length} proposal(s) were refused at no cost by the free checks or the free rung (each named above)`
        : `  screened ${admitted.length} on ${screen.rungs.map((r) => `${r.candidates.length}x${r.tasks}`).join(', ') || 'no tasks'}`,
    );
    const winner = screeningWinner(screen, config.acceptance.margin);
    const ancestors = winner === null ? [] : ancestorsOf(winner.id, parents);
    const replay =
      winner === null
        ? undefined
        : confirmations.entries.find((e) => e.hash === winner.hash && e.incumbent_hash === incumbent.hash);
    const refusal = winner === null || replay !== undefined ? null : confirmations.refusal(winner, ancestors);
    if (winner === null || refusal !== null) {
      log(
        `  no survivor to confirm${winner === null ? ' (none beat the margin on the search slice)' : `: ${refusal}`}`,
      );
      if (++stall >= config.search.stall_rounds) {
        stop = 'stall';
        break;
      }
      continue;
    }
    log(`Step: confirm ${winner.id} against ${incumbent.id} on ${slices.acceptance.name}`);
    const heldOut = await confirmHeldOut(ctx, { incumbent, winner, replayed: replay !== undefined, held });
    const { a, b } = heldOut;
    const entry =
      replay ??
      confirmCandidate({
        ...heldOut.options,
        candidate: winner,
        ancestors,
        incumbent,
        incumbentScores: a.scores,
        candidateScores: b.scores,
        kind: objectiveKind(config.objective, config.repeats),
        margin: config.acceptance.margin,
        slice: slices.acceptance.name,
        log: confirmations,
        seed: config.seed,
      });
    if (replay === undefined) ctx.confirmationsLog.append(entry);
    ctx.onConfirmation?.(entry, {
      incumbent: meanScore(a.scores, acceptIds),
      candidate: meanScore(b.scores, acceptIds),
    });
    records.find((r) => r.id === winner.id)!.status = entry.decision;
    log(
      `  ${entry.decision}${replay === undefined ? '' : ' (replayed from the confirmation log)'}: ${entry.reason}`,
    );
    if (entry.decision === 'accepted') {
      incumbent = winner;
      partial.incumbent = winner;
      base = await evaluateCandidate(incumbent, searchIds, search);
      stall = 0;
    } else if (++stall >= config.search.stall_rounds) {
      stop = 'stall';
      break;
    }
    if (confirmations.nextAlpha() === null) {
      stop = 'confirmation budget spent';
      break;
    }
  }
  return { stop, rounds: partial.rounds, incumbent, incumbentMean: partial.incumbentMean, records };
}
