// The optimizer's acceptance on a 30-task held-out slice with K = 1 and K = 3 repeats, through the
// REAL screening and acceptance code (bench/simulated-campaign.ts): false acceptance under Holm's
// online correction, and power at true objective deltas of +0.1 and +0.2, beside what the plan's
// formula predicts from a pilot's variance components. Called by bench/power.ts.
import { objectiveOf } from '../src/optimize/index.js';
import {
  createRandom,
  minimumDetectableEffect,
  powerAtEffect,
  repeatedSd,
  varianceComponents,
} from '../src/stats/index.js';
import { type CampaignSetup, objectiveDelta, runCampaign, SHIPPED_OBJECTIVE } from './simulated-campaign.js';
import { normal, simulateRollout } from './simulated-rollout.js';

const BASE: Omit<CampaignSetup, 'repeats'> = {
  objective: SHIPPED_OBJECTIVE,
  alpha: 0.05,
  margin: 0.02,
  rounds: 4,
  perRound: 8,
  searchTasks: 60,
  heldOutTasks: 30,
  minibatch: 12,
  eta: 2,
};
const FIRST_LEVEL = BASE.alpha / BASE.rounds;
const TARGETS = [0.1, 0.2];

/** The quality shift whose true mean objective delta is `target` (bisection, common random numbers). */
function shiftFor(target: number): number {
  let lo = 0;
  let hi = 3;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    if (objectiveDelta(mid, BASE.objective, 40_000).mean < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A pilot of 2000 tasks x 3 repeats of paired differences (shifted candidate - incumbent). */
function pilotComponents(shift: number) {
  const random = createRandom(`pilot:${shift}`);
  const perTask = Array.from({ length: 2000 }, () => {
    const difficulty = normal(random);
    return Array.from({ length: 3 }, () => {
      const a = objectiveOf(simulateRollout(difficulty, shift, random), BASE.objective) ?? 0;
      const b = objectiveOf(simulateRollout(difficulty, 0, random), BASE.objective) ?? 0;
      return a - b;
    });
  });
  return varianceComponents(perTask);
}

const pct = (x: number, n: number) => (n === 0 ? '  -  ' : `${((100 * x) / n).toFixed(1)}%`);

export async function acceptancePower(campaigns: number): Promise<void> {
  const started = performance.now();
  const shifts = TARGETS.map(shiftFor);
  console.log(
    `\nacceptance on a ${BASE.heldOutTasks}-task held-out slice: ${BASE.searchTasks} search tasks, ${BASE.rounds}` +
      ` rounds x ${BASE.perRound} candidates, halving minibatch ${BASE.minibatch}; alpha ${BASE.alpha}, Holm's` +
      ` first level ${FIRST_LEVEL}, margin ${BASE.margin}; ${campaigns} campaigns a row`,
  );
  const aa = pilotComponents(0);
  console.log(
    `  A/A pilot (2000 tasks x 3): within-task sd ${aa.withinSd!.toFixed(3)}, between ${aa.betweenSd!.toFixed(3)}`,
  );
  for (const [i, shift] of shifts.entries()) {
    const pilot = pilotComponents(shift);
    const { mean } = objectiveDelta(shift, BASE.objective);
    console.log(
      `  +${TARGETS[i]}: quality shift ${shift.toFixed(3)}, true delta ${mean.toFixed(3)} (200k pairs);` +
        ` pilot within-task sd ${pilot.withinSd!.toFixed(3)}, between ${pilot.betweenSd!.toFixed(3)}`,
    );
  }
  console.log(
    `  ${['effect', 'K', 'sd', 'MDE.0125', 'any false', 'any true', '1st-level', 'pred', 'confirms'].map((c) => c.padStart(10)).join(' ')}`,
  );
  for (const repeats of [1, 3]) {
    const setup: CampaignSetup = { ...BASE, repeats };
    for (const [label, shift] of [
      ['0', 0],
      ['+0.1', shifts[0]!],
      ['+0.2', shifts[1]!],
    ] as const) {
      const pilot = pilotComponents(shift);
      const sd = repeatedSd({ betweenSd: pilot.betweenSd, withinSd: pilot.withinSd, repeats });
      const mde = minimumDetectableEffect({ sd, n: BASE.heldOutTasks, alpha: FIRST_LEVEL, sided: 'one' });
      const delta = shift === 0 ? 0 : objectiveDelta(shift, BASE.objective).mean;
      const predicted = powerAtEffect({
        sd,
        n: BASE.heldOutTasks,
        effect: delta,
        alpha: FIRST_LEVEL,
        sided: 'one',
      });
      let anyFalse = 0;
      let anyTrue = 0;
      let tested = 0;
      let accepted = 0;
      let confirmations = 0;
      let nullTested = 0;
      let nullRejected = 0;
      for (let seed = 0; seed < campaigns; seed++) {
        const out = await runCampaign(seed, shift, 'halving', setup);
        if (out.falseAccepted > 0) anyFalse++;
        if (out.trueAccepted > 0) anyTrue++;
        if (out.firstTrueConfirmation !== null) {
          tested++;
          if (out.firstTrueConfirmation) accepted++;
        }
        confirmations += out.confirmations;
        // With no true winner the first confirmation is a null test at alpha / m (the later ones
        // share its incumbent's held-out scores, so only the first is an independent draw).
        const first = out.nullPvalues[0];
        if (shift === 0 && first !== undefined) {
          nullTested++;
          if (first <= FIRST_LEVEL) nullRejected++;
        }
      }
      const firstLevel = shift === 0 ? `${pct(nullRejected, nullTested)} null` : pct(accepted, tested);
      console.log(
        `  ${[
          label,
          String(repeats),
          sd === null ? '-' : sd.toFixed(3),
          mde === null ? '-' : mde.toFixed(3),
          pct(anyFalse, campaigns),
          pct(anyTrue, campaigns),
          `${firstLevel} of ${shift === 0 ? nullTested : tested}`,
          predicted === null ? '-' : predicted.toFixed(3),
          (confirmations / campaigns).toFixed(2),
        ]
          .map((c) => c.padStart(10))
          .join(' ')}`,
      );
    }
  }
  console.log(
    `  any false / any true: campaigns accepting a candidate that is not / is truly better;` +
      ` 1st-level: each campaign's first confirmation of the true winner (of any candidate, with no effect) at` +
      ` alpha/m, passed; pred: powerAtEffect there`,
  );
  console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s for the campaigns`);
}
