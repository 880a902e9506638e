/**
 * One simulated optimizer campaign with a known true effect, run through the REAL screening
 * (successive halving + cache) and acceptance (online Holm, confirmation log) code, for
 * bench/acceptance.ts and bench/power.ts. Each round proposes `perRound` candidates; when the
 * effect is above 0 one of them (at random) is truly better by that quality shift, the rest equal
 * the incumbent. Rollouts come from bench/simulated-rollout.ts, keyed (candidate, task, repeat).
 */
import {
  ConfirmationLog,
  confirmCandidate,
  createMemoryCache,
  type Evaluator,
  evaluateCandidate,
  makeCandidate,
  type ObjectiveConfig,
  objectiveKind,
  objectiveOf,
  screenCandidates,
  screeningWinner,
} from '../src/optimize/index.js';
import { createRandom, shuffled } from '../src/stats/index.js';
import { normal, simulateRollout } from './simulated-rollout.js';

export interface CampaignSetup {
  objective: ObjectiveConfig;
  alpha: number;
  margin: number;
  /** = max_confirmations (Holm's m). */
  rounds: number;
  perRound: number;
  searchTasks: number;
  heldOutTasks: number;
  minibatch: number;
  eta: number;
  /** K: every evaluation (screening and held-out) averages K repeats per task, as run-rounds does. */
  repeats: number;
}

/** The shipped configs' objective: answered gate; gold 2, calls to gold 1, needless 1. */
export const SHIPPED_OBJECTIVE: ObjectiveConfig = {
  gates: ['answered'],
  weights: {
    answered: 0,
    gold_reached: 2,
    needless_call_rate: 1,
    calls_to_first_gold: 1,
    tool_calls: 0,
    judge_score: 0,
  },
};

export interface Outcome {
  accepted: number;
  trueAccepted: number;
  falseAccepted: number;
  confirmations: number;
  rollouts: number;
  /** p-values of the confirmations made while nothing was accepted, in order (for the naive rules). */
  nullPvalues: number[];
  acceptedIds: string[];
  /** Round 1's decision (both screenings start from the same incumbent there): the accepted id or ''. */
  firstRound: string;
  /**
   * Whether the campaign's first confirmation of a truly better candidate, made at the first level
   * alpha / m (nothing accepted yet), passed; `null` when there was none. Only the first counts: the
   * later ones reuse the incumbent's cached held-out scores, so a campaign's tests are not independent.
   */
  firstTrueConfirmation: boolean | null;
}

export async function runCampaign(
  seed: number,
  effect: number,
  screening: 'halving' | 'full',
  setup: CampaignSetup,
): Promise<Outcome> {
  const { objective, alpha, margin, rounds, perRound, minibatch, eta, repeats } = setup;
  const kind = objectiveKind(objective, repeats);
  const random = createRandom(`campaign:${seed}`);
  const difficulty = new Map<string, number>();
  const search = Array.from({ length: setup.searchTasks }, (_, i) => `s${i}`);
  const heldOut = Array.from({ length: setup.heldOutTasks }, (_, i) => `h${i}`);
  for (const task of [...search, ...heldOut]) difficulty.set(task, normal(random));
  const quality = new Map<string, number>(); // by hash
  // The same (candidate, task, repeat) always gives the same rollout, whichever screening asks.
  const evaluate: Evaluator = async (candidate, taskIds, { repeat }) => {
    const out = new Map<string, number | null>();
    for (const task of taskIds) {
      const r = createRandom(`${seed}:${candidate.hash}:${task}:${repeat}`);
      out.set(
        task,
        objectiveOf(simulateRollout(difficulty.get(task)!, quality.get(candidate.hash)!, r), objective),
      );
    }
    return out;
  };
  const cache = createMemoryCache();
  const log = new ConfirmationLog({ alpha, maxConfirmations: rounds });
  let incumbent = makeCandidate({
    id: 'incumbent',
    parent: null,
    text: `campaign ${seed} head`,
    operator: 'head',
  });
  quality.set(incumbent.hash, 0);
  const order = shuffled(search, createRandom(`order:${seed}`));
  const out: Outcome = {
    accepted: 0,
    trueAccepted: 0,
    falseAccepted: 0,
    confirmations: 0,
    rollouts: 0,
    nullPvalues: [],
    acceptedIds: [],
    firstRound: '',
    firstTrueConfirmation: null,
  };
  const truly = new Map<string, boolean>();
  const evalOptions = { evaluate, cache, repeats };
  for (let round = 1; round <= rounds && log.nextAlpha() !== null; round++) {
    const base = await evaluateCandidate(incumbent, order, { slice: 'search', ...evalOptions });
    out.rollouts += base.rollouts;
    const winnerSlot = Math.floor(random() * perRound);
    const candidates = Array.from({ length: perRound }, (_, i) => {
      const c = makeCandidate({
        id: `c${round}.${i}`,
        parent: incumbent.id,
        text: `${seed}/${round}/${i}`,
        operator: 'sim',
      });
      const lift = effect > 0 && i === winnerSlot ? effect : 0;
      quality.set(c.hash, quality.get(incumbent.hash)! + lift);
      truly.set(c.id, lift > 0);
      return c;
    });
    const screened = await screenCandidates({
      candidates,
      taskIds: order,
      minibatch: screening === 'halving' ? minibatch : setup.searchTasks,
      eta,
      slice: 'search',
      ...evalOptions,
      baseline: base.scores,
    });
    out.rollouts += screened.rollouts;
    const winner = screeningWinner(screened, margin);
    if (winner === null || log.refusal(winner, [incumbent.id]) !== null) continue;
    const inc = await evaluateCandidate(incumbent, heldOut, { slice: 'held-out', ...evalOptions });
    const cand = await evaluateCandidate(winner, heldOut, { slice: 'held-out', ...evalOptions });
    out.rollouts += inc.rollouts + cand.rollouts;
    const entry = confirmCandidate({
      candidate: winner,
      ancestors: [incumbent.id],
      incumbent,
      incumbentScores: inc.scores,
      candidateScores: cand.scores,
      kind,
      margin,
      slice: 'held-out',
      log,
      seed,
    });
    out.confirmations++;
    if (out.accepted === 0 && entry.pvalue !== null) out.nullPvalues.push(entry.pvalue);
    if (out.accepted === 0 && out.firstTrueConfirmation === null && truly.get(winner.id)) {
      out.firstTrueConfirmation = entry.decision === 'accepted';
    }
    if (entry.decision === 'accepted') {
      out.accepted++;
      out.acceptedIds.push(winner.id);
      if (round === 1) out.firstRound = winner.id;
      if (truly.get(winner.id)) out.trueAccepted++;
      else out.falseAccepted++;
      incumbent = winner;
    }
  }
  return out;
}

/**
 * The paired per-rollout objective difference a quality shift makes over a quality-0 incumbent,
 * on a large sample (one rollout each, the same task difficulty on both sides): its mean and
 * d_z = mean / sd.
 */
export function objectiveDelta(
  effect: number,
  objective: ObjectiveConfig,
  n = 200_000,
): { mean: number; dz: number } {
  const random = createRandom('delta');
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = normal(random);
    const a = objectiveOf(simulateRollout(d, effect, random), objective) ?? 0;
    const b = objectiveOf(simulateRollout(d, 0, random), objective) ?? 0;
    sum += a - b;
    squares += (a - b) ** 2;
  }
  const mean = sum / n;
  return { mean, dz: mean / Math.sqrt(squares / n - mean * mean) };
}
