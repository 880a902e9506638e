import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openModel } from '../../agent/index.js';
import { AgentTrackError } from '../../errors.js';
import { resolveCacheDir } from '../../retrieval/index.js';
import { appendJsonlLine, readJsonlLog } from '../campaign/jsonl-log.js';
import { createSpendBook } from '../campaign/spend.js';
import { confirmCandidate } from '../search/acceptance.js';
import { ancestorsOf, type Candidate } from '../search/candidate.js';
import { ConfirmationLog, confirmationEntrySchema } from '../search/confirmation-log.js';
import { openFileCache } from '../search/evaluation-cache.js';
import { runFreeChecks } from '../search/free-checks.js';
import type { LoadedCampaign } from '../search/load-campaign.js';
import { objectiveKind } from '../search/objective.js';
import type { Proposer } from '../search/proposers/proposer.js';
import { evaluateCandidate, meanScore, screenCandidates, screeningWinner } from '../search/screening.js';
import { campaignSlices, defaultProposer, incumbentOf } from './campaign-inputs.js';
import { callUsd, createEstimate, estimateText, type ModelPrices } from './estimate.js';
import { harnessEvaluator } from './harness-evaluator.js';
import { planCheck } from './plan-check.js';
import {
  type CandidateRecord,
  type OptimizationResult,
  spendByKind,
  unifiedDiff,
  writeResultFiles,
} from './result.js';

export interface OptimizeOptions {
  /** Walk the whole pipeline with the offline policy as model, proposer and judge: $0.00. */
  dryRun: boolean;
  /** A real run pays only with this; without it the plan is printed and nothing runs. */
  confirmSpend?: boolean;
  /** Overrides `budgets.max_usd`. */
  maxUsd?: number;
  /** Continue the campaign in this directory: nothing it paid for is evaluated again. */
  resume?: string;
  out?: string;
  /** The first N tasks of each slice (small dry runs). */
  limit?: number;
  /** At most this many rounds (below the config's `search.rounds`). */
  rounds?: number;
  /** At most this many candidates per round (below the config's, and cutting a whole grid). */
  candidates?: number;
  prices?: ModelPrices;
  proposer?: Proposer;
  cacheDir?: string;
  reposDir?: string;
  concurrency?: number;
  log?: (line: string) => void;
}

const UNKNOWN: ModelPrices = { inputPer1m: null, outputPer1m: null };

/**
 * The optimizer's loop: the incumbent on the search slice once (cached), then per round: propose,
 * free checks (a failure rejected at no cost), successive halving on the search slice, and the best
 * survivor confirmed on the held-out slice (`confirmCandidate`: Holm-corrected alpha and margin);
 * stop at the round limit, a stall, the confirmation budget or the money. Every call is booked
 * before it is made; a dry run books $0 and tallies what a real run would pay.
 *
 * @example
 * const result = await optimize(loadCampaignConfig('configs/optimize/tool_docs.yaml'), { dryRun: true, limit: 3 });
 */
