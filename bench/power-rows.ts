// What bench/power.ts's sections share: the levels, the rejection counter that runs the REAL
// paired comparison, and the table's rows.
import { createRandom, pairedComparison, type RandomSource, type SmallSample } from '../src/stats/index.js';

export const ALPHA = 0.05;
export const HOLM_FIRST = ALPHA / 4; // the first confirmation's level with m = 4 pre-declared slots
export const SIZES = [12, 30];
export const REPEATS = [1, 3];

export const fmt = (x: number | null, digits = 3) => (x === null ? '  -  ' : x.toFixed(digits));

export interface Rates {
  level: number;
  holm: number;
}

/** Rejection rates of pairedComparison over `runs` simulated runs, at ALPHA and at HOLM_FIRST. */
export function rejections(
  kind: 'continuous' | 'binary',
  seed: string,
  draw: (random: RandomSource) => { baseline: number; candidate: number },
  n: number,
  runs: number,
): Rates {
  let level = 0;
  let holm = 0;
  for (let run = 0; run < runs; run++) {
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
  return { level: level / runs, holm: holm / runs };
}

// The MDE rows: Guenther-corrected (the default) and plain, at alpha and at Holm's first level.
export function mdeRows(
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

const row = (cells: string[]) =>
  console.log(`  ${cells.map((c, i) => c.padStart(i === 3 ? 15 : 9)).join(' ')}`);

export const header = () =>
  row(['n', 'K', 'sd', 'effect', 'pred.05', 'obs.05', '+-se', 'pred.0125', 'obs.0125']);

/** One table row: the observed rates beside the predicted, with the observed level's standard error. */
export function printRow(
  first: { n: number; repeats: number; sd: number | null; label: string },
  predict: (alpha: number) => number | null,
  rates: Rates,
  runs: number,
): void {
  const se = Math.sqrt((rates.level * (1 - rates.level)) / runs);
  row([
    String(first.n),
    String(first.repeats),
    fmt(first.sd),
    first.label,
    fmt(predict(ALPHA)),
    fmt(rates.level),
    fmt(se),
    fmt(predict(HOLM_FIRST)),
    fmt(rates.holm),
  ]);
}
