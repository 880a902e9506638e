// Soundness of the optimizer's acceptance, measured: simulated campaigns with known true effects
// run through the REAL screening (successive halving + cache) and acceptance (online Holm,
// confirmation log) code. Run: npx tsx bench/acceptance.ts [campaigns] [minibatch]
// Nothing here is asserted; the figures go in the notes.
import { objectiveKind } from '../src/optimize/index.js';
import { type CampaignSetup, objectiveDelta, runCampaign, SHIPPED_OBJECTIVE } from './simulated-campaign.js';

const CAMPAIGNS = Number(process.argv[2] ?? 1000);
const SETUP: CampaignSetup = {
  objective: SHIPPED_OBJECTIVE,
  alpha: 0.05,
  margin: 0.02,
  rounds: 4, // = max_confirmations (m)
  perRound: 8,
  searchTasks: 60,
  heldOutTasks: 60,
  minibatch: Number(process.argv[3] ?? 12),
  eta: 2,
  repeats: 1,
};
// The names the figures below print under.
const {
  alpha: ALPHA,
  margin: MARGIN,
  rounds: ROUNDS,
  perRound: PER_ROUND,
  minibatch: MINIBATCH,
  eta: ETA,
  searchTasks: SEARCH_TASKS,
  heldOutTasks: HELD_OUT_TASKS,
  objective: OBJECTIVE,
} = SETUP;
const KIND = objectiveKind(OBJECTIVE, 1);
// Quality shifts whose paired per-task objective differences have Cohen's d_z of 0.2 (small) and
// 0.5 (medium) under this rollout noise (one rollout per task: the differences' sd is about 0.47).
const EFFECTS = { none: 0, small: 0.4, medium: 1.0 } as const;

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
    const halving = await runCampaign(seed, effect, 'halving', SETUP);
    const full = await runCampaign(seed, effect, 'full', SETUP);
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

console.log(
  `acceptance bench: ${SEARCH_TASKS} search tasks, ${HELD_OUT_TASKS} held-out, ${ROUNDS} rounds x ${PER_ROUND} candidates,`,
);
console.log(
  `halving minibatch ${MINIBATCH}, eta ${ETA}; alpha ${ALPHA}, margin ${MARGIN}, objective ${KIND}`,
);
for (const [name, effect] of Object.entries(EFFECTS)) {
  if (effect === 0) continue;
  const { mean, dz } = objectiveDelta(effect, OBJECTIVE);
  console.log(
    `  ${name}: quality shift ${effect}, true mean objective delta ${mean.toFixed(3)}, d_z ${dz.toFixed(2)}`,
  );
}
const started = performance.now();
await scenario('none', CAMPAIGNS);
await scenario('small', CAMPAIGNS);
await scenario('medium', CAMPAIGNS);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
