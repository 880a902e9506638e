// Soundness of the optimizer's acceptance, measured: simulated campaigns with known true effects
// run through the REAL screening (successive halving + cache) and acceptance (online Holm,
// confirmation log) code. Run: npx tsx bench/acceptance.ts [campaigns] [minibatch]
// Nothing here is asserted; the figures go in the notes.
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

const CAMPAIGNS = Number(process.argv[2] ?? 1000);
const ALPHA = 0.05;
const MARGIN = 0.02;
const ROUNDS = 4; // = max_confirmations (m)
const PER_ROUND = 8;
const SEARCH_TASKS = 60;
const HELD_OUT_TASKS = 60;
const MINIBATCH = Number(process.argv[3] ?? 12);
const ETA = 2;
// The shipped configs' objective: answered gate; gold 2, calls to gold 1, needless 1.
const OBJECTIVE: ObjectiveConfig = {
  gates: ['answered'],
  weights: { answered: 0, gold_reached: 2, needless_call_rate: 1, calls_to_first_gold: 1, judge_score: 0 },
};
const KIND = objectiveKind(OBJECTIVE, 1);
// Quality shifts whose paired per-task objective differences have Cohen's d_z of 0.2 (small) and
// 0.5 (medium) under this rollout noise (one rollout per task: the differences' sd is about 0.47).
const EFFECTS = { none: 0, small: 0.4, medium: 1.0 } as const;

interface Outcome {
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
}