export async function optimize(
  loaded: LoadedCampaign,
  options: OptimizeOptions,
): Promise<OptimizationResult | null> {
  const log = options.log ?? (() => {});
  const { config } = loaded;
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  const slices = await campaignSlices(loaded, {
    reposDir,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  const k = Math.min(config.search.candidates_per_round, options.candidates ?? Number.POSITIVE_INFINITY);
  const rounds = Math.min(config.search.rounds, options.rounds ?? Number.POSITIVE_INFINITY);
  const prices = options.prices ?? UNKNOWN;
  const ceiling = options.maxUsd ?? config.budgets.max_usd;
  const check = planCheck(loaded, slices, { ceiling, prices, rounds, candidates: k });
  for (const line of check.lines) log(line);
  if (!options.dryRun) {
    if (!check.ok) {
      log('The budget does not cover the least this campaign needs; stopping.');
      return null;
    }
    if (options.confirmSpend !== true) {
      log('Nothing ran: pass --dry-run to walk it offline, or --confirm-spend to pay for it.');
      return null;
    }
    throw new AgentTrackError(
      'PAID_OPTIMIZE_UNAVAILABLE',
      'This version runs the optimizer offline only (`--dry-run`): a paid campaign needs a model-backed reflective proposer and judge, which this version does not have, so nothing was spent',
      { data: {} },
    );
  }
  const dir = resolve(options.resume ?? options.out ?? join('runs', `optimize-${config.axis}-${Date.now()}`));
  if (options.resume !== undefined && !existsSync(dir))
    throw new AgentTrackError('RUN_NOT_FOUND', `No campaign to resume at \`${dir}\``, { data: { dir } });
  mkdirSync(dir, { recursive: true });
  const cache = openFileCache(join(dir, 'evaluations.jsonl'));
  const confirmationsFile = join(dir, 'confirmations.jsonl');
  const previous = readJsonlLog(confirmationsFile, confirmationEntrySchema, 'confirmation log').records;
  const confirmations = new ConfirmationLog(
    { alpha: config.acceptance.alpha, maxConfirmations: config.acceptance.max_confirmations },
    previous,
  );
  const book = createSpendBook({ ceilingUsd: ceiling });
  const estimate = createEstimate(prices, prices);
  let rollouts = 0;
  const pay = (kind: 'rollout' | 'proposer' | 'judge', key: string, count: number) => {
    // Dry run: the offline policy answers, so the booking is $0; the estimate tallies the real cost.
    if (
      !book.tryBook(
        kind,
        key,
        options.dryRun ? 0 : (callUsd(kind, prices) ?? Number.POSITIVE_INFINITY) * count,
      )
    )
      throw new AgentTrackError('BUDGET_EXHAUSTED', `The ceiling would be crossed by ${key}`, {
        data: { key },
      });
    if (kind === 'rollout') {
      if (rollouts + count > config.budgets.max_rollouts)
        throw new AgentTrackError('BUDGET_EXHAUSTED', `\`budgets.max_rollouts\` would be crossed by ${key}`, {
          data: { key },
        });
      rollouts += count;
    }
    estimate.add(kind, count);
  };
  const model = await openModel({ model: 'offline' });
  const evaluate = harnessEvaluator({
    loaded,
    tasks: slices.byId,
    model,
    dir,
    cacheDir,
    reposDir,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    onRollouts: (id, count) => pay('rollout', `rollout/${id}`, count),
  });
  const proposer = options.proposer ?? defaultProposer(loaded);
  const evalOptions = { evaluate, cache, repeats: config.repeats };
  let incumbent = incumbentOf(loaded);
  const head = incumbent;
  const parents = new Map<string, string | null>([[incumbent.id, null]]);
  const seen = new Set([incumbent.hash]);
  const records: CandidateRecord[] = [];
  const searchIds = slices.search.tasks.map((t) => t.id);
  const acceptIds = slices.acceptance.tasks.map((t) => t.id);
  const kind = objectiveKind(config.objective, config.repeats);
  let stop = 'round limit';
  let round = 0;
  let stall = 0;
  let incumbentMean: number | null = null;
  try {
    log(`Step: evaluate the incumbent on ${slices.search.name}`);
    let base = await evaluateCandidate(incumbent, searchIds, { ...evalOptions, slice: config.search.slice });
    incumbentMean = meanScore(base.scores, searchIds);
    log(`  incumbent mean ${incumbentMean?.toFixed(3) ?? '–'}`);
    for (round = 1; round <= rounds; round++) {
      if (loaded.paths.artifact !== null) pay('proposer', `proposer/round${round}`, k);
      const proposals = (await proposer.propose({ round, incumbent, seen, count: k })).slice(0, k);
      if (proposals.length === 0) {
        stop = 'proposer exhausted';
        round--;
        break;
      }
      log(`Step: round ${round}: ${proposals.length} proposal(s) from ${proposer.name}`);
      const admitted: Candidate[] = [];
      for (const c of proposals) {
        seen.add(c.hash);
        parents.set(c.id, c.parent);
        const verdict =
          loaded.paths.artifact === null
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
      const screen = await screenCandidates({
        ...evalOptions,
        slice: config.search.slice,
        candidates: admitted,
        taskIds: searchIds,
        minibatch: config.search.screening.minibatch,
        eta: config.search.screening.eta,
        baseline: base.scores,
      });
      for (const rung of screen.rungs)
        for (const id of rung.candidates)
          records
            .find((r) => r.id === id)!
            .screening.push({ tasks: rung.tasks, mean: rung.means[id] ?? null });
      for (const [id, delta] of screen.deltas) {
        const r = records.find((x) => x.id === id)!;
        r.search_delta = delta;
        r.status = 'not_confirmed';
      }
      log(
        `  screened ${admitted.length} on ${screen.rungs.map((r) => `${r.candidates.length}x${r.tasks}`).join(', ') || 'nothing'}`,
      );
      const winner = screeningWinner(screen, config.acceptance.margin);
      const ancestors = winner === null ? [] : ancestorsOf(winner.id, parents);
      if (winner === null || confirmations.refusal(winner, ancestors) !== null) {
        log(
          `  no survivor to confirm${winner === null ? ' (none beat the margin on the search slice)' : `: ${confirmations.refusal(winner, ancestors)}`}`,
        );
        if (++stall >= config.search.stall_rounds) {
          stop = 'stall';
          break;
        }
        continue;
      }
      log(`Step: confirm ${winner.id} against ${incumbent.id} on ${slices.acceptance.name}`);
      const held = { ...evalOptions, slice: config.acceptance.slice };
      const a = await evaluateCandidate(incumbent, acceptIds, held);
      const b = await evaluateCandidate(winner, acceptIds, held);
      const entry = confirmCandidate({
        candidate: winner,
        ancestors,
        incumbent,
        incumbentScores: a.scores,
        candidateScores: b.scores,
        kind,
        margin: config.acceptance.margin,
        slice: slices.acceptance.name,
        log: confirmations,
        seed: config.seed,
      });
      appendJsonlLine(confirmationsFile, entry);
      records.find((r) => r.id === winner.id)!.status = entry.decision;
      log(`  ${entry.decision}: ${entry.reason}`);
      if (entry.decision === 'accepted') {
        incumbent = winner;
        base = await evaluateCandidate(incumbent, searchIds, { ...evalOptions, slice: config.search.slice });
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
    if (round > rounds) round = rounds;
  } catch (error) {
    if (!(error instanceof AgentTrackError) || error.code !== 'BUDGET_EXHAUSTED') throw error;
    stop = `budget: ${error.message}`;
  } finally {
    await model.close();
  }
  const result: OptimizationResult = {
    axis: config.axis,
    config: loaded.file,
    dir,
    dry_run: options.dryRun,
    stop,
    rounds: round,
    search: { slice: slices.search.name, tasks: searchIds.length },
    acceptance: { slice: slices.acceptance.name, tasks: acceptIds.length },
    incumbent: { id: head.id, hash: head.hash, search_mean: incumbentMean },
    final: { id: incumbent.id, hash: incumbent.hash },
    candidates: records,
    confirmations: [...confirmations.entries],
    rollouts,
    spend: { usd: book.bookedUsd(), by_kind: spendByKind(book.bookings()) },
    estimate: estimate.value(),
    diff:
      incumbent !== head && loaded.paths.artifact !== null
        ? await unifiedDiff(loaded.paths.repo, loaded.paths.artifact, incumbent.text)
        : null,
    judge:
      'skipped: the judged rubric term is not scored (weight 0 in every shipped config; a dry run never calls a judge)',
  };
  writeResultFiles(result);
  log(
    `Stopped: ${stop}. Spent $${book.bookedUsd().toFixed(2)}; a real run of these steps: ${estimateText(result.estimate)}`,
  );
  log(`Wrote ${join(dir, 'result.json')} and result.md`);
  return result;
}
