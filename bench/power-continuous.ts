// Continuous rows on the objective scale: task effects vary with sd 0.15, one repeat's paired
// difference with sd 0.26 around its task's, so one repeat gives differences of sd 0.30; run
// through the REAL pairedComparison (Wilcoxon signed-rank), beside powerAtEffect.
import {
  minimumDetectableEffect,
  powerAtEffect,
  type RandomSource,
  repeatedSd,
  type SmallSample,
} from '../src/stats/index.js';
import { header, mdeRows, printRow, REPEATS, rejections, SIZES } from './power-rows.js';
import { normal } from './simulated-rollout.js';

const BETWEEN_SD = 0.15;
const WITHIN_SD = 0.26;

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export function continuousRows(runs: number): void {
  console.log(
    `\ncontinuous rows (Wilcoxon signed-rank through pairedComparison), one-sided; between-task sd ${BETWEEN_SD},` +
      ` within-task sd ${WITHIN_SD}; ${runs} runs a row`,
  );
  header();
  for (const n of SIZES) {
    for (const repeats of REPEATS) {
      const sd = repeatedSd({ betweenSd: BETWEEN_SD, withinSd: WITHIN_SD, repeats })!;
      const mde = (alpha: number, smallSample: SmallSample) =>
        minimumDetectableEffect({ sd, n, alpha, sided: 'one', smallSample })!;
      const noise = WITHIN_SD / Math.SQRT2; // each arm's rollout noise; a paired difference's is WITHIN_SD
      for (const [label, effect] of [
        ['0', 0],
        ...mdeRows((alpha, small) => mde(alpha, small)),
        ['+0.1', 0.1],
        ['+0.2', 0.2],
      ] as const) {
        const draw = (random: RandomSource) => {
          const task = 0.5 + 0.2 * normal(random); // difficulty, shared by the arms
          const lift = effect + BETWEEN_SD * normal(random);
          const arm = (shift: number) =>
            mean(Array.from({ length: repeats }, () => task + shift + noise * normal(random)));
          return { baseline: arm(0), candidate: arm(lift) };
        };
        // The same seed for every effect: the rows differ by the effect alone.
        const rates = rejections('continuous', `c:${n}:${repeats}`, draw, n, runs);
        const predict = (alpha: number) => powerAtEffect({ sd, n, effect, alpha, sided: 'one' });
        printRow({ n, repeats, sd, label }, predict, rates, runs);
      }
    }
  }
}
