// The plan's power formulas (src/stats/power*.ts) against the REAL tests: simulated paired runs
// through pairedComparison (Wilcoxon signed-rank for continuous rows, McNemar exact for 0/1 rows,
// one-sided in the row's direction as the report tests), the observed rejection rate beside the
// formula's prediction (powerAtEffect with its default small-sample correction; 0/1 rows at K = 1:
// Connor's); the MDE rows at the plain normal approximation and Guenther-corrected (the default);
// then optimizer campaigns on a 30-task held-out slice (power-acceptance.ts).
// Run: npm run bench:power -- [runs = 2000] [campaigns = 500]   (campaigns 0 skips them)
// Nothing here is asserted; the figures go in the notes.
import {
  createRandom,
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  pairedComparison,
  powerAtEffect,
  powerAtEffectBinary,
  type RandomSource,
  repeatedSd,
  type SmallSample,
} from '../src/stats/index.js';
import { acceptancePower } from './power-acceptance.js';
import { normal } from './simulated-rollout.js';

const RUNS = Number(process.argv[2] ?? 2000);
const CAMPAIGNS = Number(process.argv[3] ?? 500);
const ALPHA = 0.05;
const HOLM_FIRST = ALPHA / 4; // the first confirmation's level with m = 4 pre-declared slots
const SIZES = [12, 30];
const REPEATS = [1, 3];
// Continuous rows on the objective scale: task effects vary with sd 0.15, one repeat's paired
// difference with sd 0.26 around its task's, so one repeat gives differences of sd 0.30.
const BETWEEN_SD = 0.15;
const WITHIN_SD = 0.26;
// 0/1 rows: a task's baseline success probability is sigmoid(N(0.3, 1.5)); the candidate's shifts
// the logit by s.
const LOGIT_MEAN = 0.3;
const LOGIT_SD = 1.5;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const fmt = (x: number | null, digits = 3) => (x === null ? '  -  ' : x.toFixed(digits));

interface Rates {
  level: number;
  holm: number;
}

/** Rejection rates of pairedComparison over RUNS simulated runs, at ALPHA and at HOLM_FIRST. */
function rejections(
  kind: 'continuous' | 'binary',
  seed: string,
  draw: (random: RandomSource) => { baseline: number; candidate: number },
  n: number,
): Rates {
  let level = 0;
  let holm = 0;
  for (let run = 0; run < RUNS; run++) {
    const random = createRandom(`${seed}:${run}`);
    const baseline: Record<string, number> = {};
    const candidate: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const pair = draw(random);
      baseline[`t${i}`] = pair.baseline;
      candidate[`t${i}`] = pair.candidate;
    }
    // The interval is not read here; p comes from the test alone, so one resample will do.
    const { pvalue } = pairedComparison(baseline, candidate, { kind, direction: 'higher', resamples: 1 });
    if (pvalue !== null && pvalue <= ALPHA) level++;
    if (pvalue !== null && pvalue <= HOLM_FIRST) holm++;
  }
  return { level: level / RUNS, holm: holm / RUNS };
}

// The MDE rows: Guenther-corrected (the default) and plain, at alpha and at Holm's first level.
function mdeRows(
  mde: (alpha: number, smallSample: SmallSample) => number | null,
): (readonly [string, number])[] {
  const rows: (readonly [string, number])[] = [];
  for (const [name, alpha] of [
    ['.05', ALPHA],
    ['.0125', HOLM_FIRST],
  ] as const) {
    for (const small of ['none', 'guenther'] as const) {
      const d = mde(alpha, small);
      if (d !== null) rows.push([`${small === 'none' ? 'plain' : 'MDE'}${name} ${d.toFixed(3)}`, d]);
    }
  }
  return rows;
}

const se = (p: number) => Math.sqrt((p * (1 - p)) / RUNS);
const row = (cells: string[]) =>
  console.log(`  ${cells.map((c, i) => c.padStart(i === 3 ? 15 : 9)).join(' ')}`);
const header = () => row(['n', 'K', 'sd', 'effect', 'pred.05', 'obs.05', '+-se', 'pred.0125', 'obs.0125']);

function continuous(): void {
  console.log(
    `\ncontinuous rows (Wilcoxon signed-rank through pairedComparison), one-sided; between-task sd ${BETWEEN_SD},` +
      ` within-task sd ${WITHIN_SD}; ${RUNS} runs a row`,
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
        const rates = rejections('continuous', `c:${n}:${repeats}`, draw, n);
        const predict = (alpha: number) => powerAtEffect({ sd, n, effect, alpha, sided: 'one' });
        row([
          String(n),
          String(repeats),
          sd.toFixed(3),
          label,
          fmt(predict(ALPHA)),
          fmt(rates.level),
          fmt(se(rates.level)),
          fmt(predict(HOLM_FIRST)),
          fmt(rates.holm),
        ]);
      }
    }
  }
}

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

function binary(): void {
  // What a plan knows: an A/A pilot's discordance (arms identical: between-task part 0).
  const pilot = moments(0).discordant;
  console.log(
    `\n0/1 rows, baseline success sigmoid(N(${LOGIT_MEAN}, ${LOGIT_SD})): K = 1 is McNemar exact, K = 3 the share of` +
      ` successes by Wilcoxon (as objectiveKind); the plan's figures from an A/A pilot (discordant share` +
      ` ${pilot.toFixed(3)}); pred = the formula at the true moments; ${RUNS} runs a row`,
  );
  header();
  for (const n of SIZES) {
    for (const repeats of REPEATS) {
      const aaSd = repeatedSd({ betweenSd: 0, withinSd: Math.sqrt(pilot), repeats })!;
      const mde = (alpha: number, smallSample: SmallSample) => {
        if (repeats > 1) return minimumDetectableEffect({ sd: aaSd, n, alpha, sided: 'one', smallSample });
        // McNemar's formula has no small-sample variant: its 'plain' rows are left out.
        if (smallSample === 'none') return null;
        const d = minimumDetectableEffectBinary({ discordantRate: pilot, n, alpha, sided: 'one' });
        if (d === null)
          console.log(`  n ${n}, K 1, alpha ${alpha}: the MDE is null (no d up to psi reaches 0.8)`);
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
        const rates = rejections(repeats === 1 ? 'binary' : 'continuous', `b:${n}:${repeats}`, draw, n);
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
        const sd = repeats === 1 ? Math.sqrt(truth.discordant - truth.delta ** 2) : null;
        row([
          String(n),
          String(repeats),
          fmt(sd ?? repeatedSd({ betweenSd: truth.betweenSd, withinSd: truth.withinSd, repeats })),
          label,
          fmt(predict(ALPHA)),
          fmt(rates.level),
          fmt(se(rates.level)),
          fmt(predict(HOLM_FIRST)),
          fmt(rates.holm),
        ]);
      }
    }
  }
}

const started = performance.now();
continuous();
binary();
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s for the test-level runs`);
if (CAMPAIGNS > 0) await acceptancePower(CAMPAIGNS);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
