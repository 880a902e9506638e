// 0/1 rows: a task's baseline success probability is sigmoid(N(0.3, 1.5)), the candidate's shifts
// the logit by s. K = 1 is McNemar exact, K = 3 the share of successes by Wilcoxon (as
// objectiveKind), both through the REAL pairedComparison, beside powerAtEffectBinary /
// powerAtEffect at the model's true moments; the plan's MDE rows from an A/A pilot's discordance.
import {
  createRandom,
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  powerAtEffect,
  powerAtEffectBinary,
  type RandomSource,
  repeatedSd,
  type SmallSample,
} from '../src/stats/index.js';
import { header, mdeRows, printRow, REPEATS, rejections, SIZES } from './power-rows.js';
import { normal } from './simulated-rollout.js';

const LOGIT_MEAN = 0.3;
const LOGIT_SD = 1.5;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

// The 0/1 model's exact moments, over a fixed large sample of tasks.
const LOGITS = (() => {
  const random = createRandom('logits');
  return Array.from({ length: 200_000 }, () => LOGIT_MEAN + LOGIT_SD * normal(random));
})();

function moments(shift: number): { delta: number; discordant: number; betweenSd: number; withinSd: number } {
  let delta = 0;
  let discordant = 0;
  let within = 0;
  let squares = 0;
  for (const logit of LOGITS) {
    const p = sigmoid(logit);
    const q = sigmoid(logit + shift);
    delta += q - p;
    squares += (q - p) ** 2;
    discordant += p * (1 - q) + q * (1 - p);
    within += p * (1 - p) + q * (1 - q);
  }
  const n = LOGITS.length;
  delta /= n;
  return {
    delta,
    discordant: discordant / n,
    betweenSd: Math.sqrt(squares / n - delta * delta),
    withinSd: Math.sqrt(within / n),
  };
}

/** The logit shift whose true difference of success shares is `delta` (bisection). */
function shiftFor(delta: number): number {
  let lo = 0;
  let hi = 10;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (moments(mid).delta < delta) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export function binaryRows(runs: number): void {
  // What a plan knows: an A/A pilot's discordance (arms identical: between-task part 0).
  const pilot = moments(0).discordant;
  console.log(
    `\n0/1 rows, baseline success sigmoid(N(${LOGIT_MEAN}, ${LOGIT_SD})): K = 1 is McNemar exact, K = 3 the share of` +
      ` successes by Wilcoxon (as objectiveKind); the plan's figures from an A/A pilot (discordant share` +
      ` ${pilot.toFixed(3)}); pred = the formula at the true moments; ${runs} runs a row`,
  );
  header();
  for (const n of SIZES) {
    for (const repeats of REPEATS) {
      const aaSd = repeatedSd({ betweenSd: 0, withinSd: Math.sqrt(pilot), repeats })!;
      const mde = (alpha: number, smallSample: SmallSample) => {
        if (repeats > 1) return minimumDetectableEffect({ sd: aaSd, n, alpha, sided: 'one', smallSample });
        // At K = 1 the 'plain' rows are Connor's normal approximation, the others the exact test's.
        const method = smallSample === 'none' ? 'connor' : 'exact';
        const d = minimumDetectableEffectBinary({ discordantRate: pilot, n, alpha, sided: 'one', method });
        if (d === null)
          console.log(
            `  n ${n}, K 1, alpha ${alpha}, ${method}: the MDE is null (no d up to psi reaches 0.8)`,
          );
        return d;
      };
      const effects: (readonly [string, number])[] = [
        ['0', 0],
        ...mdeRows(mde),
        ['+0.1', 0.1],
        ['+0.2', 0.2],
      ];
      for (const [label, delta] of effects) {
        const shift = delta === 0 ? 0 : shiftFor(delta);
        const truth = moments(shift);
        const draw = (random: RandomSource) => {
          const logit = LOGIT_MEAN + LOGIT_SD * normal(random);
          const share = (s: number) => {
            let successes = 0;
            for (let r = 0; r < repeats; r++) if (random() < sigmoid(logit + s)) successes++;
            return successes / repeats;
          };
          return { baseline: share(0), candidate: share(shift) };
        };
        const rates = rejections(repeats === 1 ? 'binary' : 'continuous', `b:${n}:${repeats}`, draw, n, runs);
        const predict = (alpha: number) =>
          repeats === 1
            ? powerAtEffectBinary({
                discordantRate: truth.discordant,
                n,
                effect: truth.delta,
                alpha,
                sided: 'one',
              })
            : powerAtEffect({
                sd: repeatedSd({ betweenSd: truth.betweenSd, withinSd: truth.withinSd, repeats }),
                n,
                effect: truth.delta,
                alpha,
                sided: 'one',
              });
        const sd =
          repeats === 1
            ? Math.sqrt(truth.discordant - truth.delta ** 2)
            : repeatedSd({ betweenSd: truth.betweenSd, withinSd: truth.withinSd, repeats });
        printRow({ n, repeats, sd, label }, predict, rates, runs);
      }
    }
  }
}