async function runCampaign(seed: number, effect: number, screening: 'halving' | 'full'): Promise<Outcome> {
  const random = createRandom(`campaign:${seed}`);
  const difficulty = new Map<string, number>();
  const search = Array.from({ length: SEARCH_TASKS }, (_, i) => `s${i}`);
  const heldOut = Array.from({ length: HELD_OUT_TASKS }, (_, i) => `h${i}`);
  for (const task of [...search, ...heldOut]) difficulty.set(task, normal(random));
  const quality = new Map<string, number>(); // by hash
  // The same (candidate, task, repeat) always gives the same rollout, whichever screening asks.
  const evaluate: Evaluator = async (candidate, taskIds, { repeat }) => {
    const out = new Map<string, number | null>();
    for (const task of taskIds) {
      const r = createRandom(`${seed}:${candidate.hash}:${task}:${repeat}`);
      out.set(
        task,
        objectiveOf(simulateRollout(difficulty.get(task)!, quality.get(candidate.hash)!, r), OBJECTIVE),
      );
    }
    return out;
  };
  const cache = createMemoryCache();
  const log = new ConfirmationLog({ alpha: ALPHA, maxConfirmations: ROUNDS });
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
  };
  const truly = new Map<string, boolean>();
  for (let round = 1; round <= ROUNDS && log.nextAlpha() !== null; round++) {
    const base = await evaluateCandidate(incumbent, order, { slice: 'search', evaluate, cache });
    out.rollouts += base.rollouts;
    const winnerSlot = Math.floor(random() * PER_ROUND);
    const candidates = Array.from({ length: PER_ROUND }, (_, i) => {
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
      minibatch: screening === 'halving' ? MINIBATCH : SEARCH_TASKS,
      eta: ETA,
      slice: 'search',
      evaluate,
      cache,
      baseline: base.scores,
    });
    out.rollouts += screened.rollouts;
    const winner = screeningWinner(screened, MARGIN);
    if (winner === null || log.refusal(winner, [incumbent.id]) !== null) continue;
    const inc = await evaluateCandidate(incumbent, heldOut, { slice: 'held-out', evaluate, cache });
    const cand = await evaluateCandidate(winner, heldOut, { slice: 'held-out', evaluate, cache });
    out.rollouts += inc.rollouts + cand.rollouts;
    const entry = confirmCandidate({
      candidate: winner,
      ancestors: [incumbent.id],
      incumbent,
      incumbentScores: inc.scores,
      candidateScores: cand.scores,
      kind: KIND,
      margin: MARGIN,
      slice: 'held-out',
      log,
      seed,
    });
    out.confirmations++;
    if (out.accepted === 0 && entry.pvalue !== null) out.nullPvalues.push(entry.pvalue);
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

const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;

async function scenario(name: keyof typeof EFFECTS, campaigns: number) {
  const effect = EFFECTS[name];
  let anyFalse = 0;
  let anyTrue = 0;
  let same = 0;
  let sameFirst = 0;
  let trueHalving = 0;
  let trueFull = 0;
  let naiveHolm = 0;
  let unadjusted = 0;
  let halvingRollouts = 0;
  let fullRollouts = 0;
  let confirmations = 0;
  let fullAnyTrue = 0;
  let fullAnyFalse = 0;
  for (let seed = 0; seed < campaigns; seed++) {
    const halving = await runCampaign(seed, effect, 'halving');
    const full = await runCampaign(seed, effect, 'full');
    if (halving.falseAccepted > 0) anyFalse++;
    if (halving.trueAccepted > 0) anyTrue++;
    if (full.falseAccepted > 0) fullAnyFalse++;
    if (full.trueAccepted > 0) fullAnyTrue++;
    if (halving.acceptedIds.join() === full.acceptedIds.join()) same++;
    if (halving.firstRound === full.firstRound) sameFirst++;
    trueHalving += halving.trueAccepted;
    trueFull += full.trueAccepted;
    halvingRollouts += halving.rollouts;
    fullRollouts += full.rollouts;
    confirmations += halving.confirmations;
    // What other rules would have done with the same p-values, up to the first acceptance.
    if (halving.nullPvalues.some((p, k) => p <= ALPHA / (ROUNDS - k))) naiveHolm++;
    if (halving.nullPvalues.some((p) => p <= ALPHA)) unadjusted++;
  }
  console.log(`\n${name} effect (quality shift ${effect}), ${campaigns} campaigns`);
  console.log(
    `  campaigns with a false acceptance      ${pct(anyFalse, campaigns)}  (full-slice screening: ${pct(fullAnyFalse, campaigns)})`,
  );
  console.log(
    `  campaigns accepting a true improvement ${pct(anyTrue, campaigns)}  (full-slice screening: ${pct(fullAnyTrue, campaigns)})`,
  );
  console.log(
    `  confirmations per campaign             ${(confirmations / campaigns).toFixed(2)} of m = ${ROUNDS}`,
  );
  console.log(
    `  true improvements accepted / campaign  ${(trueHalving / campaigns).toFixed(2)}  (full-slice screening: ${(trueFull / campaigns).toFixed(2)})`,
  );
  console.log(`  same round-1 decision as full-slice    ${pct(sameFirst, campaigns)}`);
  console.log(`  same accepted candidates, all rounds   ${pct(same, campaigns)}`);
  console.log(
    `  rollouts vs full-slice screening       ${halvingRollouts} / ${fullRollouts} = ${pct(halvingRollouts, fullRollouts)}`,
  );
  if (effect === 0) {
    console.log(
      `  same p-values, k-th at alpha/(m-k+1)   ${pct(naiveHolm, campaigns)} false-acceptance rate`,
    );
    console.log(
      `  same p-values, each at alpha           ${pct(unadjusted, campaigns)} false-acceptance rate`,
    );
  }
}

// The paired objective difference a quality shift makes, on a large sample: mean and d_z = mean / sd.
function objectiveDelta(effect: number): { mean: number; dz: number } {
  const random = createRandom('delta');
  const n = 200_000;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = normal(random);
    const a = objectiveOf(simulateRollout(d, effect, random), OBJECTIVE) ?? 0;
    const b = objectiveOf(simulateRollout(d, 0, random), OBJECTIVE) ?? 0;
    sum += a - b;
    squares += (a - b) ** 2;
  }
  const mean = sum / n;
  return { mean, dz: mean / Math.sqrt(squares / n - mean * mean) };
}

console.log(
  `acceptance bench: ${SEARCH_TASKS} search tasks, ${HELD_OUT_TASKS} held-out, ${ROUNDS} rounds x ${PER_ROUND} candidates,`,
);
console.log(
  `halving minibatch ${MINIBATCH}, eta ${ETA}; alpha ${ALPHA}, margin ${MARGIN}, objective ${KIND}`,
);
for (const [name, effect] of Object.entries(EFFECTS)) {
  if (effect === 0) continue;
  const { mean, dz } = objectiveDelta(effect);
  console.log(
    `  ${name}: quality shift ${effect}, true mean objective delta ${mean.toFixed(3)}, d_z ${dz.toFixed(2)}`,
  );
}
const started = performance.now();
await scenario('none', CAMPAIGNS);
await scenario('small', CAMPAIGNS);
await scenario('medium', CAMPAIGNS);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
